"""Rules-engine cases as plain functions: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import Game, Rules, hand_points
from euchre_core.game import crc16

N, E, S, W = 0, 1, 2, 3
NS, EW = 0, 1


def raises(fn, *args, **kwargs):
    """Call ``fn`` and return the ValueError's message; fail if none."""
    try:
        fn(*args, **kwargs)
    except ValueError as err:
        return str(err)
    raise AssertionError("no ValueError from " + repr(fn))


def play(game, seats):
    for seat in seats:
        game.trick(seat)


# ----- the scoring table (RULES.md "Scoring a hand") ------------------------

def case_table_makers_three_or_four():
    rules = Rules()
    assert hand_points(rules, 3) == ("makers", 1)
    assert hand_points(rules, 4) == ("makers", 1)


def case_table_march():
    assert hand_points(Rules(), 5) == ("makers", 2)


def case_table_euchred():
    rules = Rules()
    for tricks in (0, 1, 2):
        assert hand_points(rules, tricks) == ("defenders", 2)


def case_table_maker_alone_three_or_four():
    rules = Rules()
    assert hand_points(rules, 3, maker_alone=True) == ("makers", 1)
    assert hand_points(rules, 4, maker_alone=True) == ("makers", 1)


def case_table_lone_march():
    assert hand_points(Rules(), 5, maker_alone=True) == ("makers", 4)


def case_table_maker_alone_euchred():
    for tricks in (0, 1, 2):
        assert hand_points(Rules(), tricks, maker_alone=True) == ("defenders", 2)


# ----- the options on the lone-hand rows ------------------------------------

def case_loner_euchred_points_four():
    rules = Rules(loner_euchred_points=4)
    assert hand_points(rules, 2, maker_alone=True) == ("defenders", 4)
    assert hand_points(rules, 0, maker_alone=True) == ("defenders", 4)
    # Only lone hands: a partnership euchred still gives 2.
    assert hand_points(rules, 2) == ("defenders", 2)


def case_lone_march_points_three_and_five():
    assert hand_points(Rules(lone_march_points=3), 5, maker_alone=True) == ("makers", 3)
    assert hand_points(Rules(lone_march_points=5), 5, maker_alone=True) == ("makers", 5)
    assert hand_points(Rules(lone_march_points=5), 5) == ("makers", 2)


# ----- defender alone (the three readings) ----------------------------------

def case_defender_alone_rule_4():
    rules = Rules(defender_alone="4")
    assert hand_points(rules, 2, defender_alone=True) == ("defenders", 4)
    assert hand_points(rules, 1, defender_alone=True) == ("defenders", 4)
    assert hand_points(rules, 0, defender_alone=True) == ("defenders", 4)
    # The lone defender failed: the makers score as usual.
    assert hand_points(rules, 3, defender_alone=True) == ("makers", 1)
    assert hand_points(rules, 5, defender_alone=True) == ("makers", 2)


def case_defender_alone_rule_2_4():
    rules = Rules(defender_alone="2_4")
    assert hand_points(rules, 2, defender_alone=True) == ("defenders", 2)
    assert hand_points(rules, 1, defender_alone=True) == ("defenders", 2)
    assert hand_points(rules, 0, defender_alone=True) == ("defenders", 4)


def case_defender_alone_rule_off():
    rules = Rules(defender_alone="off")
    assert "defender" in raises(hand_points, rules, 1, defender_alone=True)
    game = Game(rules, dealer=W)
    game.call(N)
    assert "do not let a defender" in raises(game.defend_alone, E)
    assert game.lone_defender is None and game.codes == game.codes[:1]


def case_both_alone_defenders_take_largest():
    # A lone maker set by a lone defender: the largest applicable row.
    assert hand_points(Rules(), 2, True, True) == ("defenders", 4)
    assert hand_points(Rules(defender_alone="2_4"), 2, True, True) == ("defenders", 2)
    assert hand_points(Rules(defender_alone="2_4", loner_euchred_points=4),
                       2, True, True) == ("defenders", 4)
    assert hand_points(Rules(defender_alone="2_4"), 0, True, True) == ("defenders", 4)
    assert hand_points(Rules(), 5, True, True) == ("makers", 4)


def case_hand_points_rejects_bad_tricks():
    raises(hand_points, Rules(), 6)
    raises(hand_points, Rules(), -1)
    raises(hand_points, Rules(), "3")


# ----- whole hands through Game --------------------------------------------

def case_game_march_partnership():
    game = Game(Rules(), dealer=W)
    game.call(E)
    assert game.makers == EW and game.caller == E and game.leader == N
    play(game, [E, W, E, W, E])
    assert game.scores == [0, 2]
    assert game.dealer == N and game.makers is None and game.leader is None
    assert game.tricks == [0, 0]
    assert game.last_hand.kind == "march" and game.last_hand.points == 2


def case_game_made_and_euchred():
    game = Game(Rules(), dealer=N)
    game.call(S)
    play(game, [N, S, E, N, W])
    assert game.scores == [1, 0] and game.dealer == E
    game.call(W)
    play(game, [W, N, S, N, E])
    assert game.scores == [3, 0] and game.last_hand.kind == "euchre"


def case_game_maker_alone():
    game = Game(Rules(), dealer=N)
    game.call(S, alone=True)
    assert game.lone_seat == S and game.sits_out(N)
    assert game.leader == W  # left of the lone player (seed 000)
    assert "sits out" in raises(game.trick, N)
    play(game, [S, S, S, S, S])
    assert game.scores == [4, 0] and game.last_hand.kind == "lone_march"


def case_game_maker_alone_three_and_euchred():
    game = Game(Rules(), dealer=N)
    game.call(E, alone=True)
    play(game, [E, E, E, N, S])
    assert game.scores == [0, 1]
    game.call(S, alone=True)
    play(game, [E, W, E, S, W])
    assert game.scores == [0, 3] and game.last_hand.kind == "euchre"


def case_game_defender_alone():
    game = Game(Rules(), dealer=N)
    game.call(E)
    game.defend_alone(S)
    assert game.lone_defender == S and game.sits_out(N)
    assert game.leader == W  # left of the lone defender
    play(game, [W, S, S, S, E])
    assert game.scores == [4, 0] and game.last_hand.kind == "lone_defense"


def case_game_defender_alone_fails():
    game = Game(Rules(), dealer=N)
    game.call(E)
    game.defend_alone(S)
    play(game, [E, W, E, S, S])
    assert game.scores == [0, 1] and game.last_hand.kind == "made"


def case_game_both_alone_defender_leads():
    game = Game(Rules(), dealer=N)
    game.call(E, alone=True)
    game.defend_alone(N)
    assert game.leader == N
    assert game.sits_out(W) and game.sits_out(S)
    play(game, [N, N, N, E, E])
    assert game.scores == [4, 0]


def case_defend_alone_refusals():
    game = Game(Rules(), dealer=N)
    assert "named trump" in raises(game.defend_alone, E)
    game.call(E)
    assert "maker" in raises(game.defend_alone, W)
    game.defend_alone(S)
    assert "already" in raises(game.defend_alone, N)
    game.undo()
    game.trick(E)
    before = game.to_bytes()
    assert "first trick" in raises(game.defend_alone, S)
    assert game.to_bytes() == before


# ----- who leads -------------------------------------------------------------

def case_lead_loner_left():
    rules = Rules(lead="loner_left")
    game = Game(rules, dealer=E)
    game.call(N)
    assert game.leader == S
    game.undo()
    game.call(W, alone=True)
    assert game.leader == N
    game.undo()
    game.call(N)
    game.defend_alone(W)
    assert game.leader == N


def case_lead_dealer_left_skips_the_seat_out():
    rules = Rules(lead="dealer_left")
    game = Game(rules, dealer=E)
    game.call(N, alone=True)  # S sits out and would lead
    assert game.leader == W
    game.undo()
    game.call(E, alone=True)
    assert game.leader == S
    game.defend_alone(S)  # N sits out too
    assert game.leader == S
    game.trick(E)
    assert game.leader == E


def case_trick_winner_leads_next():
    game = Game(Rules(), dealer=N)
    game.call(E)
    game.trick(W)
    assert game.leader == W
    game.trick(S)
    assert game.leader == S


# ----- misdeal, stick the dealer, dealer correction ------------------------

def case_misdeal_passes_the_deal():
    game = Game(Rules(), dealer=W)
    game.pass_deal()
    assert game.dealer == N and game.scores == [0, 0] and game.misdeals == 1
    game.pass_deal()
    assert game.dealer == E
    game.call(N)
    assert "already named" in raises(game.pass_deal)


def case_stick_the_dealer_refuses_the_pass():
    game = Game(Rules(stick_the_dealer=True), dealer=S)
    message = raises(game.pass_deal)
    assert "Stick the dealer" in message and "S" in message
    assert game.dealer == S and game.action_count == 0
    assert game.pass_refusal() == message


def case_set_dealer():
    game = Game(Rules(), dealer=N)
    game.set_dealer(S)
    assert game.dealer == S
    assert "already" in raises(game.set_dealer, S)
    game.call(W)
    assert "between hands" in raises(game.set_dealer, E)
    assert game.undo() and game.undo() and game.dealer == N


# ----- reneges ----------------------------------------------------------------

def case_renege_partnership():
    game = Game(Rules(), dealer=N)
    game.call(E)
    game.trick(E)
    game.renege(W)
    assert game.scores == [2, 0] and game.dealer == E and game.makers is None
    assert game.last_hand.kind == "renege"


def case_renege_points_three():
    game = Game(Rules(renege_points=3), dealer=N)
    game.call(E)
    game.renege(S)
    assert game.scores == [0, 3]


def case_renege_alone_points():
    game = Game(Rules(renege_alone_points=4), dealer=N)
    game.call(E, alone=True)
    game.renege(N)
    assert game.scores == [0, 4]
    game.call(S)
    game.defend_alone(W)
    game.renege(S)
    assert game.scores == [0, 8]
    game.call(S)
    game.renege(E)
    assert game.scores == [2, 8]


def case_renege_alone_default_and_three():
    game = Game(Rules(), dealer=N)
    game.call(E, alone=True)
    game.renege(S)
    assert game.scores == [0, 2]
    game = Game(Rules(renege_alone_points=3, renege_points=2), dealer=N)
    game.call(N)
    game.defend_alone(E)
    game.renege(N)
    assert game.scores == [0, 3]


def case_renege_refusals():
    game = Game(Rules(), dealer=N)
    assert "No hand" in raises(game.renege, E)
    game.call(E, alone=True)
    assert "sits out" in raises(game.renege, W)


# ----- quick result ----------------------------------------------------------

def case_finish_scores_the_rest():
    game = Game(Rules(), dealer=N)
    game.call(E)
    game.trick(N)
    game.finish(4)
    assert game.scores == [0, 1] and game.dealer == E
    game.call(S)
    game.trick(S)
    assert raises(game.finish, 0) == "The makers already have 1 trick"
    game.finish(5)
    assert game.scores == [2, 1]
    game.call(W, alone=True)
    game.finish(0)
    assert game.scores == [4, 1]


def case_can_finish_says_what_finish_accepts():
    game = Game(Rules(), dealer=N)
    assert not game.can_finish(3)  # nobody has named trump
    game.call(E)
    for seats in ((), (N,), (N, E, N), (E, E, E, E)):
        for seat in seats:
            game.trick(seat)
        for makers_tricks in range(-1, 7):
            allowed = game.can_finish(makers_tricks)
            copy = Game.from_bytes(Rules(), game.to_bytes())
            try:
                copy.finish(makers_tricks)
                accepted = True
            except ValueError:
                accepted = False
            assert allowed == accepted, (seats, makers_tricks)
        for _ in seats:
            game.undo()


# ----- adjustment ----------------------------------------------------------

def case_adjust_score():
    game = Game(Rules(), dealer=N)
    game.adjust(EW, 2)
    game.adjust(EW, -1)
    assert game.scores == [0, 1]
    assert "below 0" in raises(game.adjust, NS, -1)
    raises(game.adjust, 2, 1)
    raises(game.adjust, NS, 0)
    raises(game.adjust, NS, 9)
    assert game.undo() and game.scores == [0, 2]


# ----- winning --------------------------------------------------------------

def case_target_and_skunk():
    game = Game(Rules(target=5), dealer=N)
    for _ in range(2):
        game.call(N)
        play(game, [N, N, N, N, N])
    assert game.scores == [4, 0] and game.winner is None
    game.call(S)
    play(game, [N, N, S, E, W])
    assert game.scores == [5, 0] and game.winner == NS and game.skunk
    assert game.dealer == W and game.makers is None
    assert "over" in raises(game.call, E)
    assert "over" in raises(game.pass_deal)
    assert game.undo() and game.winner is None and game.tricks == [3, 1]


def case_no_skunk_when_loser_scored():
    game = Game(Rules(target=3), dealer=N)
    game.call(E)
    play(game, [E, E, E, N, N])
    game.call(N, alone=True)
    play(game, [N, N, N, N, N])
    assert game.scores == [4, 1] and game.winner == NS and not game.skunk


def case_win_by_two():
    game = Game(Rules(target=5, win_by_two=True), dealer=N)
    game.adjust(NS, 4)
    game.adjust(EW, 4)
    game.call(N)
    play(game, [N, N, N, E, E])
    assert game.scores == [5, 4] and game.winner is None
    game.call(E)
    play(game, [E, E, E, N, N])
    assert game.scores == [5, 5] and game.winner is None
    game.call(S)
    play(game, [S, S, S, S, S])
    assert game.scores == [7, 5] and game.winner == NS


def case_target_options():
    for target in (5, 7, 10, 11, 15):
        game = Game(Rules(target=target), dealer=N)
        while game.winner is None:
            game.call(E)
            play(game, [E, E, E, E, E])
        assert game.winner == EW
        assert game.scores[1] == target + (target % 2)


# ----- validation ------------------------------------------------------------

def case_invalid_actions_change_nothing():
    game = Game(Rules(), dealer=N)
    assert "Name trump" in raises(game.trick, N)
    for bad in (4, -1, "N", None, 1.0, True):
        raises(game.call, bad)
        raises(game.trick, bad)
    game.call(E)
    snapshot = game.to_bytes()
    assert "already named" in raises(game.call, N)
    for fn, arg in ((game.trick, 7), (game.renege, 9), (game.set_dealer, S),
                    (game.apply, 0xFF), (game.apply, 300)):
        raises(fn, arg)
        assert game.to_bytes() == snapshot
    assert game.caller == E and game.tricks == [0, 0]


def case_rules_validation():
    assert "colour" in raises(Rules, colour="red")
    assert "target" in raises(Rules, target=0)
    assert "target" in raises(Rules, target="10")
    assert "defender_alone" in raises(Rules, defender_alone="maybe")
    assert "lead" in raises(Rules, lead="right")
    assert "win_by_two" in raises(Rules, win_by_two=1)
    assert "renege_points" in raises(Rules, renege_points=0)
    assert Rules(target=21).target == 21
    assert "Game needs" in raises(Game, "rules")
    raises(Game, Rules(), dealer=4)


def case_rules_bytes_round_trip():
    rules = Rules(target=11, win_by_two=True, defender_alone="2_4",
                  loner_euchred_points=4, lone_march_points=5, renege_points=3,
                  renege_alone_points=4, stick_the_dealer=True, lead="dealer_left")
    assert Rules.from_bytes(rules.to_bytes()) == rules
    assert Rules.from_bytes(Rules().to_bytes()) == Rules()
    assert rules != Rules()
    assert rules.replace(target=10).target == 10 and rules.target == 11
    raises(Rules.from_bytes, b"\x0a\x00")
    raises(Rules.from_bytes, b"\x0a\x00\x09\x00\x00\x00\x00\x00\x00")


# ----- saved form -------------------------------------------------------------

def full_game_text():
    return ("CN TN TN TS TE TN "        # N-S made 4: +1
            "P "                         # misdeal
            "AE TE TE TE TE TE "         # E alone, march: E-W +4
            "CS DE TE TE TS TE TS "      # E defends alone, 3 tricks: E-W +4
            "CN TN TS TN TS TN "         # N-S march: +2
            "CE RE "                     # E reneged: N-S +2
            "J0+1 XN "                   # a house point; the deal back to N
            "CW TN TS TN TE TN")         # W's call euchred: N-S +2


def case_full_game_to_bytes_is_small():
    game = Game.parse(Rules(), full_game_text(), dealer=W)
    data = game.to_bytes()
    assert Game.from_bytes(Rules(), data) == game
    assert game.scores == [8, 8] and game.winner is None and game.dealer == E
    game = data = None  # the 64 KiB heap of the MicroPython run holds one long game
    # 15 hands with every trick recorded fit in 160 bytes.
    long_game = Game(Rules(target=99), dealer=N)
    for _ in range(15):
        long_game.call(N)
        play(long_game, [N, E, S, W, N])
    assert len(long_game.to_bytes()) <= 160
    assert Game.from_bytes(long_game.rules, long_game.to_bytes()) == long_game


def case_text_round_trip():
    game = Game.parse(Rules(), full_game_text(), dealer=W)
    assert game.text() == " ".join(full_game_text().split())
    assert "Unknown action" in raises(Game.parse, Rules(), "CN Q")
    assert "Unknown action" in raises(Game.parse, Rules(), "J2+1")


def case_from_bytes_rejects_bad_data():
    good = Game.parse(Rules(), "CN TN TE", dealer=S).to_bytes()
    assert "truncated" in raises(Game.from_bytes, Rules(), good[:3])
    assert "truncated" in raises(Game.from_bytes, Rules(), good[:-1])
    assert "Not a saved" in raises(Game.from_bytes, Rules(), b"XY" + good[2:])
    future = bytearray(good)
    future[1] = 9
    crc = crc16(future[:-2])
    future[-2] = crc >> 8
    future[-1] = crc & 0xFF
    assert "version 9" in raises(Game.from_bytes, Rules(), bytes(future))
    damaged = bytearray(good)
    damaged[6] ^= 0x01
    assert "checksum" in raises(Game.from_bytes, Rules(), bytes(damaged))
    raises(Game.from_bytes, Rules(), b"")
    raises(Game.from_bytes, Rules(), None)
    raises(Game.from_bytes, Rules(), b"\xff" * 40)
    # A log the rules refuse is a clear ValueError too.
    stuck = Game.parse(Rules(), "P", dealer=N).to_bytes()
    assert "replay" in raises(Game.from_bytes, Rules(stick_the_dealer=True), stuck)


# ----- history and stats -------------------------------------------------------

def case_history_and_stats():
    game = Game.parse(Rules(), full_game_text(), dealer=W)
    kinds = [hand.kind for hand in game.history()]
    assert kinds == ["made", "lone_march", "lone_defense", "march", "renege", "euchre"]
    first = game.history()[0]
    assert (first.number, first.dealer, first.caller, first.tricks, first.scorer,
            first.points) == (1, W, N, (4, 1), NS, 1)
    assert game.history()[2].lone_defender == E
    assert game.history()[5].dealer == N
    assert game.progress() == [(0, 0), (1, 0), (1, 4), (1, 8), (3, 8), (5, 8),
                               (6, 8), (8, 8)]
    ns, ew = game.stats()
    assert (ns["made"], ns["marches"], ns["euchred"], ns["euchres"]) == (2, 1, 1, 1)
    assert (ew["made"], ew["marches"], ew["euchred"], ew["euchres"]) == (1, 1, 1, 1)
    assert (ew["loners"], ew["loners_made"], ns["loners"]) == (1, 1, 0)
    assert (ew["reneges"], ns["reneges"]) == (1, 0)
    assert game.misdeals == 1


def case_progress_follows_every_score_change():
    game = Game.parse(Rules(), "CN TN TN TS TE TN J1+2 CE TE TE TE TN TN",
                      dealer=W)
    assert game.progress() == [(0, 0), (1, 0), (1, 2), (1, 3)]


# ----- a whole game, every action checked ------------------------------------

# (action, dealer, leader, tricks, scores) after each action.
WHOLE_GAME = (
    ("CE", N, E, [0, 0], [0, 0]),      # dealer N: E leads
    ("TE", N, E, [0, 1], [0, 0]),
    ("TS", N, S, [1, 1], [0, 0]),
    ("TW", N, W, [1, 2], [0, 0]),
    ("TW", N, W, [1, 3], [0, 0]),
    ("TE", E, None, [0, 0], [0, 1]),   # E-W made 4: +1, deal to E
    ("P", S, None, [0, 0], [0, 1]),    # misdeal: deal to S
    ("AN", S, E, [0, 0], [0, 1]),      # N alone: E (left of N) leads
    ("TN", S, N, [1, 0], [0, 1]),
    ("TN", S, N, [2, 0], [0, 1]),
    ("TN", S, N, [3, 0], [0, 1]),
    ("TN", S, N, [4, 0], [0, 1]),
    ("TN", W, None, [0, 0], [4, 1]),   # lone march +4
    ("CS", W, N, [0, 0], [4, 1]),
    ("DW", W, N, [0, 0], [4, 1]),      # W defends alone: N (left of W) leads
    ("TW", W, W, [0, 1], [4, 1]),
    ("TW", W, W, [0, 2], [4, 1]),
    ("TS", W, S, [1, 2], [4, 1]),
    ("TW", W, W, [1, 3], [4, 1]),
    ("TW", N, None, [0, 0], [4, 5]),   # lone defense +4
    ("CN", N, E, [0, 0], [4, 5]),
    ("RE", E, None, [0, 0], [6, 5]),   # E reneged: N-S +2
    ("CW", E, S, [0, 0], [6, 5]),
    ("TS", E, S, [1, 0], [6, 5]),
    ("TN", E, N, [2, 0], [6, 5]),
    ("TN", E, N, [3, 0], [6, 5]),
    ("TE", E, E, [3, 1], [6, 5]),
    ("TS", S, None, [0, 0], [8, 5]),   # W's call euchred: N-S +2
    ("CS", S, W, [0, 0], [8, 5]),
    ("TW", S, W, [0, 1], [8, 5]),
    ("TS", S, S, [1, 1], [8, 5]),
    ("TS", S, S, [2, 1], [8, 5]),
    ("TN", S, N, [3, 1], [8, 5]),
    ("TN", W, None, [0, 0], [9, 5]),
    ("CE", W, N, [0, 0], [9, 5]),
    ("TN", W, N, [1, 0], [9, 5]),
    ("TS", W, S, [2, 0], [9, 5]),
    ("TN", W, N, [3, 0], [9, 5]),
    ("TE", W, E, [3, 1], [9, 5]),
    ("TS", N, None, [0, 0], [11, 5]),  # euchre: N-S wins 11-5
)


def case_whole_game_every_action():
    game = Game(Rules(), dealer=N)
    from euchre_core import parse_action
    for action, dealer, leader, tricks, scores in WHOLE_GAME:
        assert game.winner is None, action
        game.apply(parse_action(action))
        assert game.dealer == dealer, (action, game.dealer)
        assert game.leader == leader, (action, game.leader)
        assert game.tricks == tricks, (action, game.tricks)
        assert game.scores == scores, (action, game.scores)
    assert game.winner == NS and not game.skunk
    assert len(game.history()) == 7
    # Undo all the way back to the first deal.
    count = 0
    while game.undo():
        count += 1
    assert count == len(WHOLE_GAME)
    assert game.scores == [0, 0] and game.dealer == N and not game.undo()
