"""A game's other forms, read from its action bytes and its scored hands:
the scored hand's record, the saved bytes, the score adjustments, the stats.

Works on values (a dealer, the action bytes, hand records) and never on a
``Game``: ``game`` uses these, not the other way round.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from collections import namedtuple

from euchre_core.actions import (ADJUST, CALL, FINISH, RENEGE, SUIT_NAMES, TRICK, adjustment,
                                 crc16, kind_of)
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
#   the lone maker (or _NOBODY) | the lone defender (or _NOBODY) << 3,
#   tricks of team 0 | tricks of team 1 << 3 | quick << 6,  points | kind << 4,
#   trump (0: not recorded, else 1 + its index in SUIT_NAMES) | blind << 3
#   | forced << 4 | set back << 5 (0: not set back, else 1 + the points taken)
# with kind the index in _KINDS. The makers are the caller's team.
HAND_BYTES = const(5)
_KINDS = (MADE, MARCH, LONE_MARCH, EUCHRE, LONE_DEFENSE, RENEGE_HAND)
_NOBODY = const(4)
_SET_BACK_SHIFT = const(5)
# Flags of a hand record (not of an action byte: see actions):
_HAND_QUICK = const(64)  # in its tricks byte
_HAND_BLIND = const(8)  # in its last byte, with _HAND_FORCED
_HAND_FORCED = const(16)

_FORMAT_MAGIC = const(0x45)  # "E"
_FORMAT_VERSION = const(1)
_HEADER = const(5)  # magic, version, start dealer, action count (2 bytes)


def hand_bytes(dealer, caller, scorer, reneger, lone_seat, lone_defender, tricks,
               quick, points, kind, trump, blind, forced):
    """The record of a scored hand; ``trump`` 0 or 1 + the suit's index."""
    return bytes((dealer | caller << 2 | scorer << 4 | reneger << 5,
                  (_NOBODY if lone_seat is None else lone_seat)
                  | (_NOBODY if lone_defender is None else lone_defender) << 3,
                  tricks[0] | tricks[1] << 3 | (_HAND_QUICK if quick else 0),
                  points | _KINDS.index(kind) << 4,
                  trump | (_HAND_BLIND if blind else 0) | (_HAND_FORCED if forced else 0)))


def mark_set_back(hands, size, taken):
    """Mark the last hand of ``hands[:size]`` as set back, ``taken`` points
    off the other team's score (None: not set back)."""
    at = size - 1
    hands[at] = (hands[at] & ~(7 << _SET_BACK_SHIFT)
                 | (0 if taken is None else taken + 1) << _SET_BACK_SHIFT)


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
    kind = _KINDS[last >> 4]
    return Hand(index + 1, first & 3, caller, caller % 2,
                None if lone == _NOBODY else lone,
                None if defender == _NOBODY else defender,
                (tricks & 7, tricks >> 3 & 7), first >> 4 & 1, last & 15, kind,
                first >> 5 & 3 if kind == RENEGE_HAND else None, bool(tricks & _HAND_QUICK),
                SUIT_NAMES[trump - 1] if trump else None, bool(extra & _HAND_BLIND),
                bool(extra & _HAND_FORCED), extra >> _SET_BACK_SHIFT != 0,
                max(0, (extra >> _SET_BACK_SHIFT) - 1))


def saved_bytes(start_dealer, codes):
    """Magic, version, start dealer, action count, the actions, CRC-16."""
    count = len(codes)
    out = bytearray(_HEADER + count + 2)
    out[0] = _FORMAT_MAGIC
    out[1] = _FORMAT_VERSION
    out[2] = start_dealer
    out[3] = count & 0xFF
    out[4] = count >> 8
    out[_HEADER:_HEADER + count] = codes
    crc = crc16(memoryview(out)[:_HEADER + count])
    out[-2] = crc >> 8
    out[-1] = crc & 0xFF
    return bytes(out)


def read_saved(data):
    """(start dealer, action bytes) of what ``saved_bytes`` wrote; ValueError
    for anything else. The actions are checked when the game replays them."""
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
    return data[2], data[_HEADER:_HEADER + count]


def adjustments(codes):
    """(hands scored before it, team, points) for each ADJUST in ``codes``."""
    # A hand ends at its fifth trick, a renege or a finish (a game replays
    # only valid logs, so nothing else is checked).
    found = []
    hands = 0
    tricks = 0
    for code in codes:
        kind = kind_of(code)
        if kind == CALL:
            tricks = 0
        elif kind == TRICK:
            tricks += 1
            if tricks == 5:
                hands += 1
        elif kind == RENEGE or kind == FINISH:
            hands += 1
        elif kind == ADJUST:
            team, points = adjustment(code)
            found.append((hands, team, points))
    return found


def _empty_stats():
    return {"made": 0, "marches": 0, "euchred": 0, "euchres": 0, "loners": 0,
            "loners_made": 0, "reneges": 0, "blind": 0, "blind_made": 0, "forced": 0,
            "forced_made": 0, "set_backs": 0}


def stats(hands):
    """Per team, counted from the hand records ``hands`` (``hand_bytes``
    each), read in place: a long game has tens of them, and Stats counts
    them as it opens."""
    result = (_empty_stats(), _empty_stats())
    for at in range(0, len(hands), HAND_BYTES):
        first = hands[at]
        team = first >> 2 & 1  # the caller's team: the makers
        scorer = first >> 4 & 1
        kind = _KINDS[hands[at + 3] >> 4]
        extra = hands[at + 4]
        makers = result[team]
        # Blind and forced loners, by the makers, and set-backs, by the team
        # whose points came off the other team: of every hand, a renege too.
        if extra & _HAND_BLIND:
            makers["blind"] += 1
            makers["blind_made"] += scorer == team
        if extra & _HAND_FORCED:
            makers["forced"] += 1
            makers["forced_made"] += scorer == team
        if extra >> _SET_BACK_SHIFT:
            result[scorer]["set_backs"] += 1
        if kind == RENEGE_HAND:
            result[1 - scorer]["reneges"] += 1
            continue
        alone = hands[at + 1] & 7 != _NOBODY
        if alone:
            makers["loners"] += 1
        if scorer == team:
            makers["made"] += 1
            if kind == MARCH or kind == LONE_MARCH:
                makers["marches"] += 1
            if alone:
                makers["loners_made"] += 1
        else:
            makers["euchred"] += 1
            result[1 - team]["euchres"] += 1
    return result
