"""Every refusal of the rules engine, word for word, and the game unchanged after it.

Plain functions like tests/cases_engine.py: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import Game, Refusal, Rules
from euchre_core import transcript
from euchre_core.transcript import parse_action
from euchre_core.actions import crc16
from euchre_core.basics import SEAT_NAMES
from cases_common import N, E, S, W, NS, EW, raises


# ----- every refusal, word for word ---------------------------------------------

# (rules options, dealer, actions before, action, arguments, the exact message).
# The game must be unchanged after each. Each is a Refusal but for the
# arguments no action takes (ARGUMENT_ERRORS), which are plain ValueErrors.
REFUSALS = (
    ({}, N, "", "call", (4,), "A seat is 0..3 (N, E, S, W), not 4"),
    ({}, N, "", "call", (-1,), "A seat is 0..3 (N, E, S, W), not -1"),
    ({}, N, "", "call", ("N",), "A seat is 0..3 (N, E, S, W), not 'N'"),
    ({}, N, "", "trick", (True,), "A seat is 0..3 (N, E, S, W), not True"),
    ({}, N, "", "set_dealer", (None,), "A seat is 0..3 (N, E, S, W), not None"),
    ({}, N, "CE", "call", (N,), "Trump is already named by E"),
    ({}, N, "", "trick", (N,), "Name trump before counting tricks"),
    ({}, N, "AE", "trick", (W,), "W sits out this hand"),
    ({}, N, "CE DN", "trick", (S,), "S sits out this hand"),
    ({}, N, "", "defend_alone", (E,), "Nobody has named trump yet"),
    ({"defender_alone": "off"}, N, "CN", "defend_alone", (E,),
     "These rules do not let a defender go alone"),
    ({}, N, "CE", "defend_alone", (W,), "W is a maker, not a defender"),
    ({}, N, "CE TE", "defend_alone", (S,), "Too late: going alone is before the first trick"),
    ({}, N, "CE DS", "defend_alone", (N,), "S is already alone"),
    ({}, N, "CE DS", "go_alone", (N,), "S is already alone"),
    ({}, N, "AE", "go_alone", (W,), "E is already alone"),
    ({}, N, "CE LW", "go_alone", (E,), "W is already alone"),
    ({}, N, "", "go_alone", (E,), "Nobody has named trump yet"),
    ({}, N, "CE TE", "go_alone", (W,), "Too late: going alone is before the first trick"),
    ({"defender_alone": "off"}, N, "CE", "go_alone", (N,),
     "These rules do not let a defender go alone"),
    ({}, N, "", "go_alone", (4,), "A seat is 0..3 (N, E, S, W), not 4"),
    ({}, N, "CE", "pass_deal", (), "Trump is already named"),
    ({"stick_the_dealer": True}, S, "", "pass_deal", (), "Stick the dealer: S must name trump"),
    ({}, N, "", "renege", (E,), "No hand is being played"),
    ({}, N, "AE", "renege", (W,), "W sits out this hand"),
    ({}, N, "CW", "set_dealer", (E,), "Set the dealer between hands, not during one"),
    ({}, E, "", "set_dealer", (E,), "E is already the dealer"),
    ({}, N, "", "adjust", (2, 1), "A team is 0 (N-S) or 1 (E-W), not 2"),
    ({}, N, "", "adjust", (-1, 1), "A team is 0 (N-S) or 1 (E-W), not -1"),
    ({}, N, "", "adjust", (True, 1), "A team is 0 (N-S) or 1 (E-W), not True"),
    ({}, N, "", "adjust", (NS, 0), "An adjustment is -8..8 points, not 0"),
    ({}, N, "", "adjust", (NS, 9), "An adjustment is -8..8 points, not 9"),
    ({}, N, "J0+8", "adjust", (NS, -9), "An adjustment is -8..8 points, not -9"),
    ({}, N, "", "adjust", (NS, "3"), "An adjustment is -8..8 points, not '3'"),
    ({}, N, "", "adjust", (NS, True), "An adjustment is -8..8 points, not True"),
    ({}, N, "", "adjust", (NS, 1.0), "An adjustment is -8..8 points, not 1.0"),
    ({}, N, "J1+2", "adjust", (EW, -3), "A score cannot go below 0"),
    ({}, N, "", "adjust", (NS, -1), "A score cannot go below 0"),
    ({}, N, "", "finish", (3,), "Nobody has named trump yet"),
    ({}, N, "", "finish", (6,), "The makers take 0 to 5 tricks, not 6"),
    ({}, N, "CE", "finish", (-1,), "The makers take 0 to 5 tricks, not -1"),
    ({}, N, "CE", "finish", (True,), "The makers take 0 to 5 tricks, not True"),
    ({}, N, "CE", "finish", ("3",), "The makers take 0 to 5 tricks, not '3'"),
    ({}, N, "CE TE", "finish", (0,), "The makers already have 1 trick"),
    ({}, N, "CE TE TW", "finish", (1,), "The makers already have 2 tricks"),
    ({}, N, "CE TN", "finish", (5,), "The defenders already have 1 trick"),
    ({}, N, "CE TN TS TE", "finish", (4,), "The defenders already have 2 tricks"),
    ({}, N, "CS TN TN TN TN", "call", (E,), "Trump is already named by S"),
    ({"target": 1}, N, "CN TN TN TN TE TW", "call", (E,),
     "The game is over: undo, or start a new game"),
    ({"target": 1}, N, "J1+1", "adjust", (NS, 1), "The game is over: undo, or start a new game"),
    ({"target": 1}, N, "J1+1", "pass_deal", (), "The game is over: undo, or start a new game"),
    ({"target": 1}, N, "J1+1", "set_dealer", (E,), "The game is over: undo, or start a new game"),
    ({}, N, "CE TE", "finish", (0, True), "The makers already have 1 trick"),
    ({}, N, "CE TN", "finish", (5, True), "The defenders already have 1 trick"),
)


ARGUMENT_ERRORS = ("A seat is ", "A team is ", "An adjustment is ", "The makers take ")


def refusal(fn, *args):
    """(reason, seat) of the Refusal ``fn(*args)`` raises; fail if none."""
    try:
        fn(*args)
    except Refusal as err:
        return err.reason, err.seat
    raise AssertionError("no Refusal from " + repr(fn))


def case_refusals_say_why():
    for options, dealer, before, action, args, message in REFUSALS:
        game = transcript.parse(Rules(**options), before, dealer=dealer)
        saved = transcript.to_bytes(game)
        got = raises(getattr(game, action), *args)
        assert got == message, (before, action, args, got)
        assert transcript.to_bytes(game) == saved, (before, action, args)
        argument = False
        for start in ARGUMENT_ERRORS:
            argument = argument or message.startswith(start)
        if not argument:
            # The reason with its seat's letter put in is the message.
            reason, seat = refusal(getattr(game, action), *args)
            assert (reason if seat is None else reason % SEAT_NAMES[seat]) == message


# (rules options, dealer, actions before, action, arguments, reason, seat):
# the refusals about a seat carry it, for the table to name the player.
SEATED = (
    ({}, N, "CE", "call", (N,), "Trump is already named by %s", E),
    ({"blind_loner": True}, N, "", "call", (E, True, False, True),
     "Only the dealer (%s) can go alone blind", N),
    ({}, N, "AE", "trick", (W,), "%s sits out this hand", W),
    ({}, N, "AE", "renege", (W,), "%s sits out this hand", W),
    ({}, N, "CE", "defend_alone", (W,), "%s is a maker, not a defender", W),
    ({}, N, "CE", "apply", (parse_action("LN"),), "%s is a defender, not a maker", N),
    ({}, N, "CE DS", "go_alone", (N,), "%s is already alone", S),
    ({"stick_the_dealer": True}, S, "", "pass_deal", (), "Stick the dealer: %s must name trump",
     S),
    ({}, E, "", "set_dealer", (E,), "%s is already the dealer", E),
    ({}, N, "", "trick", (N,), "Name trump before counting tricks", None),
    ({}, N, "", "finish", (3,), "Nobody has named trump yet", None),
    ({"defender_alone": "off"}, N, "CN", "defend_alone", (E,),
     "These rules do not let a defender go alone", None),
)


def case_refusals_carry_the_seat_they_are_about():
    for options, dealer, before, action, args, reason, seat in SEATED:
        game = transcript.parse(Rules(**options), before, dealer=dealer)
        assert refusal(getattr(game, action), *args) == (reason, seat), (before, action)
    err = Refusal("%s is already alone", W)
    assert isinstance(err, ValueError) and str(err) == "W is already alone"
    assert str(Refusal("The game is over")) == "The game is over"


def case_pass_refusal_says_why_without_passing():
    game = Game(Rules(), dealer=W)
    assert game.pass_refusal() is None
    game = Game(Rules(stick_the_dealer=True), dealer=W)
    found = game.pass_refusal()
    assert str(found) == "Stick the dealer: W must name trump" and found.seat == W
    game.call(N)
    assert str(game.pass_refusal()) == "Trump is already named"
    game = transcript.parse(Rules(target=1), "J0+1", dealer=N)
    assert str(game.pass_refusal()) == "The game is over"
    assert game.pass_refusal().seat is None


def case_play_refusal_names_the_seat_that_sits_out_without_acting():
    game = transcript.parse(Rules(), "AE TS", dealer=N)  # E alone: W sits out
    assert [game.play_refusal(seat) for seat in (N, E, S)] == [None, None, None]
    found = game.play_refusal(W)
    assert str(found) == "W sits out this hand" and found.seat == W
    assert isinstance(found, Refusal)
    assert transcript.text(game) == "AE TS" and game.tricks == [1, 0]
    game = transcript.parse(Rules(), "AE DN", dealer=N)  # and S, the lone defender's partner
    assert str(game.play_refusal(S)) == "S sits out this hand"
    assert str(game.play_refusal(W)) == "W sits out this hand"
    assert game.play_refusal(N) is None and game.play_refusal(E) is None
    assert Game(Rules(), dealer=N).play_refusal(S) is None  # between hands: nobody sits out


def case_game_and_text_refusals():
    assert raises(Game, "rules") == "Game needs a Rules object"
    assert raises(Game, None) == "Game needs a Rules object"
    assert raises(Game, Rules(), dealer=4) == "A seat is 0..3 (N, E, S, W), not 4"
    assert raises(Game, Rules(), dealer=True) == "A seat is 0..3 (N, E, S, W), not True"
    assert raises(parse_action, "") == "Empty action"
    for word in ("Q", "C", "CNE", "Cn", "T4", "P0", "J2+1", "J0*1", "J0+", "J0+0",
                 "J0+9", "J0+10", "J0-x", "JX+1", "J0X1", "J+1", "F", "F6", "F33",
                 "Fx", "FX", "F-1", "X3", "Q6", "QN", "LX", "L0", "AX", "ANN", "DNN", "XNE",
                 # Only a call ("C", "A") is ordered up.
                 "XN^", "TN^", "DN^", "LN^", "RN^", "P^", "CN^^", "C^"):
        assert raises(parse_action, word) == "Unknown action: " + repr(word), word
    assert raises(transcript.parse, Rules(), "CN Q") == "Unknown action: 'Q'"


def case_from_bytes_refusals():
    good = transcript.to_bytes(transcript.parse(Rules(), "CN TN TE", dealer=S))

    def resigned(data):
        data = bytearray(data)
        crc = crc16(data[:-2])
        data[-2] = crc >> 8
        data[-1] = crc & 0xFF
        return bytes(data)

    def changed(at, value):
        data = bytearray(good)
        data[at] = value
        return resigned(data)

    cases = (
        (None, "A saved game is bytes"),
        (1.5, "A saved game is bytes"),
        (b"", "Saved game is truncated"),
        (good[:6], "Saved game is truncated"),
        (b"XY" + good[2:], "Not a saved euchre game"),
        (changed(1, 9), "Saved game has format version 9; this firmware reads version 1"),
        (changed(1, 0), "Saved game has format version 0; this firmware reads version 1"),
        (good[:-3] + good[-2:], "Saved game is truncated or too long"),
        (resigned(good[:5] + b"\x40" + good[5:]), "Saved game is truncated or too long"),
        (changed(3, 4), "Saved game is truncated or too long"),
        (changed(4, 1), "Saved game is truncated or too long"),
        (good[:-2] + bytes([good[-2] ^ 0x01, good[-1]]),
         "Saved game is damaged (checksum mismatch)"),
        (good[:-1] + bytes([good[-1] ^ 0x80]), "Saved game is damaged (checksum mismatch)"),
        (good[:6] + bytes([good[6] ^ 0x01]) + good[7:],
         "Saved game is damaged (checksum mismatch)"),
        (changed(2, 4), "Saved game names no valid dealer"),
        (changed(2, 0xFF), "Saved game names no valid dealer"),
    )
    for data, message in cases:
        got = raises(transcript.from_bytes, Rules(), data)
        assert got == message, (data, got)
    # A log that these rules refuse.
    stuck = transcript.to_bytes(transcript.parse(Rules(), "P", dealer=N))
    assert raises(transcript.from_bytes, Rules(stick_the_dealer=True), stuck) \
        == "Saved game does not replay under these rules: Stick the dealer: N must name trump"
    twice = resigned(good[:6] + b"\x00" + good[7:])  # CN CN TE: N names trump twice
    assert raises(transcript.from_bytes, Rules(), twice) \
        == "Saved game does not replay under these rules: Trump is already named by N"
    # Every dealer byte 0..3 is a dealer; the bytes round-trip exactly.
    for dealer in (N, E, S, W):
        data = changed(2, dealer)
        game = transcript.from_bytes(Rules(), data)
        assert game.start_dealer == dealer and transcript.to_bytes(game) == data
