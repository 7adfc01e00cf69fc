"""The three displays builders buy: the real code.py on the virtual Pico with
each controller's model (SSD1306 0.96-inch, SH1106 1.3-inch, SSD1309
2.42-inch) on the bus, chosen by EUCHRE_DISPLAY in settings.toml.

Each model decodes the bytes as its chip does (sim/cp), so the same golden
pictures on all three mean each adapter drives its chip right; a wrong
driver on the SH1106 shows a wrong picture, as it would on the glass."""

import pytest

from fw_support import boot, check_golden, has_text, page_frame, read_score, table

N, E, S, W = 0, 1, 2, 3
BANNER = "wait:3500"
CONTROLLERS = ("ssd1306", "sh1106", "ssd1309")


def on(controller, **options):
    """A virtual Pico with ``controller``'s model and the matching settings
    line; the SSD1309 module's RES is wired to GP15 (it needs the pulse)."""
    settings = dict(options.pop("settings", {}))
    settings.setdefault("EUCHRE_DISPLAY", '"' + controller + '"')
    if controller == "ssd1309":
        options.setdefault("reset_wire", "GP15")
        settings.setdefault("EUCHRE_DISPLAY_RESET", '"GP15"')
    return boot(controller=controller, settings=settings, **options)


@pytest.mark.parametrize("controller", CONTROLLERS)
def test_a_game_a_power_cut_and_a_resume_show_the_same_pictures(controller):
    with on(controller) as pico:  # seed 3: West deals
        assert type(pico.oled).__name__.lower() == controller
        pico.run_script("E:long")
        check_golden(pico, "fw_maker_loner_hand")
        pico.run_script("E E E E N " + BANNER)
        assert table(pico).game.scores == [0, 1]
        pico.run_script("N OK")
        check_golden(pico, "fw_quick_result")
        pico.run_script("N " + BANNER)  # made 3-4
        assert table(pico).game.scores == [1, 1]
        # The power goes in the middle of a hand: the glass forgets its
        # memory, the game is resumed from flash and drawn whole again.
        pico.run_script("S E")
        pico.power_cut()
        assert sum(pico.frame()) == 0
        pico.boot()
        game = table(pico).game
        assert game.scores == [1, 1] and game.tricks == [0, 1]
        pico.run_script("E E E E " + BANNER)
        assert table(pico).game.scores == [1, 3]
        assert read_score(page_frame(pico)) == (1, 3)
        # Then to the end of the game.
        pico.run_script("N:long N*5 " + BANNER + " N:long N*5 " + BANNER + " S S*5 " + BANNER)
        assert table(pico).game.winner == 0
        assert table(pico).screen_name == "over"
        # The driver sent nothing the chip does not know.
        assert not pico.oled.unknown, pico.oled.unknown_text()
        assert "no display" not in pico.serial and pico.error is None


@pytest.mark.parametrize("controller", CONTROLLERS)
def test_flipped_180_the_picture_is_the_same_on_each(controller):
    with on(controller) as pico:
        # Menu > Display > Flip 180, its message closed > leave, to the
        # menu and out of it (as tests/test_fw_evening.py).
        pico.run_script("OK:long S*6 OK S E E E E")
        assert table(pico).flipped
        pico.run_script("N N N N OK")
        check_golden(pico, "fw_flipped_quick_result")
        assert not pico.oled.unknown, pico.oled.unknown_text()


def press_bytes(controller):
    """(data bytes, command bytes, transactions) on the wire for each press of a hand."""
    sent = []
    with on(controller) as pico:
        for key in "N E E W S N OK".split():
            oled = pico.oled
            data, commands, transactions = oled.data_bytes, oled.command_bytes, oled.transactions
            pico.run_script(key)
            sent.append((oled.data_bytes - data, oled.command_bytes - commands,
                         oled.transactions - transactions))
    return sent


def test_each_controller_is_sent_only_what_changed():
    sent = {controller: press_bytes(controller) for controller in CONTROLLERS}
    # The same stretches of the same pictures, each press far less than a
    # whole frame.
    assert sent["ssd1309"] == sent["ssd1306"]
    for (paged_data, paged, paged_tx), (data, windowed, tx) in zip(sent["sh1106"],
                                                                   sent["ssd1306"]):
        assert 0 < data < 1024
        # Each stretch costs the SH1106 3 commands (page, column low, high),
        # the others a 6-byte window, none when the chip is in it already:
        # a window runs on to the next page, and whole rows follow one
        # another in the frame. The SSD1306 sends more bytes only where it
        # saves a transaction (at most what a run of its own costs: 12
        # command bytes, 19 for the transaction, a control byte) or a
        # window's 12 command bytes (a run widened to where the chip points).
        assert paged % 3 == 0 and windowed % 6 == 0 and 0 < paged
        assert tx <= paged_tx
        assert data <= paged_data + 32 * (paged_tx - tx) + 12 * tx
    # A whole hand, the call to the banner, within two frames and a quarter:
    # the hand screen's hint line (going alone, then the menu) comes with
    # the call, changes at the first trick and goes with the banner (page
    # addressing: no whole rows sent to save transactions).
    assert sum(d for d, _, _ in sent["sh1106"]) < 2 * 1024 + 256
    assert sum(t for _, _, t in sent["ssd1306"]) < sum(t for _, _, t in sent["sh1106"])


def noisy_rows(glass):
    """How many rows of the glass are random dots: between a quarter and
    three quarters of their pixels lit (no screen of the firmware is)."""
    return sum(1 for y in range(64) if 32 <= sum(glass[y * 128:(y + 1) * 128]) <= 96)


def answered(pico):
    """The chip answered on the bus: the firmware drives it, and neither
    says nor blinks "no display" (the LED blinks its code only without one)."""
    return "no display" not in pico.serial and pico.namespace["firmware"].glass.display is not None


# What a builder sees with EUCHRE_DISPLAY naming another chip than the
# module's (the build guide, sections 1 and 8). The chip answers each time,
# so the LED blinks no code.

def test_the_sh1106_driven_as_an_ssd1306_shows_random_dots_under_a_band_of_the_picture():
    # EUCHRE_DISPLAY left at ssd1306 with a 1.3-inch module plugged in. The
    # SH1106 has no column and page windows: every byte lands in one page,
    # and the other seven show the memory as it came up, random dots.
    with boot(controller="sh1106") as pico:
        pico.run_script("N OK")
        assert table(pico).screen_name == "quick" and answered(pico)
        with pytest.raises(AssertionError, match="screen differs"):
            check_golden(pico, "fw_quick_result")
        assert noisy_rows(pico.frame()) >= 48
        unknown = {code for code, _ in pico.oled.unknown}
        assert {0x20, 0x21, 0x22, 0x8D} <= unknown


def test_an_ssd1306_driven_as_an_sh1106_or_an_ssd1309_stays_dark():
    # Neither set-up turns on the SSD1306's charge pump (the SH1106 and the
    # SSD1309 have none): the glass stays dark, the picture only in memory.
    for controller in ("sh1106", "ssd1309"):
        with boot(settings={"EUCHRE_DISPLAY": '"%s"' % controller}) as pico:
            pico.run_script("N OK")
            assert table(pico).screen_name == "quick" and answered(pico)
            assert pico.oled.display_on and not pico.oled.lit()
            assert sum(pico.frame()) == 0
            # The LED gives its heartbeat, a flash every 3 s, and no blink code.
            pico.run_script("wait:9000")
            ons = [ms for ms, on_ in pico.led if on_]
            assert len(ons) >= 3 and all(b - a >= 2900 for a, b in zip(ons, ons[1:]))


def test_an_ssd1309_driven_as_an_sh1106_shows_the_picture_two_columns_right_of_a_stripe_of_dots():
    # The SH1106's column offset of 2 on a chip without one: columns 0 and 1
    # are never written and show the memory as it came up.
    with on("ssd1306") as pico:
        pico.run_script("N OK")
        want = pico.frame()
    with on("ssd1309", settings={"EUCHRE_DISPLAY": '"sh1106"'}) as pico:
        pico.run_script("N OK")
        assert answered(pico)
        glass = pico.frame()
    rows = range(64)

    def misses(shift):
        return sum(glass[y * 128 + x + shift] != want[y * 128 + x] for y in rows for x in range(126))

    # A few pixels differ besides: a stretch that runs past column 127 goes
    # on at its own first column, as page addressing does on this chip.
    assert misses(2) <= 16 and misses(0) > 20 * max(misses(2), 1)
    stripe = [glass[y * 128 + x] for y in rows for x in (0, 1)]
    assert 32 <= sum(stripe) <= 96


def test_an_ssd1309_that_needs_its_reset_pulsed_is_not_found_without_it():
    # RES wired to GP15 but EUCHRE_DISPLAY_RESET not set: the chip stays in
    # reset and does not answer; the firmware says so and keeps scoring.
    with boot(controller="ssd1309", reset_wire="GP15",
              settings={"EUCHRE_DISPLAY": '"ssd1309"'}) as pico:
        assert "no display" in pico.serial
        pico.run_script("OK N N N N N N " + BANNER)  # OK: the message goes
        assert table(pico).game.scores == [2, 0]
        assert sum(pico.frame()) == 0
        assert any(value for _, value in pico.led)  # the blink code
    with on("ssd1309") as pico:  # with it: pulsed at power-up, found
        assert "no display" not in pico.serial
        assert read_score(page_frame(pico)) == (0, 0)
        ups = [value for _, value in pico.machine.output(_pin("GP15")).changes]
        assert ups == [True, False, True]  # held high, pulsed low, high again


def _pin(name):
    import _vboard

    return _vboard.pin_named(name)


@pytest.mark.parametrize("controller", CONTROLLERS)
def test_a_display_that_does_not_answer_is_named_and_the_game_goes_on(controller):
    with on(controller, display="absent") as pico:
        assert "no display" in pico.serial
        pico.run_script("OK N N N N N N " + BANNER)  # OK: the message goes
        assert table(pico).game.scores == [2, 0]
        # Plugged in later: found on the next look, and drawn right.
        pico.machine.bus.devices[0x3C] = pico.machine.oled
        pico.run_script("wait:11000")
        assert "display found" in pico.serial
        assert read_score(page_frame(pico)) == (2, 0)


@pytest.mark.parametrize("value", ['"ssd1306_128x32"', '"128x32"', '"sh1107"', "1306"])
def test_a_wrong_display_setting_is_named_and_the_default_used(value):
    with boot(settings={"EUCHRE_DISPLAY": value}) as pico:
        assert "EUCHRE_DISPLAY" in pico.serial and 'using "ssd1306"' in pico.serial
        # On the screen too, until a key is pressed; the SSD1306 default drives the glass.
        assert has_text(page_frame(pico), "EUCHRE_DISPLAY")
        pico.run_script("OK")
        assert read_score(page_frame(pico)) == (0, 0)
        assert not pico.oled.unknown
    with boot(display="absent", settings={"EUCHRE_DISPLAY": value}) as pico:
        # Without a screen: the LED's wrong-setting code (3 blinks).
        pico.run_script("wait:9000")
        assert "EUCHRE_DISPLAY" in pico.serial
        ons = [ms for ms, on_ in pico.led if on_]
        gaps = [b - a for a, b in zip(ons, ons[1:])]
        # Three blinks half a second apart, then a pause, again and again.
        blinks = "".join("b" if gap < 1000 else "|" for gap in gaps)
        assert "|bb|bb|" in blinks, gaps


def test_a_wrong_reset_pin_is_named_and_the_display_used_without_it():
    with on("ssd1309", reset_wire=None, settings={"EUCHRE_DISPLAY_RESET": '"GP99"'}) as pico:
        assert "EUCHRE_DISPLAY_RESET: no pin GP99" in pico.serial
        pico.run_script("OK")  # the message goes
        assert read_score(page_frame(pico)) == (0, 0)
    # A pin already used for a key: named, every pin back to its default
    # (RES on none: this module, which needs the pulse, is not found).
    with on("ssd1309", settings={"EUCHRE_DISPLAY_RESET": '"GP10"'}) as pico:
        assert "EUCHRE_DISPLAY_RESET: GP10 is also EUCHRE_KEY_N" in pico.serial
        assert "no display" in pico.serial
        pico.run_script("OK N N N N N N " + BANNER)  # OK: the message goes
        assert table(pico).game.scores == [2, 0]


@pytest.mark.parametrize("raw, want", [
    (None, "ssd1306"), ("sh1106", "sh1106"), ("SH1106", "sh1106"), (" ssd1309 ", "ssd1309"),
    ("ssd1306", "ssd1306"), ("ssd1306_128x32", "ssd1306"), (1106, "ssd1306"), (True, "ssd1306"),
])
def test_the_display_setting_is_read_and_checked(raw, want):
    from hw.settings import Settings

    settings = Settings({"EUCHRE_DISPLAY": raw}.get)
    assert settings["EUCHRE_DISPLAY"] == want
    if raw is None or want == str(raw).strip().lower():
        assert settings.errors == []
    else:
        [error] = settings.errors
        assert error.startswith("EUCHRE_DISPLAY: ")
        assert error.endswith(' is not one of ssd1306, sh1106, ssd1309; using "ssd1306"')


def test_the_reset_pin_is_optional_and_checked():
    import board  # the simulator's (sim/cp is on the path)
    from hw.settings import Settings

    assert Settings({}.get).pin("EUCHRE_DISPLAY_RESET", board) is None
    settings = Settings({"EUCHRE_DISPLAY_RESET": "gp3"}.get)
    assert settings.pin("EUCHRE_DISPLAY_RESET", board) is board.GP3 and not settings.errors


def test_display_settings_writes_the_lines_a_controller_needs():
    from sim.runner import display_settings

    text = display_settings("ssd1309", "GP3")
    lines = [line for line in text.splitlines() if line.startswith("EUCHRE_DISPLAY")]
    assert lines == ['EUCHRE_DISPLAY = "ssd1309"', 'EUCHRE_DISPLAY_RESET = "GP3"']
