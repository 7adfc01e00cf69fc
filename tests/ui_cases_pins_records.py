"""Table UI cases, what is saved and what the key scanner reports: the
preferences record byte by byte and its refusals, the table's preferences
on the Rules page, the screen drawn again after a resume or a notice, and
the key presses' limits.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import prefs, restore
from ui.presses import LONG, SHORT, STUCK, Presses
from ui_read import play, E, N, OK, S, W, Clock, Game, Rules, Table, press, settle, table
from euchre_core import transcript




def refusal(action, *args):
    try:
        action(*args)
    except ValueError as err:
        return str(err)
    return None


def case_pin_prefs_record_bytes():
    # Magic, version 4, contrast, flags, sleep (2 bytes), tally, the game's
    # rules (length, bytes), the next game's, settings.toml's contrast, sleep
    # and switches, the answers kept (none: 0xFFFF each).
    t = table(dealer=0)
    assert t.prefs_bytes() == bytes.fromhex(
        "5004cf00012c0000090a0000000100000000090a0000000100000000cf012c00ffffffff")
    t = table(Rules(target=7, hands=8), dealer=0, contrast=96, flipped=True, sleep_s=70000,
              trump=True, skunk_double=True)
    t.tally = [256, 300]
    t.device_rules = True
    t.next_rules = Rules(target=11)
    assert t.prefs_bytes() == bytes.fromhex(
        "5004600fffffffff0d07000000010000000000000008090b000000010000000060ffff03ffffffff")
    t = table(dealer=0, trump=True)
    assert t.prefs_bytes()[3] == 4 and t.prefs_bytes()[-5] == 1
    t = table(dealer=0, skunk_double=True)
    assert t.prefs_bytes()[3] == 8 and t.prefs_bytes()[-5] == 2


def case_pin_prefs_refusals():
    t = table(dealer=0)
    good = t.prefs_bytes()
    assert refusal(prefs.load, t, good[:9]) == "Saved settings are not this scorekeeper's"
    assert refusal(prefs.load, t, b"Q" + good[1:]) == "Saved settings are not this scorekeeper's"
    for version in (0, 5):
        data = good[:1] + bytes((version,)) + good[2:]
        assert refusal(prefs.load, t, data) == (
            "Saved settings have version %d; this firmware reads version 4" % version)
    assert refusal(prefs.load, t, good[:-1]) == "Saved settings are truncated"
    assert refusal(prefs.load, t, good + b"\0") == "Saved settings are truncated"
    assert refusal(prefs.load, t, good[:12]) == "Saved settings are truncated"
    # Ten bytes, the head and two empty rules: long enough to be read, the
    # rules then refused.
    assert refusal(prefs.load, t, bytes((0x50, 1, 40, 1, 0, 60, 2, 3, 0, 0))) \
        == "Saved rules have the wrong length"
    rules = Rules().to_bytes()
    head = bytes((0x50, 1, 40, 1, 0, 60, 2, 3, len(rules))) + rules + bytes((len(rules),)) + rules
    # Version 1: no settings tail.
    assert refusal(prefs.load, t, head) is None
    assert t.contrast == 40 and t.flipped and t.sleep_s == 60 and t.tally == [2, 3]
    assert refusal(prefs.load, t, head + b"\0") == "Saved settings are truncated"
    # Version 2: the settings tail without the switches.
    t = table(dealer=0, trump=True, contrast=255, sleep_s=600)
    data = head[:1] + b"\2" + head[2:] + bytes((255, 2, 88))
    assert refusal(prefs.load, t, data) is None
    assert t.contrast == 40 and t.sleep_s == 60 and t.trump
    assert refusal(prefs.load, t, data[:-1]) == "Saved settings are truncated"


def case_pin_prefs_switches_come_back_under_the_same_settings():
    clock = Clock()
    t = table(dealer=0)
    _rules_row(t, clock, 13)
    play(t, clock, "OK S OK W")  # SHOW TRUMP on, SKUNK COUNTS 2 on
    assert t.trump and t.skunk_double
    data = t.prefs_bytes()
    again = table(dealer=0)
    prefs.load(again, data)
    play(again, clock, "S")
    assert again.screen_name == "suit"
    assert again.skunk_double
    # settings.toml changed since: its switches win.
    again = table(dealer=0, skunk_double=True)
    prefs.load(again, data)
    play(again, clock, "S")
    assert again.screen_name == "hand"


def _rules_row(t, clock, row):
    """The Rules page, ``row`` rows down."""
    play(t, clock, "OK*")
    items = 10 if not t.game.in_hand else 11
    play(t, clock, " ".join(["S"] * (items - 7)) + " OK")  # RULES
    play(t, clock, " ".join(["S"] * row))


def case_pin_rules_page_switches_and_from_settings():
    clock = Clock()
    t = table(dealer=0)
    serial = t.prefs_serial
    _rules_row(t, clock, 13)  # SHOW TRUMP
    play(t, clock, "OK W")  # saved back on the menu
    assert t.prefs_serial > serial and t.screen_name == "menu"
    play(t, clock, "W S")
    assert t.screen_name == "suit"
    play(t, clock, "N OK* OK OK* OK")
    _rules_row(t, clock, 13)
    play(t, clock, "E W W")  # E chooses too: off again
    play(t, clock, "S")
    assert t.screen_name == "hand"
    # Skunk counts two, chosen on the page, counts in the match tally.
    t = table(Rules(target=1), dealer=0)
    _rules_row(t, clock, 14)
    play(t, clock, "OK W W S OK E ~ N")
    assert t.tally == [2, 0]
    # From settings: the rules and both switches as settings.toml has them.
    t = table(Rules(target=5), dealer=0)
    _rules_row(t, clock, 0)
    play(t, clock, "OK N N OK N OK")  # target 7; skunk, trump on
    assert t.message is None
    play(t, clock, "S S OK")
    assert t.message == "AS IN SETTINGS.TOML: SAVED ON LEAVING"
    play(t, clock, "W")
    assert t.game.rules.target == 5 and not t.trump and not t.skunk_double
    assert not t.device_rules
    t = table(Rules(target=5), dealer=0, trump=True)
    _rules_row(t, clock, 13)
    play(t, clock, "OK S S OK W")  # trump off, then from settings: on again
    assert t.trump
    play(t, clock, "W S")
    assert t.screen_name == "suit"


def case_pin_rules_saved_now_or_for_the_next_game():
    clock = Clock()
    t = table(Rules(target=5), dealer=W)
    game_serial = t.game_serial
    prefs_serial = t.prefs_serial
    _rules_row(t, clock, 0)
    play(t, clock, "OK W")  # target 7
    assert t.message == "RULES SAVED"
    assert t.game.rules.target == 7 and t.game.dealer == W and t.game.action_count == 0
    assert t.device_rules and t.game_serial > game_serial and t.prefs_serial > prefs_serial
    play(t, clock, "~ W S")
    prefs_serial = t.prefs_serial
    game_serial = t.game_serial
    _rules_row(t, clock, 0)
    play(t, clock, "OK OK OK OK W")  # 10, 11, 15, 5: back to settings.toml's
    assert t.message == "SAVED FOR THE NEXT GAME. THIS GAME STAYS TO 7"
    assert t.game.rules.target == 7 and not t.device_rules
    assert t.prefs_serial > prefs_serial and t.game_serial == game_serial
    # Left unchanged: nothing said, nothing saved.
    prefs_serial = t.prefs_serial
    _rules_row(t, clock, 0)
    play(t, clock, "W")
    assert t.message is None and t.prefs_serial == prefs_serial
    # A target settings.toml set outside the page's choices: the first choice next.
    t = table(Rules(target=12), dealer=0)
    _rules_row(t, clock, 0)
    play(t, clock, "OK W")
    assert t.game.rules.target == 5


def case_pin_screen_drawn_again_after_a_resume_or_a_notice():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S N")
    data = t.prefs_bytes()
    # As the firmware resumes: the preferences, the actions replayed, the
    # game handed over, then the questions.
    again = table(dealer=0)
    buf = bytearray(1024)
    again.render(buf)
    prefs.load(again, data)
    assert again.render(buf) != 0
    again.game.extend(t.game.codes)
    again.replace_game(again.game, None, again.tally)
    restore.resumed(again)
    assert again.render(buf) != 0 and again.screen_name == "hand"
    again.notice("Stuck key", clock.step(10))
    assert again.render(buf) != 0 and again.screen_name == "notice"
    # A resumed set-back offer is drawn too.
    rules = Rules(setback=True)
    t = play(table(rules, dealer=0), clock, "S OK N ~ W OK E")
    again = table(rules, dealer=0)
    again.render(buf)
    again.replace_game(transcript.from_bytes(rules, transcript.to_bytes(t.game)), None, [0, 0])
    restore.resumed(again)
    assert again.render(buf) != 0 and again.screen_name == "banner"


def case_pin_first_dealer_from_the_clock_without_rand():
    for now_ms, dealer in ((7, W), (9, E), (4, N)):
        t = Table(Rules(), now_ms=now_ms)
        assert t.game.dealer == dealer


def case_pin_presses_limits():
    for keys in (1, 8):
        Presses(keys=keys)
    for keys in (0, 9):
        assert refusal(Presses, keys) == "between 1 and 8 keys"
    Presses(bounce_ms=0)
    Presses(5, 16, 17, 15)
    for timings in ((600, 20000, -1), (600, 600, 15), (600, 20000, 600), (600, 500, 15)):
        assert refusal(Presses, 5, *timings) == "need 0 <= bounce_ms < long_ms < stuck_ms"
    presses = Presses()
    presses.down(4, 0)
    # Five keys by default: key 5 is none of them.
    try:
        presses.down(5, 0)
        five = True
    except IndexError:
        five = False
    assert not five


def case_pin_presses_default_timings():
    presses = Presses()
    presses.down(0, 0)
    assert presses.up(0, 15) == SHORT << 3 | 0  # 15 ms is a press, not a bounce
    presses.down(0, 100)
    assert presses.up(0, 114) == 0
    presses.down(1, 0)
    assert presses.up(1, 599) == SHORT << 3 | 1  # let go before the long press fired
    presses.down(1, 1000)
    # Held to 600 ms, let go before the loop polled: that long press.
    assert presses.up(1, 1600) == LONG << 3 | 1
    presses.down(2, 0)
    assert presses.poll(599) == 0 and presses.poll(600) == LONG << 3 | 2
    assert presses.poll(19999) == 0 and presses.poll(20000) == STUCK << 3 | 2
    assert presses.any_held() is False and presses.stuck(2)
    presses.down(3, 0)
    assert presses.any_held() is True
    assert presses.poll(600) == LONG << 3 | 3
    assert presses.any_held() is True and presses.held(3)
    presses.release_all()
    assert not presses.any_held() and not presses.held(3) and not presses.stuck(2)
    assert presses.up(3, 700) == 0 and presses.up(2, 700) == 0


def case_pin_prefs_flags_and_rules_come_back_as_saved():
    clock = Clock()
    plain = table(dealer=0).prefs_bytes()
    t = table(dealer=0, flipped=True)
    prefs.load(t, plain)
    assert not t.flipped and not t.trump and not t.skunk_double and not t.device_rules
    # Rules saved as settings.toml's follow settings.toml when it changed.
    t = table(Rules(target=5), dealer=2)
    prefs.load(t, plain)
    assert t.next_rules.target == 5
    assert t.game.rules.target == 10 and t.game.dealer == 2 and t.game.action_count == 0
    # A game under way keeps its rules and its actions.
    t = play(table(Rules(target=5), dealer=0), clock, "S N")
    prefs.load(t, plain)
    assert t.game.rules.target == 5 and t.game.tricks == [1, 0]
    # A sleep time over 65535 s is saved as 65535, and comes back while
    # settings.toml says the same.
    t = table(dealer=0, sleep_s=70000)
    data = t.prefs_bytes()
    again = table(dealer=0, sleep_s=70000)
    prefs.load(again, data)
    assert again.sleep_s == 65535


def case_pin_display_page_saves_once_on_leaving():
    clock = Clock()
    t = table(dealer=0)
    serial = t.prefs_serial
    play(t, clock, "OK* N N N N OK OK W")  # Display: brightness changed
    assert t.prefs_serial == serial + 1
    play(t, clock, "OK* W")  # the menu again: nothing more to save
    assert t.prefs_serial == serial + 1
    play(t, clock, "OK* N N N N OK S OK")  # flipped
    assert t.message == "READ FROM N SIDE. ANY KEY: CLOSE"
    play(t, clock, "E")  # only closes the message
    assert t.screen_name == "options" and t.prefs_serial == serial + 1
    play(t, clock, "E")  # E is now at the left: back
    assert t.prefs_serial == serial + 2 and t.flipped and t.screen_name == "menu"
    play(t, clock, "OK* S S S S OK E")  # nothing changed (the list's keys turned too)
    assert t.prefs_serial == serial + 2 and t.screen_name == "menu"
    play(t, clock, "E")
    assert t.prefs_serial == serial + 2 and t.screen_name == "score"


def case_pin_from_settings_saves_the_switches_it_puts_back():
    clock = Clock()
    t = table(dealer=0, trump=True)
    _rules_row(t, clock, 13)
    play(t, clock, "OK W")  # trump off
    assert not t.trump
    serial = t.prefs_serial
    _rules_row(t, clock, 15)
    play(t, clock, "OK")
    assert t.message == "AS IN SETTINGS.TOML: SAVED ON LEAVING"
    play(t, clock, "W")
    assert t.trump and t.prefs_serial > serial


def case_pin_screens_load_when_first_needed():
    import ui.registry as screens

    loaded = dict(screens._LOADED)
    try:
        for name in screens.HAND_SCREENS + ("menu", "pick"):
            screens._LOADED.pop(name, None)
        clock = Clock()
        t = play(table(dealer=0), clock, "S")
        assert t.screen_name == "hand"
        screens.load_screens(screens.HAND_SCREENS)
        for name in screens.HAND_SCREENS:
            assert screens.module(name).__name__ == "ui." + name
        play(t, clock, "OK E ~ OK* S S OK")
        assert t.screen_name == "pick"
    finally:
        screens._LOADED.clear()
        screens._LOADED.update(loaded)


def case_pin_every_new_game_saves_the_tally():
    clock = Clock()
    t = table(Rules(target=1), dealer=0)
    seen = [t.prefs_serial]
    for keys in ("S OK E ~ N", "OK* N N OK E E", "OK* N OK E S", "S OK E ~ W", "OK* OK"):
        play(t, clock, keys)
        assert t.prefs_serial not in seen, keys
        seen.append(t.prefs_serial)


def case_pin_switch_turned_off_stays_off_under_the_same_settings():
    clock = Clock()
    t = table(dealer=0, trump=True)
    _rules_row(t, clock, 13)
    play(t, clock, "OK W W")  # SHOW TRUMP off
    again = table(dealer=0, trump=True)
    prefs.load(again, t.prefs_bytes())
    assert not again.trump and not again.skunk_double
    play(again, clock, "S")
    assert again.screen_name == "hand"
