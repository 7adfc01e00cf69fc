"""Keeping the game safe through the real code.py on the virtual Pico: power
cuts at every point of a hand, torn nvm writes, damaged nvm images, crashes
and restart loops, wrong settings, a missing display, a stuck key."""

import pytest

from fw_support import ROOT, boot, find_text, has_text, page_frame, read_score, table
from euchre_core import reports, transcript

N, E, S, W = 0, 1, 2, 3

# One hand after another: N calls and takes 3 (1 point), a misdeal (OK
# asks, OK again answers), E goes alone and marches (4 points), S calls, W
# reneges (2 points).
SCRIPT = ("N N N E N S wait:3500 OK OK wait:3500 E:long E E E E E wait:3500 "
          "S OK:long S OK W wait:3500")


# The same hands without menus (a power cut forgets an open menu, not the game).
PLAIN_SCRIPT = ("N N N E N S wait:3500 OK OK wait:3500 E:long E E E E E wait:3500 "
                "S S S S S S wait:3500")

# hw/saved.py whose reading (or setting aside) of the saved game fails: a
# start-up that crashes there, after settings.toml was read and the LED made.
DAMAGED_READER = {"hw/saved.py": (ROOT / "hw" / "saved.py").read_text() + (
    "\n\ndef _damaged(store):\n    raise RuntimeError('damaged module')\n\n\n"
    "load = _damaged\nset_aside_record = _damaged\n")}


def steps():
    """The script's steps; the misdeal's two OKs are one (a power cut
    between the question and its answer forgets the question)."""
    from sim.script import parse

    out = []
    for step in parse(PLAIN_SCRIPT):
        if step[:2] == ("press", "OK") and out and out[-1][:2] == ("press", "OK"):
            out[-1] = ("presses", "OK OK", None)
        else:
            out.append(step)
    return out


def run_steps(pico, chosen):
    from sim.script import run

    for verb, key, arg in chosen:
        if verb == "press":
            run(pico, key)
        elif verb == "presses":
            pico.run_script(key)
        elif verb == "long":
            run(pico, key + ":long")
        elif verb == "wait":
            run(pico, "wait:" + str(key if arg is None else arg))
        else:
            raise AssertionError((verb, key, arg))


def finished_game():
    with boot() as pico:
        pico.run_script(SCRIPT)
        game = table(pico).game
        return game.codes, game.scores


def test_the_script_scores_three_hands():
    codes, scores = finished_game()
    assert scores == [3, 4]


def test_power_cut_between_any_two_presses_resumes_exactly():
    all_steps = steps()
    with boot() as pico:
        for index, step in enumerate(all_steps):
            run_steps(pico, [step])
            before = table(pico).game
            codes, scores, dealer = before.codes, before.scores, before.dealer
            pico.power_cut()
            pico.boot()
            after = table(pico).game
            assert after.codes == codes, index
            assert (after.scores, after.dealer) == (scores, dealer)
            if table(pico).screen_name == "score":
                assert read_score(page_frame(pico)) == tuple(scores)
        assert table(pico).game.scores == [3, 4]
        # Appends only: the record was written once (into blank flash).
        assert pico.nvm.erases == 0


@pytest.mark.parametrize("keep", [0, 1, 2])
def test_power_cut_during_every_nvm_write_loses_at_most_that_action(keep):
    # Each accepted action is one 2-byte journal write. The power fails
    # during the nth write after the first screen, after ``keep`` bytes of
    # it reached the flash: the half-written entry (keep 0 or 1) is dropped,
    # a whole one (keep 2) is kept, and everything before it is resumed.
    codes_done, _ = finished_game()
    cuts = 0
    nth = 1
    while True:
        with boot() as pico:
            pico.nvm.cut_power_during_write(nth, keep)
            pico.run_script(SCRIPT)
            if pico.state == "idle":
                break  # still running: the script ended before the nth write
            assert pico.error is None
            cuts += 1
            pico.boot()
            resumed = table(pico).game
            kept = nth - 1 + (1 if keep == 2 else 0)
            assert resumed.codes == codes_done[:kept]
            assert len(reports.history(resumed)) == len(_history(codes_done[:kept]))
            assert pico.error is None and "Traceback" not in pico.serial
            # And the table carries on from there.
            pico.run_script("wait:4000 OK:long W")
            assert pico.error is None
        nth += 1
    assert cuts == len(codes_done)


def _history(codes):
    from euchre_core import Game, Rules

    game = Game(Rules(), dealer=W)
    for code in codes:
        game.apply(code)
    return reports.history(game)


def test_damaged_nvm_is_reported_and_the_firmware_keeps_running(tmp_path):
    import random

    garbage = bytes(random.Random(5).randrange(256) for _ in range(4096))
    cases = {
        "garbage": garbage,
        "zeros": bytes(4096),
        "foreign": b"CIRCUITPYTHON-DATA" + b"\xff" * (4096 - 18),
    }
    for name, image in cases.items():
        path = tmp_path / (name + ".bin")
        path.write_bytes(image)
        with boot(nvm_path=str(path)) as pico:
            assert table(pico).screen_name == "notice", name
            assert "not recognised" in table(pico).message, name
            assert "not recognised" in pico.serial
            assert has_text(page_frame(pico), "SAVED DATA NOT")
            # The first press clears the message; then the table plays on.
            pico.run_script("OK N N N N N N wait:3500")
            assert table(pico).game.scores == [2, 0]
            pico.power_cut()
            pico.boot()
            assert table(pico).game.scores == [2, 0]
            assert table(pico).screen_name == "score"


def test_damaged_record_of_a_real_game_is_set_aside(tmp_path):
    path = tmp_path / "nvm.bin"
    with boot(nvm_path=str(path)) as pico:
        pico.run_script("N N N N N N wait:3500")
    image = bytearray(path.read_bytes())
    image[12] ^= 0x40  # inside the checksummed header
    path.write_bytes(bytes(image))
    with boot(nvm_path=str(path)) as pico:
        assert "damaged" in table(pico).message and "kept" in table(pico).message
        assert table(pico).game.scores == [0, 0]
        assert bytes(pico.nvm.data[2048:2048 + 64]) == bytes(image[0:64])
        assert "damaged" in pico.serial


def test_a_kept_previous_game_that_does_not_replay_is_dropped_with_a_notice_once(tmp_path):
    # A record whose game before New game does not replay (a trick before
    # any call): start-up checks it once the score is shown, says so and
    # writes the record again without it.
    from euchre_core import Rules
    from euchre_core.game_forms import Previous
    from hw.storage import Storage
    from ui.table import Table

    nvm = bytearray(b"\xff" * 4096)
    store = Storage(nvm)
    kept = Table()
    store.adopt(kept)
    kept.previous = Previous(Rules(), 0, bytes((0x40,)), 0, 0, None)
    kept.game_serial += 1  # a new record, with the previous game in it
    store.sync(kept)
    path = tmp_path / "nvm.bin"
    path.write_bytes(bytes(nvm))
    with boot(nvm_path=str(path)) as pico:
        shown = table(pico)
        assert shown.previous is None and shown.screen_name == "notice"
        assert shown.message == "Saved game before New game unreadable: Undo cannot bring it back"
        assert "before New game unreadable" in pico.serial
        pico.run_script("OK OK:long OK")  # the notice cleared; Undo has nothing to bring back
        assert table(pico).message == "NOTHING TO UNDO"
        # The next power-up finds no such game, and says nothing of it.
        pico.run_script("cut boot")
        assert table(pico).previous is None and table(pico).screen_name == "score"
        assert pico.serial.count("before New game unreadable") == 1


def test_saved_game_from_a_newer_firmware_is_not_loaded(tmp_path):
    path = tmp_path / "nvm.bin"
    with boot(nvm_path=str(path)) as pico:
        pico.run_script("N N N N N N wait:3500")
    image = bytearray(path.read_bytes())
    image[4] = 9
    path.write_bytes(bytes(image))
    with boot(nvm_path=str(path)) as pico:
        assert "other firmware" in table(pico).message
        assert table(pico).game.codes == b""


def carries_data(data, start, end):
    """Whether a write to the SSD1306 carries picture data: after the
    control bytes with Co set (each with one command byte), one with Co
    clear and D/C set."""
    while start < end:
        control = data[start]
        if not control & 0x80:
            return bool(control & 0x40)
        start += 2
    return False


class FailingDisplay:
    """An SSD1306 whose data writes fail with an unexpected error.

    ``skip``: data writes that still work after each initialisation (the
    driver's set-up sends none: the first is the first picture); ``times``:
    how many failures in all. ``set_up``: the set-up's display-off command
    fails instead (a display that fails before it can show anything)."""

    def __init__(self, chip, error=RuntimeError, skip=0, times=1000, set_up=False):
        self.chip = chip
        self.error = error
        self.skip = skip
        self.times = times
        self.left = 0
        self.set_up = set_up

    def i2c_write(self, data, start, end):
        # Display off, alone (0x80) or first of the set-up's commands (0x00).
        if end - start >= 2 and data[start] in (0x00, 0x80) and data[start + 1] == 0xAE:
            self.left = self.skip  # the set-up starts
            if self.set_up and self.times > 0:
                self.times -= 1
                raise self.error("the display answered garbage")
        if carries_data(data, start, end):
            if self.left <= 0 and self.times > 0:
                self.times -= 1
                raise self.error("the display answered garbage")
            self.left -= 1
        self.chip.i2c_write(data, start, end)

    def i2c_read(self, nbytes):
        return self.chip.i2c_read(nbytes)


def test_unexpected_error_restarts_the_firmware_with_the_game_intact():
    with boot() as pico:
        pico.run_script("N N N N N N wait:3500 S")
        assert table(pico).game.scores == [2, 0]
        devices = pico.machine.bus.devices
        devices[0x3C] = FailingDisplay(devices[0x3C], times=1)
        pico.run_script("S wait:1000")
        assert "Traceback" in pico.serial and "RuntimeError" in pico.serial
        assert "restarting" in pico.serial
        game = table(pico).game
        assert game.scores == [2, 0] and game.in_hand and game.tricks == [1, 0]
        pico.run_script("S S S S wait:3500")
        assert table(pico).game.scores == [4, 0]
        assert read_score(page_frame(pico)) == (4, 0)


def test_restart_loop_is_stopped_and_ok_tries_again():
    with boot() as pico:
        pico.run_script("N N N wait:200")
        devices = pico.machine.bus.devices
        failing = FailingDisplay(devices[0x3C], error=TypeError, set_up=True)
        devices[0x3C] = failing
        pico.run_script("N wait:8000")
        serial = pico.serial
        assert serial.count("Traceback") == 5
        assert "error 5 in a row: stopping" in serial
        assert pico.state == "idle"  # waiting for OK, not restarting
        # LED blink code 5 while stopped: five blinks, then a pause.
        ons = [ms for ms, value in pico.led if value]
        assert [b - a for a, b in zip(ons, ons[1:])][:5] == [500, 500, 500, 500, 2000]
        failing.times = 0  # the display is fixed
        pico.run_script("OK:1500 wait:1000")
        assert pico.serial.count("Traceback") == 5
        game = table(pico).game
        assert game.in_hand and game.tricks == [3, 0]  # the game was never lost
        assert table(pico).screen_name == "hand"


def test_stopping_without_room_for_the_error_screen_ends_without_a_restart_loop():
    # The crash was for memory and even the error screen finds none: code.py
    # ends and the board waits (the reset button starts it again).
    with boot() as pico:
        pico.run_script("N N N wait:200")
        devices = pico.machine.bus.devices
        devices[0x3C] = FailingDisplay(devices[0x3C], error=MemoryError)
        pico.run_script("N wait:8000")
        serial = pico.serial
        assert serial.count("Traceback") == 5
        assert "error 5 in a row: stopping" in serial
        assert "cannot show the error: the display answered garbage" in serial
        assert pico.state == "done"  # code.py ended: no sixth start


def _saved_game(tmp_path):
    """An nvm file holding a saved game (a call made), for a power-up to
    read back: blank flash has nothing to read."""
    path = tmp_path / "saved.bin"
    with boot(nvm_path=str(path)) as pico:
        pico.run_script("N")
    return str(path)


def test_crashing_while_the_saved_game_is_read_still_blinks_the_stop_code(tmp_path):
    # The LED is made as soon as settings.toml is read, before the saved game
    # is: a start-up that crashes there every time still ends on blink code 5.
    damaged = DAMAGED_READER
    with boot(files=damaged, nvm_path=_saved_game(tmp_path)) as pico:
        pico.run_script("wait:8000")
        assert "error 5 in a row: stopping" in pico.serial
        assert pico.state == "idle"  # waiting for OK held
        ons = [ms for ms, value in pico.led if value]
        assert [b - a for a, b in zip(ons, ons[1:])][:5] == [500, 500, 500, 500, 2000]


@pytest.mark.parametrize("ok_pin", ["GP15", "GP14"])
def test_stopped_before_the_keys_were_made_listens_to_ok_on_its_configured_pin(ok_pin, tmp_path):
    # OK moved in settings.toml (or not), and a start-up that crashes before
    # the keys exist: the stopped screen waits for OK held on OK's own pin.
    damaged = DAMAGED_READER
    wiring = {"N": "GP10", "E": "GP11", "S": "GP12", "W": "GP13", "OK": ok_pin}
    with boot(files=damaged, settings={"EUCHRE_KEY_OK": '"' + ok_pin + '"'},
              wiring=wiring, nvm_path=_saved_game(tmp_path)) as pico:
        pico.run_script("wait:8000")
        assert "error 5 in a row: stopping" in pico.serial
        assert pico.state == "idle"
        assert pico.serial.count("Traceback") == 5
        pico.run_script("OK:1500 wait:1000")
        # OK held for a second restarts (and the module crashes again).
        assert pico.serial.count("Traceback") > 5


def test_stopped_with_unreadable_settings_listens_to_ok_on_gp14():
    # The module loads (its pin defaults with it) but reading settings.toml fails.
    damaged = dict(DAMAGED_READER)
    damaged["hw/settings.py"] = (ROOT / "hw" / "settings.py").read_text() + (
        "\n\nclass Settings:\n    def __init__(self, reader=None):\n"
        "        raise MemoryError('memory allocation failed')\n")
    with boot(files=damaged) as pico:
        pico.run_script("wait:8000")
        assert pico.state == "idle"
        assert "euchre: settings: memory allocation failed" in pico.serial
        assert pico.serial.count("Traceback") == 5
        pico.run_script("OK:1500 wait:1000")
        assert pico.serial.count("Traceback") > 5


def test_crashing_after_every_resume_sets_the_game_aside_and_starts_fresh():
    with boot() as pico:
        pico.run_script("N N N N N N wait:3500")
        devices = pico.machine.bus.devices
        failing = FailingDisplay(devices[0x3C], error=TypeError)  # the first picture fails
        devices[0x3C] = failing
        pico.run_script("S wait:5000")
        serial = pico.serial
        assert "Restarted after errors: new game (old data kept)" in serial
        assert "error 5 in a row: stopping" in serial
        failing.times = 0
        pico.run_script("OK:1500 wait:1000")
        assert table(pico).game.codes == b""
        # The old record sits in the aside area, whole.
        aside = bytes(pico.nvm.data[2048:2048 + 4])
        assert aside == b"EUCS"


def test_a_first_picture_that_crashes_over_someone_elses_flash_still_stops_the_restarts():
    # Flash holding bytes that are not a record of ours has no run marks of
    # ours either: the new game's record (which makes them ours) is written
    # before the picture, so that a picture that crashes every time is
    # counted, and the restarts stop.
    with boot() as pico:
        with open(pico.nvm_path, "wb") as f:
            f.write(b"CIRCUITPYTHON-DATA" + b"\xff" * (4096 - 18))
        devices = pico.machine.bus.devices
        devices[0x3C] = FailingDisplay(devices[0x3C], error=TypeError)
        pico.reset()  # the failing display stays on the bus
        pico.run_script("wait:8000")
        assert "error 5 in a row: stopping" in pico.serial
        assert pico.state == "idle"


def test_wrong_settings_are_reported_on_screen_and_serial_with_defaults_used():
    settings = {"EUCHRE_TARGET": '"ten"', "EUCHRE_ROTATION": "90", "EUCHRE_KEY_N": '"GP99"'}
    with boot(settings=settings) as pico:
        serial = pico.serial
        assert "EUCHRE_TARGET" in serial and "EUCHRE_ROTATION" in serial and "GP99" in serial
        # Each one is named on the screen in turn; one press clears each.
        named = []
        for _ in range(3):
            assert table(pico).screen_name == "notice"
            named.append(table(pico).message.split(":")[0])
            assert has_text(page_frame(pico), named[-1] + ":")
            pico.run_script("OK")
        assert sorted(named) == ["EUCHRE_KEY_N", "EUCHRE_ROTATION", "EUCHRE_TARGET"]
        assert table(pico).screen_name == "score"
        assert table(pico).game.rules.target == 10
        pico.run_script("N N N N N N wait:3500")  # N works on its default pin GP10
        assert table(pico).game.scores == [2, 0]


def test_settings_change_the_table():
    settings = {"EUCHRE_TARGET": "5", "EUCHRE_NAME_W": '"Wanda"', "EUCHRE_TEAM_EW": '"Them"',
                "EUCHRE_KEY_OK": '"GP15"'}
    with boot(settings=settings, wiring={"N": "GP10", "E": "GP11", "S": "GP12", "W": "GP13",
                                         "OK": "GP15"}) as pico:
        buf = page_frame(pico)
        assert has_text(buf, "WANDA DEALS") and has_text(buf, "THEM")
        # "TO 5": the words of the bottom line are 4 columns apart.
        assert find_text(buf, 7, "5") == find_text(buf, 7, "TO") + 15 > 15
        pico.run_script("OK OK wait:3500")
        assert table(pico).game.dealer == N


@pytest.mark.parametrize("display", ["absent", "unplugged"])
def test_missing_display_blinks_the_led_and_the_table_still_counts(display):
    with boot(display=display) as pico:
        assert "no display" in pico.serial
        pico.run_script("N N N N N N wait:3500 wait:5000")
        assert table(pico).game.scores == [2, 0]
        # Blink code 2: two blinks, then a pause.
        changes = pico.led
        ons = [ms for ms, value in changes if value]
        assert len(ons) >= 4
        gaps = [b - a for a, b in zip(ons, ons[1:])]
        kinds = ["blink" if abs(gap - 500) <= 2 else "pause" if abs(gap - 2000) <= 2 else gap
                 for gap in gaps]
        assert kinds[:4] in (["blink", "pause"] * 2, ["pause", "blink"] * 2)
        pico.power_cut()
        pico.boot()
        assert table(pico).game.scores == [2, 0]


def test_display_found_later_is_used():
    with boot(display="absent") as pico:
        pico.machine.bus.devices[0x3C] = pico.machine.oled
        pico.run_script("wait:11000")
        assert "display found" in pico.serial
        assert read_score(page_frame(pico)) == (0, 0)


def test_display_plugged_in_after_a_power_up_without_it_is_found():
    # No module at power-up: no pull-ups, so busio.I2C itself is refused.
    # The bus is built again with the display, once it is plugged in.
    with boot(display="unplugged") as pico:
        assert "No pull up found on SDA or SCL" in pico.serial
        pico.run_script("N N N N N N wait:3500")
        pico.run_script("wait:11000")
        assert "display found" not in pico.serial  # still unplugged: tried, not found
        assert pico.serial.count("No pull up found") == 1  # said once, not at every look
        assert pico.error is None and "Traceback" not in pico.serial
        pico.plug_display()
        pico.run_script("wait:2500")  # within a moment, not a long black wait
        assert "display found" in pico.serial
        assert read_score(page_frame(pico)) == (2, 0)
        # A loose plug later is found again the same way.
        pico.unplug_display()
        pico.run_script("N N N N N N wait:3500")
        assert "display lost" in pico.serial
        pico.plug_display()
        pico.run_script("wait:2500")
        assert pico.serial.count("display found") == 2
        assert read_score(page_frame(pico)) == (4, 0)


def test_display_found_later_at_the_configured_address():
    # The retry asks at settings.toml's address, kept by code.py after it let
    # hw.settings go (start-up only).
    with boot(display="absent", settings={"EUCHRE_I2C_ADDRESS": '"0x3D"'}) as pico:
        pico.machine.bus.devices[0x3C] = pico.machine.oled
        pico.run_script("wait:11000")
        assert "display found" not in pico.serial
        del pico.machine.bus.devices[0x3C]
        pico.machine.bus.devices[0x3D] = pico.machine.oled
        pico.run_script("wait:2500")
        assert "display found" in pico.serial
        assert read_score(page_frame(pico)) == (0, 0)


def test_stuck_key_is_reported_and_ignored_until_released():
    with boot() as pico:
        pico.run_script("down:E wait:21000")
        assert "Key E stuck" in pico.serial
        assert table(pico).screen_name == "notice"
        pico.run_script("N")  # clears the message
        pico.run_script("N N N N N wait:3500")
        assert table(pico).game.scores == [2, 0]  # E's held key played no part
        pico.run_script("up:E wait:100 E")
        assert table(pico).game.makers == 1


@pytest.mark.parametrize("restart", ["cut boot", "reset"])
def test_a_key_held_at_power_up_is_ignored_until_released(restart):
    # A key wired to a pin that is always low, or held while the board starts
    # (OK held for boot.py): no long press, no call, no stuck message.
    with boot() as pico:
        pico.run_script("down:E " + restart + " wait:25000")
        shown = table(pico)
        assert shown.screen_name == "score" and shown.game.codes == b""
        assert "stuck" not in pico.serial
        pico.run_script("N N N N N N wait:3500")
        assert shown.game.scores == [2, 0]  # the other keys work meanwhile
        pico.run_script("up:E wait:100 E")
        assert shown.game.makers == 1  # released, E is a key like the others


def test_a_key_that_goes_down_during_play_is_a_long_press_then_stuck():
    # What the build guide says: the firmware cannot tell a key that sticks
    # from one held on purpose until 20 s have passed.
    with boot() as pico:
        pico.run_script("down:E wait:700")
        shown = table(pico)
        assert transcript.text(shown.game) == "AE"  # East named trump and went alone, at 0.6 s
        assert "stuck" not in pico.serial
        pico.run_script("wait:20000")
        # The notice says what the long press did: the table may not have
        # seen it happen, and "ignored" alone would say it did nothing.
        assert ("Key E stuck: ignored until let go; its long press did CALL ALONE EAST"
                in pico.serial) and shown.screen_name == "notice"
        assert shown.message.endswith("its long press did CALL ALONE EAST")


def test_a_stuck_key_whose_long_press_did_nothing_is_only_ignored():
    # North's key held first (its long press goes alone), East's pressed
    # while it is down: a second key, which never fires. Both stick.
    with boot() as pico:
        pico.run_script("down:N wait:100 down:E wait:21000")
        shown = table(pico)
        assert transcript.text(shown.game) == "AN"
        assert "Key N stuck: ignored until let go; its long press did CALL ALONE NORTH" \
            in pico.serial
        assert "Key E stuck: ignored until let go\n" in pico.serial
        # Let go and held again on the menu: the long press opens it, no action.
        pico.run_script("up:N up:E wait:100 down:OK wait:21000")
        assert "Key OK stuck: ignored until let go\n" in pico.serial


def test_a_stuck_key_names_only_what_its_long_press_did_that_stands():
    # West's lone call, taken back with the menu's Undo while the key stays
    # down: not named, as it no longer stands.
    with boot() as pico:
        pico.run_script("down:W wait:4000 OK:long OK wait:17000")
        assert table(pico).game.codes == b""
        assert "Key W stuck: ignored until let go\n" in pico.serial
    # Held on the menu's Undo entry: its long press took the trick back.
    with boot() as pico:
        pico.run_script("N N OK:long down:E wait:21000")
        assert transcript.text(table(pico).game) == "CN"
        assert "Key E stuck: ignored until let go; its long press took back an action" \
            in pico.serial
    # Held at game over: its long press started the next game.
    with boot(settings={"EUCHRE_TARGET": "1"}) as pico:
        pico.run_script("N OK N wait:3500 down:E wait:21000")
        assert table(pico).tally == [1, 0] and table(pico).game.codes == b""
        assert "Key E stuck: ignored until let go; its long press replaced the game" \
            in pico.serial


def test_display_that_stops_answering_is_found_again_and_redrawn():
    with boot() as pico:
        devices = pico.machine.bus.devices
        chip = devices.pop(0x3C)  # a loose wire: nothing answers at 0x3C
        pico.run_script("N N N N N N wait:3500")
        assert "display lost" in pico.serial
        assert table(pico).game.scores == [2, 0]
        ons = [ms for ms, value in pico.led if value]
        assert len(ons) >= 2  # blink code 2 while it is gone
        devices[0x3C] = chip
        pico.run_script("wait:10500")
        assert "display found" in pico.serial
        assert read_score(page_frame(pico)) == (2, 0)
        assert pico.error is None and "Traceback" not in pico.serial


def test_display_that_stops_answering_at_sleep_is_lost_not_a_crash():
    # Sleep, wake, contrast and flip talk to the display too, not only drawing.
    with boot(settings={"EUCHRE_SLEEP_S": "5"}) as pico:
        pico.run_script("N wait:100")
        pico.machine.bus.devices.pop(0x3C)
        pico.run_script("wait:6000")
        assert "display lost" in pico.serial
        assert pico.error is None and "Traceback" not in pico.serial
        assert table(pico).game.caller == 0


def blink_counts(changes):
    """Blinks between pauses, from the LED's (ms, value) changes."""
    ons = [ms for ms, value in changes if value]
    counts = []
    count = 1
    for a, b in zip(ons, ons[1:]):
        if b - a > 1000:
            counts.append(count)
            count = 1
        else:
            count += 1
    return counts


def test_without_a_screen_a_wrong_setting_blinks_three_and_a_screen_means_heartbeat():
    with boot(display="absent", settings={"EUCHRE_TARGET": '"x"'}) as pico:
        pico.run_script("wait:9000")
        assert blink_counts(pico.led)[1:3] == [3, 3]
    with boot(settings={"EUCHRE_TARGET": '"x"'}) as pico:
        pico.run_script("wait:9000")
        ons = [ms for ms, value in pico.led if value]
        assert len(ons) == 3 and ons[1] - ons[0] == 3000  # one flash every 3 s


def test_stuck_key_without_a_screen_blinks_six_until_released():
    with boot(display="absent") as pico:
        pico.run_script("down:W wait:30000")
        assert "Key W stuck" in pico.serial
        assert 6 in blink_counts(pico.led)[-2:]
        pico.run_script("up:W wait:9000")
        assert blink_counts(pico.led)[-2:] == [2, 2]


# Menu (long OK), up twice to New game, choose it, OK, North deals first.
NEW_GAME_N = "OK:long N N OK OK N wait:200 "


@pytest.mark.parametrize("restart", ["cut", "reset"])
def test_undo_after_new_game_brings_the_old_game_back_after_a_power_cut(restart):
    with boot() as pico:
        pico.run_script(SCRIPT)
        old = table(pico).game
        codes, dealer = old.codes, old.start_dealer
        assert old.scores == [3, 4]
        erases = pico.nvm.erases
        pico.run_script(NEW_GAME_N)
        assert table(pico).game.codes == b"" and table(pico).game.dealer == N
        # "Who deals first?" saved as it is asked, then the new game's
        # record, the old game in it.
        assert pico.nvm.erases == erases + 2
        if restart == "cut":
            pico.run_script("cut boot")
        else:
            pico.run_script("reset")
        # Checked by replaying it once the score was on the glass: the
        # Undo below brings it back without a replay in the press.
        assert table(pico).previous.ended == old.ended()
        pico.run_script("OK:long OK")
        shown = table(pico)
        assert shown.message == "UNDONE: NEW GAME"
        assert shown.game.codes == codes and shown.game.start_dealer == dealer
        assert shown.game.scores == [3, 4]
        pico.run_script("wait:3600")
        assert read_score(page_frame(pico)) == (3, 4)
        # Undone, it is gone from nvm too: a second power cut resumes the old game.
        pico.run_script("cut boot OK:long OK")
        assert table(pico).game.codes == codes[:-1]


def test_a_power_cut_right_after_undo_of_new_game_resumes_the_game_it_brought_back():
    # The old game brought back from what New game kept in RAM (no replay
    # of its log), then the power goes: the flash holds the same game.
    with boot() as pico:
        pico.run_script(SCRIPT + " N")  # a game in the middle of a hand
        old = table(pico).game
        codes, history, progress = old.codes, reports.history(old), old.progress()
        pico.run_script(NEW_GAME_N + "OK:long OK")
        back = table(pico).game
        assert table(pico).message == "UNDONE: NEW GAME"
        assert (back.codes, reports.history(back), back.progress()) == (codes, history, progress)
        assert back.in_hand and back.caller == N
        pico.run_script("cut boot")
        resumed = table(pico).game
        assert (resumed.codes, reports.history(resumed), resumed.progress()) == (codes, history, progress)
        assert resumed.in_hand and resumed.caller == N and table(pico).previous is None
        pico.run_script("OK:long OK")  # the call undone: the game goes on from there
        assert table(pico).game.codes == codes[:-1] and not table(pico).game.in_hand


def test_undo_after_the_next_game_from_game_over_survives_a_power_cut():
    with boot() as pico:
        pico.run_script("N:long N*5 wait:3500 N:long N*5 wait:3500 S S*5 wait:3500")
        won = table(pico).game
        codes, rules = won.codes, won.rules
        assert won.winner == 0 and table(pico).tally == [0, 0]
        pico.run_script("E wait:200")  # East deals the next game
        assert table(pico).tally == [1, 0] and table(pico).game.codes == b""
        pico.run_script("cut boot OK:long OK")
        shown = table(pico)
        assert shown.game.codes == codes and shown.game.rules.as_dict() == rules.as_dict()
        assert shown.game.scores == [10, 0] and shown.tally == [0, 0]
        assert shown.main_screen == "over"
        pico.run_script("cut boot")
        assert table(pico).game.codes == codes and table(pico).tally == [0, 0]


def test_the_old_game_stays_undoable_through_a_power_cut_after_the_new_one_starts():
    # As in RAM: once the new game's actions are undone, Undo reaches the old one.
    with boot() as pico:
        pico.run_script(SCRIPT)
        codes = table(pico).game.codes
        pico.run_script(NEW_GAME_N + "E E cut boot OK:long OK OK:long OK wait:3600")
        assert table(pico).game.codes == b""
        pico.run_script("OK:long OK")
        assert table(pico).game.codes == codes


@pytest.mark.parametrize("keep", [0, 5, 40, 2048, 4096])
def test_power_cut_during_the_new_game_rewrite_never_crashes(keep):
    # The one risky write: a new game rewrites (erases) the sector. Cut inside
    # it, the record is whole, damaged or gone; the firmware still starts.
    with boot() as pico:
        pico.run_script("N:long N*5 wait:3500 N:long N*5 wait:3500 S S*5 wait:3500")
        assert table(pico).game.winner == 0
        pico.nvm.cut_power_during_write(1, keep)
        pico.run_script("E")  # the next game: the record is rewritten
        pico.boot()
        shown = table(pico)
        assert pico.error is None and "Traceback" not in pico.serial
        assert shown.game.scores in ([10, 0], [0, 0])
        if keep >= 2048:
            # The whole record reached the flash: the new game, East dealing.
            assert shown.game.codes == b"" and shown.game.dealer == E and shown.tally == [1, 0]
        pico.run_script("OK " * 3 + "wait:4000 OK:long W")
        assert pico.error is None


def test_a_broken_display_library_stops_code_py_before_a_crash_is_counted(tmp_path):
    # A missing or damaged library file cannot be mended by restarting: code.py
    # stops with the traceback before the crash streak counts anything, so the
    # saved game is resumed whole once the file is put right.
    nvm = str(tmp_path / "nvm.bin")
    with boot(nvm_path=nvm) as pico:
        pico.run_script("N N N wait:200")
        codes = table(pico).game.codes
    broken = {"adafruit_ssd1306.py": "raise ImportError('no module named adafruit_framebuf')\n"}
    for _ in range(6):
        with boot(nvm_path=nvm, files=broken) as pico:
            assert pico.state == "done"
            assert "ImportError" in pico.serial and "restarting" not in pico.serial
    with boot(nvm_path=nvm) as pico:
        assert table(pico).game.codes == codes
        assert "Restarted after errors" not in pico.serial


# A record as the firmware before format 3 wrote it (the game's rules in the
# header and in the preferences): settings.toml's target 7, N-S 2 points, then
# E called and N took a trick; the rest of the 4 KiB is erased.
FORMAT_2_RECORD = bytes.fromhex(
    "455543530203091f000000000700000001000000005002cf00012c000009070000000100"
    "00000009070000000100000000cf012c1a9a0068405140474062401a405d011f4067")


def test_a_game_saved_in_format_2_resumes_under_its_own_rules_and_is_saved_on_in_format_3(
        tmp_path):
    path = tmp_path / "nvm.bin"
    path.write_bytes(FORMAT_2_RECORD + b"\xff" * (4096 - len(FORMAT_2_RECORD)))
    with boot(nvm_path=str(path)) as pico:  # settings.toml's target is 10 now
        game = table(pico).game
        assert table(pico).screen_name == "hand"
        assert game.scores == [2, 0] and game.makers == E and game.tricks == [1, 0]
        assert game.rules.target == 7  # the game keeps its rules
        assert pico.nvm.data[4] == 2  # appended to the old record
        pico.run_script("N N N N wait:3500")  # E euchred
        assert table(pico).game.scores == [4, 0]
        pico.power_cut()
        pico.boot()
        assert table(pico).game.scores == [4, 0] and table(pico).game.rules.target == 7
        pico.run_script("N N N N N N wait:3500 N N N N N N wait:3500")  # two marches
        assert table(pico).game.scores == [8, 0] and table(pico).main_screen == "over"
        # The next game takes settings.toml's rules, in a format 3 record.
        pico.run_script("OK wait:200")
        assert table(pico).game.rules.target == 10 and pico.nvm.data[4] == 3
        pico.power_cut()
        pico.boot()
        assert table(pico).game.rules.target == 10 and table(pico).game.codes == b""
        assert table(pico).tally == [1, 0]
