"""code.py's start-up and saving, as a player waits for them: the glass dark
until the first whole picture, and a whole record written after the screen
it goes with (journal entries before it)."""

from fw_support import boot, table


def _watch_nvm(pico):
    """Every nvm write from now on, as (bytes written, I2C bytes sent by then)."""
    machine = pico.machine
    writes = []
    plain = machine.nvm.write

    def write(start, values):
        writes.append((len(values), machine.bus.bytes))
        return plain(start, values)

    machine.nvm.write = write
    return writes


def test_a_new_game_is_saved_once_its_screen_is_sent():
    with boot(settings={"EUCHRE_TARGET": "1"}) as pico:
        pico.run_script("N N N N N N wait:3500")
        assert table(pico).game.winner is not None
        writes = _watch_nvm(pico)
        sent = pico.machine.bus.bytes
        pico.run_script("N wait:300")  # the next game
        assert table(pico).game.winner is None and table(pico).game.codes == b""
        records = [at for size, at in writes if size > 2]
        assert records, writes
        # The new score screen (hundreds of bytes) was on the wire before the record.
        assert records[0] - sent > 300, (records, sent)
        # An action still goes into the journal before its screen is drawn.
        writes[:] = []
        sent = pico.machine.bus.bytes
        pico.run_script("S wait:300")
        assert [size for size, _ in writes] == [2] and writes[0][1] == sent


def test_the_glass_lights_with_the_first_whole_picture():
    with boot() as pico:
        chip = pico.machine.bus.devices[0x3C]
        assert chip.display_on
        # The driver's set-up sent no blank frame: the first data bytes on
        # the wire were the whole first picture, 8 pages.
        assert chip.data_bytes >= 1024 and chip.data_bytes < 1100


def test_the_diff_loads_once_the_first_picture_is_on_the_glass(monkeypatch):
    # The first picture goes out whole: the diff against the glass
    # (hw.changes) loads after the glass is lit with it.
    import builtins

    import _vboard

    lit = []
    plain = builtins.__import__

    def importing(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "hw.changes":
            lit.append(_vboard.current().bus.devices[0x3C].display_on)
        return plain(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", importing)
    with boot() as pico:
        pico.run_script("N wait:300")
        assert table(pico).screen_name == "hand"
    assert lit[:1] == [True]


def test_a_first_power_ons_record_is_written_once_the_score_is_on_the_glass(monkeypatch):
    # As the loop writes a whole record after the screen it goes with: the
    # player does not wait for it at power-up either.
    import _vboard

    lit_at_writes = []
    plain = _vboard.Nvm.write

    def write(nvm, start, values):
        machine = _vboard.current()
        chip = machine.bus.devices[0x3C]
        # Lit with the whole first picture, and still in start-up (the
        # loop says "ready" as it begins).
        lit_at_writes.append((len(values), chip.display_on and chip.data_bytes >= 1024,
                              "ready" in "".join(machine.serial_out)))
        return plain(nvm, start, values)

    monkeypatch.setattr(_vboard.Nvm, "write", write)
    with boot() as pico:
        pico.run_script("wait:300")
        assert table(pico).game.codes == b""
    records = [(lit, looping) for size, lit, looping in lit_at_writes if size > 2]
    assert records == [(True, False)]


def test_the_screens_a_hand_meets_load_once_the_score_is_on_the_glass():
    import sys

    from ui.registry import HAND_SCREENS

    with boot() as pico:
        # The score is on the glass; the hand's screens are not loaded yet.
        assert pico.oled.display_on
        assert [name for name in HAND_SCREENS if "ui." + name in sys.modules] == []
        pico.run_script("wait:300")  # the first quiet moment
        assert [name for name in HAND_SCREENS if "ui." + name in sys.modules] == list(HAND_SCREENS)
        pico.run_script("N")
        assert table(pico).screen_name == "hand"


def test_a_press_before_the_quiet_moment_loads_its_screen_then():
    import sys

    with boot() as pico:
        assert "ui.hand" not in sys.modules
        pico.run_script("N")  # a call at once: the hand screen
        assert table(pico).screen_name == "hand" and "ui.hand" in sys.modules


def test_the_menu_page_under_the_cursor_loads_while_the_table_is_quiet():
    import sys

    from ui.menu import ITEM_STATS
    from ui.registry import PAGE_MODULES

    def pages_held():
        return [name for name in PAGE_MODULES if "ui." + name in sys.modules]

    with boot() as pico:
        pico.run_script("wait:300 OK:long S S S S")  # the menu, down to Stats at once
        page = table(pico).page
        assert page.rows[page.cursor] == ITEM_STATS and pages_held() == []
        pico.run_script("wait:300")  # a quiet moment
        assert pages_held() == ["stats"]
        modules = set(sys.modules)
        pico.run_script("OK")
        assert table(pico).screen_name == "stats" and set(sys.modules) == modules
        pico.run_script("W W wait:300")  # back to play
        assert table(pico).screen_name == "score" and pages_held() == []


def test_the_presses_timing_loads_once_start_up_let_its_own_modules_go(monkeypatch):
    # Loaded after the first picture, into a heap the collection can free
    # start-up's modules from: none of them is held any more.
    import builtins
    import sys

    from firmware.start import START_ONLY

    held = []
    plain = builtins.__import__

    def importing(name, globals=None, *args, **kwargs):
        if name == "ui.presses" and (globals or {}).get("__name__") == "firmware.start":
            held.append([module for module in START_ONLY if module in sys.modules])
        return plain(name, globals, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", importing)
    with boot() as pico:
        assert pico.oled.display_on and pico.namespace["firmware"].presses is not None
    assert held == [[]]


def test_a_first_power_on_does_not_load_the_saved_games_reader(monkeypatch):
    # Blank flash holds no game: its erased header says so, and the reader
    # of a saved game (hw.saved) is not loaded for nothing. Once a game is
    # saved, the next power-up reads it back with it.
    import builtins

    loads = []
    plain = builtins.__import__

    def importing(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "hw.saved" or (name == "hw" and "saved" in (fromlist or ())):
            loads.append(name)
        return plain(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", importing)
    with boot() as pico:
        assert pico.oled.display_on and loads == []
        pico.run_script("N N N")  # a call and two tricks to N-S, saved
        pico.power_cut()
        pico.boot()
        assert loads  # read back at the power-up
        assert table(pico).game.tricks == [2, 0] and table(pico).screen_name == "hand"


def test_the_engines_reports_are_held_only_while_a_page_shows_them():
    # Each of the engine's reports (Stats's, History's) leaves the heap with
    # its page, and is not held with the other page.
    import sys

    from ui.menu import ITEM_HISTORY, ITEM_STATS

    def reports_held():
        return {name for name in ("hand_stats", "reports") if "euchre_core." + name in sys.modules}

    with boot() as pico:
        pico.run_script("N N N N N N wait:300")  # a hand scored
        assert reports_held() == set()
        pico.run_script("OK:long wait:300")
        page = table(pico).page
        while page.rows[page.cursor] != ITEM_STATS:
            pico.run_script("S wait:300")
        assert reports_held() == {"hand_stats"}  # the page under the cursor, loaded while quiet
        pico.run_script("OK")
        assert table(pico).screen_name == "stats" and reports_held() == {"hand_stats"}
        pico.run_script("W wait:300")  # back on the menu, Stats under the cursor
        while page.rows[page.cursor] != ITEM_HISTORY:
            pico.run_script("S wait:300")
        assert reports_held() == {"reports"}
        pico.run_script("OK")
        assert table(pico).screen_name == "history" and reports_held() == {"reports"}
        pico.run_script("W S wait:300")  # the entry below History: not a report
        assert table(pico).screen_name == "menu" and reports_held() == set()
        pico.run_script("W wait:300")  # back to play
        assert table(pico).page is None and reports_held() == set()
