"""Table UI cases, playing: the score and hand screens, quick result,
banners, undo, loners, game over.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, changed_columns,
                     find_label, find_text, find_text2, frame, has_marker, markers, pips,
                     press, read_score, redraw, settle, table, text_at)
from euchre_core import reports


def target_line(buf, page=7):
    """The target at the left of the bottom line ("TO 10", "TO 10 BY 2"),
    its words set 4 columns apart."""
    if find_text(buf, page, "TO") != 2:
        return None
    words = ["TO", text_at(buf, 17, page, 2).strip()]
    if text_at(buf, 32, page, 2) == "BY":
        words += ["BY", text_at(buf, 47, page, 1)]
    return " ".join(words)


def case_ui_score_screen_shows_scores_and_dealer():
    t = table(dealer=3)
    buf = frame(t)
    assert t.screen_name == "score"
    assert read_score(buf) == (0, 0)
    assert markers(buf) == [W]
    assert find_text(buf, 6, "DAN DEALS") >= 0
    assert find_text(buf, 0, "US") >= 0 and find_text(buf, 0, "THEM") >= 0
    assert target_line(buf) == "TO 10"
    assert find_text(buf, 7, "MATCH 0-0") >= 0
    t = table(Rules(win_by_two=True), dealer=2)
    buf = frame(t)
    # Win by two is said, and South's triangle stays clear of it.
    assert target_line(buf) == "TO 10 BY 2" and markers(buf) == [S]
    press(t, Clock(), W)
    buf = frame(t)
    assert t.screen_name == "hand" and target_line(buf) == "TO 10 BY 2"


def case_ui_call_then_tricks_show_pips_and_leader():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, S)  # S names trump: N-S are the makers
    buf = frame(t)
    assert t.screen_name == "hand"
    assert t.game.makers == 0 and t.game.caller == S
    assert find_text(buf, 1, "MAKERS") >= 0
    assert find_text(buf, 5, "CAT CALLED") >= 0
    assert markers(buf) == [E]  # left of the dealer leads
    assert pips(buf) == (0, 0)
    press(t, clock, W)
    press(t, clock, N)
    buf = frame(t)
    assert pips(buf) == (1, 1)
    assert markers(buf) == [N]
    assert find_text(buf, 6, "ANN LEADS") >= 0


def case_ui_quick_result_is_three_presses():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, E)
    press(t, clock, OK)
    buf = frame(t)
    assert t.screen_name == "quick"
    assert find_text(buf, 1, "MADE 3-4 +1") >= 0
    assert find_text(buf, 6, "EUCHRED +2") >= 0
    assert has_marker(buf, N) and has_marker(buf, E) and has_marker(buf, S)
    press(t, clock, E)  # march
    buf = frame(t)
    assert t.screen_name == "banner"
    assert find_label(buf, "THEM SCORE")[1] == 8
    assert find_text2(buf, 2, "MARCH +2", 2) >= 0
    assert t.game.scores == [0, 2]
    settle(t, clock)
    buf = frame(t)
    assert t.screen_name == "score"
    assert read_score(buf) == (0, 2)
    assert markers(buf) == [E]  # the deal moved left


def case_ui_quick_result_offers_only_what_the_tricks_allow():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, E)  # E-W make trump
    press(t, clock, N)  # the defenders take a trick: no march any more
    press(t, clock, OK)
    buf = frame(t)
    assert find_text(buf, 1, "MADE 3-4 +1") >= 0
    assert find_text(buf, 3, "MARCH") < 0 and find_text(buf, 4, "+2") < 0
    assert find_text(buf, 6, "EUCHRED +2") >= 0
    assert not has_marker(buf, E)
    press(t, clock, E)  # pressed anyway: refused with the reason
    assert t.game.in_hand and "ALREADY HAVE 1" in t.message
    assert t.screen_name == "quick"  # and the quick screen stays
    press(t, clock, OK)
    settle(t, clock)
    press(t, clock, S)
    press(t, clock, N)  # the defenders have 3: the makers are euchred
    press(t, clock, OK)
    buf = frame(t)
    assert find_text(buf, 1, "MADE") < 0
    assert find_text(buf, 6, "EUCHRED +2") >= 0
    press(t, clock, S)
    assert t.game.scores == [2, 0]
    # A quick result: when it came, nothing invented.
    assert find_text(frame(t), 5, "RESULT AFTER 3 TRICKS") >= 0
    # A lone defender under "2_4": "set 3-4" is 1 or 2 tricks for the makers.
    rules = Rules(defender_alone="2_4")
    t = table(rules, dealer=0)
    press(t, clock, E)
    press(t, clock, S, long=True)  # S defends alone
    for _ in range(3):
        press(t, clock, E)  # the makers take three
    press(t, clock, OK)
    buf = frame(t)
    assert find_text(buf, 6, "SET 3-4") < 0 and find_text(buf, 3, "SET") < 0
    press(t, clock, S)  # pressed anyway: refused, nothing scored
    assert t.game.in_hand and t.game.scores == [0, 0]
    assert "MAKERS ALREADY HAVE 3" in t.message


def case_ui_banner_counts_one_trick_in_the_singular():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, E)
    press(t, clock, E)  # the makers take one trick
    for seat in (N, N, S, N):
        press(t, clock, seat)  # euchred with it
    assert t.screen_name == "banner"
    assert find_text(frame(t), 5, "1 TRICK TO THEM") >= 0


def case_ui_banner_names_a_forced_loner_whole():
    clock = Clock()
    rules = Rules(canadian_loner=True, target=99)
    names = ("Maximilian", "Maxine", "Alexandra", "Alexander")
    for dealer, partner, tag in ((2, 0, "MAXIMILIAN WENT ALONE"),
                                 (3, 1, "MAXINE FORCED ALONE")):
        t = Table(rules, names=names, teams=("N-S", "E-W"), game=Game(rules, dealer=dealer))
        press(t, clock, partner)  # the dealer's partner: "ORDERED UP?"
        press(t, clock, E)  # yes: alone, forced
        press(t, clock, OK)
        press(t, clock, N)  # made 3-4
        assert t.screen_name == "banner" and t.game.last_hand.forced
        # Alexandra and Alexander cut to 8 letters read alike: a 10-letter
        # name stays whole, its FORCED left to History for want of room.
        assert find_text(frame(t), 5, tag) >= 0, tag
        press(t, clock, OK)


def case_ui_banner_quick_line_says_when_the_result_came():
    clock = Clock()
    rules = Rules()
    t = Table(rules, names=("Ann", "Bob", "Cat", "Dan"), teams=("ROCK@HOME", "ROCKETS"),
              game=Game(rules, dealer=0))
    press(t, clock, N)  # North calls
    press(t, clock, N)  # and takes a trick
    press(t, clock, OK)
    press(t, clock, S)  # then a quick result: euchred
    assert t.screen_name == "banner"
    # In words (no team's name to cut, no "QUICK: ... HAD").
    assert find_text(frame(t), 5, "RESULT AFTER 1 TRICK") >= 0
    assert find_text(frame(t), 5, "RESULT AFTER 1 TRICKS") < 0  # one trick, no plural
    assert find_text(frame(t), 5, "ROCK") < 0


def case_ui_undo_is_long_ok_then_ok():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, N)  # made
    settle(t, clock)
    assert t.game.scores == [1, 0]
    press(t, clock, OK, long=True)
    buf = frame(t)
    assert t.screen_name == "menu"
    assert find_text(buf, 1, "UNDO RESULT MADE", inverse=True) >= 0
    press(t, clock, OK)
    assert t.game.scores == [0, 0]
    assert t.screen_name == "hand"
    press(t, clock, OK, long=True)
    press(t, clock, OK)
    assert t.screen_name == "score" and t.game.action_count == 0
    press(t, clock, OK, long=True)
    press(t, clock, OK)
    assert "NOTHING TO UNDO" in t.message


def case_ui_misdeal_passes_the_deal_and_stick_refuses():
    clock = Clock()
    t = table(dealer=1)
    press(t, clock, OK)
    press(t, clock, OK)  # OK again: the question answered
    assert t.game.dealer == 2
    assert markers(frame(t)) == [S]
    t = table(Rules(stick_the_dealer=True), dealer=1)
    press(t, clock, OK)
    assert t.game.dealer == 1
    assert "STICK THE DEALER: BOB CALLS" in t.message
    buf = frame(t)
    # On the score screen a message takes the bottom band: the score stays.
    assert find_text(buf, 6, "STICK THE DEALER: BOB", inverse=True) >= 0
    assert find_text(buf, 7, "CALLS", inverse=True) >= 0
    assert read_score(buf) == (0, 0) and markers(buf) == [E]


def case_ui_lone_maker_and_lone_defender():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, E, long=True)
    assert t.game.lone_seat == E
    buf = frame(t)
    assert find_label(buf, "BOB ALONE")[1] == 30
    assert markers(buf) == [S]  # loner's left leads (the Swedish rules article)
    press(t, clock, W)
    assert t.message == "DAN SITS OUT THIS HAND" and t.game.tricks_played == 0
    press(t, clock, N, long=True)  # a defender goes alone too
    assert t.game.lone_defender == N
    press(t, clock, OK)
    buf = frame(t)
    assert find_text(buf, 3, "MARCH 5") > 64 and find_text(buf, 4, "+4") > 64
    press(t, clock, E)
    assert t.game.scores == [0, 4]
    assert find_text2(frame(t), 2, "LONER +4", 2) >= 0


def case_ui_maker_goes_alone_after_the_call():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, S, long=True)  # the caller's partner takes it alone
    assert t.game.lone_seat == S and t.game.makers == 0
    press(t, clock, N, long=True)
    assert t.message == "CAT IS ALREADY ALONE"
    press(t, clock, E)
    press(t, clock, N, long=True)  # after the first trick: N's trick, but N sits out
    assert t.message == "ANN SITS OUT THIS HAND" and t.game.tricks == [0, 1]


def case_ui_refusals_name_the_player_they_are_about():
    # The game's refusal carries its seat; the table puts the name in the
    # engine's sentence, whatever letters the sentence or the names hold.
    from euchre_core import Refusal
    t = Table(Rules(), names=("S", "Ed", "W", "N"), rand=lambda: 0)
    assert t.with_names(Refusal("%s sits out this hand", 2)) == "W sits out this hand"
    assert t.with_names(Refusal("Only the dealer (%s) can go alone blind", 1)) \
        == "Only the dealer (ED) can go alone blind"
    assert t.with_names(Refusal("Trump is already named")) == "Trump is already named"
    assert t.with_names(ValueError("A suit is S, H, D or C")) == "A suit is S, H, D or C"
    clock = Clock()
    t.game.call(1, alone=True)
    press(t, clock, W)
    assert t.message == "N SITS OUT THIS HAND" and t.game.tricks_played == 0  # W is "N"


def case_ui_every_press_changes_the_screen():
    clock = Clock()
    t = table(dealer=0)
    buf = frame(t)
    for key, long in ((N, False), (E, False), (OK, False), (W, False),
                      (OK, True), (S, False), (N, False), (W, False)):
        t.press(key, long, clock.step(700))
        assert redraw(t, buf) != 0, (key, long)
    assert t.render(buf) == 0  # nothing new: not even drawn


def case_ui_a_trick_redraws_few_pages():
    clock = Clock()
    t = table(dealer=0)
    buf = bytearray(1024)
    press(t, clock, N)
    assert t.render(buf) == 0xFF
    press(t, clock, E)
    changed = redraw(t, buf)
    assert changed and changed & 0x01 == 0  # team names and scores stay
    assert bin(changed).count("1") <= 5


def case_ui_game_over_skunk_and_next_game():
    clock = Clock()
    t = table(Rules(target=5), dealer=0)
    for _ in range(3):
        press(t, clock, N)
        press(t, clock, OK)
        press(t, clock, E)  # march
        settle(t, clock)
    assert t.game.winner == 0 and t.game.skunk
    buf = frame(t)
    assert t.screen_name == "over"
    assert find_text(buf, 2, "US") == 12 and find_text(buf, 3, "THEM") == 12
    assert find_label(buf, "SKUNK!") == (91, 23)  # beside the team with 0
    # What the keys do next: a seat key names the dealer, OK draws one.
    assert find_text(buf, 6, "SEAT KEY: NEXT DEALER") >= 0
    assert find_text(buf, 7, "OK:RANDOM") >= 0
    assert find_text(buf, 7, "MATCH 1-0") >= 0
    serial = t.game_serial
    old = t.game
    press(t, clock, W)  # next game, W deals
    assert t.game.winner is None and t.game.dealer == W
    # The finished game is kept for Undo as its log, with the tally before
    # it was won: the form the flash record keeps.
    kept = t.previous
    assert (kept.rules, kept.dealer, kept.codes, kept.tally_ns, kept.tally_ew) == (
        old.rules, old.start_dealer, old.codes, 0, 0)
    assert t.tally == [1, 0] and t.game_serial == serial + 1
    buf = frame(t)
    # The dealer line says who deals first, in plain text: no message
    # covers the score, and it stays until the first call or misdeal.
    assert find_text(buf, 6, "DAN DEALS FIRST") >= 0 and t.message is None
    assert target_line(buf) == "TO 5" and find_text(buf, 7, "MATCH 1-0") >= 0
    assert read_score(buf) == (0, 0) and markers(buf) == [W]
    settle(t, clock)
    assert find_text(frame(t), 6, "DAN DEALS FIRST") >= 0
    press(t, clock, OK)
    press(t, clock, OK)  # all passed: North deals, and is not the first
    buf = frame(t)
    assert find_text(buf, 6, "ANN DEALS") >= 0 and find_text(buf, 6, "FIRST") < 0
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # undo the misdeal
    settle(t, clock)  # the message that says what was undone
    assert find_text(frame(t), 6, "DAN DEALS FIRST") >= 0
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # undo the new game
    assert t.game.winner == 0 and t.tally == [0, 0]
    assert t.game == old and reports.history(t.game) == reports.history(old)
    assert t.game.progress() == old.progress() and t.game.scores == old.scores


def case_ui_next_dealer_at_random():
    clock = Clock()
    draws = [5, 7]
    t = Table(Rules(target=1), rand=lambda: draws.pop(0))
    assert t.game.dealer == 1
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, N)
    settle(t, clock)
    assert t.screen_name == "over"
    press(t, clock, OK)
    assert t.game.dealer == 3 and t.game.action_count == 0


def case_ui_long_names_stay_inside_their_places():
    clock = Clock()
    t = Table(Rules(), names=("Alexandra", "Bartholomew", "Christina", "Dominique"),
              teams=("Northside", "Eastenders"), game=Game(Rules(), dealer=0))
    buf = frame(t)
    assert find_text(buf, 0, "NORTHSIDE") == 2
    # Where the hand screen puts it (below), so the top line stays as it is.
    assert find_text(buf, 0, "EASTENDER") == 126 - 53
    assert find_text(buf, 6, "ALEXANDRA DEALS") >= 0
    press(t, clock, W, long=True)
    buf = frame(t)
    # Team names whole, clear of the N marker; the scores over the pips.
    assert find_text(buf, 0, "NORTHSIDE") == 2
    assert find_text(buf, 0, "EASTENDER") == 126 - 53
    assert find_text(buf, 1, "MAKERS") == 70 and find_text(buf, 1, "DEFEND") == 6
    # The lone tag names the player whole, ending under the E-W pips.
    assert find_label(buf, "DOMINIQUE ALONE")[0] + 6 * 15 == 121
    press(t, clock, N, long=True)
    buf = frame(t)
    # Two tags share the row: each name cut (still not the partner's), apart.
    assert find_label(buf, "ALE ALONE")[0] == 6
    assert find_label(buf, "DOM ALONE")[0] + 6 * 9 == 121
    press(t, clock, W)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, S)  # euchred: the lone defender takes the rest
    assert t.game.scores == [4, 0]
    buf = frame(t)
    assert find_text(buf, 5, "ALEXANDRA DEF. ALONE") >= 0


def case_ui_changed_columns_of_a_trick():
    clock = Clock()
    t = table(dealer=3)  # N leads after a call
    buf = bytearray(1024)
    press(t, clock, E)
    t.render(buf)
    before = bytes(buf)
    press(t, clock, N)  # N takes the first trick and leads again
    # The pips' pages, and the hint under them (going alone is over).
    assert redraw(t, buf) == 0b11100
    before = bytes(buf)
    press(t, clock, N)  # N takes the second trick and leads again
    assert redraw(t, buf) == 0b1100  # only the pips' pages
    # The N-S second pip fills in: its inside, columns 18..23 (its edges stay).
    assert changed_columns(before, buf, 2) == (18, 24)
    assert changed_columns(before, buf, 3) == (18, 24)
