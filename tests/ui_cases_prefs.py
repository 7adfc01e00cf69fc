"""Table UI cases, persistence: prefs saved and restored, bad data refused.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import prefs, restore
from ui_read import (N, Clock, Rules, find_text, frame, press, table, text_at)


def case_ui_prefs_round_trip():
    clock = Clock()
    t = table(Rules(target=7), dealer=0)
    t.tally = [2, 1]
    t.contrast = 96
    t.flipped = True
    t.sleep_s = 300
    t.next_rules = Rules(target=11)
    t.device_rules = True
    press(t, clock, N)
    data = t.prefs_bytes()
    # As the firmware resumes (firmware/house_rules.py): the preferences,
    # with the game's rules, then the saved actions replayed.
    restored = table(Rules(target=10), dealer=t.game.start_dealer)
    prefs.load(restored, data)
    restored.game.extend(t.game.codes)
    restore.resumed(restored)
    assert restored.tally == [2, 1] and restored.contrast == 96
    assert restored.flipped and restored.sleep_s == 300
    assert restored.game.rules.target == 7 and restored.next_rules.target == 11
    assert restored.game == t.game and restored.screen_name == "hand"


def case_ui_settings_edited_after_a_device_change_win():
    t = table(contrast=200, sleep_s=600)
    t.contrast = 64      # chosen in the Display menu
    t.sleep_s = 120
    data = t.prefs_bytes()
    same = table(contrast=200, sleep_s=600)
    prefs.load(same, data)
    assert (same.contrast, same.sleep_s) == (64, 120)
    # Each value stands on its own: an edit of one keeps the device's other.
    edited = table(contrast=150, sleep_s=600)   # settings.toml's contrast changed since
    prefs.load(edited, data)
    assert (edited.contrast, edited.sleep_s) == (150, 120)
    edited = table(contrast=200, sleep_s=60)    # its sleep time changed since
    prefs.load(edited, data)
    assert (edited.contrast, edited.sleep_s) == (64, 60)
    edited = table(contrast=150, sleep_s=60)    # both
    prefs.load(edited, data)
    assert (edited.contrast, edited.sleep_s) == (150, 60)


def case_ui_the_preferences_format_is_let_go_after_each_save():
    # ui.prefs loads for a whole record (a few times an evening) and goes
    # with it: play does not hold it. The next save loads it again.
    import sys

    t = table(Rules(target=7), dealer=2)
    data = t.prefs_bytes()
    assert "ui.prefs" not in sys.modules and not hasattr(sys.modules["ui"], "prefs")
    assert t.prefs_bytes() == data and "ui.prefs" not in sys.modules
    restored = table(Rules(), dealer=2)
    prefs.load(restored, data)
    assert restored.game.rules.target == 7


def case_ui_prefs_version_1_still_loads():
    t = table()
    t.contrast = 64
    v4 = t.prefs_bytes()
    v1 = bytes((v4[0], 1)) + v4[2:-8]
    restored = table()
    prefs.load(restored, v1)
    assert restored.contrast == 64


def case_ui_prefs_version_2_still_loads_keeping_the_settings_switches():
    t = table(trump=True)
    t.contrast = 64
    t.skunk_double = True
    v4 = t.prefs_bytes()
    v2 = bytes((v4[0], 2, v4[2], v4[3] & 3)) + v4[4:-5]
    restored = table(trump=True)
    prefs.load(restored, v2)
    assert restored.contrast == 64
    assert restored.trump and not restored.skunk_double


def case_ui_switches_saved_until_settings_change_them():
    t = table()
    t.trump = True          # chosen in the Rules menu
    t.skunk_double = True
    data = t.prefs_bytes()
    same = table()
    prefs.load(same, data)
    assert same.trump and same.skunk_double
    edited = table(skunk_double=True)   # settings.toml edited since: it wins
    prefs.load(edited, data)
    assert not edited.trump and edited.skunk_double


def case_ui_bad_prefs_are_refused():
    t = table()
    good = t.prefs_bytes()
    for bad in (b"", b"junk", bytes((0x50, 9)) + good[2:], good[:-1], good + b"\0"):
        try:
            prefs.load(t, bad)
        except ValueError:
            continue
        raise AssertionError("accepted " + repr(bad))
    assert t.tally == [0, 0]


def case_ui_text_reads_back():
    t = table()
    buf = frame(t)
    x = find_text(buf, 0, "THEM")
    assert text_at(buf, x, 0, 4) == "THEM"
