"""A game written out and read back: the text form, its log as words, and
the saved form, its log in bytes with a checksum.

For the tests, the tools and a developer at a console: the firmware never
loads this module (its journal keeps the action bytes itself, and an Undo
message names an action with ``actions.action_text``).

The text form is one word an action ("CN TN TE ..."):
"CN" N calls, "AN" N calls alone, "BN" N (the dealer) goes alone blind,
"CN^" / "AN^" N orders trump up in the first round, "=H" trump is hearts,
"DE" E defends alone, "LS" S (a maker) goes alone after the call, "TS" S
takes a trick, "P" all passed, "S" the last hand is set back, "RW" W
reneged, "J0+1" team 0 adjusted by +1, "XS" the deal moves to S, "F3" the
makers end the hand with 3 tricks, "Q3" a quick result: made (3-4), "Q5"
march, "Q0".."Q2" euchred. ``actions.action_text`` writes a word.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from euchre_core.actions import (ADJUST_MAX, ALONE, BLIND, CALL, DEFEND_ALONE, FINISH, LETTERS,
                                 MAKER, ORDERED_UP, PASS, QUICK, SEAT_NAMES, SET_BACK,
                                 SUIT_NAMES, TRUMP, action_text, adjust_code, crc16)
from euchre_core.basics import const
from euchre_core.game import Game

_FORMAT_MAGIC = const(0x45)  # "E"
_FORMAT_VERSION = const(1)
_HEADER = const(5)  # magic, version, start dealer, action count (2 bytes)


# ----- the text form ---------------------------------------------------------------

def text(game):
    """The log of ``game`` as words, one an action ("CN TN TE ...")."""
    return " ".join(action_text(code) for code in game.codes)


def parse(rules, words, dealer=0):
    """The game whose ``text`` is ``words``; ValueError for a word that is no action."""
    game = Game(rules, dealer=dealer)
    for word in words.split():
        game.apply(parse_action(word))
    return game


def parse_action(word):
    """The action byte of one word of ``text``; ValueError for any other word."""
    if not word:
        raise ValueError("Empty action")
    letter = word[0]
    rest = word[1:]
    if letter == "P" and not rest:
        return PASS << 5
    if letter == "S" and not rest:
        return PASS << 5 | SET_BACK
    if letter == "=" and len(rest) == 1 and rest in SUIT_NAMES:
        return PASS << 5 | TRUMP | SUIT_NAMES.index(rest)
    if letter == "J" and len(rest) >= 3 and rest[0] in "01" and rest[1] in "+-":
        if rest[2:].isdigit():
            points = int(rest[2:])
            if 1 <= points <= ADJUST_MAX:
                return adjust_code(int(rest[0]), -points if rest[1] == "-" else points)
    if letter in "FQ" and len(rest) == 1 and rest in "012345":
        return FINISH << 5 | int(rest) | (QUICK if letter == "Q" else 0)
    if letter in "CA" and len(rest) == 2 and rest[1] == "^" and rest[0] in SEAT_NAMES:
        return parse_action(word[:2]) | ORDERED_UP
    if len(rest) == 1 and rest in SEAT_NAMES:
        seat = SEAT_NAMES.index(rest)
        if letter == "A":
            return CALL << 5 | ALONE | seat
        if letter == "B":
            return CALL << 5 | BLIND | ALONE | seat
        if letter == "L":
            return DEFEND_ALONE << 5 | MAKER | seat
        if letter in "CDTRX":
            return LETTERS.index(letter) << 5 | seat
    raise ValueError("Unknown action: " + repr(word))


# ----- the saved form --------------------------------------------------------------

def to_bytes(game):
    """Magic, version, start dealer, action count, the actions, CRC-16."""
    codes = game.codes
    count = len(codes)
    out = bytearray(_HEADER + count + 2)
    out[0] = _FORMAT_MAGIC
    out[1] = _FORMAT_VERSION
    out[2] = game.start_dealer
    out[3] = count & 0xFF
    out[4] = count >> 8
    out[_HEADER:_HEADER + count] = codes
    crc = crc16(memoryview(out)[:_HEADER + count])
    out[-2] = crc >> 8
    out[-1] = crc & 0xFF
    return bytes(out)


def from_bytes(rules, data):
    """The game ``to_bytes`` saved, replayed under ``rules``; ValueError for
    anything else."""
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
    game = Game(rules, dealer=data[2])
    try:
        game.extend(data[_HEADER:_HEADER + count])
    except ValueError as err:
        raise ValueError("Saved game does not replay under these rules: " + str(err))
    return game
