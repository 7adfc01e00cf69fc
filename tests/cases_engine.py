"""Rules-engine cases as plain functions: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import Game, Rules, hand_points
from euchre_core import transcript
from cases_common import N, E, S, W, NS, EW, raises, play


# ----- the scoring table ----------------------------------------------------

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
    assert game.leader == W  # left of the lone player (the Swedish rules article)
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
    before = transcript.to_bytes(game)
    assert "first trick" in raises(game.defend_alone, S)
    assert transcript.to_bytes(game) == before


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
    assert str(game.pass_refusal()) == message


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
            copy = transcript.from_bytes(Rules(), transcript.to_bytes(game))
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
    snapshot = transcript.to_bytes(game)
    assert "already named" in raises(game.call, N)
    for fn, arg in ((game.trick, 7), (game.renege, 9), (game.set_dealer, S),
                    (game.apply, 0xFF), (game.apply, 300)):
        raises(fn, arg)
        assert transcript.to_bytes(game) == snapshot
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
