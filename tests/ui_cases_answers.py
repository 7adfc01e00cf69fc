"""Table UI cases, the answers that are no action: a set-back kept (OK on
the banner) and a trump suit skipped (OK on the suit) stay answered through
a power cut, and never answer a question posed again after an undo; the
Rules page keeps its edits however it is left; "RESUMED: NO CALL YET" only
for a game under way.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import menu, prefs, restore
from ui.table import SAVE_MS
from ui_read import (E, N, OK, S, W, Clock, Rules, find_text, frame, press, settle, table, choose,
                     power_cut)


def _set_back_offered():
    """E-W have a point, N-S march: the banner offers SET BACK."""
    clock = Clock()
    t = table(Rules(setback=True), dealer=0)
    t.game.adjust(1, 1)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)
    assert t.screen_name == "banner"
    return t, clock


def case_ui_answers_a_kept_set_back_is_not_offered_again_after_apower_cut():
    t, clock = _set_back_offered()
    serial = t.prefs_serial
    press(t, clock, OK)  # keep the points
    assert t.prefs_serial == serial + 1  # saved at once
    again = power_cut(t)
    assert again.screen_name == "score" and again.game.scores == [2, 1]


def case_ui_answers_a_skipped_suit_is_not_asked_again_after_apower_cut():
    clock = Clock()
    t = table(dealer=0, trump=True)
    press(t, clock, N)
    assert t.screen_name == "suit"
    serial = t.prefs_serial
    press(t, clock, OK)  # no suit this hand
    assert t.screen_name == "hand" and t.prefs_serial == serial + 1
    assert power_cut(t, trump=True).screen_name == "hand"


def case_ui_answers_a_set_back_offered_again_after_an_undo_is_asked():
    t, clock = _set_back_offered()
    press(t, clock, OK)  # kept
    choose(t, clock, menu.ITEM_UNDO)  # the march undone: the hand again
    assert t.game.scores == [0, 1] and t.game.in_hand
    press(t, clock, OK)
    press(t, clock, E)  # the same march: a new offer at the same count
    assert t.screen_name == "banner" and t.waiting.kept is None
    again = power_cut(t)
    assert again.screen_name == "banner"
    press(again, clock, S)  # set back
    assert again.game.scores == [0, 0]


def case_ui_answers_a_suit_asked_again_after_the_call_is_undone():
    clock = Clock()
    t = table(dealer=0, trump=True)
    press(t, clock, N)
    press(t, clock, OK)  # skipped
    choose(t, clock, menu.ITEM_UNDO)  # the call undone
    assert not t.game.in_hand
    press(t, clock, E)  # another call in the same hand: asked
    assert t.screen_name == "suit"
    again = power_cut(t, trump=True)
    assert again.screen_name == "suit" and again.game.caller == E


def case_ui_answers_old_prefs_without_answers_still_load():
    t, clock = _set_back_offered()
    press(t, clock, OK)
    v4 = t.prefs_bytes()
    assert v4[1] == 4
    v3 = bytes((v4[0], 3)) + v4[2:-4]
    again = table(Rules(setback=True), dealer=0)
    prefs.load(again, v3)
    assert again.waiting.kept is None and again.waiting.suit_skipped is None
    again.game.extend(t.game.codes)
    restore.resumed(again)
    assert again.screen_name == "banner"  # a version 3 record kept no answer


def case_ui_answers_rules_edited_then_left_by_the_menu_are_saved():
    clock = Clock()
    t = table(dealer=0)
    choose(t, clock, menu.ITEM_RULES)
    assert t.screen_name == "options" and t.page.cursor == 0
    press(t, clock, OK)  # TARGET 10 -> 11
    press(t, clock, OK, long=True)  # the menu, not W
    assert t.screen_name == "menu"
    assert t.next_rules.target == 11 and t.game.rules.target == 11
    assert t.message == "RULES SAVED"
    # Under way, the edit is for the next game, left the same way.
    t = table(dealer=0)
    press(t, clock, N)
    serial = t.prefs_serial
    choose(t, clock, menu.ITEM_RULES)
    press(t, clock, OK)
    press(t, clock, OK, long=True)
    assert t.next_rules.target == 11 and t.game.rules.target == 10
    assert t.prefs_serial == serial + 1


def case_ui_answers_a_fresh_game_resumes_without_a_message():
    t = table(dealer=1)
    again = power_cut(t)
    assert again.screen_name == "score" and again.message is None
    buf = frame(again)
    assert any(find_text(buf, page, "BOB DEALS FIRST") >= 0 for page in range(8))


def case_ui_answers_a_game_under_way_resumes_saying_nothing_was_called():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)
    settle(t, clock)
    assert t.screen_name == "score"
    assert power_cut(t).message == "RESUMED: NO CALL YET"


def case_ui_answers_a_display_change_is_saved_once_the_keys_rest():
    # Flip 180 chosen, then the power goes before the page is left: the
    # display comes back flipped, saved once the keys rested; leaving the
    # page then saves nothing more.
    clock = Clock()
    t = table(dealer=0)
    choose(t, clock, menu.ITEM_DISPLAY)
    press(t, clock, S)  # FLIP 180
    serial = t.prefs_serial
    t.press(E, False, clock.step(700))
    flipped_at = clock.now
    t.tick(flipped_at + SAVE_MS - 1)
    assert t.flipped and t.prefs_serial == serial
    t.tick(flipped_at + SAVE_MS)
    assert t.prefs_serial == serial + 1
    assert power_cut(t).flipped
    clock.step(SAVE_MS)
    press(t, clock, OK)  # closes the message that says where to read from
    press(t, clock, E)  # the key now at the picture's left: back
    assert t.screen_name == "menu" and t.prefs_serial == serial + 1


def case_ui_answers_adjust_during_a_set_back_offer_says_the_offer_ended():
    # A score adjusted while the banner offers a set-back: the set-back is
    # no longer right after the hand, so the offer goes, and the table is
    # told, with the way back: Undo of the change offers it again.
    t, clock = _set_back_offered()
    choose(t, clock, menu.ITEM_ADJUST)
    press(t, clock, N)  # N-S +1
    press(t, clock, OK)
    assert t.game.scores == [3, 1] and not t.game.may_set_back
    assert t.screen_name == "score"
    assert t.message == "SET BACK OFFER ENDED: UNDO BRINGS IT BACK"
    choose(t, clock, menu.ITEM_UNDO)
    settle(t, clock)
    assert t.game.scores == [2, 1] and t.screen_name == "banner"
    press(t, clock, S)  # set back
    assert t.game.scores == [0, 0]


def case_ui_answers_adjust_after_a_kept_set_back_says_nothing_of_it():
    t, clock = _set_back_offered()
    press(t, clock, OK)  # keep the points: answered
    choose(t, clock, menu.ITEM_ADJUST)
    press(t, clock, N)
    press(t, clock, OK)
    assert t.game.scores == [3, 1] and t.message is None


def case_ui_answers_adjust_saving_nothing_keeps_the_set_back_offer():
    t, clock = _set_back_offered()
    choose(t, clock, menu.ITEM_ADJUST)
    press(t, clock, OK)  # no change: nothing saved
    assert t.game.may_set_back and t.message is None
    assert t.screen_name == "banner"  # the offer again


def case_ui_answers_set_dealer_during_a_set_back_offer_says_the_offer_ended():
    t, clock = _set_back_offered()
    choose(t, clock, menu.ITEM_DEALER)
    press(t, clock, W)  # a stolen deal: West deals
    assert t.game.dealer == W and not t.game.may_set_back
    assert t.message == "SET BACK OFFER ENDED: UNDO BRINGS IT BACK"
    choose(t, clock, menu.ITEM_UNDO)
    settle(t, clock)
    assert t.screen_name == "banner" and t.game.scores == [2, 1]


def case_ui_answers_adjust_that_wins_during_a_set_back_offer_shows_game_over():
    # The game won by the change: game over is the news, with no box over it.
    t, clock = _set_back_offered()
    choose(t, clock, menu.ITEM_ADJUST)
    for _ in range(8):
        press(t, clock, N)
    press(t, clock, OK)
    assert t.game.over and t.game.scores == [10, 1]
    assert t.screen_name == "over" and t.message is None


def case_ui_answers_a_banner_brought_back_counts_its_double_tap_from_the_press():
    # Out of the menu, the offer comes back; S tapped right after the key
    # that brought it back only gets the offer in words, as after the hand.
    t, clock = _set_back_offered()
    press(t, clock, OK, long=True)
    t.press(W, False, clock.step(700))  # leaves the menu: the banner again
    assert t.screen_name == "banner"
    t.press(S, False, clock.step(200))
    assert t.game.scores == [2, 1] and t.message == "S: SET BACK, OK: KEEP THE POINTS"
    t.press(S, False, clock.step(400))  # past half a second: sets back
    assert t.game.scores == [0, 0]


def case_ui_answers_the_replaced_game_checked_at_start_up_comes_back_with_undo():
    # The record keeps only the replaced game's log; start-up replays it
    # once the picture is on the glass and keeps it for Undo of New game.
    from euchre_core.game_forms import Previous

    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    t.press(N, False, clock.step(700))  # a trick for N
    codes = t.game.codes
    t.replace_game(type(t.game)(t.game.rules, dealer=1),
                   Previous(t.game.rules, 0, codes, 0, 1, None), [0, 1])
    assert restore.previous_kept(t)
    assert t.previous is not None and t.previous.ended is not None
    choose(t, clock, menu.ITEM_UNDO)
    assert t.message == "UNDONE: NEW GAME" and t.game.codes == codes


def case_ui_answers_adjust_of_both_teams_that_wins_during_a_set_back_offer_shows_game_over():
    # Two changes, two actions: the first ends the offer, the second (saved
    # last, as it wins) ends the game. Game over, with no box over it.
    t, clock = _set_back_offered()
    choose(t, clock, menu.ITEM_ADJUST)
    for _ in range(8):
        press(t, clock, N)  # N-S +8: wins alone
    press(t, clock, W)  # E-W -1, saved first
    press(t, clock, OK)
    assert t.game.over and t.game.scores == [10, 0]
    assert t.screen_name == "over" and t.message is None
