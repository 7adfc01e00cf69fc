"""The rules engine at its edges: the history after every kind of hand, the
leader across the W -> N wrap, every rule option at its extremes, stats past 1.

Plain functions like tests/cases_engine.py: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import Game, Rules, score_hand
from euchre_core import hand_stats, reports, transcript
from euchre_core.transcript import parse_action
from cases_common import N, E, S, W, NS, EW, raises, play


# ----- history after every kind of hand -------------------------------------------

# Each hand of EVERY_KIND and the Hand it leaves in the history:
# (number, dealer, caller, makers, lone seat, lone defender, tricks (N-S, E-W),
# scorer, points, kind, reneger, quick) + (trump, blind, forced, set back,
# points taken by a set-back), the last five as they are for a hand under no
# house rule with no suit recorded.
PLAIN = (None, False, False, False, 0)
EVERY_KIND = (
    ("AS TS TS TS TS TS", (1, N, S, NS, S, None, (5, 0), NS, 4, "lone_march", None, False) + PLAIN),
    ("CE TN F4", (2, E, E, EW, None, None, (1, 4), EW, 1, "made", None, False) + PLAIN),
    ("AW DN TN F2", (3, S, W, EW, W, N, (3, 2), NS, 4, "lone_defense", None, False) + PLAIN),
    ("CN DE RS", (4, W, N, NS, None, E, (0, 0), EW, 2, "renege", S, False) + PLAIN),
    ("P CW TW TW TW TW TW", (5, E, W, EW, None, None, (0, 5), EW, 2, "march", None, False) + PLAIN),
    ("J1-2 J0+1 AN TE F0", (6, S, N, NS, N, None, (0, 5), EW, 2, "euchre", None, False) + PLAIN),
    ("CS TS RN", (7, W, S, NS, None, None, (1, 0), EW, 2, "renege", N, False) + PLAIN),
    ("CE TN TN TE TS TN", (8, N, E, EW, None, None, (4, 1), NS, 2, "euchre", None, False) + PLAIN),
    ("XS AE DS TE TE TE TS F4", (9, S, E, EW, E, S, (1, 4), EW, 1, "made", None, False) + PLAIN),
    # A quick result keeps the tricks played; the caller's partner alone.
    ("CN LS TS TS Q3", (10, W, N, NS, S, None, (2, 0), NS, 1, "made", None, True) + PLAIN),
    ("CE DN LE Q0", (11, N, E, EW, E, N, (0, 0), NS, 4, "lone_defense", None, True) + PLAIN),
    ("CW TW Q5", (12, E, W, EW, None, None, (0, 1), EW, 2, "march", None, True) + PLAIN),
)


def case_history_after_every_kind_of_hand():
    game = Game(Rules(target=50), dealer=N)
    for text, hand in EVERY_KIND:
        for word in text.split():
            game.apply(parse_action(word))
        assert game.last_hand == hand, (text, game.last_hand)
        assert game.caller is None and game.makers is None and game.lone_seat is None
        assert game.lone_defender is None and game.leader is None
        assert game.tricks == [0, 0] and game.tricks_played == 0
    assert reports.history(game) == [hand for _, hand in EVERY_KIND]
    assert [reports.hand(game, n) for n in range(1, len(EVERY_KIND) + 1)] == reports.history(game)
    for number in (0, len(EVERY_KIND) + 1):
        try:
            reports.hand(game, number)
            raise AssertionError("hand %d" % number)
        except IndexError as err:
            assert str(err) == "No hand %d was scored" % number
    assert game.hand_count == len(EVERY_KIND) and game.misdeals == 1
    assert game.progress() == [(0, 0), (4, 0), (4, 1), (8, 1), (8, 3), (8, 5), (8, 3),
                               (9, 3), (9, 5), (9, 7), (11, 7), (11, 8), (12, 8), (16, 8),
                               (16, 10)]
    assert game.scores == [16, 10] and game.dealer == S
    # The same history from the saved form, from the text form and after undo
    # back to the start and forward again.
    assert reports.history(transcript.from_bytes(game.rules, transcript.to_bytes(game))) == reports.history(game)
    assert reports.history(transcript.parse(game.rules, transcript.text(game), dealer=N)) == reports.history(game)
    codes = game.codes
    while game.undo():
        pass
    assert reports.history(game) == [] and game.progress() == [(0, 0)] and game.last_hand is None
    for code in codes:
        game.apply(code)
    assert reports.history(game) == [hand for _, hand in EVERY_KIND]


def case_history_after_undo_into_a_scored_hand():
    game = transcript.parse(Rules(), "CN TN TN TN TE TN", dealer=W)
    first = game.last_hand
    assert tuple(first) == (1, W, N, NS, None, None, (4, 1), NS, 1, "made", None, False) + PLAIN
    assert game.undo() and reports.history(game) == [] and game.tricks == [3, 1]
    game.trick(N)
    assert reports.history(game) == [first]
    game.call(E)
    game.finish(3)
    assert [tuple(hand) for hand in reports.history(game)] == [
        tuple(first), (2, N, E, EW, None, None, (2, 3), EW, 1, "made", None, False) + PLAIN]


def case_adjustments_count_the_hands_before_them():
    # An adjustment may come at any time, also in a hand after its fourth trick.
    game = transcript.parse(Rules(), "J0+1 CN TN TN TN TN J1+2 TN J0-1 CE RW J1+1 CS Q3 J0+3 "
                      "AW TW F4 J1-1", dealer=N)
    assert reports.adjustments(game) == [(0, NS, 1), (0, EW, 2), (1, NS, -1), (2, EW, 1),
                                  (3, NS, 3), (4, EW, -1)]
    assert game.scores == [8, 3] and game.hand_count == 4


def case_stats_count_past_one():
    game = transcript.parse(Rules(target=99), " ".join((
        "CN TN TN TN TN TN", "CS TS TS TS TS TS",        # two N-S marches
        "AN TN TN TN TN TN", "AS TS TS TS TE TE",        # two N-S loners made
        "CE TN TN TN TN TN", "CW TN TN TN TE TW",        # E-W euchred twice
        "AE TN TN TN TN TN", "CW RE", "CE RW", "CN RS")), dealer=N)
    ns, ew = hand_stats.stats(game)
    none = {"blind": 0, "blind_made": 0, "forced": 0, "forced_made": 0, "set_backs": 0}
    assert ns == dict(none, made=4, marches=3, euchred=0, euchres=3, loners=2,
                      loners_made=2, reneges=1)
    assert ew == dict(none, made=0, marches=0, euchred=3, euchres=0, loners=1,
                      loners_made=0, reneges=2)


# ----- who leads, across the W -> N wrap -----------------------------------------

# (lead rule, dealer, actions, the leader after them).
LEADERS = (
    ("dealer_left", W, "CE", N),        # left of W is N
    ("dealer_left", S, "AE", N),        # W sits out: on to N
    ("dealer_left", S, "AE DS", E),     # W and N sit out: on to E
    ("dealer_left", E, "AN", W),        # S sits out: on to W
    ("dealer_left", W, "AW DN", N),     # E and S sit out; N is left of W
    ("dealer_left", W, "AS DW", S),     # N and E sit out: on to S
    ("loner_left", W, "CE", N),         # nobody alone: left of the dealer
    ("loner_left", N, "AW", N),         # left of the lone W is N
    ("loner_left", N, "CN DW", N),      # left of the lone defender W
    ("loner_left", N, "AN DW", W),      # both alone: the lone defender leads
    ("loner_left", S, "AE", S),         # left of the lone E
    ("loner_left", N, "CE LW", N),      # the caller's partner W alone: N leads
    ("dealer_left", S, "CW LE", N),     # E alone, W sits out: on to N
    ("loner_left", N, "CN DE LS", E),   # S alone after E: the lone defender leads
    ("loner_left", S, "CS TW", W),      # the trick's winner leads next
    ("dealer_left", S, "AE TN TE", E),
)


def case_leaders_across_the_wrap():
    for lead, dealer, text, leader in LEADERS:
        game = transcript.parse(Rules(lead=lead), text, dealer=dealer)
        assert game.leader == leader, (lead, dealer, text, game.leader)
        assert not game.sits_out(game.leader)


# ----- every rule option at its extremes ------------------------------------------

def case_rule_options_at_their_extremes():
    assert Rules(target=1).target == 1 and Rules(target=99).target == 99
    for value in (0, 100, -1, True, 10.0, "10", None):
        assert raises(Rules, target=value) \
            == "target must be a whole number of points from 1 to 99, got " + repr(value)
    for name in ("loner_euchred_points", "lone_march_points", "renege_points",
                 "renege_alone_points"):
        for value in (1, 9):
            assert getattr(Rules(**{name: value}), name) == value
        for value in (0, 10, True, 2.0, "2"):
            assert raises(Rules, **{name: value}) \
                == name + " must be a whole number of points from 1 to 9, got " + repr(value)
    for name in ("win_by_two", "stick_the_dealer"):
        assert getattr(Rules(**{name: True}), name) is True
        assert getattr(Rules(**{name: False}), name) is False
        for value in (1, 0, None, "True"):
            assert raises(Rules, **{name: value}) \
                == name + " must be True or False, got " + repr(value)
    for value in ("4", "2_4", "off"):
        assert Rules(defender_alone=value).defender_alone == value
    for value in (4, "maybe", None, ""):
        assert raises(Rules, defender_alone=value) \
            == "defender_alone must be one of 4, 2_4, off; got " + repr(value)
    for value in ("loner_left", "dealer_left"):
        assert Rules(lead=value).lead == value
    assert raises(Rules, lead="right") \
        == "lead must be one of loner_left, dealer_left; got 'right'"
    assert raises(Rules, colour="red") == "Unknown rule option: 'colour'"
    assert raises(Rules().replace, target=0) \
        == "target must be a whole number of points from 1 to 99, got 0"
    assert raises(Rules().replace, colour=1) == "Unknown rule option: 'colour'"


def case_extreme_points_score_as_set():
    rules = Rules(loner_euchred_points=9, lone_march_points=9, renege_points=9,
                  renege_alone_points=9, target=99)
    game = transcript.parse(rules, "AN TN TN TN TN TN  AE TN TN TN TN TN  CN RS  AW RS", dealer=N)
    assert game.scores == [18, 18]
    rules = Rules(loner_euchred_points=1, lone_march_points=1, renege_points=1,
                  renege_alone_points=1)
    # Never fewer than the partnership euchre's 2.
    game = transcript.parse(rules, "AN TN TN TN TN TN  AE TN TN TN TN TN  CN RS  AW RS", dealer=N)
    assert game.scores == [3, 2]


def case_target_one_and_ninety_nine():
    game = Game(Rules(target=1), dealer=N)
    game.call(E)
    play(game, [E, E, E, N, N])
    assert game.winner == EW and game.scores == [0, 1] and game.skunk
    game = Game(Rules(target=99), dealer=N)
    for _ in range(12):
        game.adjust(NS, 8)
    assert game.scores == [96, 0] and game.winner is None
    game.adjust(NS, 2)
    assert game.winner is None
    game.adjust(NS, 1)
    assert game.winner == NS and game.scores == [99, 0]


def case_win_by_two_at_the_target():
    game = transcript.parse(Rules(target=3, win_by_two=True), "J0+2 J1+2 J0+1", dealer=N)
    assert game.scores == [3, 2] and game.winner is None
    game.adjust(EW, 2)
    assert game.scores == [3, 4] and game.winner is None
    game.adjust(EW, 1)
    assert game.winner == EW
    game = transcript.parse(Rules(target=3), "J0+2 J1+2 J0+1", dealer=N)
    assert game.winner == NS


def case_score_hand_says_what_kind():
    rules = Rules()
    assert score_hand(rules, 5) == ("makers", 2, "march")
    assert score_hand(rules, 3) == ("makers", 1, "made")
    assert score_hand(rules, 0) == ("defenders", 2, "euchre")
    assert score_hand(rules, 5, True) == ("makers", 4, "lone_march")
    assert score_hand(rules, 2, False, True) == ("defenders", 4, "lone_defense")
    assert score_hand(Rules(defender_alone="2_4"), 1, True, True) \
        == ("defenders", 2, "lone_defense")
    assert raises(score_hand, rules, 6) == "The makers take 0 to 5 tricks, got 6"
    assert raises(score_hand, rules, True) == "The makers take 0 to 5 tricks, got True"
    assert raises(score_hand, Rules(defender_alone="off"), 2, False, True) \
        == "These rules do not let a defender go alone"
