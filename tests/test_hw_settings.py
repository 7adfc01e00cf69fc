"""hw/settings.py: every settings.toml key read once, both CircuitPython forms,
errors that name the key, defaults kept."""

import pytest

from euchre_core import Rules
from hw import settings as hs
from hw import settings_words as words


def reader(values, raises=()):
    calls = []

    def read(key):
        calls.append(key)
        if key in raises:
            raise ValueError("invalid syntax")
        return values.get(key)

    read.calls = calls
    return read


def test_every_row_has_the_agreed_shape_and_a_valid_default():
    keys = [row[0] for row in hs.DEFAULTS]
    assert len(keys) == len(set(keys))
    for key, default, kind in hs.DEFAULTS:
        assert key.startswith("EUCHRE_")
        assert kind in ("pin", "int", "bool", "str") or (
            isinstance(kind, tuple) and kind and all(isinstance(option, str) for option in kind))
        # The default passes its own check, as written in settings.toml too.
        assert hs._convert(key, default, default, kind) == default
    s = hs.Settings(reader({}))
    assert s.errors == []
    assert Rules(**s.rules_options()).as_dict() == Rules().as_dict()


def test_defaults_match_the_reference_wiring():
    s = hs.Settings(reader({}))
    assert (s["EUCHRE_SDA"], s["EUCHRE_SCL"]) == ("GP4", "GP5")
    assert [s[k] for k in hs.KEY_PINS] == ["GP10", "GP11", "GP12", "GP13", "GP14"]
    assert s["EUCHRE_I2C_ADDRESS"] == 0x3C
    assert s["EUCHRE_I2C_FREQUENCY"] == 400000
    assert s["EUCHRE_LONG_PRESS_MS"] == 600
    assert s["EUCHRE_BUZZER"] == "" and s["EUCHRE_LED"] == "LED"


def test_each_key_is_read_exactly_once():
    read = reader({})
    hs.Settings(read)
    assert sorted(read.calls) == sorted(row[0] for row in hs.DEFAULTS)


@pytest.mark.parametrize("raw, value", [
    # The file's reader hands over text; a reader given to Settings may hand
    # over int and bool too, as CircuitPython's own readers do.
    (("EUCHRE_TARGET", 7), 7), (("EUCHRE_TARGET", "7"), 7), (("EUCHRE_TARGET", " 11 "), 11),
    (("EUCHRE_WIN_BY_TWO", 1), True), (("EUCHRE_WIN_BY_TWO", "1"), True),
    (("EUCHRE_WIN_BY_TWO", True), True), (("EUCHRE_WIN_BY_TWO", "false"), False),
    (("EUCHRE_I2C_ADDRESS", "0x3D"), 0x3D), (("EUCHRE_I2C_ADDRESS", "0x3d"), 0x3D),
    (("EUCHRE_I2C_ADDRESS", 61), 0x3D), (("EUCHRE_I2C_ADDRESS", "61"), 0x3D),
    (("EUCHRE_ROTATION", 180), 180), (("EUCHRE_ROTATION", "180"), 180),
    (("EUCHRE_DEFENDER_ALONE", "2_4"), "2_4"), (("EUCHRE_DEFENDER_ALONE", 4), "4"),
    (("EUCHRE_DEFENDER_ALONE", "OFF"), "off"),
    (("EUCHRE_LONE_MARCH_POINTS", "5"), 5), (("EUCHRE_LEAD", "dealer_left"), "dealer_left"),
    (("EUCHRE_NAME_N", "Anna"), "Anna"), (("EUCHRE_NAME_N", 42), "42"),
    (("EUCHRE_KEY_OK", "GP15"), "GP15"), (("EUCHRE_BUZZER", "GP16"), "GP16"),
    (("EUCHRE_SLEEP_S", 0), 0), (("EUCHRE_CONTRAST", "0xCF"), 207),
    (("EUCHRE_CONTRAST", "010"), 10),
])
def test_text_and_typed_values_are_accepted(raw, value):
    key, given = raw
    s = hs.Settings(reader({key: given}))
    assert s.errors == []
    assert s[key] == value


@pytest.mark.parametrize("key, given", [
    ("EUCHRE_TARGET", "ten"), ("EUCHRE_TARGET", 0), ("EUCHRE_TARGET", 100),
    ("EUCHRE_WIN_BY_TWO", 2), ("EUCHRE_WIN_BY_TWO", "maybe"),
    ("EUCHRE_I2C_ADDRESS", "0x3E"), ("EUCHRE_I2C_ADDRESS", "sixty"),
    ("EUCHRE_ROTATION", 90), ("EUCHRE_DEFENDER_ALONE", "sometimes"),
    ("EUCHRE_LONER_EUCHRED_POINTS", 3), ("EUCHRE_CONTRAST", 300), ("EUCHRE_CONTRAST", 1.5),
    ("EUCHRE_I2C_FREQUENCY", 5), ("EUCHRE_LONG_PRESS_MS", 100), ("EUCHRE_SLEEP_S", -1),
    ("EUCHRE_NAME_E", "Bartholomew the Great"), ("EUCHRE_NAME_E", ""), ("EUCHRE_NAME_E", "Zoë"),
    ("EUCHRE_TEAM_NS", "   "), ("EUCHRE_SDA", ""), ("EUCHRE_LEAD", True),
    ("EUCHRE_TEAM_EW", "Easterners"), ("EUCHRE_NAME_S", "Al|Bo"), ("EUCHRE_NAME_S", "a`b"),
    ("EUCHRE_TEAM_NS", "{Us}"), ("EUCHRE_NAME_W", "~Wes"), ("EUCHRE_NAME_N", "Tab\tstop"),
])
def test_wrong_values_name_the_key_and_keep_the_default(key, given):
    s = hs.Settings(reader({key: given}))
    assert len(s.errors) == 1
    assert s.errors[0].startswith(key + ":")
    assert "using" in s.errors[0]
    assert s[key] == hs.default(key)


def test_a_value_the_reader_cannot_read_names_the_key():
    s = hs.Settings(reader({"EUCHRE_TARGET": 7}, raises=("EUCHRE_CONTRAST",)))
    assert s["EUCHRE_TARGET"] == 7
    assert s["EUCHRE_CONTRAST"] == 207
    assert len(s.errors) == 1 and s.errors[0].startswith("EUCHRE_CONTRAST:")


def test_one_pin_for_two_jobs_falls_back_to_the_default_pins():
    s = hs.Settings(reader({"EUCHRE_KEY_N": "GP4", "EUCHRE_KEY_OK": "GP20"}))
    assert len(s.errors) == 1 and "EUCHRE_KEY_N" in s.errors[0] and "GP4" in s.errors[0]
    assert s["EUCHRE_KEY_N"] == "GP10" and s["EUCHRE_KEY_OK"] == "GP14"


def test_several_errors_are_all_collected():
    s = hs.Settings(reader({"EUCHRE_TARGET": "x", "EUCHRE_ROTATION": 45, "EUCHRE_NAME_W": "Wes"}))
    assert [e.split(":")[0] for e in s.errors] == ["EUCHRE_ROTATION", "EUCHRE_TARGET"]
    assert s.names() == ("North", "East", "South", "Wes")


def test_unknown_board_pin_falls_back_to_the_default_pin_and_says_so():
    class Board:
        GP10 = "pin10"
        GP14 = "pin14"
        LED = "led"

    s = hs.Settings(reader({"EUCHRE_KEY_N": "GP99"}))
    assert hs.pin(s, "EUCHRE_KEY_N", Board) == "pin10"
    assert s.errors[-1].startswith("EUCHRE_KEY_N: no pin GP99")
    assert hs.pin(s, "EUCHRE_BUZZER", Board) is None
    s = hs.Settings(reader({"EUCHRE_LED": "led"}))
    assert hs.pin(s, "EUCHRE_LED", Board) == "led"
    # The same as a method (what code.py calls).
    s = hs.Settings(reader({"EUCHRE_KEY_N": "GP99"}))
    assert s.pin("EUCHRE_KEY_N", Board) == "pin10" and "GP99" in s.errors[-1]


def test_rules_options_follow_the_house_rule_keys():
    s = hs.Settings(reader({"EUCHRE_TARGET": "11", "EUCHRE_STICK_THE_DEALER": 1,
                            "EUCHRE_DEFENDER_ALONE": "off", "EUCHRE_LEAD": "dealer_left"}))
    rules = Rules(**s.rules_options())
    assert (rules.target, rules.stick_the_dealer, rules.defender_alone, rules.lead) == (
        11, True, "off", "dealer_left")


def test_each_house_rule_is_one_row_of_the_engine():
    # The settings reader and the Rules page derive theirs from the engine's
    # rows: a house rule is named, as a string, only there (its settings
    # key nowhere: it is made from the name).
    import ast
    import pathlib

    from euchre_core.rules import FIELDS
    root = pathlib.Path(__file__).resolve().parent.parent
    names = set(row[0] for row in FIELDS)
    names |= set(hs.rule_key(name) for name in list(names))
    found = {}
    paths = [root / "code.py", root / "boot.py"]
    for package in ("euchre_core", "ui", "hw", "firmware"):
        paths += sorted((root / package).glob("*.py"))
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in names:
                where = found.setdefault(node.value, [])
                where.append(path.relative_to(root).as_posix())
    assert found == {row[0]: ["euchre_core/rules.py"] for row in FIELDS}


def test_house_rule_keys_follow_the_engine_rows():
    from euchre_core.rules import FIELDS
    rows = [row for row in hs.DEFAULTS if row[0] in set(hs.rule_key(f[0]) for f in FIELDS)]
    assert rows == [
        ("EUCHRE_TARGET", 10, "int"),
        ("EUCHRE_WIN_BY_TWO", False, "bool"),
        ("EUCHRE_DEFENDER_ALONE", "4", ("4", "2_4", "off")),
        ("EUCHRE_LONER_EUCHRED_POINTS", 2, ("2", "4")),
        ("EUCHRE_LONE_MARCH_POINTS", 4, ("3", "4", "5")),
        ("EUCHRE_RENEGE_POINTS", 2, ("2", "3")),
        ("EUCHRE_RENEGE_ALONE_POINTS", 2, ("2", "3", "4")),
        ("EUCHRE_STICK_THE_DEALER", False, "bool"),
        ("EUCHRE_LEAD", "loner_left", ("loner_left", "dealer_left")),
        ("EUCHRE_CANADIAN_LONER", False, "bool"),
        ("EUCHRE_SETBACK", False, "bool"),
        ("EUCHRE_BLIND_LONER", False, "bool"),
        ("EUCHRE_HANDS", 0, "int")]
    # The numbers' limits are the engine's: what settings.toml accepts, Rules does.
    for key, value, accepted in (("EUCHRE_TARGET", 99, True), ("EUCHRE_TARGET", 100, False),
                                 ("EUCHRE_TARGET", 0, False), ("EUCHRE_HANDS", 0, True),
                                 ("EUCHRE_HANDS", 99, True), ("EUCHRE_HANDS", 100, False)):
        s = hs.Settings(reader({key: str(value)}))
        assert (s.errors == []) == accepted, (key, value)
        Rules(**s.rules_options())


def test_template_lists_every_key_with_its_default():
    import pathlib

    text = (pathlib.Path(__file__).resolve().parent.parent / "settings.toml").read_text()
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert len(lines) == len(hs.DEFAULTS)
    for line, (key, default, kind) in zip(lines, hs.DEFAULTS):
        assert line == key + " = " + words.toml_value(default, kind)


def test_template_says_what_every_key_means():
    # The template's comment above a key is the one place its meaning is
    # written; a choice names its options there.
    import pathlib

    lines = (pathlib.Path(__file__).resolve().parent.parent / "settings.toml").read_text().splitlines()
    kinds = dict((key, kind) for key, _default, kind in hs.DEFAULTS)
    for above, line in zip(lines, lines[1:]):
        if not line.startswith("EUCHRE_"):
            continue
        key = line.split()[0]
        assert above.startswith("# ") and len(above) > 10, key
        if isinstance(kinds[key], tuple):
            for option in kinds[key]:
                assert option in above, key


def test_given_lists_the_keys_found_and_accepted():
    s = hs.Settings(reader({"EUCHRE_TARGET": 7, "EUCHRE_ROTATION": 90, "EUCHRE_NAME_N": "Ann"}))
    assert sorted(s.given) == ["EUCHRE_NAME_N", "EUCHRE_TARGET"]


def test_an_empty_led_or_buzzer_pin_means_not_fitted():
    s = hs.Settings(reader({"EUCHRE_LED": "", "EUCHRE_BUZZER": ""}))
    assert s.errors == []
    assert s["EUCHRE_LED"] == "" and s["EUCHRE_BUZZER"] == ""


def test_team_names_fit_the_hand_screen():
    s = hs.Settings(reader({"EUCHRE_TEAM_NS": "Northside", "EUCHRE_NAME_N": "Bartholome"}))
    assert s.errors == []
    assert s.teams()[0] == "Northside" and s.names()[0] == "Bartholome"


def test_brightness_and_sleep_chosen_on_the_device_are_each_kept_until_their_own_key_is_edited():
    # Through the real code.py: Display menu (7th entry on the score screen),
    # brightness up one step, sleep time up one step, W saves.
    import pathlib

    from fw_support import boot, settings_text, table

    with boot() as pico:
        pico.run_script("OK:long S*6 OK E S S E W wait:200")
        shown = table(pico)
        contrast, sleep_s = shown.contrast, shown.sleep_s
        assert contrast != 207 and sleep_s != 300  # settings.toml's values
        drive = pathlib.Path(pico.root) / "settings.toml"
        drive.write_text(settings_text(EUCHRE_SLEEP_S="60"))
        pico.run_script("cut boot")
        assert (table(pico).contrast, table(pico).sleep_s) == (contrast, 60)
        drive.write_text(settings_text(EUCHRE_SLEEP_S="60", EUCHRE_CONTRAST="100"))
        pico.run_script("cut boot")
        assert (table(pico).contrast, table(pico).sleep_s) == (100, 60)

    with boot() as pico:
        pico.run_script("OK:long S*6 OK E S S E W wait:200")
        contrast, sleep_s = table(pico).contrast, table(pico).sleep_s
        (pathlib.Path(pico.root) / "settings.toml").write_text(settings_text(EUCHRE_CONTRAST="100"))
        pico.run_script("cut boot")
        assert (table(pico).contrast, table(pico).sleep_s) == (100, sleep_s)
        assert pico.oled.contrast == 100  # what the glass was told


@pytest.mark.parametrize("given, named", [
    ("Al|Bo", "a bar"), ("a`b", "a backtick"), ("{Us", "a brace"), ("Us}", "a brace"),
    ("~Wes", "a tilde"), ("Zo\u00eb", "U+00EB"), ("Tab\tstop", "U+0009"),
])
def test_a_name_with_a_character_the_font_lacks_names_the_key_and_the_character(given, named):
    s = hs.Settings(reader({"EUCHRE_NAME_S": given}))
    assert s.errors == ["EUCHRE_NAME_S: " + words.show(given) + " has " + named
                        + ', a letter the screen cannot show; using "South"']
    assert s.names()[2] == "South"


def test_every_character_the_font_draws_is_accepted_in_a_name():
    # ASCII 32..95 and a-z (drawn in capitals); a name of each, 10 at a time.
    drawable = "".join(chr(code) for code in range(32, 96)) + "abcdefghijklmnopqrstuvwxyz"
    for start in range(0, len(drawable), 10):
        name = drawable[start:start + 10].strip() or "x"
        s = hs.Settings(reader({"EUCHRE_NAME_E": name}))
        assert s.errors == [] and s.names()[1] == name


def test_a_name_the_font_cannot_draw_is_named_on_the_screen():
    from fw_support import boot, table

    with boot(settings={"EUCHRE_NAME_E": '"Bo|Ann"'}) as pico:
        shown = table(pico)
        assert shown.screen_name == "notice"
        assert "EUCHRE_NAME_E" in shown.message and "A BAR" in shown.message.upper()
        assert "EUCHRE_NAME_E: 'Bo|Ann' has a bar, a letter" in pico.serial
        assert shown.names[1] == b"EAST"


def test_a_name_longer_than_the_screen_takes_is_named_and_its_default_used():
    # The limits are the table UI's (ui.table); the start-up has settings check them.
    from fw_support import boot, table

    with boot(settings={"EUCHRE_NAME_E": '"Bartholomew"', "EUCHRE_TEAM_EW": '"Easterners"'}) as pico:
        assert ("EUCHRE_NAME_E: 'Bartholo... is longer than 10 letters; using \"East\""
                in pico.serial)
        assert "EUCHRE_TEAM_EW: 'Easterners' is longer than 9 letters" in pico.serial
        shown = table(pico)
        # The cut name is drawn as it is written: every letter one the font has.
        assert "'BARTHOLO..." in shown.message.upper()
        assert all(ord(" ") <= ord(char) <= ord("_") for char in shown.message.upper())
        assert shown.names[1] == b"EAST" and shown.teams[1] == b"E-W"


def _parsed(text):
    return hs.parse(text.encode().split(b"\n"))


def test_the_file_is_read_as_circuitpython_reads_it():
    found = _parsed('# EUCHRE_TARGET = 5\n'
                    'EUCHRE_TARGET = 11 # a bare value ends at a comment\n'
                    '  EUCHRE_NAME_N="Ann \\"A\\"" # quoted, with its escapes\n'
                    'EUCHRE_NAME_E = "a\\\\b\\u0041\\U00000042\\t"\r\n'
                    'EUCHRE_NAME_S = "#not a comment"\n'
                    'EUCHRE_TARGET = 12\n'
                    'not a setting\n'
                    '\n'
                    '[later]\n'
                    'EUCHRE_NAME_W = "Wes"\n')
    # The first of a repeated key; nothing after a table. Values as written
    # (escapes undone), decoded only when they are converted.
    assert found == {b"EUCHRE_TARGET": b"11", b"EUCHRE_NAME_N": b'Ann "A"',
                     b"EUCHRE_NAME_E": b"a\\bAB\t", b"EUCHRE_NAME_S": b"#not a comment"}


@pytest.mark.parametrize("line, why", [
    ('EUCHRE_NAME_N = "Ann', "no closing quote"),
    ('EUCHRE_NAME_N = "Ann\\"', "no closing quote"),
    ('EUCHRE_NAME_N = "Ann" and Bo', "text after the closing quote"),
    ('EUCHRE_NAME_N = "\\u00" ', "a wrong \\u escape"),
    ('EUCHRE_TARGET =  # none', "no value"),
])
@pytest.mark.parametrize("drive", [False, True])
def test_a_value_the_file_cannot_give_names_the_key_and_why(tmp_path, monkeypatch, line, why,
                                                            drive):
    # Through a reader of the file, or as start-up reads the drive's own.
    path = tmp_path / "settings.toml"
    path.write_text(line + "\nEUCHRE_CONTRAST = 100\n")
    monkeypatch.chdir(tmp_path)
    s = hs.Settings() if drive else hs.Settings(hs.read_file(str(path)))
    key = line.split()[0]
    assert s.errors == [key + ": cannot read it (" + why + "); using "
                        + words.toml_value(hs.default(key), "")]
    assert s[key] == hs.default(key) and s["EUCHRE_CONTRAST"] == 100


def test_a_key_that_is_not_utf8_is_no_setting_and_stops_nothing(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b'EUCHRE_NAME_\xff = "Bo"\nEUCHRE_NAME_N = "Ann"\n')
    s = hs.Settings(hs.read_file(str(path)))
    assert s.errors == [] and s.given == ["EUCHRE_NAME_N"] and s["EUCHRE_NAME_N"] == "Ann"


def test_text_that_is_not_utf8_names_the_key(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b'EUCHRE_NAME_N = "\xff"\nEUCHRE_NAME_E = \xfe\n')
    s = hs.Settings(hs.read_file(str(path)))
    assert s.errors == ['EUCHRE_NAME_N: cannot read it (not UTF-8 text); using "North"',
                        'EUCHRE_NAME_E: cannot read it (not UTF-8 text); using "East"']


def test_the_shipped_file_gives_every_key_its_default(tmp_path):
    # The settings.toml the drive gets, read by the firmware's own reader:
    # every key found, none wrong, every value the default.
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    s = hs.Settings(hs.read_file(str(root / "settings.toml")))
    assert s.errors == [] and sorted(s.given) == sorted(row[0] for row in hs.DEFAULTS)
    for key, default, _kind in hs.DEFAULTS:
        assert s[key] == default, key


def test_a_default_as_written_converts_to_that_default():
    # What lets the reader take a value written as its default without
    # converting it: the conversion would give that very default, of its type.
    for key, default, kind in hs.DEFAULTS:
        converted = hs._convert(key, hs._written(default).decode(), default, kind)
        assert converted == default and type(converted) is type(default), key


def test_the_reader_and_the_template_write_a_default_alike():
    # Two spellings of one form (the reader's shortcut, the template's and the
    # messages' toml_value): unquoted, each default reads the same, but for a
    # hexadecimal choice, which the template writes as its option.
    from hw import settings_words as words

    for key, default, kind in hs.DEFAULTS:
        shown = words.toml_value(default, kind)
        if shown.startswith('"0x'):
            assert int(shown.strip('"'), 16) == int(hs._written(default)), key
        else:
            assert shown.strip('"') == hs._written(default).decode(), key


def test_the_shipped_file_converts_only_what_is_not_written_as_its_default(monkeypatch):
    # Every value the template writes as its default is taken as it is: a
    # conversion makes strings, each looked up among the interned names.
    from pathlib import Path

    converted = []
    convert = hs._convert

    def counted(key, raw, default, kind):
        converted.append(key)
        return convert(key, raw, default, kind)

    monkeypatch.setattr(hs, "_convert", counted)
    root = Path(__file__).resolve().parent.parent
    s = hs.Settings(hs.read_file(str(root / "settings.toml")))
    assert converted == ["EUCHRE_I2C_ADDRESS"]  # written "0x3C", its default the number
    assert s["EUCHRE_I2C_ADDRESS"] == 0x3C and s.errors == []


def test_a_value_written_otherwise_than_its_default_is_converted_and_checked(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('EUCHRE_TARGET = 010\nEUCHRE_WIN_BY_TWO = "yes"\nEUCHRE_NAME_N = " North "\n'
                    'EUCHRE_ROTATION = "180"\nEUCHRE_CONTRAST = 0\nEUCHRE_NAME_E = "E\u00e9"\n')
    s = hs.Settings(hs.read_file(str(path)))
    assert (s["EUCHRE_TARGET"], s["EUCHRE_WIN_BY_TWO"], s["EUCHRE_NAME_N"], s["EUCHRE_ROTATION"]) \
        == (10, True, "North", 180)
    assert [e.split(":")[0] for e in s.errors] == ["EUCHRE_CONTRAST", "EUCHRE_NAME_E"]
    assert s["EUCHRE_CONTRAST"] == hs.default("EUCHRE_CONTRAST") and s["EUCHRE_NAME_E"] == "East"


def test_no_file_means_every_default(tmp_path):
    s = hs.Settings(hs.read_file(str(tmp_path / "none.toml")))
    assert s.errors == [] and s.given == []
    assert s.values == {key: default for key, default, _ in hs.DEFAULTS}


def test_escapes_a_byte_order_mark_and_bare_yes_no_from_the_file(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b'\xef\xbb\xbfEUCHRE_NAME_N = "A\\tB\\bC\\fD\\nE\\rF\\vG\\u0041\\x"\r\n'
                     b"EUCHRE_WIN_BY_TWO = true\r\nEUCHRE_TRUMP = false # off\r\n"
                     b"EUCHRE_CONTRAST = 0x10\r\n")
    read = hs.read_file(str(path))
    # The byte order mark some editors write does not hide the first key.
    assert read("EUCHRE_NAME_N") == b"A\tB\bC\fD\nE\rF\vGAx"
    s = hs.Settings(read)
    assert s["EUCHRE_WIN_BY_TWO"] is True and s["EUCHRE_TRUMP"] is False
    assert s["EUCHRE_CONTRAST"] == 16
    assert [e.split(":")[0] for e in s.errors] == ["EUCHRE_NAME_N"]  # a tab the screen cannot show


def test_long_lines_and_a_last_line_without_its_newline(tmp_path):
    # Lines longer than a read buffer, and a last line without its newline.
    path = tmp_path / "settings.toml"
    path.write_bytes(b"# " + b"x" * 700 + b"\n" + b"EUCHRE_TARGET = 7  " + b" " * 600
                     + b"# " + b"y" * 300 + b"\nEUCHRE_NAME_N = \"Ann\"")
    s = hs.Settings(hs.read_file(str(path)))
    assert s.errors == [] and s["EUCHRE_TARGET"] == 7 and s["EUCHRE_NAME_N"] == "Ann"


def test_the_reader_follows_the_settings_file_chosen_at_run_time(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.toml"
    path.write_text("EUCHRE_TARGET = 12\n")
    monkeypatch.setattr(hs, "SETTINGS_FILE", str(path))
    assert hs.read_file()("EUCHRE_TARGET") == b"12"
    assert hs.Settings()["EUCHRE_TARGET"] == 12


def test_a_table_made_without_settings_starts_as_the_settings_defaults_say():
    # One owner for each default: the table's own (contrast, sleep time,
    # names) are the settings reader's defaults, not values kept equal by hand.
    from ui.names import NAME_LENGTH, TEAM_LENGTH, clean
    from ui.table import Table

    defaults = {key: default for key, default, _kind in hs.DEFAULTS}
    table = Table()
    assert table.contrast == defaults["EUCHRE_CONTRAST"]
    assert table.sleep_s == defaults["EUCHRE_SLEEP_S"]
    assert table.names == [clean(defaults["EUCHRE_NAME_" + seat], NAME_LENGTH) for seat in "NESW"]
    assert table.teams == [clean(defaults[key], TEAM_LENGTH)
                           for key in ("EUCHRE_TEAM_NS", "EUCHRE_TEAM_EW")]


class CountedFile:
    """A file open in binary mode that counts the calls that read it."""

    def __init__(self, data):
        self.data = data
        self.at = 0
        self.calls = 0

    def readinto(self, buffer):
        self.calls += 1
        piece = self.data[self.at:self.at + len(buffer)]
        buffer[:len(piece)] = piece
        self.at += len(piece)
        return len(piece)


def _key_lines(data):
    """The lines of ``data`` but its comments and blank lines."""
    return [line for line in data.split(b"\n") if line and line[0] != 35]


def test_the_file_is_read_in_pieces_and_split_into_the_same_lines(tmp_path):
    # Keys on either side of every 256-byte boundary, CRLF and LF lines, no
    # newline at the end: the same keys as the file read line by line, its
    # comments and blank lines left out.
    lines = []
    for n in range(60):
        lines.append(b"# " + b"x" * (n * 7 % 50))
        lines.append(b'EUCHRE_NAME_N = "N%d"' % n if n else b'EUCHRE_CONTRAST = 0x10')
        if n % 9 == 0:
            lines.append(b"")
    data = b"\r\n".join(lines[:60]) + b"\n" + b"\n".join(lines[60:]) + b"\nEUCHRE_TRUMP = 0"
    counted = CountedFile(data)
    assert list(hs._lines(counted)) == _key_lines(data)
    assert counted.calls <= len(data) // 200 + 2
    path = tmp_path / "settings.toml"
    path.write_bytes(data)
    read = hs.read_file(str(path))
    assert read("EUCHRE_CONTRAST") == b"0x10" and read("EUCHRE_TRUMP") == b"0"
    assert read("EUCHRE_NAME_N") == b"N1"  # the first of a repeated key
    assert hs.parse(data.split(b"\n")) == hs.parse(list(hs._lines(CountedFile(data))))


def test_long_lines_are_joined_from_their_pieces_and_long_comments_passed_over():
    # Lines of every length around the buffer's (256 bytes) and its multiples,
    # keys and comments, the last without its newline.
    lines = []
    for n in (0, 1, 254, 255, 256, 257, 511, 512, 513, 700):
        lines.append(b"# " + b"c" * n)
        lines.append(b"EUCHRE_TARGET = 7  " + b" " * n + b"#" + b"y" * n)
        lines.append(b"   # " + b"d" * n)
    for end in (b"", b"\n"):
        data = b"\n".join(lines) + end
        assert list(hs._lines(CountedFile(data))) == _key_lines(data)


def test_the_long_press_default_is_the_press_reader_s_own():
    # One owner: a Presses made without settings and settings.toml's default
    # fire the long press at the same moment.
    from ui.keys import LONG_MS
    from ui.presses import Presses

    defaults = {key: default for key, default, _kind in hs.DEFAULTS}
    assert defaults["EUCHRE_LONG_PRESS_MS"] == LONG_MS == Presses().long_ms


def test_a_team_name_that_cleans_to_nothing_is_the_default_team_name():
    from ui.names import TEAMS
    from ui.table import Table

    assert Table(teams=("  ", "\t")).teams == [name.encode() for name in TEAMS]


@pytest.mark.parametrize("text, value", [("1", True), (" 0 ", False), ("Yes", True),
                                         ("OFF", False), ("true", True), ("01", None)])
def test_a_yes_no_key_takes_0_1_and_the_words_in_any_case(text, value):
    s = hs.Settings(reader({"EUCHRE_TRUMP": text}))
    if value is None:
        assert s.errors == ["EUCHRE_TRUMP: '01' is not 0 or 1; using 0"]
        assert s["EUCHRE_TRUMP"] is False
    else:
        assert s.errors == [] and s["EUCHRE_TRUMP"] is value


def test_a_pin_wired_twice_names_the_key_moved_from_its_default_first():
    # SDA comes before the keys in the file, yet the key edited is named.
    s = hs.Settings(reader({"EUCHRE_SDA": "GP10"}))
    assert s.errors == ["EUCHRE_SDA: GP10 is also EUCHRE_KEY_N; every pin at its default"]
    assert s["EUCHRE_SDA"] == "GP4" and s["EUCHRE_KEY_N"] == "GP10"
    # A default written in small letters is still the default.
    s = hs.Settings(reader({"EUCHRE_KEY_N": "gp10", "EUCHRE_SDA": "GP10"}))
    assert s.errors == ["EUCHRE_SDA: GP10 is also EUCHRE_KEY_N; every pin at its default"]
    s = hs.Settings(reader({"EUCHRE_KEY_N": "GP10", "EUCHRE_SDA": "gp10"}))
    assert s.errors == ["EUCHRE_SDA: gp10 is also EUCHRE_KEY_N; every pin at its default"]
    # Both moved: in the file's order.
    s = hs.Settings(reader({"EUCHRE_SDA": "GP20", "EUCHRE_KEY_E": "GP20"}))
    assert s.errors == ["EUCHRE_KEY_E: GP20 is also EUCHRE_SDA; every pin at its default"]


@pytest.mark.parametrize("written", ["gp4", "Gp4", "GP4"])
def test_a_pin_wired_twice_is_found_whatever_its_case(written):
    s = hs.Settings(reader({"EUCHRE_BUZZER": written}))
    assert s.errors == ["EUCHRE_BUZZER: " + written + " is also EUCHRE_SDA;"
                        " every pin at its default"]
    assert s["EUCHRE_BUZZER"] == ""


@pytest.mark.parametrize("key, raw, message", [
    ("EUCHRE_TRUMP", "maybe", "'maybe' is not 0 or 1; using 0"),
    ("EUCHRE_CONTRAST", "bright", "'bright' is not a number; using 207"),
    ("EUCHRE_CONTRAST", 1.5, "1.5 is not a number; using 207"),
    ("EUCHRE_CONTRAST", "0x1FF", "511 not in 1..255; using 207"),
    ("EUCHRE_I2C_ADDRESS", "0x3E", "'0x3E' is not one of 0x3C, 0x3D; using \"0x3C\""),
    ("EUCHRE_DISPLAY", [1], "[1] is not one of ssd1306, sh1106, ssd1309; using \"ssd1306\""),
    ("EUCHRE_NAME_N", 2.5, "2.5 is not text; using \"North\""),
    ("EUCHRE_KEY_OK", "  ", "a pin is needed here; using \"GP14\""),
    ("EUCHRE_NAME_W", "", "a name is needed here; using \"West\""),
    ("EUCHRE_NAME_N", "Bartholomew", "'Bartholo... is longer than 10 letters; using \"North\""),
    ("EUCHRE_NAME_E", "a{b", "'a{b' has a brace, a letter the screen cannot show; using \"East\""),
    ("EUCHRE_NAME_E", "\u00e9", "'\u00e9' has U+00E9, a letter the screen cannot show; using \"East\""),
])
def test_each_wrong_value_is_said_in_its_own_words(key, raw, message):
    # The checks raise what is wrong as data; hw.settings_words says it.
    s = hs.Settings(reader({key: raw}))
    assert s.errors == [key + ": " + message]
    assert s[key] == hs.default(key)


def test_an_error_that_is_no_check_of_the_reader_is_said_as_it_is():
    # A reader's own error (not a word of the file's reader), and a text
    # Python itself refuses: said in their words, the default kept.
    def read(key):
        if key == "EUCHRE_TARGET":
            raise OSError(5, "EIO")
        return "\ud800" if key == "EUCHRE_NAME_N" else None

    s = hs.Settings(read)
    assert s.errors[0] == "EUCHRE_NAME_N: '\\ud800' cannot be used (" + str(
        _encode_error("\ud800")) + "); using \"North\""
    assert s.errors[1] == "EUCHRE_TARGET: cannot read it ([Errno 5] EIO); using 10"
    assert s["EUCHRE_NAME_N"] == "North" and s["EUCHRE_TARGET"] == 10


def _encode_error(text):
    try:
        text.encode()
    except ValueError as err:
        return err
    raise AssertionError(text)
