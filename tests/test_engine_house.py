"""Random play under the house rules (hypothesis): Canadian
loner, set-back, blind loner, a number of hands, the trump suit.

A small model written from the rule sources, apart from the engine, says whether
each action is allowed and what the score becomes; the engine must agree,
refuse with ValueError and change nothing otherwise, and survive undo and
the saved form at every step.
"""

import os

from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from euchre_core import Game, Rules
from euchre_core import hand_stats, reports, transcript
from test_engine_stateful import model_stats

house_options = st.fixed_dictionaries({
    "canadian_loner": st.booleans(), "setback": st.booleans(),
    "blind_loner": st.booleans(), "hands": st.sampled_from([0, 1, 2, 4, 8]),
    "target": st.sampled_from([3, 5, 10]), "win_by_two": st.booleans(),
    "loner_euchred_points": st.sampled_from([2, 4]),
    "lone_march_points": st.sampled_from([3, 4, 5]),
    "stick_the_dealer": st.booleans()})
suits = st.sampled_from([None, "S", "H", "D", "C", "X", "s", 3])


class Model:
    """The state the rules say a game is in."""

    def __init__(self, rules, dealer):
        self.rules = rules
        self.dealer = dealer
        self.scores = [0, 0]
        self.hands = 0
        self.winner = None
        self.last = None       # (scorer, points) of the hand the last action ended
        self.hand = None       # {"makers", "lone", "tricks", "blind", "trump"} in play

    def copy(self):
        other = Model(self.rules, self.dealer)
        other.scores = list(self.scores)
        other.hands, other.winner, other.last = self.hands, self.winner, self.last
        other.hand = dict(self.hand, tricks=list(self.hand["tricks"])) if self.hand else None
        return other

    def over(self):
        return self.winner is not None or (self.rules.hands > 0 and self.hands >= self.rules.hands)

    def decide(self):
        rules = self.rules
        self.winner = None
        if rules.hands:
            if self.hands >= rules.hands and self.scores[0] != self.scores[1]:
                self.winner = 0 if self.scores[0] > self.scores[1] else 1
            return
        for team in (0, 1):
            lead = self.scores[team] - self.scores[1 - team]
            if self.scores[team] >= rules.target and lead >= (2 if rules.win_by_two else 1):
                self.winner = team

    def score(self, makers_tricks):
        hand = self.hand
        rules = self.rules
        alone = hand["lone"] is not None
        if makers_tricks == 5:
            points = 5 if hand["blind"] else rules.lone_march_points if alone else 2
            scorer = hand["makers"]
        elif makers_tricks >= 3:
            points, scorer = 1, hand["makers"]
        else:
            points = 1 if hand["blind"] else max(2, rules.loner_euchred_points if alone else 2)
            scorer = 1 - hand["makers"]
        self.scores[scorer] += points
        self.hands += 1
        self.dealer = (self.dealer + 1) % 4
        self.hand = None
        self.last = (scorer, points)
        self.decide()


class HouseMachine(RuleBasedStateMachine):

    @initialize(options=house_options, dealer=st.integers(0, 3))
    def start(self, options, dealer):
        self.rules = Rules(**options)
        self.game = Game(self.rules, dealer=dealer)
        self.model = Model(self.rules, dealer)
        self.history = []   # (model, saved bytes) before each accepted action

    def _attempt(self, allowed, after, fn, *args, **kwargs):
        """Try ``fn``; ``allowed`` says if the rules allow it, ``after`` makes
        the model's change (on a copy)."""
        before = transcript.to_bytes(self.game)
        try:
            fn(*args, **kwargs)
        except ValueError as err:
            assert str(err) and str(err)[0].isupper(), err
            assert not allowed, ("refused", fn.__name__, args, kwargs, str(err))
            assert transcript.to_bytes(self.game) == before
            return
        assert allowed, ("accepted", fn.__name__, args, kwargs)
        self.history.append((self.model, before))
        model = self.model.copy()
        after(model)
        self.model = model

    @rule(seat=st.integers(0, 3), alone=st.booleans(), ordered_up=st.booleans(),
          blind=st.booleans(), suit=suits)
    def call(self, seat, alone, ordered_up, blind, suit):
        model = self.model
        rules = self.rules
        allowed = (not model.over() and model.hand is None
                   and suit in (None, "S", "H", "D", "C")
                   and (not blind or (alone and rules.blind_loner and seat == model.dealer)))
        forced = rules.canadian_loner and ordered_up and seat == (model.dealer + 2) % 4

        def after(model):
            model.hand = {"makers": seat % 2, "lone": seat if alone or forced else None,
                          "tricks": [0, 0], "blind": blind, "trump": suit}
            model.last = None
        self._attempt(allowed, after, self.game.call, seat, alone=alone,
                      ordered_up=ordered_up, blind=blind, suit=suit)
        if allowed and suit is not None:
            # Two actions, the call and then the suit: undo takes back the suit first.
            called = transcript.from_bytes(self.rules, transcript.to_bytes(self.game))
            called.undo()
            model = self.model.copy()
            model.hand["trump"] = None
            self.history.append((model, transcript.to_bytes(called)))

    @rule(seat=st.integers(0, 3), alone=st.booleans(), ordered_up=st.booleans())
    def call_plain(self, seat, alone, ordered_up):
        # Calls that most rules allow, more often, so that hands get played;
        # the dealer's partner ordering up is what the Canadian loner is about.
        self.call((self.model.dealer + 2) % 4 if ordered_up else seat, alone, ordered_up,
                  False, None)

    @rule(seat=st.integers(0, 3))
    def trick_again(self, seat):
        self.trick(seat)

    @rule(seat=st.integers(0, 3))
    def trick_once_more(self, seat):
        self.trick(seat)

    @rule(seat=st.integers(0, 3))
    def trick(self, seat):
        hand = self.model.hand
        out = hand is not None and hand["lone"] is not None and seat == (hand["lone"] + 2) % 4
        allowed = not self.model.over() and hand is not None and not out

        def after(model):
            tricks = model.hand["tricks"]
            tricks[seat % 2] += 1
            model.last = None
            if sum(tricks) == 5:
                model.score(tricks[model.hand["makers"]])
        self._attempt(allowed, after, self.game.trick, seat)

    @rule(tricks=st.integers(0, 5), quick=st.booleans())
    def finish(self, tricks, quick):
        hand = self.model.hand
        allowed = (not self.model.over() and hand is not None
                   and hand["tricks"][hand["makers"]] <= tricks
                   <= 5 - hand["tricks"][1 - hand["makers"]])
        self._attempt(allowed, lambda model: model.score(tricks), self.game.finish,
                      tricks, quick)

    @rule(tricks=st.sampled_from([0, 5]))
    def finish_and_set_back(self, tricks):
        # A march or a euchre (2 or 4 points), then the set-back at once.
        self.finish(tricks, False)
        self.set_back()

    @rule()
    def set_back(self):
        last = self.model.last
        allowed = self.rules.setback and last is not None and last[1] in (2, 4)

        def after(model):
            scorer, points = last
            model.scores[scorer] -= points
            model.scores[1 - scorer] = max(0, model.scores[1 - scorer] - points)
            model.last = None
            model.decide()
        self._attempt(allowed, after, self.game.set_back)

    @rule(suit=suits)
    def set_trump(self, suit):
        hand = self.model.hand
        allowed = (not self.model.over() and hand is not None and hand["trump"] is None
                   and suit in ("S", "H", "D", "C"))

        def after(model):
            model.hand["trump"] = suit
            model.last = None
        self._attempt(allowed, after, self.game.set_trump, suit)

    @rule(team=st.integers(0, 1), points=st.integers(-2, 6).filter(bool))
    def adjust(self, team, points):
        allowed = not self.model.over() and self.model.scores[team] + points >= 0

        def after(model):
            model.scores[team] += points
            model.last = None
            model.decide()
        self._attempt(allowed, after, self.game.adjust, team, points)

    @rule()
    def pass_deal(self):
        allowed = (not self.model.over() and self.model.hand is None
                   and not self.rules.stick_the_dealer)

        def after(model):
            model.dealer = (model.dealer + 1) % 4
            model.last = None
        self._attempt(allowed, after, self.game.pass_deal)

    @rule()
    def undo(self):
        assert self.game.undo() == bool(self.history)
        if self.history:
            self.model, saved = self.history.pop()
            assert transcript.to_bytes(self.game) == saved

    @invariant()
    def agrees_with_the_model(self):
        game, model = self.game, self.model
        assert game.scores == model.scores and game.dealer == model.dealer
        assert game.hand_count == model.hands
        assert (game.over, game.winner) == (model.over(), model.winner)
        assert game.hands_left == (max(0, self.rules.hands - model.hands)
                                   if self.rules.hands else None)
        hand = model.hand
        assert game.in_hand == (hand is not None)
        if hand is not None:
            assert game.lone_seat == hand["lone"] and game.trump == hand["trump"]
            assert game.tricks == hand["tricks"]
        else:
            assert game.trump is None
        history = reports.history(game)
        stats = hand_stats.stats(game)
        assert stats == (model_stats(history, 0), model_stats(history, 1))
        copy = transcript.from_bytes(self.rules, transcript.to_bytes(game))
        assert copy == game and reports.history(copy) == history
        assert (copy.scores, copy.winner, copy.over) == (game.scores, game.winner, game.over)
        assert transcript.parse(self.rules, transcript.text(game), game.start_dealer) == game
        # Brought back from what New game keeps (``ended``), without a replay
        # of the log: the same game, and so after an undo.
        back = Game(self.rules, dealer=game.start_dealer)
        back.extend(game.codes, game.ended())
        for _ in range(2):
            assert back == copy and reports.history(back) == reports.history(copy)
            assert (back.scores, back.dealer, back.winner, back.tricks, back.trump, back.leader,
                    back.progress(), str(back.set_back_refusal())) == (
                copy.scores, copy.dealer, copy.winner, copy.tricks, copy.trump, copy.leader,
                copy.progress(), str(copy.set_back_refusal()))
            assert back.undo() == copy.undo()


# tools/mutants.py (make mutants) runs this as it runs tests/test_engine_stateful.py:
# fewer examples, a fixed seed, no example database and no shrinking.
_MUTANT_EXAMPLES = os.environ.get("EUCHRE_MUTANT_EXAMPLES")
if _MUTANT_EXAMPLES:
    HouseMachine.TestCase.settings = settings(max_examples=int(_MUTANT_EXAMPLES),
                                              stateful_step_count=60, deadline=None,
                                              database=None,
                                              phases=(Phase.explicit, Phase.generate))
else:
    HouseMachine.TestCase.settings = settings(max_examples=80, stateful_step_count=60,
                                              deadline=None)
TestHouseMachine = HouseMachine.TestCase
