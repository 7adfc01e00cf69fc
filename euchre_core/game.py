"""A game of euchre as a log of small actions.

The log (one byte per action) is the only source of truth: the state, undo,
history, stats and the saved form all derive from it. Seats are 0..3
clockwise (N, E, S, W); the team of seat ``s`` is ``s % 2``.

What a game needs while it is played is here; its other forms (the text
form and its parser, the saved form, the stats) are in ``game_forms``,
imported the first time one is asked for: the board's heap is small.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from collections import namedtuple

from micropython import const

from euchre_core.rules import (EUCHRE, LONE_DEFENSE, LONE_MARCH, MADE, MARCH,
                               RENEGE, Rules, score_hand)

SEAT_NAMES = "NESW"

# An action byte is kind << 5 | argument. Kind 7 with argument 31 (0xFF) is
# never used, so erased flash can never be mistaken for an action.
_CALL = const(0)         # argument: seat | alone << 2
_DEFEND_ALONE = const(1)  # argument: seat | maker << 2 (goes alone after the call)
_TRICK = const(2)        # argument: seat
_PASS = const(3)         # argument: 0
_RENEGE = const(4)       # argument: seat
_ADJUST = const(5)       # argument: team << 4 | minus << 3 | (points - 1)
_SET_DEALER = const(6)   # argument: seat
_FINISH = const(7)       # argument: makers' tricks at the end | quick << 3
_MAKER = const(4)        # in a _DEFEND_ALONE argument: the seat is a maker
_QUICK = const(8)        # in a _FINISH argument: only the result is known

_TEXT_KINDS = "CDTPRJXF"
_MARKS_KEPT = const(6)

# ``tricks``: (team 0, team 1) as the hand ended; after a quick result
# (``quick``) the tricks played before it, as only the result is known.
# ``reneger``: the seat that reneged (kind "renege"), else None.
Hand = namedtuple("Hand", ("number", "dealer", "caller", "makers", "lone_seat",
                           "lone_defender", "tricks", "scorer", "points", "kind",
                           "reneger", "quick"))

# A scored hand is kept as 4 bytes (a Hand tuple would take some 150 bytes of
# the board's heap, and a game has tens of hands):
#   dealer | caller << 2 | scorer << 4 | reneger << 5,
#   the lone maker (or _NOBODY) | the lone defender (or _NOBODY) << 3,
#   tricks of team 0 | tricks of team 1 << 3 | quick << 6,  points | kind << 4
# with kind the index in _KINDS. The makers are the caller's team.
_KINDS = (MADE, MARCH, LONE_MARCH, EUCHRE, LONE_DEFENSE, RENEGE)
_NOBODY = const(4)


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE, bit by bit: small, and the data is a few hundred bytes."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def _seat(seat):
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise ValueError("A seat is 0..3 (N, E, S, W), not " + repr(seat))
    return seat


def seat_name(seat):
    return SEAT_NAMES[seat]


def team_name(team):
    return "N-S" if team == 0 else "E-W"


class Game:
    """One game: call, tricks, score, to the target.

    >>> g = Game(Rules(), dealer=3)
    >>> g.call(0); g.leader
    0
    """

    def __init__(self, rules, dealer=0):
        if not isinstance(rules, Rules):
            raise ValueError("Game needs a Rules object")
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
        self._hands = bytearray()  # 4 bytes a scored hand (see _KINDS)
        self._progress = bytearray(4)  # both scores at each change, 2 bytes each
        self.misdeals = 0
        # Marks after the latest actions that left no hand in play (and the
        # start, always kept): undo goes back to the latest mark and replays
        # only the hand in progress, so an undo late in a game costs one hand,
        # not the whole log. Only a few are kept: the heap is small.
        self._marks = [(0, 0, 0, self.dealer, 0, 0, len(self._progress), None)]

    def _new_hand(self):
        self.caller = None
        self.makers = None
        self.lone_seat = None
        self.lone_defender = None
        self.leader = None
        self._tricks = [0, 0]
        self.tricks_played = 0

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
    def codes(self):
        """The action log, one byte per action."""
        return bytes(self._codes)

    @property
    def action_count(self):
        return len(self._codes)

    @property
    def last_hand(self):
        count = len(self._hands) >> 2
        return self._hand(count - 1) if count else None

    @property
    def hand_count(self):
        """How many hands have been scored."""
        return len(self._hands) >> 2

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
        """Why the deal cannot pass now, or None when it can."""
        if self.winner is not None:
            return "The game is over"
        if self.in_hand:
            return "Trump is already named"
        if self.rules.stick_the_dealer:
            return "Stick the dealer: " + seat_name(self.dealer) + " must name trump"
        return None

    def history(self):
        """The scored hands, oldest first (``Hand`` tuples)."""
        return [self._hand(index) for index in range(len(self._hands) >> 2)]

    def _hand(self, index):
        at = index * 4
        data = self._hands
        first = data[at]
        caller = first >> 2 & 3
        lone = data[at + 1] & 7
        defender = data[at + 1] >> 3
        tricks = data[at + 2]
        last = data[at + 3]
        kind = _KINDS[last >> 4]
        return Hand(index + 1, first & 3, caller, caller % 2,
                    None if lone == _NOBODY else lone,
                    None if defender == _NOBODY else defender,
                    (tricks & 7, tricks >> 3 & 7), first >> 4 & 1, last & 15, kind,
                    first >> 5 & 3 if kind == RENEGE else None, bool(tricks & 64))

    def progress(self):
        """(team 0, team 1) scores at the start and after each score change."""
        scores = self._progress
        return [(scores[at] | scores[at + 1] << 8, scores[at + 2] | scores[at + 3] << 8)
                for at in range(0, len(scores), 4)]

    def adjustments(self):
        """The score adjustments, oldest first: (hands scored before it,
        team, points)."""
        import euchre_core.game_forms
        return euchre_core.game_forms.adjustments(self)

    def stats(self):
        """Per team: hands made, marches, euchred (suffered), euchres
        (inflicted), loners tried, loners made (3 or more tricks), reneges."""
        import euchre_core.game_forms
        return euchre_core.game_forms.stats(self)

    # ----- actions -----------------------------------------------------------

    def call(self, seat, alone=False):
        """``seat`` named trump (and goes alone when ``alone``)."""
        self.apply(_CALL << 5 | _seat(seat) | (4 if alone else 0))

    def defend_alone(self, seat):
        """A defender goes alone, before the first trick."""
        self.apply(_DEFEND_ALONE << 5 | _seat(seat))

    def go_alone(self, seat):
        """``seat`` goes alone after the call, before the first trick: a
        defender (as ``defend_alone``) or a maker, the caller or the
        caller's partner (the caller stays the caller). A maker and a
        defender may both be alone in one hand."""
        code = _DEFEND_ALONE << 5 | _seat(seat)
        if self.makers is not None and seat % 2 == self.makers:
            code |= _MAKER
        self.apply(code)

    def trick(self, seat):
        """``seat`` won a trick."""
        self.apply(_TRICK << 5 | _seat(seat))

    def pass_deal(self):
        """Everybody passed twice (or a misdeal): the deal passes left."""
        self.apply(_PASS << 5)

    def renege(self, seat):
        """``seat`` reneged: the other team scores the penalty, the hand ends."""
        self.apply(_RENEGE << 5 | _seat(seat))

    def adjust(self, team, points):
        """A manual score change for house penalties, -8..8 points."""
        if team not in (0, 1) or isinstance(team, bool):
            raise ValueError("A team is 0 (N-S) or 1 (E-W), not " + repr(team))
        if (not isinstance(points, int) or isinstance(points, bool)
                or points == 0 or not -8 <= points <= 8):
            raise ValueError("An adjustment is -8..8 points, not " + repr(points))
        minus = 8 if points < 0 else 0
        self.apply(_ADJUST << 5 | team << 4 | minus | (abs(points) - 1))

    def set_dealer(self, seat):
        """Correct the dealer (a stolen deal), between hands."""
        self.apply(_SET_DEALER << 5 | _seat(seat))

    def finish(self, makers_tricks, quick=False):
        """End the hand at once with the makers holding ``makers_tricks`` of 5.

        ``quick``: only the result is known (made, march, euchred), not how
        the remaining tricks fell; ``makers_tricks`` then stands for the
        result and the hand keeps the tricks played before it."""
        if (not isinstance(makers_tricks, int) or isinstance(makers_tricks, bool)
                or not 0 <= makers_tricks <= 5):
            raise ValueError("The makers take 0 to 5 tricks, not " + repr(makers_tricks))
        self.apply(_FINISH << 5 | makers_tricks | (_QUICK if quick else 0))

    def can_finish(self, makers_tricks):
        """True when ``finish(makers_tricks)`` would be accepted now: a hand
        is on and the tricks already played leave that result possible."""
        makers = self.makers
        return (makers is not None and 0 <= makers_tricks <= 5
                and self._tricks[makers] <= makers_tricks <= 5 - self._tricks[1 - makers])

    def apply(self, code):
        """Apply one action byte; ValueError (and no change) if not allowed."""
        self._step(code)
        self._codes.append(code)
        if self.makers is None:
            self._mark(len(self._codes))

    def _mark(self, count):
        marks = self._marks
        if len(marks) > _MARKS_KEPT:
            marks.pop(1)
        marks.append((count, self._scores[0], self._scores[1], self.dealer,
                      self.misdeals, len(self._hands), len(self._progress),
                      self.winner))

    def undo(self):
        """Take back the last action; False when there is nothing to undo."""
        if not self._codes:
            return False
        self._codes = self._codes[:-1]
        count = len(self._codes)
        marks = self._marks
        while marks[-1][0] > count:
            marks.pop()
        start, score0, score1, dealer, misdeals, hands, progress, winner = marks[-1]
        self._scores = [score0, score1]
        self.dealer = dealer
        self.misdeals = misdeals
        if len(self._hands) > hands:
            self._hands = self._hands[:hands]
        if len(self._progress) > progress:
            self._progress = self._progress[:progress]
        self.winner = winner
        self._new_hand()
        for index in range(start, count):
            self._step(self._codes[index])
            if self.makers is None:
                self._mark(index + 1)
        return True

    # ----- the rules, one action at a time ---------------------------------

    def _step(self, code):
        """Check an action against the state, then carry it out.

        Every check comes before the first change, so a refused action
        leaves the game exactly as it was."""
        if not isinstance(code, int) or not 0 <= code <= 0xFE:
            raise ValueError("Not an action: " + repr(code))
        kind = code >> 5
        arg = code & 31
        if self.winner is not None:
            raise ValueError("The game is over: undo, or start a new game")
        if kind == _CALL:
            self._do_call(arg & 3, bool(arg & 4), arg)
        elif kind == _DEFEND_ALONE:
            self._do_alone(self._arg_seat(arg & ~_MAKER), arg & _MAKER)
        elif kind == _TRICK:
            self._do_trick(self._arg_seat(arg))
        elif kind == _PASS:
            if arg:
                raise ValueError("Not an action: " + repr(code))
            refusal = self.pass_refusal()
            if refusal:
                raise ValueError(refusal)
            self.misdeals += 1
            self.dealer = (self.dealer + 1) % 4
        elif kind == _RENEGE:
            self._do_renege(self._arg_seat(arg))
        elif kind == _ADJUST:
            team = arg >> 4
            points = (arg & 7) + 1
            if arg & 8:
                points = -points
            if self._scores[team] + points < 0:
                raise ValueError("A score cannot go below 0")
            self._scores[team] += points
            self._score_changed()
        elif kind == _SET_DEALER:
            seat = self._arg_seat(arg)
            if self.in_hand:
                raise ValueError("Set the dealer between hands, not during one")
            if seat == self.dealer:
                raise ValueError(seat_name(seat) + " is already the dealer")
            self.dealer = seat
        else:
            if arg & 16:
                raise ValueError("Not an action: " + repr(code))
            self._do_finish(arg & 7, bool(arg & _QUICK))

    @staticmethod
    def _arg_seat(arg):
        if arg > 3:
            raise ValueError("Not a seat: " + repr(arg))
        return arg

    def _do_call(self, seat, alone, arg):
        if arg > 7:
            raise ValueError("Not a seat: " + repr(arg))
        if self.in_hand:
            raise ValueError("Trump is already named by " + seat_name(self.caller))
        self.caller = seat
        self.makers = seat % 2
        if alone:
            self.lone_seat = seat
        self.leader = self._first_leader()

    def _do_alone(self, seat, maker):
        if not self.in_hand:
            raise ValueError("Nobody has named trump yet")
        if maker:
            if seat % 2 != self.makers:
                raise ValueError(seat_name(seat) + " is a defender, not a maker")
            lone = self.lone_seat
        else:
            if self.rules.defender_alone == "off":
                raise ValueError("These rules do not let a defender go alone")
            if seat % 2 == self.makers:
                raise ValueError(seat_name(seat) + " is a maker, not a defender")
            lone = self.lone_defender
        if lone is not None:
            raise ValueError(seat_name(lone) + " is already alone")
        if self.tricks_played:
            raise ValueError("Too late: going alone is before the first trick")
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

    def _do_trick(self, seat):
        if not self.in_hand:
            raise ValueError("Name trump before counting tricks")
        if self.sits_out(seat):
            raise ValueError(seat_name(seat) + " sits out this hand")
        self._tricks[seat % 2] += 1
        self.tricks_played += 1
        self.leader = seat
        if self.tricks_played == 5:
            self._score_play(self._tricks[self.makers])

    def _do_finish(self, makers_tricks, quick):
        if not self.in_hand:
            raise ValueError("Nobody has named trump yet")
        if makers_tricks > 5:
            raise ValueError("The makers take 0 to 5 tricks, not " + str(makers_tricks))
        if makers_tricks < self._tricks[self.makers]:
            raise ValueError("The makers already have "
                             + _count_tricks(self._tricks[self.makers]))
        if 5 - makers_tricks < self._tricks[1 - self.makers]:
            raise ValueError("The defenders already have "
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
            raise ValueError("No hand is being played")
        if self.sits_out(seat):
            raise ValueError(seat_name(seat) + " sits out this hand")
        lone = self.lone_seat is not None or self.lone_defender is not None
        points = self.rules.renege_alone_points if lone else self.rules.renege_points
        self._end_hand(1 - seat % 2, points, RENEGE, seat)

    def _score_play(self, makers_tricks, quick=False):
        side, points, kind = score_hand(self.rules, makers_tricks,
                                        self.lone_seat is not None,
                                        self.lone_defender is not None)
        scorer = self.makers if side == "makers" else 1 - self.makers
        self._end_hand(scorer, points, kind, 0, quick)

    def _end_hand(self, scorer, points, kind, reneger=0, quick=False):
        hands = self._hands
        hands.append(self.dealer | self.caller << 2 | scorer << 4 | reneger << 5)
        hands.append((_NOBODY if self.lone_seat is None else self.lone_seat)
                     | (_NOBODY if self.lone_defender is None else self.lone_defender) << 3)
        hands.append(self._tricks[0] | self._tricks[1] << 3 | (64 if quick else 0))
        hands.append(points | _KINDS.index(kind) << 4)
        self._scores[scorer] += points
        self.dealer = (self.dealer + 1) % 4
        self._new_hand()
        self._score_changed()

    def _score_changed(self):
        progress = self._progress
        for score in self._scores:
            progress.append(score & 0xFF)
            progress.append(score >> 8)
        target = self.rules.target
        for team in (0, 1):
            mine = self._scores[team]
            theirs = self._scores[1 - team]
            if mine >= target and mine > theirs:
                if not self.rules.win_by_two or mine - theirs >= 2:
                    self.winner = team

    # ----- saved form (in game_forms) -----------------------------------------

    def to_bytes(self):
        """Magic, version, start dealer, action count, the actions, CRC-16."""
        import euchre_core.game_forms
        return euchre_core.game_forms.to_bytes(self)

    @classmethod
    def from_bytes(cls, rules, data):
        """The game saved by ``to_bytes``; ValueError for anything else."""
        import euchre_core.game_forms
        return euchre_core.game_forms.from_bytes(cls, rules, data)

    def __eq__(self, other):
        return (isinstance(other, Game) and self.rules == other.rules
                and self.start_dealer == other.start_dealer
                and self._codes == other._codes)

    def __ne__(self, other):
        return not self.__eq__(other)

    # ----- text form of the log (in game_forms) ------------------------------

    def text(self):
        """The log as words: "CN" N calls, "AN" N calls alone, "DE" E defends
        alone, "LS" S (a maker) goes alone after the call, "TS" S takes a
        trick, "P" all passed, "RW" W reneged, "J0+1" team 0 adjusted by +1,
        "XS" the deal moves to S, "F3" the makers end the hand with 3 tricks,
        "Q3" a quick result: made (3-4), "Q5" march, "Q0".."Q2" euchred."""
        return " ".join(action_text(code) for code in self._codes)

    @classmethod
    def parse(cls, rules, text, dealer=0):
        """The game whose ``text()`` is ``text``; ValueError for a word that is no action."""
        import euchre_core.game_forms
        return euchre_core.game_forms.parse(cls, rules, text, dealer)

    def __repr__(self):
        return ("<Game dealer=" + seat_name(self.dealer) + " scores=" + repr(self._scores)
                + " actions=" + repr(self.text()) + ">")


def _count_tricks(count):
    return str(count) + (" trick" if count == 1 else " tricks")


def action_text(code):
    kind = code >> 5
    arg = code & 31
    if kind == _CALL:
        return ("A" if arg & 4 else "C") + SEAT_NAMES[arg & 3]
    if kind == _PASS:
        return "P"
    if kind == _ADJUST:
        points = (arg & 7) + 1
        return "J" + str(arg >> 4) + ("-" if arg & 8 else "+") + str(points)
    if kind == _FINISH:
        return ("Q" if arg & _QUICK else "F") + str(arg & 7)
    if kind == _DEFEND_ALONE and arg & _MAKER:
        return "L" + SEAT_NAMES[arg & 3]
    return _TEXT_KINDS[kind] + SEAT_NAMES[arg & 3]


def parse_action(word):
    """The action byte for one word of ``Game.text()``."""
    import euchre_core.game_forms
    return euchre_core.game_forms.parse_action(word)
