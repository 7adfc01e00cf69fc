"""Table UI cases, the questions a table answers and the ways back: the trump
suit, "who deals first?" and a set-back offered wait for their answer
(through the menu as through a power cut); the pages of the menu go back
to it; the banner's seat keys act; messages say what the keys do.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import export, menu
from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, find_text, frame, press, settle,
                     table, choose, power_cut)


def case_ui_trump_suit_comes_back_until_answered():
    clock = Clock()
    t = table(dealer=0, trump=True)
    press(t, clock, E)  # East calls: which suit?
    assert t.screen_name == "suit"
    press(t, clock, OK, long=True)
    press(t, clock, W)  # out of the menu: the question again
    assert t.screen_name == "suit" and t.game.trump is None
    again = power_cut(t, trump=True)
    assert again.screen_name == "suit" and again.game.caller == E
    press(again, clock, E)  # hearts
    assert again.game.trump == "H" and again.screen_name == "hand"
    # Skipped (OK), the question is answered: the menu leaves it alone.
    press(t, clock, OK)
    assert t.screen_name == "hand"
    press(t, clock, OK, long=True)
    press(t, clock, W)
    assert t.screen_name == "hand"
    # Once a trick is played, no suit is asked for any more.
    press(t, clock, N)
    assert power_cut(t, trump=True).screen_name == "hand"


def case_ui_who_deals_first_waits_for_its_answer():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)  # a hand under way
    old = t.game
    choose(t, clock, menu.ITEM_NEW_GAME)
    press(t, clock, E)  # yes: who deals first?
    assert t.screen_name == "pick"
    press(t, clock, OK, long=True)
    # Nothing in this menu acts on the game New game ends.
    assert t.page.rows == [menu.ITEM_UNDO, menu.ITEM_RULES, menu.ITEM_STATS, menu.ITEM_HISTORY,
                       menu.ITEM_DISPLAY, menu.ITEM_EXPORT, menu.ITEM_NEW_GAME, menu.ITEM_RESET]
    assert find_text(frame(t), 1, "UNDO: KEEP OLD GAME", inverse=True) >= 0
    press(t, clock, W)  # back: the question again
    assert t.screen_name == "pick" and t.game is old
    choose(t, clock, menu.ITEM_RULES)
    press(t, clock, W)  # Rules: back to the menu
    assert t.screen_name == "menu"
    press(t, clock, W)
    assert t.screen_name == "pick" and find_text(frame(t), 2, "WHO DEALS FIRST?") >= 0
    press(t, clock, S)
    assert t.game is not old and t.game.dealer == S and t.screen_name == "score"
    # Undo keeps the old game, and says so.
    choose(t, clock, menu.ITEM_NEW_GAME)
    press(t, clock, E)
    newer = t.game
    press(t, clock, OK, long=True)
    press(t, clock, OK)
    assert t.message == "NO NEW GAME: OLD ONE KEPT"
    assert t.game is newer and t.screen_name == "score"


def _set_back_offered(**options):
    """E-W have a point, N-S march: the banner offers SET BACK."""
    clock = Clock()
    t = table(Rules(setback=True), dealer=0, **options)
    t.game.adjust(1, 1)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)
    return t, clock


def case_ui_a_double_tap_does_not_answer_the_set_back_offer():
    # The result's key (S, euchred, or the last trick's) tapped twice as
    # the hand ends: the second tap gets the offer in words, and sets
    # nothing back; from half a second on, S sets back.
    t, clock = _set_back_offered()
    t.press(S, False, clock.step(300))
    assert t.screen_name == "banner" and t.game.scores == [2, 1] and t.game.may_set_back
    assert t.message == "S: SET BACK, OK: KEEP THE POINTS"
    t.press(S, False, clock.step(200))  # past half a second since the hand ended
    assert t.screen_name == "score" and t.game.scores == [0, 0]


def case_ui_set_back_offer_waits_through_thechoose():
    t, clock = _set_back_offered()
    assert t.screen_name == "banner"
    press(t, clock, OK, long=True)
    press(t, clock, W)  # out of the menu: the offer again, as after a power cut
    assert t.screen_name == "banner"
    assert power_cut(t).screen_name == "banner"
    press(t, clock, OK)  # keep the points: answered
    settle(t, clock)
    assert t.screen_name == "score"
    press(t, clock, OK, long=True)
    press(t, clock, W)
    assert t.screen_name == "score" and t.game.scores == [2, 1]


def case_ui_set_back_on_the_winning_hand_says_the_win_goes():
    t, clock = _set_back_offered()
    assert find_text(frame(t), 6, "SET BACK TO ") >= 0
    assert find_text(frame(t), 6, "NO WIN") < 0
    clock = Clock()
    t = table(Rules(setback=True, target=2), dealer=0)
    t.game.adjust(1, 1)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # N-S march to 2: the game is won
    assert t.screen_name == "banner" and t.game.over
    # Set back, 2-1 is 0-0 (E-W had 1 point of the 2 to lose): nobody's win.
    assert find_text(frame(t), 6, "SET BACK 0-0: NO WIN") >= 0
    press(t, clock, N)
    assert t.message == "S: SET BACK, OK: KEEP THE WIN"


def case_ui_set_back_that_leaves_the_win_or_finds_none_says_no_win_nowhere():
    # Win by two: 12-9 set back is 10-7, still won.
    clock = Clock()
    t = table(Rules(setback=True, win_by_two=True), dealer=0)
    for team, points in ((0, 8), (1, 8), (1, 1), (0, 2)):
        t.game.adjust(team, points)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # N-S march: 12-9, won
    assert t.screen_name == "banner" and t.game.winner == 0
    assert find_text(frame(t), 6, "SET BACK TO 10-7") >= 0
    assert find_text(frame(t), 6, "NO WIN") < 0
    press(t, clock, N)
    assert t.message == "S: SET BACK, OK: KEEP THE POINTS"
    # Progressive, a tie after the last hand: no win to take away.
    t = table(Rules(setback=True, hands=1), dealer=0)
    t.game.adjust(1, 2)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # N-S march: 2-2, the hands are played
    assert t.screen_name == "banner" and t.game.over and t.game.winner is None
    assert find_text(frame(t), 6, "SET BACK TO 0-0") >= 0
    assert find_text(frame(t), 6, "NO WIN") < 0
    press(t, clock, N)
    assert t.message == "S: SET BACK, OK: KEEP THE POINTS"


def case_ui_the_seat_pickers_side_labels_keep_apart():
    # Beside the left and right keys: a name on the middle line, a name of
    # two words over two lines; two names that would meet across the
    # middle (20 letters: 118 of the 112 columns between the triangles)
    # sit a line apart, the right one lower.
    clock = Clock()
    for west, east, apart in (("Alexandria", "Bartholome", True),
                              ("Alexandria", "Bartholom", False),
                              ("Alexandri", "Bartholome", False)):
        t = Table(Rules(), names=("Ann", east, "Cat", west), game=Game(Rules(), dealer=0))
        choose(t, clock, menu.ITEM_DEALER)
        assert t.screen_name == "pick"
        buf = frame(t)
        assert find_text(buf, 3, west.upper()) == 6, west
        right = 123 - 6 * len(east)
        assert find_text(buf, 4 if apart else 3, east.upper()) == right, (west, east)
        assert find_text(buf, 3 if apart else 4, east.upper()) < 0
    t = Table(Rules(), names=("Ann", "Jo Barth", "Cat", "A Lexandra"),
              game=Game(Rules(), dealer=0))
    choose(t, clock, menu.ITEM_DEALER)
    buf = frame(t)
    # Over eight letters with a space: two lines, each word at its side.
    assert find_text(buf, 3, "A") == 6 and find_text(buf, 4, "LEXANDRA") == 6
    assert find_text(buf, 3, "A LEXANDRA") < 0
    assert find_text(buf, 3, "JO BARTH") == 123 - 6 * 8  # eight letters: one line


def case_ui_dealer_line_says_first_until_a_call_or_misdeal():
    clock = Clock()
    t = table(dealer=0)
    choose(t, clock, menu.ITEM_DEALER)
    press(t, clock, W)  # West deals (a dealer set by hand)
    settle(t, clock)
    assert find_text(frame(t), 6, "DAN DEALS FIRST") >= 0
    choose(t, clock, menu.ITEM_ADJUST)
    press(t, clock, N)
    press(t, clock, OK)
    settle(t, clock)
    assert find_text(frame(t), 6, "DAN DEALS FIRST") >= 0
    press(t, clock, OK)  # "all passed?"
    press(t, clock, OK)  # yes: the deal moves left
    settle(t, clock)
    buf = frame(t)
    assert find_text(buf, 6, "ANN DEALS") >= 0 and find_text(buf, 6, "FIRST") < 0


def case_ui_export_names_the_dealer_of_the_hand_passed():
    clock = Clock()
    lines = []
    t = table(Rules(setback=True), dealer=0, out=lines.append)
    press(t, clock, OK)  # "all passed?"
    press(t, clock, OK)  # North's deal passed: East deals
    t.game.adjust(1, 1)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # East's deal, N-S march
    press(t, clock, S)  # set back
    rows = export.export_lines(t)
    assert rows[1].split(",")[1:3] == ["PASS", "ANN"]
    assert rows[-2].split(",")[1:3] == ["RESULT MARCH", "BOB"]
    assert rows[-1].split(",")[1:3] == ["SET BACK", "BOB"]


def case_ui_blind_question_names_its_labels():
    clock = Clock()
    t = table(Rules(blind_loner=True), dealer=0)
    press(t, clock, N, long=True)
    assert t.screen_name == "ask"
    press(t, clock, N)
    assert t.message == "E: BLIND, W: LOOKING, OK: BACK"
    t = table(Rules(canadian_loner=True), dealer=0)
    press(t, clock, S)
    press(t, clock, S)
    assert t.message == "E: YES ALONE, W: NO, OK: BACK"


def case_ui_resumed_between_hands_says_nothing_was_called():
    clock = Clock()
    t = table(Rules(canadian_loner=True), dealer=0)
    press(t, clock, N)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # a hand scored
    settle(t, clock)
    press(t, clock, W)  # East deals: West is the partner, "ordered up?"
    assert t.screen_name == "ask"
    again = power_cut(t)
    assert again.screen_name == "score" and again.message == "RESUMED: NO CALL YET"


def case_ui_a_seat_key_on_the_banner_closes_it_and_calls():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # N-S march: the banner
    assert t.screen_name == "banner"
    press(t, clock, W, long=True)  # West calls alone, at once
    assert t.screen_name == "hand" and t.game.caller == W and t.game.lone_seat == W
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # undo the call
    press(t, clock, OK)  # "all passed?"
    press(t, clock, OK)  # everybody passed
    press(t, clock, S)
    press(t, clock, OK)
    press(t, clock, E)
    assert t.screen_name == "banner"
    codes = t.game.codes
    press(t, clock, OK)  # OK only closes it: no pass
    assert t.screen_name == "score" and t.game.codes == codes
    # The last trick's key tapped twice: the second tap, 300 ms after the
    # hand ended, only closes the banner; nobody calls the next hand yet.
    t = table(dealer=0)
    for _ in range(6):
        press(t, clock, N)  # North calls and takes all five
    assert t.screen_name == "banner" and t.game.scores == [2, 0]
    t.press(N, False, clock.step(300))
    t.tick(clock.step(10))
    assert t.screen_name == "score" and not t.game.in_hand and t.game.action_count == 6
    # From half a second on, a seat key on the banner is a call.
    for _ in range(6):
        press(t, clock, E)  # East calls and takes all five
    assert t.screen_name == "banner"
    t.press(W, False, clock.step(490))  # the banner opened 10 ms before the tick
    assert t.screen_name == "hand" and t.game.caller == W
    # The game-winning hand's banner: a seat key only closes it.
    t = table(Rules(target=2), dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)
    assert t.screen_name == "banner" and t.game.over
    press(t, clock, N)
    assert t.screen_name == "over" and t.game.winner == 0 and t.game.scores == [2, 0]


def case_ui_notice_says_the_key_only_closes_it():
    t = table()
    t.notice("Key N stuck: ignored", 0)
    buf = frame(t)
    assert find_text(buf, 7, "ANY KEY: CLOSE") >= 0 and find_text(buf, 7, "OK") < 0


def case_ui_pages_of_the_menu_go_back_to_it():
    clock = Clock()
    t = table(dealer=0)
    for item in (menu.ITEM_STATS, menu.ITEM_HISTORY, menu.ITEM_RULES, menu.ITEM_DISPLAY):
        choose(t, clock, item)
        press(t, clock, W)
        assert t.screen_name == "menu" and t.page.rows[t.page.cursor] == item, item
    choose(t, clock, menu.ITEM_DEALER)
    press(t, clock, OK)  # the picker's back
    assert t.screen_name == "menu" and t.page.rows[t.page.cursor] == menu.ITEM_DEALER
    press(t, clock, W)
    assert t.screen_name == "score" and t.game.action_count == 0
    choose(t, clock, menu.ITEM_NEW_GAME)
    press(t, clock, W)  # no
    assert t.screen_name == "menu" and t.page.rows[t.page.cursor] == menu.ITEM_NEW_GAME
    choose(t, clock, menu.ITEM_STATS)
    press(t, clock, OK)  # Stats: OK is back too
    assert t.screen_name == "menu"
