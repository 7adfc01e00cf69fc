"""Table UI cases, what a player would notice: the match tally through New
game, Reset match and Undo; the answers to the questions before a call; the
set-back offer (and after a power cut); banners and messages running out.

The table is driven by presses and read by what it shows, says and records
(the game). Plain functions: tests/test_ui_cases.py runs them on CPython and,
through tests/mp_run.py, under the MicroPython unix port."""

from ui import menu
from ui_read import (E, N, NEW_GAME, RESET, S, W, play, Clock, Rules, find_text, find_text2,
                     frame, markers, power_cut, read_score, redraw, said, settle, table, tally)

CANADIAN = Rules(canadian_loner=True)
ROBSON = Rules(setback=True, blind_loner=True)
WIN_NS = "S OK E ~"  # to 1: S calls and marches
WIN_EW = "E OK E ~"


def case_pin_reset_match_zeroes_the_tally_new_game_keeps_it():
    clock = Clock()
    t = table(Rules(target=1), dealer=0)
    play(t, clock, WIN_NS + " N " + WIN_NS + " E " + WIN_EW + " W")
    assert tally(t) == (2, 1)
    play(t, clock, NEW_GAME)
    assert find_text2(frame(t), 0, "NEW GAME?") >= 0
    play(t, clock, "E S")  # yes; S deals first
    assert tally(t) == (2, 1) and t.game.dealer == S and t.game.action_count == 0
    play(t, clock, RESET)
    buf = frame(t)
    assert find_text2(buf, 0, "RESET?") >= 0 and find_text(buf, 5, "MATCH TALLY TO 0-0") >= 0
    play(t, clock, "OK W")  # yes; W deals first
    assert tally(t) == (0, 0) and t.game.dealer == W
    assert find_text(frame(t), 6, "DAN DEALS FIRST") >= 0
    # Undo brings back the game and the tally Reset match took, and says so.
    play(t, clock, "OK*")
    assert t.page.rows[t.page.cursor] == menu.ITEM_UNDO
    assert menu.undo_label(t) == "UNDO RESET MATCH"
    assert find_text(frame(t), 1, "UNDO RESET MATCH", True) >= 0
    assert said(t, clock, "OK") == "UNDONE: RESET MATCH"
    assert tally(t) == (2, 1) and t.game.dealer == S
    # A reset with nothing in the tally took nothing from the match; with
    # one team's wins, it took those.
    t = table(dealer=0)
    play(t, clock, RESET + " OK W")
    play(t, clock, "OK*")
    assert menu.undo_label(t) == "UNDO NEW GAME"
    assert said(t, clock, "OK") == "UNDONE: NEW GAME"
    t = table(Rules(target=1), dealer=0)
    play(t, clock, WIN_NS + " N " + RESET + " OK W")
    assert tally(t) == (0, 0)
    assert said(t, clock, "OK* OK") == "UNDONE: RESET MATCH" and tally(t) == (1, 0)


def case_pin_reset_match_at_game_over_is_undone_as_reset_match():
    # At game over the win is not in the tally yet (the next game counts
    # it): Reset match there takes that win from the match, and says so
    # when undone; New game there counts it.
    clock = Clock()
    t = table(Rules(target=1), dealer=0)
    play(t, clock, WIN_NS)
    assert t.screen_name == "over" and tally(t) == (1, 0) and t.tally == [0, 0]
    play(t, clock, RESET + " OK W")
    assert tally(t) == (0, 0) and t.game.action_count == 0
    play(t, clock, "OK*")
    assert menu.undo_label(t) == "UNDO RESET MATCH"
    assert said(t, clock, "OK") == "UNDONE: RESET MATCH"
    assert t.screen_name == "over" and tally(t) == (1, 0)
    play(t, clock, NEW_GAME + " E W")
    assert tally(t) == (1, 0)
    assert said(t, clock, "OK* OK") == "UNDONE: NEW GAME" and t.screen_name == "over"
    # Reset match asked, its first dealer not yet: Undo keeps the match.
    play(t, clock, "N " + RESET + " OK")
    assert t.screen_name == "pick"
    play(t, clock, "OK*")
    assert menu.undo_label(t) == "UNDO: KEEP OLD MATCH"
    assert said(t, clock, "OK") == "NO RESET: MATCH KEPT" and tally(t) == (1, 0)


def case_pin_new_game_from_the_menu_counts_a_won_game_and_undo_takes_it_back():
    clock = Clock()
    t = table(Rules(target=1), dealer=3, skunk_double=True)
    play(t, clock, WIN_EW + " N")
    assert tally(t) == (0, 2)  # a skunk counts two
    play(t, clock, "OK* OK")
    # The game over screen counts the game it shows.
    assert t.screen_name == "over" and tally(t) == (0, 2)
    play(t, clock, "~ N " + WIN_NS)
    assert t.screen_name == "over"
    play(t, clock, NEW_GAME + " E E")
    assert tally(t) == (2, 2) and t.game.dealer == E
    assert said(t, clock, "OK* OK") == "UNDONE: NEW GAME"
    assert t.screen_name == "over" and tally(t) == (2, 2)
    play(t, clock, "~ W")
    assert tally(t) == (2, 2) and t.game.dealer == W
    t = table(Rules(target=1), dealer=3)
    play(t, clock, WIN_EW + " N")
    assert tally(t) == (0, 1)  # without skunk_double, one


def case_pin_undo_of_new_game_brings_back_the_first_dealer_and_the_game():
    clock = Clock()
    t = table(dealer=3)
    play(t, clock, "OK OK N* E E E")  # a misdeal; A goes alone and takes 3 tricks
    codes = t.game.codes
    assert t.game.dealer == N and t.game.start_dealer == W
    play(t, clock, NEW_GAME + " E OK")
    assert t.game.action_count == 0
    assert said(t, clock, "OK* OK") == "UNDONE: NEW GAME"
    assert t.game.codes == codes and t.game.start_dealer == W and t.game.dealer == N
    assert t.game.tricks == [0, 3] or t.game.tricks == [3, 0]
    # Once undone, nothing is left to bring back.
    play(t, clock, "OK* OK OK* OK OK* OK OK* OK OK* OK OK* OK")
    assert said(t, clock, "OK* OK") == "NOTHING TO UNDO"
    assert t.game.start_dealer == W and t.game.action_count == 0
    settle(t, clock)
    buf = frame(t)
    assert find_text(buf, 6, "DAN DEALS FIRST") >= 0 and markers(buf) == [W]


def case_pin_cancelled_new_game_leaves_the_game():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S N " + NEW_GAME + " E")  # who deals first?
    assert t.screen_name == "pick"
    assert said(t, clock, "OK* OK") == "NO NEW GAME: OLD ONE KEPT"
    assert t.game.tricks == [1, 0] and t.screen_name == "hand"
    play(t, clock, NEW_GAME + " E OK*")
    play(t, clock, "W")  # out of the menu: the question again, the game still on
    assert t.screen_name == "pick" and t.game.tricks == [1, 0]
    play(t, clock, "OK* OK")
    assert t.screen_name == "hand" and t.game.tricks == [1, 0]
    play(t, clock, NEW_GAME + " W")  # no: back to the menu
    assert t.screen_name == "menu" and t.game.tricks == [1, 0]
    play(t, clock, "W")
    assert t.screen_name == "hand" and t.game.tricks == [1, 0]
    play(t, clock, NEW_GAME + " N")
    assert t.screen_name == "confirm" and t.message == "E OR OK: YES, W: NO"


def case_pin_ordered_up_question_yes_and_no():
    clock = Clock()
    t = table(CANADIAN, dealer=0)
    play(t, clock, "S")  # the dealer's partner calls
    buf = frame(t)
    assert t.screen_name == "ask"
    assert find_text(buf, 5, "ORDERED UP?") >= 0 and find_text(buf, 2, "CAT CALLS") >= 0
    assert said(t, clock, "N") == "E: YES ALONE, W: NO, OK: BACK"
    assert t.screen_name == "ask"
    play(t, clock, "W")  # no: named in the second round
    assert t.screen_name == "hand" and t.game.caller == S and t.game.lone_seat is None
    play(t, clock, "OK* OK OK* OK")
    assert t.game.action_count == 0
    play(t, clock, "S E")  # yes: ordered up, so alone
    assert t.game.caller == S and t.game.lone_seat == S
    play(t, clock, "OK E")
    hand = t.game.last_hand
    assert hand.forced and not hand.blind and hand.points == 4
    # OK backs out: nothing called.
    play(t, clock, "~ N")  # the dealer is E: W is the partner
    assert t.screen_name == "hand"
    play(t, clock, "OK* OK W")
    assert t.screen_name == "ask"
    play(t, clock, "OK")
    assert t.screen_name == "score" and not t.game.in_hand


def case_pin_blind_question_yes_and_no():
    clock = Clock()
    t = table(ROBSON, dealer=0)
    play(t, clock, "N*")  # the dealer goes alone
    buf = frame(t)
    assert t.screen_name == "ask"
    assert find_text(buf, 5, "GO ALONE:") >= 0 and find_text(buf, 2, "ANN CALLS") >= 0
    play(t, clock, "W")  # looking
    assert t.game.lone_seat == N
    play(t, clock, "OK E")
    assert t.game.last_hand.lone_seat == N and not t.game.last_hand.blind
    play(t, clock, "~ E*")  # E deals now
    play(t, clock, "E")  # blind
    play(t, clock, "OK E")
    assert t.game.last_hand.lone_seat == E and t.game.last_hand.blind
    # Not the dealer: a lone call, no question.
    play(t, clock, "~ ~ N*")
    assert t.screen_name == "hand" and t.game.lone_seat == N


def case_pin_quick_result_scores_a_blind_loner_as_blind():
    clock = Clock()
    # Robson: a blind march scores 5, a blind loner set gives the defenders 1,
    # whatever the lone hands' rules say.
    t = table(Rules(setback=True, blind_loner=True, lone_march_points=4,
                    loner_euchred_points=4), dealer=0)
    play(t, clock, "N* E OK")  # the dealer alone, blind; the quick result
    buf = frame(t)
    assert t.game.blind and t.screen_name == "quick"
    # E's label on two lines beside its key, N's at the top, S's at the bottom.
    assert find_text(buf, 3, "MARCH 5") >= 0 and find_text(buf, 4, "+5") >= 0
    assert find_text(buf, 6, "EUCHRED +1") >= 0 and find_text(buf, 1, "MADE 3-4 +1") >= 0
    play(t, clock, "S")
    assert t.game.scores == [0, 1] and t.game.last_hand.blind
    # Not blind: the lone hands' own points.
    t = table(Rules(setback=True, blind_loner=True, lone_march_points=4,
                    loner_euchred_points=4), dealer=0)
    play(t, clock, "N* W OK")
    buf = frame(t)
    assert not t.game.blind
    assert find_text(buf, 4, "+4") >= 0 and find_text(buf, 6, "EUCHRED +4") >= 0


def case_pin_partners_call_is_not_asked_blind():
    clock = Clock()
    t = table(Rules(canadian_loner=True, blind_loner=True), dealer=0)
    play(t, clock, "S")
    assert find_text(frame(t), 5, "ORDERED UP?") >= 0
    play(t, clock, "E")
    assert t.game.lone_seat == S
    play(t, clock, "OK S")  # euchred
    hand = t.game.last_hand
    assert hand.forced and not hand.blind and hand.lone_seat == S
    # The dealer's long press is asked blind.
    play(t, clock, "~ E*")
    assert find_text(frame(t), 5, "GO ALONE:") >= 0


def case_pin_flipped_question_keys_by_the_picture():
    clock = Clock()
    t = table(CANADIAN, dealer=0, flipped=True)
    play(t, clock, "S")
    assert said(t, clock, "N") == "W: YES ALONE, E: NO, OK: BACK"
    play(t, clock, "W")  # W is at the right of the turned picture: YES
    assert t.game.lone_seat == S


def case_pin_set_back_offered_only_when_it_takes_something():
    clock = Clock()
    t = table(ROBSON, dealer=0)
    play(t, clock, "E OK E")  # E-W march: N-S have nothing to lose
    assert t.screen_name == "banner"
    t.tick(clock.step(2900))
    assert t.screen_name == "banner"
    t.tick(clock.step(200))
    assert t.screen_name == "score" and t.game.scores == [0, 2]
    play(t, clock, "S OK N")  # N-S make 1
    play(t, clock, "~ W OK E")  # E-W march: N-S have 1 to lose
    buf = frame(t)
    assert find_text(buf, 6, "SET BACK") >= 0 and find_text(buf, 7, "OK:KEEP") >= 0
    t.tick(clock.step(60000))
    assert t.screen_name == "banner"  # it waits
    assert said(t, clock, "E") == "S: SET BACK, OK: KEEP THE POINTS"
    assert t.screen_name == "banner" and t.game.scores == [1, 4]
    assert said(t, clock, "S") == "SET BACK: US -1"
    assert t.screen_name == "score" and t.game.scores == [0, 2]
    assert said(t, clock, "OK* OK") == "UNDONE: SET BACK"
    assert t.game.scores == [1, 4]
    # A made hand (1 point) offers nothing: the banner runs out.
    play(t, clock, "OK N OK N")
    assert t.screen_name == "banner" and t.game.scores == [2, 4]
    t.tick(clock.step(3000))
    assert t.screen_name == "score"
    # Under rules without set-backs, no offer.
    t = table(Rules(blind_loner=True), dealer=0)
    play(t, clock, "S OK N ~ W OK E")
    t.tick(clock.step(3000))
    assert t.screen_name == "score"


def case_pin_set_back_kept_with_ok():
    clock = Clock()
    t = table(ROBSON, dealer=0)
    play(t, clock, "S OK N ~ W OK E")
    assert t.screen_name == "banner"
    play(t, clock, "OK")
    assert t.screen_name == "score" and t.game.scores == [1, 2]
    assert said(t, clock, "OK* OK") == "UNDONE: RESULT MARCH"


def case_pin_flipped_set_back_is_the_key_at_the_bottom():
    clock = Clock()
    t = table(ROBSON, dealer=0, flipped=True)
    play(t, clock, "S OK N ~ W OK E")
    assert said(t, clock, "S") == "N: SET BACK, OK: KEEP THE POINTS"
    play(t, clock, "N")
    assert t.game.scores == [0, 0]


def case_pin_set_back_offer_survives_a_power_cut():
    clock = Clock()
    t = table(ROBSON, dealer=0)
    play(t, clock, "S OK N ~ W OK E")
    again = power_cut(t)
    buf = frame(again)
    assert again.screen_name == "banner"
    assert find_text(buf, 6, "SET BACK") >= 0 and find_text2(buf, 2, "MARCH +2", 2) >= 0
    play(again, clock, "S")
    assert again.game.scores == [0, 0]
    # Kept, then the power goes: the answer is saved, the offer stays answered.
    play(t, clock, "OK")
    assert t.screen_name == "score"
    again = power_cut(t)
    assert again.screen_name == "score" and again.game.scores == t.game.scores
    # Nothing left to offer: the score screen.
    for keys in ("S OK N", "E OK E", "", "S OK N ~ W OK E S", "S OK N ~ W OK E OK N"):
        t = play(table(ROBSON, dealer=0), clock, keys)
        again = power_cut(t)
        assert again.screen_name == t.main_screen, keys
        assert again.game.scores == t.game.scores


def case_pin_banner_runs_out_and_the_screen_redraws():
    clock = Clock()
    t = table(dealer=0)
    buf = bytearray(1024)
    play(t, clock, "S OK E")
    t.render(buf)
    assert t.screen_name == "banner" and t.render(buf) == 0
    t.tick(clock.step(2980))
    assert t.screen_name == "banner" and t.render(buf) == 0
    t.tick(clock.step(20))
    assert t.screen_name == "score" and redraw(t, buf) != 0
    assert read_score(buf) == (2, 0)
    # A key takes it away at once: OK does nothing else, a seat key does
    # what it does on the score screen (names trump).
    play(t, clock, "S OK E")
    play(t, clock, "OK")
    assert t.screen_name == "score" and not t.game.in_hand and t.message is None
    play(t, clock, "S OK E")
    play(t, clock, "N")
    assert t.screen_name == "hand" and t.game.caller == N and t.game.lone_seat is None


def case_pin_message_runs_out_and_the_screen_redraws():
    clock = Clock()
    t = table(dealer=0)
    buf = bytearray(1024)
    play(t, clock, "OK* OK")
    assert t.message == "NOTHING TO UNDO"
    t.render(buf)
    with_message = bytes(buf)
    t.tick(clock.step(3400))
    assert t.message == "NOTHING TO UNDO" and t.render(buf) == 0
    t.tick(clock.step(100))
    assert t.message is None and redraw(t, buf) != 0 and bytes(buf) != with_message
    # Said again: drawn differently, so the press shows.
    play(t, clock, "OK* OK")
    first = bytes(frame(t))
    play(t, clock, "OK* OK")
    assert bytes(frame(t)) != first
    play(t, clock, "OK* OK")
    assert bytes(frame(t)) == first
