"""Table UI cases, the list pages read by a first-time table: History says
what happened in each hand and which way the hands are; Stats keeps the
teams' names apart.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from euchre_core import reports
from ui import menu
from ui_read import N, OK, S, Clock, Game, Rules, Table, find_text, frame, press, table


def history_rows(t, clock):
    """History opened from the menu: its picture."""
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_HISTORY)):
        press(t, clock, S)
    press(t, clock, OK)
    assert t.screen_name == "history"
    buf = frame(t)
    return buf


def case_ui_history_says_what_happened():
    clock = Clock()
    rules = Rules(canadian_loner=True, setback=True, target=99)
    game = Game(rules, dealer=1)
    t = Table(rules, names=("Ann", "Bob", "Cat", "Dan"), teams=("N-S", "E-W"), game=game)
    game.call(3, ordered_up=True)  # West orders up the dealer: alone, forced
    game.finish(0)  # and is euchred: +2 N-S
    game.call(3, ordered_up=True)  # West again (E deals): no question, a plain call
    game.finish(1)  # euchred: +2 N-S
    game.call(0, alone=True)  # North alone, East defends alone and euchres
    game.defend_alone(1)
    game.finish(0)
    game.call(1)
    game.finish(5)  # E-W march, +2, and take them off N-S instead
    game.set_back()
    rows = [reports.hand(game, n) for n in range(1, 5)]
    assert [h.kind for h in rows] == ["euchre", "euchre", "lone_defense", "march"]
    buf = history_rows(t, clock)
    assert find_text(buf, 1, "1 DAN EUCHRED") == 3 and find_text(buf, 1, "+2 N-S") > 64
    assert find_text(buf, 2, "2 DAN EUCHRED") == 3
    # The lone defender is named, not the maker she euchred.
    assert find_text(buf, 3, "3 BOB LONE DEF") == 3 and find_text(buf, 3, "+4 E-W") > 64
    # The team that set the other back, and what the other lost.
    assert find_text(buf, 4, "4 E-W SETBACK") == 3 and find_text(buf, 4, "-2 N-S") > 64


def case_ui_history_says_which_way_the_hands_are():
    clock = Clock()
    t = table(Rules(target=99), dealer=3)
    for _ in range(8):
        t.game.call(0)
        t.game.finish(5)
    buf = history_rows(t, clock)
    # It opens at the newest hand, at the bottom: the top key goes back.
    assert find_text(buf, 6, "8 ANN MARCH") == 3
    assert find_text(buf, 7, "N:OLDER") == 2 and find_text(buf, 7, "S:NEWER") < 0
    press(t, clock, S)
    assert t.message == "NO NEWER HANDS. N:OLDER" and t.page.top == 2
    buf = frame(t)  # the key and its way on a line of their own
    assert find_text(buf, 3, "NO NEWER HANDS.") >= 0 and find_text(buf, 4, "N:OLDER") >= 0
    press(t, clock, N)
    buf = frame(t)
    assert find_text(buf, 7, "N:OLDER") == 2 and find_text(buf, 7, "S:NEWER") == 126 - 41
    press(t, clock, N)
    assert t.page.top == 0 and find_text(frame(t), 7, "N:OLDER") < 0
    press(t, clock, N)
    assert t.message == "NO OLDER HANDS. S:NEWER" and t.page.top == 0
    # Flipped, each hint names the letter on the key beside it.
    t.flipped = True
    press(t, clock, S)  # the N key, at the bottom of the turned picture
    assert t.message == "NO OLDER HANDS. N:NEWER" and t.page.top == 0
    assert find_text(frame(t), 7, "N:NEWER") == 126 - 41


def case_ui_stats_keeps_the_teams_apart():
    clock = Clock()
    t = Table(Rules(), names=("Ann", "Bob", "Cat", "Dan"), teams=("Rock'n'Ro", "@Home Tea"),
              game=Game(Rules(), dealer=0))
    t.game.call(1)
    t.game.finish(0)  # E-W called and were euchred: N-S +2
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_STATS)):
        press(t, clock, S)
    press(t, clock, OK)
    assert t.screen_name == "stats"
    buf = frame(t)
    # Whole names, each at its own edge, as on the score screen, a gap between.
    assert find_text(buf, 1, "ROCK'N'RO") == 3 and find_text(buf, 1, "@HOME TEA") == 126 - 53
    # What a row counts stands apart from both figures; euchred one way or
    # the other is said in words that do not look alike.
    assert find_text(buf, 4, "GOT EUCHRED") == 64 - 33
    assert find_text(buf, 4, "0") == 3 and find_text(buf, 4, "1") == 121
    assert find_text(buf, 5, "EUCHRED THEM") == 64 - 36
    assert find_text(buf, 5, "1") == 3 and find_text(buf, 5, "0") == 121
    assert find_text(buf, 6, "0/0") == 3 and find_text(buf, 6, "LONERS MADE") == 31
