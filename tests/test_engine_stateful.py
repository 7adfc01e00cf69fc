"""Random valid and invalid actions against the rules engine (hypothesis)."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from euchre_core import FIELDS, Game, Rules

# The house rules of issue 14 stay at their defaults here: tests/test_engine_house.py
# plays them against a model of its own.
HOUSE = ("canadian_loner", "setback", "blind_loner", "hands")
rule_options = st.fixed_dictionaries(
    {name: st.sampled_from(choices) for name, _, choices in FIELDS if name not in HOUSE})
seats = st.integers(min_value=-1, max_value=4) | st.sampled_from([None, "N", 1.5, True])


class GameMachine(RuleBasedStateMachine):
    """Every action is tried, valid or not. A refused action must raise
    ValueError and change nothing; an accepted one must be undoable back to
    exactly the previous bytes."""

    @initialize(options=rule_options, dealer=st.integers(0, 3))
    def start(self, options, dealer):
        self.rules = Rules(**options)
        self.game = Game(self.rules, dealer=dealer)
        self.saved = [self.game.to_bytes()]   # bytes after each accepted action
        self.adjusted = [False]

    def _attempt(self, fn, *args, adjusting=False):
        before = self.game.to_bytes()
        scores_before = self.game.scores
        try:
            fn(*args)
        except ValueError as err:
            assert str(err), "a refusal must say why"
            assert self.game.to_bytes() == before
            return
        after_scores = self.game.scores
        if not adjusting:
            assert after_scores[0] >= scores_before[0]
            assert after_scores[1] >= scores_before[1]
        self.saved.append(self.game.to_bytes())
        self.adjusted.append(adjusting)

    @rule(seat=seats, alone=st.booleans())
    def call(self, seat, alone):
        self._attempt(self.game.call, seat, alone)

    @rule(seat=seats)
    def trick(self, seat):
        self._attempt(self.game.trick, seat)

    @rule(seat=st.integers(0, 3))
    def trick_valid_seat(self, seat):
        # Tricks are most of a game: try them more often.
        self._attempt(self.game.trick, seat)

    @rule(seat=seats)
    def defend_alone(self, seat):
        self._attempt(self.game.defend_alone, seat)

    @rule(seat=seats)
    def go_alone(self, seat):
        self._attempt(self.game.go_alone, seat)

    @rule()
    def pass_deal(self):
        self._attempt(self.game.pass_deal)

    @rule(seat=seats)
    def renege(self, seat):
        self._attempt(self.game.renege, seat)

    @rule(seat=seats)
    def set_dealer(self, seat):
        self._attempt(self.game.set_dealer, seat)

    @rule(team=st.integers(-1, 2), points=st.integers(-9, 9))
    def adjust(self, team, points):
        self._attempt(self.game.adjust, team, points, adjusting=True)

    @rule(tricks=st.integers(-1, 6), quick=st.booleans())
    def finish(self, tricks, quick):
        self._attempt(self.game.finish, tricks, quick)

    @rule(code=st.integers(0, 255))
    def raw_code(self, code):
        self._attempt(self.game.apply, code, adjusting=True)

    @rule()
    def undo(self):
        had_actions = len(self.saved) > 1
        assert self.game.undo() == had_actions
        if had_actions:
            self.saved.pop()
            self.adjusted.pop()
        assert self.game.to_bytes() == self.saved[-1]

    @invariant()
    def round_trip(self):
        data = self.game.to_bytes()
        copy = Game.from_bytes(self.rules, data)
        assert copy == self.game
        assert copy.scores == self.game.scores
        assert copy.dealer == self.game.dealer
        assert copy.leader == self.game.leader
        assert copy.tricks == self.game.tricks
        assert copy.winner == self.game.winner
        # Undo rebuilds the state from a mark, a fresh replay from the start:
        # every derived value must agree.
        for name in ("makers", "caller", "lone_seat", "lone_defender",
                     "tricks_played", "misdeals", "skunk", "last_hand"):
            assert getattr(copy, name) == getattr(self.game, name), name
        assert copy.history() == self.game.history()
        assert copy.progress() == self.game.progress()
        assert copy.stats() == self.game.stats()
        assert copy.adjustments() == self.game.adjustments()
        assert Game.parse(self.rules, self.game.text(), self.game.start_dealer) == self.game

    @invariant()
    def consistent(self):
        game = self.game
        assert sum(game.tricks) == game.tricks_played <= 4
        assert (game.leader is None) == (game.makers is None)
        if game.leader is not None:
            assert not game.sits_out(game.leader)
        assert game.scores == list(game.progress()[-1])
        # The records add up to the score: every hand and every adjustment.
        for team in (0, 1):
            total = sum(hand.points for hand in game.history() if hand.scorer == team)
            total += sum(points for _, side, points in game.adjustments() if side == team)
            assert total == game.scores[team]
        if game.winner is not None:
            assert game.scores[game.winner] >= self.rules.target


GameMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=60,
                                         deadline=None)
TestGameMachine = GameMachine.TestCase
