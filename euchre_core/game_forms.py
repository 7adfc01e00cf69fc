"""The forms a game keeps besides its action bytes: the scored hand's
record and the previous game kept for Undo (the score adjustments are
``reports``', the stats ``hand_stats``', the saved bytes ``transcript``'s).

Works on values (hand records and what goes into them) and never on a
``Game``: ``game`` uses these, not the other way round.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from collections import namedtuple

from euchre_core.actions import SUIT_NAMES
from euchre_core.basics import const
from euchre_core.rules import EUCHRE, LONE_DEFENSE, LONE_MARCH, MADE, MARCH
from euchre_core.rules import RENEGE as RENEGE_HAND

# ``tricks``: (team 0, team 1) as the hand ended; after a quick result
# (``quick``) the tricks played before it, as only the result is known.
# ``reneger``: the seat that reneged (kind "renege"), else None.
# ``trump``: the suit ("S", "H", "D", "C") when it was recorded, else None.
# ``blind``: a blind loner; ``forced``: a lone call the Canadian loner rule
# made; ``set_back``: the points came off the other team's score instead,
# ``taken`` of them (that score stops at 0; 0 when not set back).
Hand = namedtuple("Hand", ("number", "dealer", "caller", "makers", "lone_seat",
                           "lone_defender", "tricks", "scorer", "points", "kind",
                           "reneger", "quick", "trump", "blind", "forced", "set_back",
                           "taken"))

# A game kept as its log, as New game keeps the one it replaces for Undo
# (and the flash record holds it): its rules, first dealer and action
# bytes, and the match tally (games won by N-S, by E-W) before it; with
# ``ended``, what ``Game.ended`` gave for it, so that Undo brings it back
# without replaying the log (``Game.extend``), or None: the log is replayed.
Previous = namedtuple("Previous", ("rules", "dealer", "codes", "tally_ns", "tally_ew",
                                   "ended"))

# A game keeps each scored hand as 5 bytes (a Hand tuple takes far more
# heap, and a game has tens of hands):
#   dealer | caller << 2 | scorer << 4 | reneger << 5,
#   the lone maker (or NOBODY) | the lone defender (or NOBODY) << 3,
#   tricks of team 0 | tricks of team 1 << 3 | quick << 6,  points | kind << 4,
#   trump (0: not recorded, else 1 + its index in SUIT_NAMES) | blind << 3
#   | forced << 4 | set back << 5 (0: not set back, else 1 + the points taken)
# with kind the index in KINDS. The makers are the caller's team. (Stats
# reads the records in place: the layout's names it needs are public.)
HAND_BYTES = const(5)
KINDS = (MADE, MARCH, LONE_MARCH, EUCHRE, LONE_DEFENSE, RENEGE_HAND)
NOBODY = const(4)
SET_BACK_SHIFT = const(5)
# Flags of a hand record (not of an action byte: see actions):
_HAND_QUICK = const(64)  # in its tricks byte
HAND_BLIND = const(8)  # in its last byte, with HAND_FORCED
HAND_FORCED = const(16)


def hand_bytes(dealer, caller, scorer, reneger, lone_seat, lone_defender, tricks,
               quick, points, kind, trump, blind, forced):
    """The record of a scored hand; ``trump`` 0 or 1 + the suit's index."""
    return bytes((dealer | caller << 2 | scorer << 4 | reneger << 5,
                  (NOBODY if lone_seat is None else lone_seat)
                  | (NOBODY if lone_defender is None else lone_defender) << 3,
                  tricks[0] | tricks[1] << 3 | (_HAND_QUICK if quick else 0),
                  points | KINDS.index(kind) << 4,
                  trump | (HAND_BLIND if blind else 0) | (HAND_FORCED if forced else 0)))


def mark_set_back(hands, size, taken):
    """Mark the last hand of ``hands[:size]`` as set back, ``taken`` points
    off the other team's score (None: not set back)."""
    at = size - 1
    hands[at] = (hands[at] & ~(7 << SET_BACK_SHIFT)
                 | (0 if taken is None else taken + 1) << SET_BACK_SHIFT)


def last_scorer(hands):
    """The team that scored the last hand of ``hands``, read in place."""
    return hands[len(hands) - HAND_BYTES] >> 4 & 1


def read_hand(hands, index):
    """The ``Hand`` of record ``index`` (from 0) in ``hands``."""
    at = index * HAND_BYTES
    first = hands[at]
    caller = first >> 2 & 3
    lone = hands[at + 1] & 7
    defender = hands[at + 1] >> 3
    tricks = hands[at + 2]
    last = hands[at + 3]
    extra = hands[at + 4]
    trump = extra & 7
    kind = KINDS[last >> 4]
    return Hand(index + 1, first & 3, caller, caller % 2,
                None if lone == NOBODY else lone,
                None if defender == NOBODY else defender,
                (tricks & 7, tricks >> 3 & 7), first >> 4 & 1, last & 15, kind,
                first >> 5 & 3 if kind == RENEGE_HAND else None, bool(tricks & _HAND_QUICK),
                SUIT_NAMES[trump - 1] if trump else None, bool(extra & HAND_BLIND),
                bool(extra & HAND_FORCED), extra >> SET_BACK_SHIFT != 0,
                max(0, (extra >> SET_BACK_SHIFT) - 1))
