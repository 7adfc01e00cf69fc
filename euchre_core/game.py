"""A game of euchre as a log of small actions.

The log (one byte per action) is the only source of truth: the state, undo,
history, stats and the saved form all derive from it. Seats are 0..3
clockwise (N, E, S, W); the team of seat ``s`` is ``s % 2``.

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
_DEFEND_ALONE = const(1)  # argument: seat
_TRICK = const(2)        # argument: seat
_PASS = const(3)         # argument: 0
_RENEGE = const(4)       # argument: seat
_ADJUST = const(5)       # argument: team << 4 | minus << 3 | (points - 1)
_SET_DEALER = const(6)   # argument: seat
_FINISH = const(7)       # argument: tricks the makers end the hand with

_FORMAT_MAGIC = const(0x45)  # "E"
_FORMAT_VERSION = const(1)
_HEADER = const(5)  # magic, version, start dealer, action count (2 bytes)

_TEXT_KINDS = "CDTPRJXF"
_MARKS_KEPT = const(6)

Hand = namedtuple("Hand", ("number", "dealer", "caller", "makers", "lone_seat",
                           "lone_defender", "tricks", "scorer", "points", "kind"))


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
        self._hands = []
        self._progress = [(0, 0)]
        self.misdeals = 0
        # Marks after the latest actions that left no hand in play (and the
        # start, always kept): undo goes back to the latest mark and replays
        # only the hand in progress, so an undo late in a game costs one hand,
        # not the whole log. Only a few are kept: the heap is small.
        self._marks = [(0, 0, 0, self.dealer, 0, 0, 1, None)]

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
        return self._hands[-1] if self._hands else None

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
        return list(self._hands)

    def progress(self):
        """(team 0, team 1) scores at the start and after each score change."""
        return list(self._progress)

    def stats(self):
        """Per team: hands made, marches, euchred (suffered), euchres
        (inflicted), loners tried, loners made (3 or more tricks), reneges."""
        result = (_empty_stats(), _empty_stats())
        for hand in self._hands:
            makers = result[hand.makers]
            defenders = result[1 - hand.makers]
            if hand.kind == RENEGE:
                result[1 - hand.scorer]["reneges"] += 1
                continue
            if hand.lone_seat is not None:
                makers["loners"] += 1
            if hand.scorer == hand.makers:
                makers["made"] += 1
                if hand.kind in (MARCH, LONE_MARCH):
                    makers["marches"] += 1
                if hand.lone_seat is not None:
                    makers["loners_made"] += 1
            else:
                makers["euchred"] += 1
                defenders["euchres"] += 1
        return result

    # ----- actions -----------------------------------------------------------

    def call(self, seat, alone=False):
        """``seat`` named trump (and goes alone when ``alone``)."""
        self.apply(_CALL << 5 | _seat(seat) | (4 if alone else 0))

    def defend_alone(self, seat):
        """A defender goes alone, before the first trick."""
        self.apply(_DEFEND_ALONE << 5 | _seat(seat))

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

    def finish(self, makers_tricks):
        """End the hand at once with the makers holding ``makers_tricks`` of 5."""
        if (not isinstance(makers_tricks, int) or isinstance(makers_tricks, bool)
                or not 0 <= makers_tricks <= 5):
            raise ValueError("The makers take 0 to 5 tricks, not " + repr(makers_tricks))
        self.apply(_FINISH << 5 | makers_tricks)

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
        while len(self._hands) > hands:
            self._hands.pop()
        while len(self._progress) > progress:
            self._progress.pop()
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
            self._do_defend_alone(self._arg_seat(arg))
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
            self._do_finish(arg)

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

    def _do_defend_alone(self, seat):
        if not self.in_hand:
            raise ValueError("Nobody has named trump yet")
        if self.rules.defender_alone == "off":
            raise ValueError("These rules do not let a defender go alone")
        if seat % 2 == self.makers:
            raise ValueError(seat_name(seat) + " is a maker, not a defender")
        if self.tricks_played:
            raise ValueError("Too late: going alone is before the first trick")
        if self.lone_defender is not None:
            raise ValueError(seat_name(self.lone_defender) + " already defends alone")
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
            self._score_play()

    def _do_finish(self, makers_tricks):
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
        self._tricks[self.makers] = makers_tricks
        self._tricks[1 - self.makers] = 5 - makers_tricks
        self.tricks_played = 5
        self._score_play()

    def _do_renege(self, seat):
        if not self.in_hand:
            raise ValueError("No hand is being played")
        if self.sits_out(seat):
            raise ValueError(seat_name(seat) + " sits out this hand")
        lone = self.lone_seat is not None or self.lone_defender is not None
        points = self.rules.renege_alone_points if lone else self.rules.renege_points
        self._end_hand(1 - seat % 2, points, RENEGE)

    def _score_play(self):
        makers_tricks = self._tricks[self.makers]
        side, points, kind = score_hand(self.rules, makers_tricks,
                                        self.lone_seat is not None,
                                        self.lone_defender is not None)
        scorer = self.makers if side == "makers" else 1 - self.makers
        self._end_hand(scorer, points, kind)

    def _end_hand(self, scorer, points, kind):
        self._hands.append(Hand(len(self._hands) + 1, self.dealer, self.caller,
                                self.makers, self.lone_seat, self.lone_defender,
                                (self._tricks[0], self._tricks[1]), scorer, points, kind))
        self._scores[scorer] += points
        self.dealer = (self.dealer + 1) % 4
        self._new_hand()
        self._score_changed()

    def _score_changed(self):
        self._progress.append((self._scores[0], self._scores[1]))
        target = self.rules.target
        for team in (0, 1):
            mine = self._scores[team]
            theirs = self._scores[1 - team]
            if mine >= target and mine > theirs:
                if not self.rules.win_by_two or mine - theirs >= 2:
                    self.winner = team

    # ----- saved form ---------------------------------------------------------

    def to_bytes(self):
        """Magic, version, start dealer, action count, the actions, CRC-16."""
        count = len(self._codes)
        out = bytearray(_HEADER + count + 2)
        out[0] = _FORMAT_MAGIC
        out[1] = _FORMAT_VERSION
        out[2] = self.start_dealer
        out[3] = count & 0xFF
        out[4] = count >> 8
        out[_HEADER:_HEADER + count] = self._codes
        crc = crc16(memoryview(out)[:_HEADER + count])
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return bytes(out)

    @classmethod
    def from_bytes(cls, rules, data):
        """The game saved by ``to_bytes``; ValueError for anything else."""
        try:
            data = bytes(data)
        except TypeError:
            raise ValueError("A saved game is bytes")
        if len(data) < _HEADER + 2:
            raise ValueError("Saved game is truncated")
        if data[0] != _FORMAT_MAGIC:
            raise ValueError("Not a saved euchre game")
        if data[1] != _FORMAT_VERSION:
            raise ValueError("Saved game has format version " + str(data[1])
                             + "; this firmware reads version " + str(_FORMAT_VERSION))
        count = len(data) - _HEADER - 2
        if data[3] | data[4] << 8 != count:
            raise ValueError("Saved game is truncated or too long")
        crc = crc16(memoryview(data)[:-2])
        if data[-2] != crc >> 8 or data[-1] != crc & 0xFF:
            raise ValueError("Saved game is damaged (checksum mismatch)")
        if data[2] > 3:
            raise ValueError("Saved game names no valid dealer")
        game = cls(rules, dealer=data[2])
        for code in data[_HEADER:_HEADER + count]:
            try:
                game.apply(code)
            except ValueError as err:
                raise ValueError("Saved game does not replay under these rules: "
                                 + str(err))
        return game

    def __eq__(self, other):
        return (isinstance(other, Game) and self.rules == other.rules
                and self.start_dealer == other.start_dealer
                and self._codes == other._codes)

    def __ne__(self, other):
        return not self.__eq__(other)

    # ----- text form of the log ---------------------------------------------

    def text(self):
        """The log as words: "CN" N calls, "AN" N calls alone, "DE" E defends
        alone, "TS" S takes a trick, "P" all passed, "RW" W reneged, "J0+1"
        team 0 adjusted by +1, "XS" the deal moves to S, "F3" the makers end
        the hand with 3 tricks."""
        return " ".join(action_text(code) for code in self._codes)

    @classmethod
    def parse(cls, rules, text, dealer=0):
        game = cls(rules, dealer=dealer)
        for word in text.split():
            game.apply(parse_action(word))
        return game

    def __repr__(self):
        return ("<Game dealer=" + seat_name(self.dealer) + " scores=" + repr(self._scores)
                + " actions=" + repr(self.text()) + ">")


def _count_tricks(count):
    return str(count) + (" trick" if count == 1 else " tricks")


def _empty_stats():
    return {"made": 0, "marches": 0, "euchred": 0, "euchres": 0,
            "loners": 0, "loners_made": 0, "reneges": 0}


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
        return "F" + str(arg)
    return _TEXT_KINDS[kind] + SEAT_NAMES[arg & 3]


def parse_action(word):
    """The action byte for one word of ``Game.text()``."""
    if not word:
        raise ValueError("Empty action")
    letter = word[0]
    rest = word[1:]
    if letter == "P" and not rest:
        return _PASS << 5
    if letter == "J" and len(rest) >= 3 and rest[0] in "01" and rest[1] in "+-":
        if rest[2:].isdigit():
            points = int(rest[2:])
            if 1 <= points <= 8:
                return (_ADJUST << 5 | int(rest[0]) << 4
                        | (8 if rest[1] == "-" else 0) | (points - 1))
    if letter == "F" and len(rest) == 1 and rest in "012345":
        return _FINISH << 5 | int(rest)
    if len(rest) == 1 and rest in SEAT_NAMES:
        seat = SEAT_NAMES.index(rest)
        if letter == "A":
            return _CALL << 5 | 4 | seat
        if letter in "CDTRX":
            return _TEXT_KINDS.index(letter) << 5 | seat
    raise ValueError("Unknown action: " + repr(word))
