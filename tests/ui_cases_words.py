"""Table UI cases, words a first-time table reads without the manual: the
Rules page of a progressive game, History's and Stats' team names, the
score screen's dash, the misdeal question around the South marker, the
quick result's banner line.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui_read import E, N, OK, S, W, Clock, Rules, find_text, frame, press, table


def _rules_page(t, clock):
    press(t, clock, OK, long=True)
    for _ in range(3):
        press(t, clock, S)
    press(t, clock, OK)
    assert t.screen_name == "options"


def case_ui_a_progressive_game_has_no_target_on_the_rules_page():
    clock = Clock()
    t = table(Rules(hands=8), dealer=0)
    _rules_page(t, clock)
    buf = frame(t)
    # The target row says what ends the game instead of a target.
    assert find_text(buf, 1, "TARGET", True) == 3
    assert find_text(buf, 1, "8 HANDS", True) > 60 and find_text(buf, 1, "10", True) < 0
    press(t, clock, OK)  # no target to change: says why, changes nothing
    assert t.page.draft.target == 10 and t.message == "NO TARGET: 8 HANDS, SEE PROGRESSIVE"
    press(t, clock, W)
    assert t.next_rules.target == 10
