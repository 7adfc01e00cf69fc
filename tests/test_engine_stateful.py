"""Random valid and invalid actions against the rules engine (hypothesis).

Each action is checked three ways: a small model written from the rule sources, apart
from the engine, says whether the rules allow it, and the engine must agree;
an accepted action must have the effect the model expects; a refused one must
raise ValueError with a sentence saying why and change nothing. After every
step the derived values must stay in range and survive the saved form and undo.
"""

import os

from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from euchre_core import FIELDS, Game, Rules
from euchre_core import hand_stats, reports, transcript

# The house rules (Canadian loner, set-back, blind loner, hands) stay at their defaults here: tests/test_engine_house.py
# plays them against a model of its own.
HOUSE = ("canadian_loner", "setback", "blind_loner", "hands")
rule_options = st.fixed_dictionaries(
    {row[0]: st.sampled_from(row[2]) for row in FIELDS if row[0] not in HOUSE})
seats = st.integers(min_value=-1, max_value=4) | st.sampled_from([None, "N", 1.5, True])
KINDS = ("made", "march", "lone_march", "euchre", "lone_defense", "renege")


# ----- the model: the rule sources, apart from the engine -----------------------

def is_seat(value):
    return type(value) is int and 0 <= value <= 3


def partners_out(game):
    """The seats that sit out: the partners of the lone players."""
    return [(lone + 2) % 4 for lone in (game.lone_seat, game.lone_defender) if lone is not None]


def model_leader(rules, dealer, lone_seat, lone_defender):
    """Who leads the first trick of a hand."""
    out = [(lone + 2) % 4 for lone in (lone_seat, lone_defender) if lone is not None]
    if rules.lead == "loner_left":
        if lone_seat is not None and lone_defender is not None:
            return lone_defender
        for lone in (lone_defender, lone_seat):
            if lone is not None:
                return (lone + 1) % 4
    seat = (dealer + 1) % 4
    while seat in out:
        seat = (seat + 1) % 4
    return seat


def model_points(rules, makers_tricks, maker_alone, defender_alone):
    """(makers score?, points) for a hand played out: the scoring table, the
    largest row when several apply."""
    if makers_tricks == 5:
        return True, rules.lone_march_points if maker_alone else 2
    if makers_tricks >= 3:
        return True, 1
    rows = [2]
    if maker_alone:
        rows.append(rules.loner_euchred_points)
    if defender_alone:
        set_all = rules.defender_alone == "4" or makers_tricks == 0
        rows.append(4 if set_all else 2)
    return False, max(rows)


def model_stats(history, team):
    """hand_stats.stats(Game) for one team, counted from the hands: made, marches,
    euchred (suffered), euchres (inflicted), loners tried and made, reneges;
    blind and forced loners played and made (of every hand, a renege too),
    and the hands this team set back."""
    played = [hand for hand in history if hand.kind != "renege"]
    ours = [hand for hand in played if hand.makers == team]
    made = [hand for hand in ours if hand.scorer == team]
    alone = [hand for hand in ours if hand.lone_seat is not None]
    blind = [hand for hand in history if hand.blind and hand.makers == team]
    forced = [hand for hand in history if hand.forced and hand.makers == team]
    return {"blind": len(blind),
            "blind_made": len([hand for hand in blind if hand.scorer == team]),
            "forced": len(forced),
            "forced_made": len([hand for hand in forced if hand.scorer == team]),
            "set_backs": len([hand for hand in history if hand.set_back and hand.scorer == team]),
            "made": len(made),
            "marches": len([hand for hand in made if hand.kind in ("march", "lone_march")]),
            "euchred": len(ours) - len(made),
            "euchres": len([hand for hand in played
                            if hand.makers != team and hand.scorer == team]),
            "loners": len(alone),
            "loners_made": len([hand for hand in alone if hand.scorer == team]),
            "reneges": len([hand for hand in history
                            if hand.kind == "renege" and hand.scorer != team])}


def allowed(game, rules, action, args):
    """Whether the rules allow ``action(*args)`` now."""
    if game.winner is not None:
        return False
    playing = game.makers is not None
    if action in ("call", "trick", "defend_alone", "go_alone", "renege", "set_dealer") \
            and not is_seat(args[0]):
        return False
    if action == "call":
        return not playing
    if action == "pass_deal":
        return not playing and not rules.stick_the_dealer
    if action == "set_dealer":
        return not playing and args[0] != game.dealer
    if action in ("trick", "renege"):
        return playing and args[0] not in partners_out(game)
    if action == "defend_alone" or action == "go_alone" and playing \
            and args[0] % 2 != game.makers:
        return (playing and rules.defender_alone != "off" and args[0] % 2 != game.makers
                and game.tricks_played == 0 and game.lone_defender is None)
    if action == "go_alone":
        # A maker (the caller or the partner), once a hand; a defender alone
        # does not stop it.
        return playing and game.tricks_played == 0 and game.lone_seat is None
    if action == "adjust":
        team, points = args
        return (type(team) is int and team in (0, 1) and type(points) is int
                and 1 <= abs(points) <= 8 and game.scores[team] + points >= 0)
    if action == "finish":
        tricks = args[0]
        if type(tricks) is not int or not playing:
            return False
        return game.tricks[game.makers] <= tricks <= 5 - game.tricks[1 - game.makers]
    raise AssertionError(action)


def sensible_refusal(err):
    """A refusal is a sentence for the table: one string of words starting
    with a capital, not None or a bare value (str() of either is not empty)."""
    assert len(err.args) == 1 and isinstance(err.args[0], str), err.args
    message = err.args[0]
    assert len(message) >= 10 and " " in message and message == message.strip(), message
    assert message[0].isupper() and message != message.upper(), message


class GameMachine(RuleBasedStateMachine):
    """Every action is tried, valid or not."""

    @initialize(options=rule_options, dealer=st.integers(0, 3))
    def start(self, options, dealer):
        self.rules = Rules(**options)
        self.game = Game(self.rules, dealer=dealer)
        self.saved = [transcript.to_bytes(self.game)]   # bytes after each accepted action

    def _attempt(self, action, *args):
        game = self.game
        expected = allowed(game, self.rules, action, args)
        before = transcript.to_bytes(game)
        old = (game.scores, game.dealer, game.tricks, game.hand_count, game.misdeals,
               game.makers, game.caller, game.lone_seat, game.lone_defender,
               game.tricks_played)
        try:
            getattr(game, action)(*args)
        except ValueError as err:
            sensible_refusal(err)
            assert not expected, ("refused an allowed action", action, args, str(err))
            assert transcript.to_bytes(game) == before
            return
        assert expected, ("accepted an action the rules refuse", action, args)
        self._check_effect(action, args, old)
        self.saved.append(transcript.to_bytes(game))

    def _check_effect(self, action, args, old):
        game = self.game
        scores, dealer, tricks, hands, misdeals, makers, caller, lone, defender, played = old
        if action == "call":
            seat, alone = args
            assert (game.caller, game.makers) == (seat, seat % 2)
            assert game.lone_seat == (seat if alone else None) and game.lone_defender is None
            assert game.leader == model_leader(self.rules, dealer, game.lone_seat, None)
            assert game.tricks == [0, 0]
        elif action == "defend_alone" or action == "go_alone" and args[0] % 2 != makers:
            assert game.lone_defender == args[0] and game.lone_seat == lone
            assert game.leader == model_leader(self.rules, dealer, lone, args[0])
        elif action == "go_alone":
            assert game.lone_seat == args[0] and game.lone_defender == defender
            assert game.caller == caller
            assert game.leader == model_leader(self.rules, dealer, args[0], defender)
        elif action == "pass_deal":
            assert game.dealer == (dealer + 1) % 4 and game.misdeals == misdeals + 1
        elif action == "set_dealer":
            assert game.dealer == args[0] and game.scores == scores
        elif action == "adjust":
            team, points = args
            scores[team] += points
            assert game.scores == scores and game.hand_count == hands
        elif action == "trick" and played < 4:
            tricks[args[0] % 2] += 1
            assert game.tricks == tricks and game.leader == args[0]
            assert game.tricks_played == played + 1 and game.hand_count == hands
        else:
            # The hand ends: a fifth trick, a quick result or a renege.
            if action == "renege":
                scorer = 1 - args[0] % 2
                points = (self.rules.renege_alone_points if lone is not None or defender
                          is not None else self.rules.renege_points)
                kind = "renege"
            else:
                if action == "trick":
                    tricks[args[0] % 2] += 1
                    result = tricks[makers]
                else:
                    # A quick result keeps the tricks played; a finish plays the rest.
                    result = args[0]
                    if not (len(args) > 1 and args[1]):
                        tricks[makers] = result
                        tricks[1 - makers] = 5 - result
                made, points = model_points(self.rules, result, lone is not None,
                                            defender is not None)
                scorer = makers if made else 1 - makers
                kind = None
            scores[scorer] += points
            assert game.scores == scores
            assert game.hand_count == hands + 1 and game.dealer == (dealer + 1) % 4
            hand = game.last_hand
            assert (hand.dealer, hand.caller, hand.lone_seat, hand.lone_defender) \
                == (dealer, caller, lone, defender)
            assert hand.reneger == (args[0] if action == "renege" else None)
            assert hand.quick == (action == "finish" and len(args) > 1 and bool(args[1]))
            assert (hand.scorer, hand.points) == (scorer, points)
            assert kind is None or hand.kind == kind
            assert hand.tricks == tuple(tricks)
            assert game.makers is None and game.tricks == [0, 0]

    @rule(seat=seats, alone=st.booleans())
    def call(self, seat, alone):
        self._attempt("call", seat, alone)

    @rule(seat=st.integers(0, 3), alone=st.booleans())
    def call_seat(self, seat, alone):
        # Seats more often than other values, so that hands get played.
        self._attempt("call", seat, alone)

    @rule(seat=seats)
    def trick(self, seat):
        self._attempt("trick", seat)

    @rule(seat=st.integers(0, 3))
    def trick_seat(self, seat):
        # Tricks are most of a game: try them more often.
        self._attempt("trick", seat)

    @rule(seat=st.integers(0, 3))
    def trick_seat_again(self, seat):
        self._attempt("trick", seat)

    @rule(seat=seats)
    def defend_alone(self, seat):
        self._attempt("defend_alone", seat)

    @rule(seat=st.integers(0, 3))
    def defend_alone_seat(self, seat):
        self._attempt("defend_alone", seat)

    @rule(seat=seats)
    def go_alone(self, seat):
        self._attempt("go_alone", seat)

    @rule(seat=st.integers(0, 3))
    def go_alone_seat(self, seat):
        self._attempt("go_alone", seat)

    @rule()
    def pass_deal(self):
        self._attempt("pass_deal")

    @rule(seat=seats)
    def renege(self, seat):
        self._attempt("renege", seat)

    @rule(seat=seats)
    def set_dealer(self, seat):
        self._attempt("set_dealer", seat)

    @rule(team=st.integers(-1, 2) | st.just(True), points=st.integers(-9, 9))
    def adjust(self, team, points):
        self._attempt("adjust", team, points)

    @rule(team=st.integers(0, 1))
    def adjust_to_zero(self, team):
        # The lowest score there is: a score may come down to 0, not below.
        points = -self.game.scores[team]
        if -8 <= points < 0:
            self._attempt("adjust", team, points)
        self._attempt("adjust", team, points - 1)

    @rule(tricks=st.integers(-1, 6) | st.just(True), quick=st.booleans())
    def finish(self, tricks, quick):
        self._attempt("finish", tricks, quick)

    @rule(tricks=st.integers(0, 5), quick=st.booleans())
    def finish_count(self, tricks, quick):
        self._attempt("finish", tricks, quick)

    @rule(code=st.integers(-1, 256))
    def raw_code(self, code):
        game = self.game
        before = transcript.to_bytes(game)
        try:
            game.apply(code)
        except ValueError as err:
            sensible_refusal(err)
            assert transcript.to_bytes(game) == before
            return
        assert 0 <= code <= 0xFE
        self.saved.append(transcript.to_bytes(game))

    @rule()
    def undo(self):
        had_actions = len(self.saved) > 1
        assert self.game.undo() == had_actions
        if had_actions:
            self.saved.pop()
        assert transcript.to_bytes(self.game) == self.saved[-1]

    @invariant()
    def round_trip(self):
        data = transcript.to_bytes(self.game)
        copy = transcript.from_bytes(self.rules, data)
        assert copy == self.game and not (copy != self.game)
        # Undo rebuilds the state from a mark, a fresh replay from the start:
        # every derived value must agree.
        for name in ("scores", "dealer", "leader", "tricks", "winner", "makers", "caller",
                     "lone_seat", "lone_defender", "tricks_played", "misdeals", "skunk",
                     "last_hand", "hand_count"):
            assert getattr(copy, name) == getattr(self.game, name), name
        assert reports.history(copy) == reports.history(self.game)
        assert copy.progress() == self.game.progress()
        assert hand_stats.stats(copy) == hand_stats.stats(self.game)
        assert reports.adjustments(copy) == reports.adjustments(self.game)
        assert transcript.parse(self.rules, transcript.text(self.game), self.game.start_dealer) == self.game

    @invariant()
    def in_range(self):
        game = self.game
        rules = self.rules
        assert is_seat(game.dealer)
        scores = game.scores
        assert scores[0] >= 0 and scores[1] >= 0 and game.misdeals >= 0
        assert game.scores == list(game.progress()[-1]) and game.progress()[0] == (0, 0)
        # The winner is the team that reached the target ahead (by two with
        # win_by_two), and there is one as soon as a team has.
        ahead = [scores[team] >= rules.target and scores[team] - scores[1 - team]
                 >= (2 if rules.win_by_two else 1) for team in (0, 1)]
        assert game.winner == (0 if ahead[0] else 1 if ahead[1] else None)
        assert game.skunk == (game.winner is not None and scores[1 - game.winner] == 0)
        if game.makers is None:
            assert game.caller is game.leader is game.lone_seat is game.lone_defender is None
            assert game.tricks == [0, 0] and game.tricks_played == 0
        else:
            assert is_seat(game.caller) and game.makers == game.caller % 2
            assert is_seat(game.leader) and not game.sits_out(game.leader)
            assert game.lone_seat is None or (is_seat(game.lone_seat)
                                              and game.lone_seat % 2 == game.makers)
            assert game.lone_defender is None or (is_seat(game.lone_defender)
                                                  and game.lone_defender % 2 != game.makers)
            tricks = game.tricks
            assert 0 <= tricks[0] <= 4 and 0 <= tricks[1] <= 4
            assert sum(tricks) == game.tricks_played <= 4
            for seat in range(4):
                assert game.sits_out(seat) == (seat in partners_out(game))
        history = reports.history(game)
        assert game.hand_count == len(history)
        assert game.last_hand == (history[-1] if history else None)
        for number, hand in enumerate(history, 1):
            assert hand.number == number and is_seat(hand.dealer) and is_seat(hand.caller)
            assert hand.makers == hand.caller % 2 and hand.scorer in (0, 1)
            assert hand.lone_seat is None or (is_seat(hand.lone_seat)
                                              and hand.lone_seat % 2 == hand.makers)
            assert (hand.reneger is not None) == (hand.kind == "renege")
            assert hand.reneger is None or (is_seat(hand.reneger)
                                            and hand.scorer == 1 - hand.reneger % 2)
            assert hand.lone_defender is None or (is_seat(hand.lone_defender)
                                                  and hand.lone_defender % 2 != hand.makers)
            assert hand.kind in KINDS and 1 <= hand.points <= 9
            assert min(hand.tricks) >= 0 and sum(hand.tricks) <= 5
            if hand.kind != "renege" and not hand.quick:
                assert sum(hand.tricks) == 5
                made, points = model_points(rules, hand.tricks[hand.makers],
                                            hand.lone_seat is not None,
                                            hand.lone_defender is not None)
                assert hand.scorer == (hand.makers if made else 1 - hand.makers)
                assert hand.points == points
        stats = hand_stats.stats(game)
        adjustments = reports.adjustments(game)
        for team in (0, 1):
            assert stats[team] == model_stats(history, team)
            # The records add up to the score: every hand and every adjustment.
            total = sum(hand.points for hand in history if hand.scorer == team)
            total += sum(points for _, side, points in adjustments if side == team)
            assert total == scores[team]
        for hands, team, points in adjustments:
            assert 0 <= hands <= len(history) and team in (0, 1) and 1 <= abs(points) <= 8


# tools/mutants.py (make mutants) runs this with fewer examples, a fixed seed
# and no example database, so each mutant meets the same games, and without
# shrinking: a mutant only needs to fail.
_MUTANT_EXAMPLES = os.environ.get("EUCHRE_MUTANT_EXAMPLES")
if _MUTANT_EXAMPLES:
    GameMachine.TestCase.settings = settings(max_examples=int(_MUTANT_EXAMPLES),
                                             stateful_step_count=60, deadline=None,
                                             database=None,
                                             phases=(Phase.explicit, Phase.generate))
else:
    GameMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=60,
                                             deadline=None)
TestGameMachine = GameMachine.TestCase
