"""Rules-engine cases of the records and the export: both a maker
and a defender alone in one hand, the caller kept when the partner goes
alone, quick results, reneges and adjustments in the records, and saved
games from before. Plain functions: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py under MicroPython (a module of
their own: each module is loaded in turn into the small heap)."""

from euchre_core import Game, Rules
from euchre_core import reports, transcript
from cases_common import N, E, S, W, NS, EW, raises, play


def case_i15_maker_goes_alone_after_a_defender():
    game = Game(Rules(), dealer=W)
    game.call(N)
    game.defend_alone(E)
    game.go_alone(N)  # no trick yet: both may be alone
    assert (game.caller, game.lone_seat, game.lone_defender) == (N, N, E)
    assert game.leader == E  # two alone: the defender leads (the Swedish rules article)
    assert game.sits_out(S) and game.sits_out(W)
    assert transcript.text(game) == "CN DE LN"
    assert transcript.parse(Rules(), transcript.text(game), dealer=W) == game
    assert transcript.from_bytes(Rules(), transcript.to_bytes(game)) == game
    play(game, (N, N, N, N, N))
    hand = game.last_hand
    assert (hand.kind, hand.points, hand.caller, hand.lone_seat, hand.lone_defender) == \
        ("lone_march", 4, N, N, E)
    # Undo takes back the last hand's tricks, then only the lone call.
    for _ in range(5):
        game.undo()
    assert game.undo() and game.lone_seat is None and game.lone_defender == E
    assert game.caller == N and game.in_hand


def case_i15_partner_goes_alone_and_the_caller_stays():
    game = Game(Rules(), dealer=N)
    game.call(E)
    game.go_alone(W)
    assert (game.caller, game.makers, game.lone_seat) == (E, 1, W)
    assert game.leader == N  # left of the lone player
    assert "E sits out" in raises(game.trick, E)
    play(game, (W, W, W, N, S))
    hand = game.last_hand
    assert (hand.caller, hand.lone_seat, hand.kind, hand.scorer) == (E, W, "made", EW)
    assert transcript.text(game) == "CE LW TW TW TW TN TS"


def case_i15_going_alone_refusals():
    game = Game(Rules(), dealer=N)
    assert "Nobody" in raises(game.go_alone, N)
    game.call(N, alone=True)
    assert "N is already alone" in raises(game.go_alone, S)
    assert "N is already alone" in raises(game.go_alone, N)
    game = Game(Rules(), dealer=N)
    game.call(N)
    game.trick(E)
    assert "Too late" in raises(game.go_alone, S)
    assert "Too late" in raises(game.go_alone, E)
    # The maker's form with a defender's seat, and no seat at all.
    assert "a defender, not a maker" in raises(game.apply, 0x20 | 4 | E)
    assert "Not a seat" in raises(game.apply, 0x20 | 8)
    assert "Not a seat" in raises(game.apply, 0x20 | 12)
    assert transcript.text(game) == "CN TE"
    game = Game(Rules(defender_alone="off"), dealer=N)
    game.call(N)
    assert "do not let" in raises(game.go_alone, E)
    game.go_alone(S)
    assert game.lone_seat == S


# A game saved by the firmware before the L and Q actions (format 1): a lone call, a
# lone defender, a finish, an adjustment, a renege, a misdeal.
OLD_SAVE = ("4501031b00044040404040012041404341410240e4b003820041e16002424242f77a")


def case_i15_games_saved_before_still_load():
    game = transcript.from_bytes(Rules(), bytes.fromhex(OLD_SAVE))
    assert transcript.text(game) == ("AN TN TN TN TN TN CE DN TE TN TW TE TE CS TN F4 J1+1 CW RS"
                           " CN TE F1 P CS TS TS TS")
    assert game.scores == [5, 6] and game.dealer == E and game.tricks == [3, 0]
    hands = reports.history(game)
    assert [(h.kind, h.caller, h.lone_seat, h.lone_defender, h.tricks, h.scorer, h.points)
            for h in hands] == [
        ("lone_march", N, N, None, (5, 0), NS, 4),
        ("made", E, None, N, (1, 4), EW, 1),
        ("made", S, None, None, (4, 1), NS, 1),
        ("renege", W, None, None, (0, 0), EW, 2),
        ("euchre", N, None, None, (1, 4), EW, 2)]
    assert [h.reneger for h in hands] == [None, None, None, S, None]
    assert not any(h.quick for h in hands)
    assert transcript.to_bytes(game) == bytes.fromhex(OLD_SAVE)


def case_i15_quick_result_keeps_the_tricks_played():
    game = Game(Rules(), dealer=W)
    game.call(N)
    play(game, (N, S))
    game.finish(2, quick=True)  # euchred: the rest of the tricks are not known
    hand = game.last_hand
    assert (hand.kind, hand.points, hand.scorer, hand.tricks, hand.quick) == \
        ("euchre", 2, EW, (2, 0), True)
    assert game.scores == [0, 2] and game.dealer == N
    assert transcript.text(game) == "CN TN TS Q2"
    assert transcript.parse(Rules(), transcript.text(game), dealer=W) == game
    assert transcript.from_bytes(Rules(), transcript.to_bytes(game)) == game
    assert game.undo() and game.in_hand and game.tricks == [2, 0]
    # The same refusals as a finish with known tricks.
    assert "already have 2 tricks" in raises(game.finish, 1, True)
    game.finish(5, quick=True)
    assert game.last_hand.kind == "march" and game.last_hand.tricks == (2, 0)
    # Rest of tricks: the tricks are known and kept.
    game.call(E)
    game.trick(N)
    game.finish(4)
    assert game.last_hand.tricks == (1, 4) and not game.last_hand.quick
    assert transcript.text(game).endswith("CE TN F4")


def case_i15_quick_codes_out_of_range_are_refused():
    game = Game(Rules(), dealer=W)
    game.call(N)
    for code in (0xE6, 0xE7, 0xE8 | 6, 0xE8 | 7, 0xF0, 0xF8):
        raises(game.apply, code)
    assert transcript.text(game) == "CN" and game.in_hand
    for word in ("Q6", "Q", "QN", "LX", "L"):
        raises(transcript.parse, Rules(), "CN " + word)


def case_i15_renege_records_who_reneged():
    game = Game(Rules(), dealer=N)
    game.call(W)
    game.trick(E)
    game.renege(N)
    hand = game.last_hand
    assert (hand.kind, hand.caller, hand.reneger, hand.scorer, hand.tricks) == \
        ("renege", W, N, EW, (0, 1))
    game.call(S)
    play(game, (S, S, S, S, S))
    assert game.last_hand.reneger is None


def case_i15_adjustments_where_they_were_made():
    game = transcript.parse(Rules(), "J1+1 CN TN TN TN TN TN J0-2 CE J1+3 TE TE TE TE TE J0+1",
                      dealer=W)
    assert reports.adjustments(game) == [(0, EW, 1), (1, NS, -2), (1, EW, 3), (2, NS, 1)]
    assert game.scores == [1, 6]
    hands = sum(h.points for h in reports.history(game) if h.scorer == EW)
    assert hands + sum(a[2] for a in reports.adjustments(game) if a[1] == EW) == game.scores[EW]
    game.undo()
    assert reports.adjustments(game) == [(0, EW, 1), (1, NS, -2), (1, EW, 3)]
    assert reports.adjustments(Game(Rules())) == []
