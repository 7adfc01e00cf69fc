"""Rules-engine cases of the house rules (Canadian loner, the
Robson set-back and blind loner, progressive hands) and the trump suit,
each with its scoring, undo, saved form and refusals. Plain functions:
pytest runs them on CPython (tests/test_cases.py) and tests/mp_run.py under
MicroPython (a module of their own: each module is loaded in turn into the
small heap)."""

from euchre_core import Game, Rules, hand_points
from euchre_core import reports, transcript
from cases_common import N, E, S, W, NS, EW, raises, play


def refused(game, fn, *args, **kwargs):
    """The message of a refusal that must leave ``game`` exactly as it was."""
    before = transcript.to_bytes(game)
    scores = game.scores
    message = raises(fn, *args, **kwargs)
    assert transcript.to_bytes(game) == before and game.scores == scores, message
    return message


def reloaded(game):
    """The game through its saved form and through its text form."""
    copy = transcript.from_bytes(game.rules, transcript.to_bytes(game))
    assert copy == game and reports.history(copy) == reports.history(game)
    assert copy.scores == game.scores and copy.progress() == game.progress()
    assert transcript.parse(game.rules, transcript.text(game), game.start_dealer) == game
    return copy


# ----- defaults: nothing changes --------------------------------------------

def case_house_rules_are_off_by_default():
    rules = Rules()
    assert (rules.canadian_loner, rules.setback, rules.blind_loner, rules.hands) \
        == (False, False, False, 0)
    assert repr(rules) == "Rules()"
    game = Game(rules, dealer=N)
    assert game.hands_left is None and not game.over and game.trump is None
    game.call(E)
    play(game, [E, E, E, E, E])
    hand = game.last_hand
    assert (hand.trump, hand.blind, hand.forced, hand.set_back, hand.taken) \
        == (None, False, False, False, 0)
    assert "do not play set-backs" in refused(game, game.set_back)


def case_saved_games_from_before_load():
    # Written by the firmware before these rules (commit 7bcea54).
    old = bytes.fromhex("450103170000404042414060054141414141022141eb0181b80340e4b5f2")
    game = transcript.from_bytes(Rules(), old)
    assert transcript.text(game) == ("CN TN TN TS TE TN P AE TE TE TE TE TE CS DE TE Q3 CE RE "
                           "J1-1 CW TN F4")
    assert game.scores == [4, 4] and transcript.to_bytes(game) == old
    assert [(hand.kind, hand.points, hand.scorer) for hand in reports.history(game)] == [
        ("made", 1, NS), ("lone_march", 4, EW), ("made", 1, NS), ("renege", 2, NS),
        ("made", 1, EW)]
    assert game.progress() == [(0, 0), (1, 0), (1, 4), (2, 4), (4, 4), (4, 3), (4, 4)]


def case_rules_bytes_keep_the_old_form():
    # Rules that use no new option save the nine bytes older firmware wrote
    # and reads; the saved form grows only as far as the options used.
    assert Rules(target=7, stick_the_dealer=True).to_bytes() == bytes.fromhex("070000000100000100")
    assert Rules.from_bytes(bytes.fromhex("070000000100000100")) \
        == Rules(target=7, stick_the_dealer=True)
    assert len(Rules(canadian_loner=True).to_bytes()) == 10
    assert len(Rules(hands=8).to_bytes()) == 13
    every = Rules(canadian_loner=True, setback=True, blind_loner=True, hands=12, target=11)
    assert Rules.from_bytes(every.to_bytes()) == every
    assert Rules.from_bytes(Rules(setback=True).to_bytes()) == Rules(setback=True)
    assert Rules.from_bytes(Rules(hands=37).to_bytes()).hands == 37
    assert "length" in raises(Rules.from_bytes, bytes(14))
    assert "length" in raises(Rules.from_bytes, bytes(8))
    assert "canadian_loner" in raises(Rules.from_bytes, bytes.fromhex("07000000010000010002"))
    assert repr(Rules(setback=True, hands=8)) == "Rules(setback=True, hands=8)"


def case_house_rules_validation():
    assert "hands" in raises(Rules, hands=-1)
    assert "hands" in raises(Rules, hands="8")
    assert "hands" in raises(Rules, hands=100)
    assert "hands" in raises(Rules, hands=True)
    assert "setback" in raises(Rules, setback=1)
    assert "canadian_loner" in raises(Rules, canadian_loner="yes")
    assert "blind_loner" in raises(Rules, blind_loner=None)
    assert Rules(hands=99).hands == 99


# ----- Canadian loner ---------------------------------------------------------

def case_canadian_loner_partner_ordering_up_goes_alone():
    game = Game(Rules(canadian_loner=True), dealer=N)
    game.call(S, ordered_up=True)  # S, the dealer's partner, orders N up
    assert game.lone_seat == S and game.sits_out(N) and game.leader == W
    play(game, [S, S, S, S, S])
    hand = game.last_hand
    assert game.scores == [4, 0] and hand.kind == "lone_march"
    assert (hand.trump, hand.blind, hand.forced, hand.set_back) == (None, False, True, False)
    assert transcript.text(game) == "CS^ TS TS TS TS TS"
    assert reloaded(game).last_hand.forced
    # Saying alone as well changes nothing.
    game = Game(Rules(canadian_loner=True), dealer=N)
    game.call(S, alone=True, ordered_up=True)
    assert game.lone_seat == S and transcript.text(game) == "AS^"


def case_canadian_loner_only_the_dealers_partner_in_round_one():
    rules = Rules(canadian_loner=True)
    game = Game(rules, dealer=N)
    game.call(E, ordered_up=True)  # not the dealer's partner
    assert game.lone_seat is None
    game.undo()
    game.call(S)  # the partner names trump in the second round
    assert game.lone_seat is None
    game.undo()
    game.call(N, ordered_up=True)  # the dealer picks it up
    assert game.lone_seat is None
    play(game, [N, N, N, E, W])
    assert game.scores == [1, 0] and not game.last_hand.forced


def case_canadian_loner_off_ordering_up_is_a_plain_call():
    game = Game(Rules(), dealer=N)
    game.call(S, ordered_up=True)
    assert game.lone_seat is None and not game.sits_out(N)
    play(game, [S, N, S, E, W])
    assert game.scores == [1, 0] and not game.last_hand.forced
    reloaded(game)


def case_canadian_loner_undo_and_euchre():
    game = Game(Rules(canadian_loner=True, loner_euchred_points=4), dealer=E)
    game.call(W, ordered_up=True)
    assert game.lone_seat == W and game.sits_out(E)
    assert "sits out" in refused(game, game.trick, E)
    play(game, [N, N, W, S])
    assert game.undo() and game.tricks == [2, 1]
    play(game, [S, N])
    assert game.scores == [4, 0] and game.last_hand.kind == "euchre"
    while game.undo():
        pass
    assert game.lone_seat is None and game.scores == [0, 0] and game.action_count == 0


# ----- Robson set-back ----------------------------------------------------------

def case_set_back_takes_the_points_off_the_other_team():
    game = Game(Rules(setback=True), dealer=N)
    game.adjust(EW, 3)
    game.call(S, suit="D")
    play(game, [S, S, S, S, S])  # N-S march: 2 points
    assert game.scores == [2, 3]
    game.set_back()
    assert game.scores == [0, 1]
    hand = game.last_hand
    assert hand.set_back and hand.points == 2 and hand.scorer == NS and hand.taken == 2
    # The set-back mark keeps what else the hand record holds.
    assert (hand.trump, hand.blind, hand.forced, hand.kind) == ("D", False, False, "march")
    assert game.progress() == [(0, 0), (0, 3), (2, 3), (0, 1)]
    assert transcript.text(game).endswith(" S")
    copy = reloaded(game)
    assert copy.last_hand.set_back and copy.scores == [0, 1] and copy.last_hand == hand
    # Undo gives the points back, and the set-back may be made again.
    assert game.undo() and game.scores == [2, 3] and not game.last_hand.set_back
    assert game.last_hand.taken == 0
    game.set_back()
    assert game.scores == [0, 1]


def case_set_back_never_below_zero_and_lone_march():
    game = Game(Rules(setback=True), dealer=N)
    game.adjust(NS, 1)
    game.call(E, alone=True)
    play(game, [E, E, E, E, E])  # lone march: 4
    game.set_back()
    # The other team had 1 of the 4 points to lose.
    assert game.scores == [0, 0] and game.last_hand.set_back and game.last_hand.taken == 1
    assert reloaded(game).last_hand.taken == 1
    # A Canadian loner's march (4) with trump recorded, set back.
    game = Game(Rules(setback=True, canadian_loner=True), dealer=W)
    game.call(E, ordered_up=True, suit="S")
    play(game, [E, E, E, E, E])
    game.set_back()
    hand = game.last_hand
    assert (hand.trump, hand.blind, hand.forced, hand.set_back) == ("S", False, True, True)
    assert hand.taken == 0  # nothing to take: the march's points are given up
    assert game.scores == [0, 0] and reloaded(game).last_hand == hand


def case_set_back_refusals():
    game = Game(Rules(setback=True), dealer=N)
    assert "right after" in refused(game, game.set_back)
    game.call(S)
    play(game, [S, S, S, E, E])  # made: 1 point
    assert "2 or 4 points" in refused(game, game.set_back)
    game.call(E)
    assert "right after" in refused(game, game.set_back)
    play(game, [N, N, N, N, N])  # euchred: 2 points
    game.adjust(EW, 1)  # any other action closes the moment
    assert "right after" in refused(game, game.set_back)
    game.undo()
    game.set_back()
    assert game.scores == [1, 0]
    assert "right after" in refused(game, game.set_back)  # only once
    game.pass_deal()
    assert game.undo() and game.undo() and game.scores == [3, 0]
    game = Game(Rules(), dealer=N)
    game.call(S)
    play(game, [S, S, S, S, S])
    assert "do not play set-backs" in refused(game, game.set_back)


def case_may_set_back_says_when_set_back_is_not_refused():
    game = Game(Rules(setback=True), dealer=N)
    assert not game.may_set_back
    game.call(S)
    play(game, [S, S, S, E, E])  # made: 1 point
    assert not game.may_set_back
    game.call(E)
    play(game, [N, N, N, N, N])  # euchred: 2 points
    assert game.may_set_back and game.set_back_refusal() is None
    game.set_back()
    assert not game.may_set_back
    assert game.undo() and game.may_set_back
    game.adjust(EW, 1)
    assert not game.may_set_back
    game = Game(Rules(), dealer=N)
    game.call(S)
    play(game, [S, S, S, S, S])  # a march, 2 points: no set-backs in these rules
    assert not game.may_set_back and game.set_back_refusal() is not None


def case_set_back_takes_only_what_the_other_team_has():
    # Allowed, a set-back takes points off the team that did not score the
    # last hand, down to 0: with none there, it would take nothing.
    game = Game(Rules(setback=True), dealer=N)
    game.call(E)
    play(game, [E, E, E, E, E])  # E-W march: +2, N-S has nothing to lose
    assert game.may_set_back and not game.set_back_takes
    game.call(E)
    play(game, [N, N, N, N, N])  # E-W euchred: N-S +2, E-W has 2 to lose
    assert game.may_set_back and game.set_back_takes
    game = Game(Rules(setback=True), dealer=N)
    game.call(E)
    play(game, [N, N, N, N, N])  # E-W euchred: N-S +2, E-W has nothing to lose
    assert game.may_set_back and not game.set_back_takes
    game.call(S)
    play(game, [E, E, E, E, E])  # N-S euchred: E-W +2, N-S has 2
    assert game.may_set_back and game.set_back_takes
    game.set_back()
    assert not game.set_back_takes and game.scores == [0, 0]
    assert game.undo() and game.set_back_takes
    game.adjust(EW, 1)  # the moment is over
    assert not game.set_back_takes
    game = Game(Rules(), dealer=N)
    game.adjust(EW, 3)
    game.call(S)
    play(game, [S, S, S, S, S])  # a march, 2 points: no set-backs in these rules
    assert not game.set_back_takes


def case_set_back_after_a_renege_and_after_the_winning_hand():
    game = Game(Rules(setback=True, target=5), dealer=N)
    game.adjust(NS, 3)
    game.adjust(EW, 4)
    game.call(E)
    game.renege(W)  # N-S +2: 5, the game is won
    assert game.winner == NS and game.over
    game.set_back()  # taking 2 off E-W instead: the game goes on
    assert game.scores == [3, 2] and game.winner is None and not game.over
    assert game.last_hand.kind == "renege" and game.last_hand.set_back
    game.call(N)
    assert game.undo() and game.undo() and game.winner == NS and game.scores == [5, 4]
    reloaded(game)


def case_set_back_takes_win_only_when_setting_back_leaves_no_winner():
    # The hand won the game and a set-back leaves nobody a winner: the win.
    game = Game(Rules(setback=True, target=5), dealer=N)
    game.adjust(NS, 3)
    game.adjust(EW, 4)
    game.call(E)
    assert game.set_back_takes_win is False  # no hand scored yet
    game.renege(W)  # N-S +2: 5-4, won
    assert game.set_back_takes and game.set_back_takes_win
    assert game.set_back_scores() == ([3, 2], 2) and game.scores == [5, 4]  # only asked
    # Under win by two, 12-9 set back is 10-7: still won.
    game = Game(Rules(setback=True, win_by_two=True), dealer=N)
    for team, points in ((NS, 8), (EW, 8), (EW, 1), (NS, 2)):
        game.adjust(team, points)
    assert not game.over  # 10-9: no lead of 2
    game.call(N)
    play(game, [N, N, N, N, N])
    assert game.winner == NS and game.set_back_takes and not game.set_back_takes_win
    game.set_back()
    assert game.scores == [10, 7] and game.winner == NS
    # Progressive: a tie on the last hand has no win to take.
    game = Game(Rules(hands=2, setback=True), dealer=N)
    game.call(E)
    play(game, [E, E, E, E, E])  # E-W +2
    game.call(N)
    play(game, [N, N, N, N, N])  # N-S +2: 2-2 after the last hand
    assert game.over and game.winner is None
    assert game.set_back_takes and not game.set_back_takes_win
    # A won last hand: set back to a tie takes the win; to a smaller lead, not.
    game = Game(Rules(hands=2, setback=True), dealer=N)
    game.call(E)
    play(game, [E, E, E, E, E])  # E-W +2
    game.call(N, alone=True)
    play(game, [N, N, N, N, N])  # N-S +4: 4-2, won; set back: 0-0
    assert game.winner == NS and game.set_back_takes_win
    assert game.set_back_scores() == ([0, 0], 2)  # 2 of the 4 points: E-W stop at 0
    game = Game(Rules(hands=3, setback=True), dealer=N)
    game.call(N, alone=True)
    play(game, [N, N, N, N, N])  # N-S +4
    game.call(E)
    play(game, [E, E, E, E, E])  # E-W +2
    game.call(N)
    play(game, [N, N, N, N, N])  # N-S +2: 6-2, won; set back: 4-0, still won
    assert game.winner == NS and game.set_back_takes and not game.set_back_takes_win
    # Won, with nothing for a set-back to take: nothing to warn of.
    game = Game(Rules(hands=1, setback=True), dealer=N)
    game.call(N)
    play(game, [N, N, N, N, N])
    assert game.winner == NS and not game.set_back_takes and not game.set_back_takes_win


# ----- Robson blind loner --------------------------------------------------------

def case_blind_loner_scoring():
    rules = Rules(blind_loner=True)
    assert hand_points(rules, 5, True, blind=True) == ("makers", 5)
    assert hand_points(rules, 4, True, blind=True) == ("makers", 1)
    assert hand_points(rules, 3, True, blind=True) == ("makers", 1)
    for tricks in (0, 1, 2):
        assert hand_points(rules, tricks, True, blind=True) == ("defenders", 1)
    # A lone defender's row is larger: the largest row applies.
    assert hand_points(rules, 2, True, True, blind=True) == ("defenders", 4)
    assert hand_points(Rules(blind_loner=True, loner_euchred_points=4), 0, True,
                       blind=True) == ("defenders", 1)
    assert raises(hand_points, Rules(), 5, True, blind=True) \
        == "These rules do not allow a blind loner"


def case_blind_loner_through_the_game():
    rules = Rules(blind_loner=True, lone_march_points=3)
    game = Game(rules, dealer=W)
    game.call(W, alone=True, blind=True)
    assert game.lone_seat == W and game.sits_out(E) and game.leader == N
    play(game, [W, W, W, W, W])
    hand = game.last_hand
    assert game.scores == [0, 5] and hand.blind and hand.kind == "lone_march"
    assert transcript.text(game) == "BW TW TW TW TW TW"
    assert reloaded(game).last_hand.blind
    game.call(N, alone=True, blind=True)  # N deals now
    play(game, [E, N, N, E, W])
    assert game.scores == [0, 6] and game.last_hand.kind == "euchre"
    game.call(E, alone=True, blind=True)
    game.finish(3, quick=True)
    assert game.scores == [0, 7] and game.last_hand.quick
    assert game.undo() and game.lone_seat == E and game.tricks == [0, 0]
    assert game.undo() and not game.in_hand and game.scores == [0, 6]


def case_blind_loner_refusals():
    game = Game(Rules(blind_loner=True), dealer=S)
    assert refused(game, game.call, N, alone=True, blind=True) \
        == "Only the dealer (S) can go alone blind"
    assert refused(game, game.call, S, blind=True) == "A blind call is a lone call"
    assert "Not an action" in refused(game, game.apply, 0x12)  # blind, not alone
    assert "Not an action" in refused(game, game.apply, 0x1E)  # blind and ordered up
    assert "Unknown action" in raises(transcript.parse, game.rules, "BS^")
    game.call(S, alone=True, ordered_up=True, blind=True)  # the dealer's own call
    assert transcript.text(game) == "BS" and game.lone_seat == S
    game.undo()
    off = Game(Rules(), dealer=S)
    assert refused(off, off.call, S, alone=True, blind=True) \
        == "These rules do not allow a blind loner"
    stuck = transcript.to_bytes(transcript.parse(game.rules, "BS", dealer=S))
    assert "replay" in raises(transcript.from_bytes, Rules(), stuck)
    # Each rule refuses only its own lone hand: a blind loner where no
    # defender may go alone, a lone defender where nobody goes blind.
    both = Game(Rules(blind_loner=True, defender_alone="off"), dealer=S)
    both.call(S, alone=True, blind=True)
    assert refused(both, both.defend_alone, E) == "These rules do not let a defender go alone"
    plain = Game(Rules(), dealer=S)
    plain.call(N)
    plain.defend_alone(E)
    assert plain.lone_defender == E


# ----- progressive euchre: a number of hands ------------------------------------

def case_hands_end_the_game_without_a_target():
    game = Game(Rules(hands=4, target=5), dealer=N)
    assert game.hands_left == 4 and not game.over
    game.adjust(EW, 6)  # past the target: no winner, there is none
    assert game.winner is None
    game.pass_deal()  # a misdeal is not a hand
    assert game.hands_left == 4
    for left in (3, 2, 1):
        game.call(N)
        play(game, [N, N, N, N, N])
        assert game.hands_left == left and not game.over and game.winner is None
    game.call(S, alone=True)
    play(game, [S, S, S, S, S])
    assert game.scores == [10, 6] and game.hands_left == 0
    assert game.over and game.winner == NS and not game.skunk
    assert "over" in refused(game, game.call, E)
    assert "over" in refused(game, game.adjust, EW, 1)
    assert "over" in refused(game, game.pass_deal)
    assert game.undo() and not game.over and game.hands_left == 1 and game.tricks == [4, 0]
    game.trick(S)
    assert reloaded(game).over


def case_hands_tie_is_over_without_a_winner():
    game = Game(Rules(hands=2), dealer=N)
    game.call(N)
    play(game, [N, N, N, N, N])
    game.call(E)
    game.finish(5)
    assert game.scores == [2, 2] and game.over and game.winner is None
    assert not game.skunk and game.hands_left == 0
    assert "over" in refused(game, game.call, S)
    assert str(game.pass_refusal()) == "The game is over"
    copy = reloaded(game)
    assert copy.over and copy.winner is None


def case_hands_the_team_ahead_wins_either_way():
    for caller, team in ((E, EW), (S, NS)):
        game = Game(Rules(hands=1), dealer=N)
        game.call(caller)
        play(game, [caller] * 5)
        assert game.over and game.winner == team and game.hands_left == 0


def case_hands_skunk_and_set_back_on_the_last_hand():
    game = Game(Rules(hands=1, setback=True), dealer=N)
    game.call(N)
    play(game, [N, N, N, N, N])
    assert game.over and game.winner == NS and game.skunk
    game.set_back()  # the last hand may still be set back: a tie at 0
    assert game.scores == [0, 0] and game.over and game.winner is None
    assert game.undo() and game.winner == NS


# ----- the trump suit ---------------------------------------------------------------

def case_trump_suit_recorded_for_the_hand():
    game = Game(Rules(), dealer=N)
    game.call(E, suit="H")
    assert game.trump == "H" and transcript.text(game) == "CE =H"
    play(game, [E, E, E, N, N])
    assert game.trump is None and game.last_hand.trump == "H"
    game.call(S)
    assert game.trump is None
    game.set_trump("C")  # the suit may follow the call
    assert game.trump == "C"
    game.trick(S)
    game.finish(4)
    assert [hand.trump for hand in reports.history(game)] == ["H", "C"]
    assert [hand.trump for hand in reports.history(reloaded(game))] == ["H", "C"]
    assert transcript.text(game) == "CE =H TE TE TE TN TN CS =C TS F4"


def case_trump_suit_undo_and_refusals():
    game = Game(Rules(), dealer=N)
    assert refused(game, game.set_trump, "S") == "Nobody has named trump yet"
    for bad in ("X", "h", "", "SH", None, 1):
        assert refused(game, game.set_trump, bad) == "A suit is S, H, D or C, not " + repr(bad)
    assert "A suit is" in refused(game, game.call, E, suit="Z")  # no call either
    game.call(W, alone=True, suit="D")
    assert refused(game, game.set_trump, "S") == "Trump is already diamonds: undo to change it"
    assert game.undo() and game.trump is None and game.lone_seat == W
    game.set_trump("S")
    assert game.trump == "S"
    assert game.undo() and game.undo() and not game.in_hand and game.action_count == 0
    assert "Unknown action" in raises(transcript.parse, Rules(), "CN =X")


def case_every_action_byte_reads_back_from_its_word():
    # Each byte some state accepts (the new call flags, set-back and trump
    # among them) has one word, and the word gives the byte back.
    from euchre_core import action_text
    from euchre_core.transcript import parse_action
    rules = Rules(canadian_loner=True, setback=True, blind_loner=True)
    accepted = set()
    for code in range(256):
        for dealer in range(4):
            games = [Game(rules, dealer=dealer), transcript.parse(rules, "CE", dealer=dealer),
                     transcript.parse(rules, "CN F5", dealer=dealer)]
            for game in games:
                try:
                    game.apply(code)
                except ValueError:
                    continue
                assert parse_action(action_text(code)) == code, code
                accepted.add(code)
    # 20 calls (4 seats: plain, alone, ordered up, both; 4 blind), 4 going
    # alone after "CE", 4 tricks, pass, set-back, 4 suits, 4 reneges, 18
    # adjustments (16 up, 2 down from N-S's 2), 4 dealers, 12 finishes.
    assert len(accepted) == 20 + 4 + 4 + 1 + 1 + 4 + 4 + 18 + 4 + 12
