"""Table UI cases, words a first-time table reads without the manual: the
Rules page of a progressive game and its words for each rule's choice,
History's and Stats' team names, the score screen's dash, the misdeal
question around the South marker, the quick result's banner line, a progressive
game's hand count on the bottom line.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import menu
from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, find_text, frame, markers, press,
                     read_score, table)


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


def _south_deals(names):
    clock = Clock()
    t = Table(Rules(), names=names, teams=("Us", "Them"), game=Game(Rules(), dealer=S))
    press(t, clock, OK)  # "all passed?": West would deal
    return frame(t)


def case_ui_a_ten_letter_dealer_reads_in_the_band_when_south_does_not_deal():
    # Away from South's deal the band's second line is a whole line: a
    # 10-letter name and its word fit there, the digits stay in sight
    # (beside the South marker they would not, and the box would show).
    clock = Clock()
    t = Table(Rules(), names=("North", "Alexandria", "South", "West"), teams=("Us", "Them"),
              game=Game(Rules(), dealer=N))
    press(t, clock, OK)  # "all passed?": East would deal
    buf = frame(t)
    assert find_text(buf, 6, "ALL PASSED? OK AGAIN:", True) >= 0
    assert find_text(buf, 7, "ALEXANDRIA DEALS", True) >= 0
    assert markers(buf) == [N] and read_score(buf) == (0, 0)


def case_ui_the_misdeal_question_reads_whole_beside_the_south_marker():
    buf = _south_deals(("North", "East", "South", "West"))
    assert find_text(buf, 6, "ALL PASSED? OK AGAIN:", True) >= 0
    # The next dealer's line whole at the left of the marker (columns 60..69),
    # under the digits.
    at = find_text(buf, 7, "WEST DEALS", True)
    assert 0 <= at and at + 59 <= 60 and markers(buf) == [S] and read_score(buf) == (0, 0)
    # A name too long for that: the halves around the marker, the digits
    # still in sight.
    buf = _south_deals(("North", "East", "South", "Westman"))
    assert find_text(buf, 7, "WESTMAN", True) >= 0 and find_text(buf, 7, "DEALS", True) > 69
    assert markers(buf) == [S] and read_score(buf) == (0, 0)


def _dash_gaps(buf):
    """Dark columns on the dash's page (3) between the N-S number, the dash
    and the E-W number: (before the dash, after it)."""
    row = [buf[3 * 128 + x] for x in range(128)]
    dash = [x for x in range(40, 90) if row[x] == 0x18]
    left = max(x for x in range(dash[0]) if row[x] and row[x] != 0x18)
    right = min(x for x in range(dash[-1] + 1, 128) if row[x])
    return dash[0] - left - 1, right - dash[-1] - 1


def case_ui_the_score_dash_stands_midway_between_the_numbers():
    # "10 - 0", "0 - 20", "0 - 0": as far from either number (digits that
    # fill their cells: a big 1 stands at the right of its own).
    for team, points in ((0, (8, 2)), (1, (8, 8, 4)), (None, ())):
        game = Game(Rules(target=25), dealer=0)
        for change in points:
            game.adjust(team, change)
        before, after = _dash_gaps(frame(Table(Rules(target=25), game=game)))
        assert 0 <= before - after <= 2 and after >= 8, (game.scores, before, after)


def _history(names, teams):
    """History of a Robson game with the trump suit shown: nine hands made
    by East, a march of North's set back, a lone hand of South's."""
    rules = Rules(target=99, setback=True)
    game = Game(rules, dealer=0)
    for _ in range(9):
        game.call(E, suit="H")
        game.finish(3)
    game.call(N, suit="S")
    game.finish(5)
    game.set_back()
    game.call(S, alone=True, suit="D")
    game.finish(3)
    clock = Clock()
    t = Table(rules, names=names, teams=teams, game=game, trump=True)
    press(t, clock, OK, long=True)
    while t.page.rows[t.page.cursor] != menu.ITEM_HISTORY:
        press(t, clock, S)
    press(t, clock, OK)
    assert t.screen_name == "history"
    return frame(t)


def _row(buf, left, right):
    """The page on which a History row reads ``left`` ... ``right``."""
    for page in range(1, 7):
        if find_text(buf, page, left) >= 0 and find_text(buf, page, right) > 64:
            return page
    raise AssertionError(left + " ... " + right)


def case_ui_history_tells_teams_and_players_named_alike_apart():
    # Team names that do not fit whole: the seat pairs, never "NORT" twice;
    # SETBACK whole; a player's name cut alike another's: the seat.
    buf = _history(("Northrop", "East", "Northcott", "West"), ("Northeast", "Northwest"))
    assert find_text(buf, 6, "NORT") < 0
    assert _row(buf, " SETBACK", "-2 E-W") == 5
    assert _row(buf, " S ALONE", "+1 N-S") == 6
    assert _row(buf, " EAST MADE", "+1 E-W") == 1
    # Names that fit stay whole.
    buf = _history(("Ann", "Bob", "Cat", "Dan"), ("Us", "Them"))
    assert _row(buf, " CAT ALONE", "+1 US") == 6
    # SETBACK whole, the team that set back left out only when it does
    # not fit whole (the right side names the team set back).
    assert _row(buf, "10", "-2 THEM") == 5 and find_text(buf, 5, "SETBACK") == 3 + 6 * 4
    assert find_text(buf, 5, "US") < 0


def case_ui_stats_keeps_long_team_names_apart():
    # Two team names of 9 letters (the most settings.toml takes): each
    # whole over its column, a gap of two characters at least between.
    clock = Clock()
    t = Table(Rules(), teams=("Northeast", "Northwest"), game=Game(Rules(), dealer=0))
    press(t, clock, OK, long=True)
    while t.page.rows[t.page.cursor] != menu.ITEM_STATS:
        press(t, clock, S)
    press(t, clock, OK)
    buf = frame(t)
    left = find_text(buf, 1, "NORTHEAST")
    right = find_text(buf, 1, "NORTHWEST")
    assert left == 3 and right + 6 * 9 - 1 == 126 and right - (left + 6 * 9) >= 12


def case_ui_the_rules_page_words_each_choice_of_a_word_rule():
    from ui import options
    clock = Clock()
    for defend, lead, shown in (("4", "loner_left", ("4 PTS", "LONER+1")),
                                ("2_4", "dealer_left", ("2 OR 4", "DEALER+1")),
                                ("off", "loner_left", ("NO", "LONER+1"))):
        rules = Rules(defender_alone=defend, lead=lead)
        t = Table(rules, game=Game(rules, dealer=N))
        _rules_page(t, clock)
        rows = dict(options.rows(t))
        assert (rows["DEFEND ALONE"], rows["FIRST LEAD"]) == shown, defend


def case_ui_the_bottom_line_counts_ten_hands_or_more_as_a_fraction():
    # "HAND 1 OF 9", its words 3 columns apart after each word's blank one;
    # from 10 hands on, "HAND 1/10", as narrow.
    for hands, word, at in ((9, "OF", 38), (10, "1/10", 29)):
        buf = frame(table(Rules(hands=hands), dealer=0))
        assert find_text(buf, 7, "HAND") == 2
        assert find_text(buf, 7, word) == at
