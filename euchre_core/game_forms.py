"""A game's other forms: the saved bytes, the text form's parser, the stats.

Kept apart from game.py and imported the first time one of them is asked
for (``Game.to_bytes``, ``Game.from_bytes``, ``Game.parse``,
``parse_action``, ``Game.stats``): a game being played needs none of them,
and the board's heap is small. The functions take the game (or its class)
first; ``Game`` keeps the methods, which call these.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from micropython import const

from euchre_core.game import SEAT_NAMES, crc16
from euchre_core.rules import LONE_MARCH, MARCH, RENEGE

# Action kinds, as in game.py (an action byte is kind << 5 | argument).
_CALL = const(0)
_DEFEND_ALONE = const(1)
_TRICK = const(2)
_PASS = const(3)
_RENEGE = const(4)
_ADJUST = const(5)
_FINISH = const(7)

_FORMAT_MAGIC = const(0x45)  # "E"
_FORMAT_VERSION = const(1)
_HEADER = const(5)  # magic, version, start dealer, action count (2 bytes)

_TEXT_KINDS = "CDTPRJXF"


def to_bytes(game):
    count = game.action_count
    out = bytearray(_HEADER + count + 2)
    out[0] = _FORMAT_MAGIC
    out[1] = _FORMAT_VERSION
    out[2] = game.start_dealer
    out[3] = count & 0xFF
    out[4] = count >> 8
    out[_HEADER:_HEADER + count] = game._codes
    crc = crc16(memoryview(out)[:_HEADER + count])
    out[-2] = crc >> 8
    out[-1] = crc & 0xFF
    return bytes(out)


def from_bytes(cls, rules, data):
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


def parse(cls, rules, text, dealer):
    game = cls(rules, dealer=dealer)
    for word in text.split():
        game.apply(parse_action(word))
    return game


def parse_action(word):
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
    if letter in "FQ" and len(rest) == 1 and rest in "012345":
        return _FINISH << 5 | int(rest) | (8 if letter == "Q" else 0)
    if len(rest) == 1 and rest in SEAT_NAMES:
        seat = SEAT_NAMES.index(rest)
        if letter == "A":
            return _CALL << 5 | 4 | seat
        if letter == "L":
            return _DEFEND_ALONE << 5 | 4 | seat
        if letter in "CDTRX":
            return _TEXT_KINDS.index(letter) << 5 | seat
    raise ValueError("Unknown action: " + repr(word))


def adjustments(game):
    # Read from the log: a hand ends at its fifth trick, a renege or a
    # finish (the game replays only valid logs, so nothing else is checked).
    found = []
    hands = 0
    tricks = 0
    for code in game.codes:
        kind = code >> 5
        if kind == _CALL:
            tricks = 0
        elif kind == _TRICK:
            tricks += 1
            if tricks == 5:
                hands += 1
        elif kind == _RENEGE or kind == _FINISH:
            hands += 1
        elif kind == _ADJUST:
            points = (code & 7) + 1
            found.append((hands, code >> 4 & 1, -points if code & 8 else points))
    return found


def _empty_stats():
    return {"made": 0, "marches": 0, "euchred": 0, "euchres": 0,
            "loners": 0, "loners_made": 0, "reneges": 0}


def stats(game):
    result = (_empty_stats(), _empty_stats())
    for hand in game.history():
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
