"""A game of euchre as a log of small actions.

The log (one byte per action, laid out in ``actions``) is the only source of
truth: the state, undo, history, stats and the saved form all derive from
it. Seats are 0..3 clockwise (N, E, S, W); the team of seat ``s`` is ``s % 2``.
This module holds what a table needs to play: the reports (history,
adjustments) are ``reports``', the stats ``hand_stats``', the text form and
the saved form ``transcript``'s.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from euchre_core import game_forms
from euchre_core.actions import (ADJUST, ADJUST_MAX, ALONE, BLIND, CALL, DEFEND_ALONE,
                                 FINISH, MAKER, ORDERED_UP, PASS, QUICK, RENEGE, SET_BACK,
                                 SET_DEALER, SUIT_NAMES, SUIT_WORDS, TRICK, TRUMP, adjust_code,
                                 adjustment, kind_of)
from euchre_core.basics import Refusal, const, wrong
from euchre_core.game_forms import HAND_BYTES
from euchre_core.rules import RENEGE as RENEGE_HAND
from euchre_core.rules import Rules, check_alone, decide_winner, score_hand

_MARKS_KEPT = const(6)
# The latest undo marks a game kept for Undo of New game holds (``ended``):
# undoing into its last hand then replays that hand, not the whole log.
_MARKS_ENDED = const(3)


def _seat(seat):
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise wrong("seat", seat)
    return seat


class Game:
    """One game: call, tricks, score, to the target (or a number of hands).

    >>> g = Game(Rules(), dealer=3)
    >>> g.call(0); g.leader
    0
    """

    def __init__(self, rules, dealer=0):
        if not isinstance(rules, Rules):
            raise wrong("game")
        self.rules = rules
        self.start_dealer = _seat(dealer)
        self._codes = bytearray()
        self._reset()

    # ----- state, derived from the log -------------------------------------

    def _reset(self):
        self._scores = [0, 0]
        self.dealer = self.start_dealer
        self._new_hand()
        self.winner = None
        # The scored hands' records, HAND_BYTES each (game_forms.hand_bytes).
        self.records = bytearray()
        self._progress = bytearray(4)  # both scores at each change, 2 bytes each
        self.misdeals = 0
        # True right after a hand the set-back rule applies to (2 or 4 points).
        self._may_set_back = False
        # Marks after the latest actions that left no hand in play (and the
        # start, always kept): undo goes back to the latest mark and replays
        # only the hand in progress, so an undo late in a game costs one hand,
        # not the whole log.
        self._marks = [(0, 0, 0, self.dealer, 0, 0, len(self._progress), None, False)]

    def _new_hand(self):
        self.caller = None
        self.makers = None
        self.lone_seat = None
        self.lone_defender = None
        self.leader = None
        self._tricks = [0, 0]
        self.tricks_played = 0
        self._trump = 0  # 0: not recorded, else 1 + the index in SUIT_NAMES
        self.blind = False  # the hand in progress was called as a blind loner
        self._forced = False

    @property
    def scores(self):
        return [self._scores[0], self._scores[1]]

    @property
    def tricks(self):
        return [self._tricks[0], self._tricks[1]]

    @property
    def in_hand(self):
        """True once trump is named, until the hand is scored."""
        return self.makers is not None

    @property
    def trump(self):
        """The trump suit of the hand in progress ("S", "H", "D", "C"), or
        None when none was recorded (or no hand is on)."""
        return SUIT_NAMES[self._trump - 1] if self._trump else None

    @property
    def codes(self):
        """The action log, one byte per action."""
        return bytes(self._codes)

    @property
    def action_count(self):
        return len(self._codes)

    @property
    def last_hand(self):
        count = self.hand_count
        return game_forms.read_hand(self.records, count - 1) if count else None

    @property
    def hand_count(self):
        """How many hands have been scored (a misdeal is not a hand)."""
        return len(self.records) // HAND_BYTES

    @property
    def over(self):
        """True once the game has ended: a team won, or (``hands`` rule) the
        last hand is scored, ``winner`` then None on a tie."""
        return self.winner is not None or self.hands_left == 0

    @property
    def hands_left(self):
        """Hands still to play under the ``hands`` rule, else None."""
        hands = self.rules.hands
        if not hands:
            return None
        return max(0, hands - self.hand_count)

    @property
    def skunk(self):
        return self.winner is not None and self._scores[1 - self.winner] == 0

    def sits_out(self, seat):
        """True for the partner of a lone player during a hand."""
        for lone in (self.lone_seat, self.lone_defender):
            if lone is not None and seat == (lone + 2) % 4:
                return True
        return False

    def pass_refusal(self):
        """Why the deal cannot pass now (the ``Refusal`` ``pass_deal``
        raises), or None when it can."""
        if self.over:
            return Refusal("The game is over")
        if self.in_hand:
            return Refusal("Trump is already named")
        if self.rules.stick_the_dealer:
            return Refusal("Stick the dealer: %s must name trump", self.dealer)
        return None

    @property
    def may_set_back(self):
        """True while ``set_back`` is allowed (``set_back_refusal`` says why
        not otherwise), asked without making a refusal."""
        return self._may_set_back

    @property
    def set_back_takes(self):
        """True while ``set_back`` is allowed and would take points off the
        team that did not score the last hand (a score stops at 0): what a
        table offers. Asked without making an object."""
        return (self._may_set_back
                and self._scores[1 - game_forms.last_scorer(self.records)] > 0)

    @property
    def set_back_takes_win(self):
        """True while ``set_back_takes`` and the game is won, but the scores
        a set-back would leave win it for nobody: what a table warns of.
        (Keeping the points may be no win either, a progressive game's tie;
        setting back may leave the win, under win by two.)"""
        if self.winner is None or not self.set_back_takes:
            return False
        return decide_winner(self.rules, self.set_back_scores()[0], self.hand_count) is None

    def set_back_refusal(self):
        """Why ``set_back`` is refused now (a ``Refusal``), or None when it
        is allowed."""
        if not self.rules.setback:
            return Refusal("These rules do not play set-backs")
        if not self._may_set_back:
            return Refusal("A set-back comes right after a hand that scored 2 or 4 points")
        return None

    def progress(self):
        """(team 0, team 1) scores at the start and after each score change."""
        scores = self._progress
        return [_scores_at(scores, at) for at in range(0, len(scores), 4)]

    # ----- actions -----------------------------------------------------------

    def call(self, seat, alone=False, ordered_up=False, blind=False, suit=None):
        """``seat`` named trump (and goes alone when ``alone``).

        ``ordered_up``: in the first round (with ``canadian_loner``, the
        dealer's partner who orders up goes alone whatever ``alone`` says).
        ``blind``: the dealer goes alone blind (``blind_loner``; with
        ``alone``). ``suit``: the trump suit, recorded as a second action
        (``set_trump``), so undo takes back the suit first."""
        code = CALL << 5 | _seat(seat)
        if blind:
            if not alone:
                raise wrong("blind")
            code |= BLIND
        if alone:
            code |= ALONE
        if ordered_up and not blind:
            # A blind loner is the dealer's own call: the Canadian loner
            # rule (the dealer's partner ordering up) never applies to it.
            code |= ORDERED_UP
        if suit is not None:
            suit_code = _suit_code(suit)
        self.apply(code)
        if suit is not None:
            self.apply(suit_code)

    def set_trump(self, suit):
        """Record the trump suit ("S", "H", "D" or "C") of the hand in progress."""
        self.apply(_suit_code(suit))

    def defend_alone(self, seat):
        """A defender goes alone, before the first trick."""
        self.apply(DEFEND_ALONE << 5 | _seat(seat))

    def go_alone(self, seat):
        """``seat`` goes alone after the call, before the first trick: a
        defender (as ``defend_alone``) or a maker, the caller or the
        caller's partner (the caller stays the caller). A maker and a
        defender may both be alone in one hand."""
        code = DEFEND_ALONE << 5 | _seat(seat)
        if self.makers is not None and seat % 2 == self.makers:
            code |= MAKER
        self.apply(code)

    def trick(self, seat):
        """``seat`` won a trick."""
        self.apply(TRICK << 5 | _seat(seat))

    def pass_deal(self):
        """Everybody passed twice (or a misdeal): the deal passes left."""
        self.apply(PASS << 5)

    def set_back(self):
        """Robson (``setback``): right after a hand that scored 2 or 4
        points, those points come off the other team's score instead (not
        below 0)."""
        self.apply(PASS << 5 | SET_BACK)

    def renege(self, seat):
        """``seat`` reneged: the other team scores the penalty, the hand ends."""
        self.apply(RENEGE << 5 | _seat(seat))

    def adjust(self, team, points):
        """A manual score change for house penalties, at most ADJUST_MAX
        points either way."""
        if team not in (0, 1) or isinstance(team, bool):
            raise wrong("team", team)
        if (not isinstance(points, int) or isinstance(points, bool)
                or points == 0 or not -ADJUST_MAX <= points <= ADJUST_MAX):
            raise wrong("adjust", ADJUST_MAX, ADJUST_MAX, points)
        self.apply(adjust_code(team, points))

    def set_dealer(self, seat):
        """Correct the dealer (a stolen deal), between hands."""
        self.apply(SET_DEALER << 5 | _seat(seat))

    def finish(self, makers_tricks, quick=False):
        """End the hand at once with the makers holding ``makers_tricks`` of 5.

        ``quick``: only the result is known (made, march, euchred), not how
        the remaining tricks fell; ``makers_tricks`` then stands for the
        result and the hand keeps the tricks played before it."""
        if (not isinstance(makers_tricks, int) or isinstance(makers_tricks, bool)
                or not 0 <= makers_tricks <= 5):
            raise wrong("finish", makers_tricks)
        self.apply(FINISH << 5 | makers_tricks | (QUICK if quick else 0))

    def can_finish(self, makers_tricks):
        """True when ``finish(makers_tricks)`` would be accepted now: a hand
        is on and the tricks already played leave that result possible."""
        makers = self.makers
        return (makers is not None and 0 <= makers_tricks <= 5
                and self._tricks[makers] <= makers_tricks <= 5 - self._tricks[1 - makers])

    def apply(self, code):
        """Apply one action byte; a ``Refusal`` (and no change) when the game
        or its rules refuse it now, ValueError for a byte that is no action."""
        self._step(code)
        self._codes.append(code)
        if self.makers is None:
            self._mark(len(self._codes))

    def extend(self, codes, ended=None):
        """Apply the action bytes ``codes`` in order, as ``apply`` does each.
        At the first one refused, its error is raised and the game keeps
        the actions before it (``action_count`` tells how many).

        With ``ended``, what ``ended()`` gave for the game whose log is
        ``codes``, on a game made with its rules and first dealer and
        without actions: that game is brought back from its latest mark,
        and only what was played after the mark (a hand in play) replays."""
        if ended is not None:
            hands, progress, marks = ended
            self._codes = bytearray(codes)
            self.records = bytearray(hands)
            self._progress = bytearray(progress)
            self._marks.extend(marks)
            _rewind(self)
            return
        for code in codes:
            self.apply(code)

    def _mark(self, count):
        marks = self._marks
        if len(marks) > _MARKS_KEPT:
            marks.pop(1)
        marks.append((count, self._scores[0], self._scores[1], self.dealer,
                      self.misdeals, len(self.records), len(self._progress),
                      self.winner, self._may_set_back))

    def undo(self):
        """Take back the last action; False when there is nothing to undo."""
        if not self._codes:
            return False
        self._codes = self._codes[:-1]
        _rewind(self)
        return True

    def ended(self):
        """What ``extend`` needs besides the log to bring this game back
        without replaying the log: its scored hands, its scores' progress
        and its latest undo marks, as values of their own (a few hundred
        bytes, not a whole Game: what New game keeps of the game it
        replaces, for Undo)."""
        marks = self._marks
        return (bytes(self.records), bytes(self._progress),
                marks[max(1, len(marks) - _MARKS_ENDED):])

    # ----- the rules, one action at a time ---------------------------------

    def _step(self, code):
        """Check an action against the state, then carry it out.

        Every check comes before the first change, so a refused action
        leaves the game exactly as it was."""
        if not isinstance(code, int) or not 0 <= code <= 0xFE:
            raise wrong("action", code)
        kind = kind_of(code)
        arg = code & 31
        hands = len(self.records)
        if kind == PASS and arg == SET_BACK:
            # Also right after the hand that ended the game: it may undo the win.
            self._do_set_back()
            return
        if self.over:
            raise Refusal("The game is over: undo, or start a new game")
        if kind == CALL:
            self._do_call(arg & 3, arg)
        elif kind == DEFEND_ALONE:
            self._do_alone(_arg_seat(arg & ~MAKER), arg & MAKER)
        elif kind == TRICK:
            self._do_trick(_arg_seat(arg))
        elif kind == PASS:
            if arg & TRUMP and arg < 8:
                self._do_trump(arg & 3)
            elif arg:
                raise wrong("action", code)
            else:
                refusal = self.pass_refusal()
                if refusal:
                    raise refusal
                self.misdeals += 1
                self.dealer = (self.dealer + 1) % 4
        elif kind == RENEGE:
            self._do_renege(_arg_seat(arg))
        elif kind == ADJUST:
            team, points = adjustment(code)
            if self._scores[team] + points < 0:
                raise Refusal("A score cannot go below 0")
            self._scores[team] += points
            self._score_changed()
        elif kind == SET_DEALER:
            seat = _arg_seat(arg)
            if self.in_hand:
                raise Refusal("Set the dealer between hands, not during one")
            if seat == self.dealer:
                raise Refusal("%s is already the dealer", seat)
            self.dealer = seat
        else:
            if arg & 16:
                raise wrong("action", code)
            self._do_finish(arg & 7, bool(arg & QUICK))
        if len(self.records) == hands:
            self._may_set_back = False

    def _do_call(self, seat, arg):
        if arg & BLIND and (not arg & ALONE or arg & ORDERED_UP):
            raise wrong("action", CALL << 5 | arg)
        if self.in_hand:
            raise Refusal("Trump is already named by %s", self.caller)
        blind = bool(arg & BLIND)
        if blind:
            check_alone(self.rules, blind=True)
            if seat != self.dealer:
                raise Refusal("Only the dealer (%s) can go alone blind", self.dealer)
        # Canadian loner: the dealer's partner who orders the dealer up
        # plays alone.
        forced = (arg & ORDERED_UP and self.rules.canadian_loner
                  and seat == (self.dealer + 2) % 4)
        self.caller = seat
        self.makers = seat % 2
        if arg & ALONE or forced:
            self.lone_seat = seat
        self.blind = blind
        self._forced = bool(forced)
        self.leader = self._first_leader()

    def _need_trump(self):
        if not self.in_hand:
            raise Refusal("Nobody has named trump yet")

    def _do_trump(self, suit):
        self._need_trump()
        if self._trump:
            raise Refusal("Trump is already " + SUIT_WORDS[self._trump - 1]
                             + ": undo to change it")
        self._trump = 1 + suit

    def _do_set_back(self):
        refusal = self.set_back_refusal()
        if refusal:
            raise refusal
        scores, taken = self.set_back_scores()
        self._scores = scores
        game_forms.mark_set_back(self.records, len(self.records), taken)
        self._may_set_back = False
        self._score_changed()

    def set_back_scores(self):
        """The scores [N-S, E-W] a set-back of the last hand would leave,
        and the points it takes off the other team (a score stops at 0):
        what a table shows before it asks. Meaningful while
        ``set_back_takes``."""
        hand = self.last_hand
        scores = list(self._scores)
        scores[hand.scorer] -= hand.points
        other = 1 - hand.scorer
        taken = min(hand.points, scores[other])
        scores[other] -= taken
        return scores, taken

    def _do_alone(self, seat, maker):
        self._need_trump()
        if maker:
            if seat % 2 != self.makers:
                raise Refusal("%s is a defender, not a maker", seat)
            lone = self.lone_seat
        else:
            check_alone(self.rules, defender=True)
            if seat % 2 == self.makers:
                raise Refusal("%s is a maker, not a defender", seat)
            lone = self.lone_defender
        if lone is not None:
            raise Refusal("%s is already alone", lone)
        if self.tricks_played:
            raise Refusal("Too late: going alone is before the first trick")
        if maker:
            self.lone_seat = seat
        else:
            self.lone_defender = seat
        self.leader = self._first_leader()

    def _first_leader(self):
        if self.rules.lead == "loner_left":
            # Seed 000: left of the lone player leads; with two lone players
            # the defender leads.
            if self.lone_defender is not None:
                return self.lone_defender if self.lone_seat is not None \
                    else (self.lone_defender + 1) % 4
            if self.lone_seat is not None:
                return (self.lone_seat + 1) % 4
        seat = (self.dealer + 1) % 4
        while self.sits_out(seat):
            seat = (seat + 1) % 4
        return seat

    def play_refusal(self, seat):
        """Why ``seat`` takes no trick and reneges in no trick now because
        it sits out the hand (the partner of a lone player): the ``Refusal``
        ``trick`` and ``renege`` raise for it, or None. Only that reason:
        between hands or at game over they refuse for others."""
        if self.sits_out(seat):
            return Refusal("%s sits out this hand", seat)
        return None

    def _plays(self, seat):
        refusal = self.play_refusal(seat)
        if refusal is not None:
            raise refusal

    def _do_trick(self, seat):
        if not self.in_hand:
            raise Refusal("Name trump before counting tricks")
        self._plays(seat)
        self._tricks[seat % 2] += 1
        self.tricks_played += 1
        self.leader = seat
        if self.tricks_played == 5:
            self._score_play(self._tricks[self.makers])

    def _do_finish(self, makers_tricks, quick):
        self._need_trump()
        if makers_tricks > 5:
            raise wrong("finish", makers_tricks)
        if makers_tricks < self._tricks[self.makers]:
            raise Refusal("The makers already have "
                          + _count_tricks(self._tricks[self.makers]))
        if 5 - makers_tricks < self._tricks[1 - self.makers]:
            raise Refusal("The defenders already have "
                          + _count_tricks(self._tricks[1 - self.makers]))
        if quick:
            # The hand keeps the tricks actually played.
            self._score_play(makers_tricks, True)
            return
        self._tricks[self.makers] = makers_tricks
        self._tricks[1 - self.makers] = 5 - makers_tricks
        self.tricks_played = 5
        self._score_play(makers_tricks)

    def _do_renege(self, seat):
        if not self.in_hand:
            raise Refusal("No hand is being played")
        self._plays(seat)
        lone = self.lone_seat is not None or self.lone_defender is not None
        points = self.rules.renege_alone_points if lone else self.rules.renege_points
        self._end_hand(1 - seat % 2, points, RENEGE_HAND, seat)

    def scoring(self, makers_tricks):
        """(side, points, kind) of the hand in play ended with the makers
        holding ``makers_tricks``, as ``finish`` would score it (its
        loners, blind or not, under these rules): what a table offers."""
        return score_hand(self.rules, makers_tricks, self.lone_seat is not None,
                          self.lone_defender is not None, self.blind)

    def _score_play(self, makers_tricks, quick=False):
        side, points, kind = self.scoring(makers_tricks)
        scorer = self.makers if side == "makers" else 1 - self.makers
        self._end_hand(scorer, points, kind, 0, quick)

    def _end_hand(self, scorer, points, kind, reneger=0, quick=False):
        self.records.extend(game_forms.hand_bytes(
            self.dealer, self.caller, scorer, reneger, self.lone_seat, self.lone_defender,
            self._tricks, quick, points, kind, self._trump, self.blind, self._forced))
        self._scores[scorer] += points
        self.dealer = (self.dealer + 1) % 4
        self._new_hand()
        self._may_set_back = self.rules.setback and (points == 2 or points == 4)
        self._score_changed()

    def _score_changed(self):
        progress = self._progress
        for score in self._scores:
            progress.append(score & 0xFF)
            progress.append(score >> 8)
        self.winner = decide_winner(self.rules, self._scores, self.hand_count)

    def __eq__(self, other):
        """The same rules, first dealer and log (``!=`` is its negation)."""
        return (isinstance(other, Game) and self.rules == other.rules
                and self.start_dealer == other.start_dealer
                and self._codes == other._codes)


def won_when_kept(previous):
    """The team that had won the game ``previous`` keeps (a
    ``game_forms.Previous``) when New game replaced it, or None (no
    winner yet, a tie, or no ``ended`` to tell: its log not replayed). Read
    from its last scores and hands, without a replay: a table tells
    Reset match from New game by it (New game counts the win)."""
    if previous.ended is None:
        return None
    hands, progress, _ = previous.ended
    return decide_winner(previous.rules, _scores_at(progress, len(progress) - 4),
                         len(hands) // HAND_BYTES)


def _scores_at(progress, at):
    """Both scores of the progress bytes' entry at ``at`` (``_score_changed``
    writes them: each 2 bytes, the low one first)."""
    return (progress[at] | progress[at + 1] << 8, progress[at + 2] | progress[at + 3] << 8)


def _arg_seat(arg):
    if arg > 3:
        raise wrong("seat_bits", arg)
    return arg


def _suit_code(suit):
    if not isinstance(suit, str) or len(suit) != 1 or suit not in SUIT_NAMES:
        raise wrong("suit", suit)
    return PASS << 5 | TRUMP | SUIT_NAMES.index(suit)


def _count_tricks(count):
    return str(count) + (" trick" if count == 1 else " tricks")


def _rewind(game):
    """``game`` in the state its log leaves, as undo and ``extend`` with
    ``ended`` need it: from the latest mark at or before the log's end
    (those after it dropped), the actions after the mark replayed."""
    count = len(game._codes)
    marks = game._marks
    while marks[-1][0] > count:
        marks.pop()
    (start, score0, score1, dealer, misdeals, hands, progress, winner,
     may_set_back) = marks[-1]
    game._scores = [score0, score1]
    game.dealer = dealer
    game.misdeals = misdeals
    if len(game.records) > hands:
        game.records = game.records[:hands]
    if len(game._progress) > progress:
        game._progress = game._progress[:progress]
    if may_set_back:
        # Only the last hand is ever set back, and only while this is True.
        game_forms.mark_set_back(game.records, hands, None)
    game.winner = winner
    game._may_set_back = may_set_back
    game._new_hand()
    for index in range(start, count):
        game._step(game._codes[index])
        if game.makers is None:
            game._mark(index + 1)
