"""The firmware's board-level behaviour on the virtual Pico: boot.py, both
CircuitPython settings flavours, display address and rotation, sleep, flash
erases per game."""

from sim.runner import VirtualPico

from fw_support import boot, page_frame, read_score, settings_text, table

N, E, S, W = 0, 1, 2, 3


def test_boot_names_the_drive_and_leaves_it_writable_by_the_computer():
    with boot() as pico:
        drive = pico.machine.drive
        assert drive["label"] == "EUCHRE"
        assert drive["code_writable"] is False  # CircuitPython read-only, the computer writes
        assert drive["usb_drive"] is True
        # Rebooting does not rename again (no needless FAT write).
        pico.power_cut()
        pico.boot()
        assert pico.machine.drive["label"] == "EUCHRE"


class HeldAtPowerUp(VirtualPico):
    """A virtual Pico whose OK key is already held when the power comes on."""

    def _new_machine(self, keep_display):
        import _vboard

        machine = super()._new_machine(keep_display)
        machine.set_button(_vboard.pin_named("GP14"), True, at_ms=0)
        return machine


def test_holding_ok_at_power_up_changes_nothing_about_the_drive():
    with HeldAtPowerUp(settings=settings_text(), seed=3) as pico:
        assert "OK held" in pico.boot_out
        drive = pico.machine.drive
        assert drive["label"] == "CIRCUITPY" and drive["usb_drive"] is True
        assert drive["code_writable"] is False


class HeldOnGP15(VirtualPico):
    """OK moved to GP15 and held when the power comes on."""

    def _new_machine(self, keep_display):
        import _vboard

        machine = super()._new_machine(keep_display)
        machine.set_button(_vboard.pin_named("GP15"), True, at_ms=0)
        return machine


def test_boot_finds_a_moved_ok_key_as_the_firmware_does_in_any_case():
    # settings.toml names pins in any case ("gp15"), for boot.py as for the game.
    with HeldOnGP15(settings=settings_text(EUCHRE_KEY_OK='"gp15"'), seed=3) as pico:
        assert "OK held" in pico.boot_out
        assert pico.machine.drive["label"] == "CIRCUITPY"


def test_circuitpython_9_settings_and_the_other_display_address():
    settings = {"EUCHRE_TARGET": "7", "EUCHRE_I2C_ADDRESS": '"0x3D"', "EUCHRE_WIN_BY_TWO": "1",
                "EUCHRE_I2C_FREQUENCY": "100000"}
    for flavour in (9, 10):
        with boot(settings=settings, flavour=flavour, address=0x3D) as pico:
            rules = table(pico).game.rules
            assert (rules.target, rules.win_by_two) == (7, True), flavour
            assert "no display" not in pico.serial
            assert read_score(page_frame(pico)) == (0, 0)
            assert pico.machine.bus.frequency == 100000


def test_settings_read_at_start_up_stay_in_force():
    # settings.toml is read once, at start-up; the loop keeps what it gave.
    import sys

    with boot(settings={"EUCHRE_ROTATION": "180", "EUCHRE_LONG_PRESS_MS": "900"}) as pico:
        # No buzzer fitted (the default): its module, and pwmio, are not even loaded.
        assert "hw.buzzer" not in sys.modules
        # Held 700 ms is not yet long: a short press, East names trump.
        pico.run_script("E:700")
        assert table(pico).game.caller == E and table(pico).game.lone_seat is None
        pico.run_script("OK:950 OK")  # undone
        assert table(pico).game.codes == b""
        pico.run_script("E:950")
        assert table(pico).game.lone_seat == E
        pico.run_script("E*5 wait:3500")
        assert read_score(page_frame(pico, turned=True)) == (0, 4)


def test_rotation_180_turns_the_picture():
    with boot(settings={"EUCHRE_ROTATION": "180"}) as pico:
        assert read_score(page_frame(pico, turned=True)) == (0, 0)
        assert read_score(page_frame(pico)) == (None, None)
        pico.run_script("N N N N N N wait:3500")
        assert read_score(page_frame(pico, turned=True)) == (2, 0)


def test_display_sleeps_and_the_waking_press_does_nothing_else():
    with boot(settings={"EUCHRE_SLEEP_S": "60"}) as pico:
        pico.run_script("wait:59000")
        assert sum(pico.frame()) > 0
        pico.run_script("wait:2000")
        assert sum(pico.frame()) == 0 and not pico.oled.display_on
        pico.run_script("N")
        assert pico.oled.display_on and read_score(page_frame(pico)) == (0, 0)
        assert table(pico).game.codes == b""
        pico.run_script("N")
        assert table(pico).game.makers == 0


def test_a_whole_game_costs_one_flash_erase():
    with boot() as pico:
        pico.run_script("N:long N*5 wait:3500 N:long N*5 wait:3500 S S*5 wait:3500")
        assert table(pico).game.winner == 0
        assert pico.nvm.erases == 0  # every action appended into erased flash
        pico.run_script("E wait:3500")  # the next game, East deals
        assert pico.nvm.erases == 1
        pico.power_cut()
        pico.boot()
        assert table(pico).tally == [1, 0] and table(pico).game.dealer == E


def test_long_press_time_from_settings():
    with boot(settings={"EUCHRE_LONG_PRESS_MS": "400"}) as pico:
        pico.run_script("E:450")  # held 450 ms: long at 400, East goes alone
        assert table(pico).game.lone_seat == E
    with boot(settings={"EUCHRE_LONG_PRESS_MS": "1500"}) as pico:
        pico.run_script("E:1000")  # let go before the long press: a short press
        assert table(pico).game.caller == E and table(pico).game.lone_seat is None
        pico.run_script("OK:1600 OK")  # undone
        assert table(pico).game.codes == b""
        pico.run_script("E:1600")
        assert table(pico).game.lone_seat == E
    with boot() as pico:
        pico.run_script("E:550")  # past half a second, short of the long press's 0.6 s
        assert table(pico).game.caller == E and table(pico).game.lone_seat is None


def test_display_menu_flip_and_brightness_are_applied_and_survive_a_power_cut():
    with boot() as pico:
        pico.run_script("N N N N N N wait:3500")  # a hand played, then the menu
        # Menu: UNDO ADJUST DEALER RULES STATS HISTORY DISPLAY -> Display page.
        pico.run_script("OK:long S*6 OK")
        assert table(pico).screen_name == "options"
        # Brightness one step, flip on; a press closes the flip's message;
        # leave (saves): once flipped, the key on the left of the picture, E,
        # goes back, to the menu, then out of it.
        pico.run_script("OK S OK E E E")
        shown = table(pico)
        assert shown.flipped and pico.oled.contrast == shown.contrast != 207
        assert read_score(page_frame(pico, turned=True)) == (2, 0)
        erases = pico.nvm.erases
        assert erases == 1  # the preferences: saved once, on leaving the page
        pico.power_cut()
        pico.boot()
        shown = table(pico)
        assert shown.flipped and pico.oled.contrast == shown.contrast != 207
        assert read_score(page_frame(pico, turned=True)) == (2, 0)
        assert shown.game.scores == [2, 0]


def test_a_game_keeps_its_rules_when_settings_toml_changes_under_it():
    import os

    with boot() as pico:
        pico.run_script("N N N N N N wait:3500")
        path = os.path.join(pico.root, "settings.toml")
        with open(path, "w") as f:
            f.write(settings_text(EUCHRE_TARGET="5"))
        pico.power_cut()
        pico.boot()
        shown = table(pico)
        assert shown.game.rules.target == 10 and shown.game.scores == [2, 0]
        # Menu on the score screen: NEW GAME is the second to last entry.
        pico.run_script("OK:long N N OK")
        assert table(pico).screen_name == "confirm"
        pico.run_script("E E")  # yes, and East deals
        assert table(pico).game.scores == [0, 0] and table(pico).game.dealer == E
        assert table(pico).game.rules.target == 5


def test_export_writes_the_game_as_csv_on_the_serial_console():
    with boot() as pico:
        pico.run_script("N N N E N S wait:3500")
        pico.serial_new()
        pico.run_script("OK:long S*7 OK")  # ... DISPLAY, EXPORT
        lines = [line for line in pico.serial_new().splitlines() if "," in line]
        assert lines[0].startswith("step,action")
        assert len(lines) == 1 + len(table(pico).game.codes)


def test_buzzer_clicks_on_a_press_and_sounds_lower_for_a_long_one():
    import _vboard

    with boot(settings={"EUCHRE_BUZZER": '"GP15"'}) as pico:
        out = pico.machine.output(_vboard.pin_named("GP15"))
        start = len(out.changes)
        pico.run_script("N")
        tones = [(ms, tone) for ms, tone in out.changes[start:] if tone[1]]
        assert [tone[0] for ms, tone in tones] == [2400]
        click_on = tones[0][0]
        click_off = [ms for ms, tone in out.changes if ms > click_on and tone[1] == 0][0]
        assert 10 <= click_off - click_on <= 20
        start = len(out.changes)
        pico.run_script("OK:long")
        assert [tone[0] for ms, tone in out.changes[start:] if tone[1]] == [1800]


def test_a_buzzer_on_a_pin_in_use_is_reported_and_left_out():
    with boot(settings={"EUCHRE_BUZZER": '"GP4"'}) as pico:
        assert "EUCHRE_BUZZER: GP4 is also EUCHRE_SDA" in table(pico).message
        pico.run_script("OK")
        assert read_score(page_frame(pico)) == (0, 0)  # the display kept its pin
