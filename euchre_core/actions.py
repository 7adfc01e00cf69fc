"""The action byte: one step of a game in one byte, and its word in the text form.

The owner of the action layout, the suit letters and the checksum:
``game`` plays the bytes, ``game_forms`` stores and reads them, and both
import what they need from here (the seat letters too, which ``basics``
owns).

The words (``Game.text``): "CN" N calls, "AN" N calls alone, "BN" N (the
dealer) goes alone blind, "CN^" / "AN^" N orders trump up in the first round,
"=H" trump is hearts, "DE" E defends alone, "LS" S (a maker) goes alone after
the call, "TS" S takes a trick, "P" all passed, "S" the last hand is set
back, "RW" W reneged, "J0+1" team 0 adjusted by +1, "XS" the deal moves to
S, "F3" the makers end the hand with 3 tricks, "Q3" a quick result: made
(3-4), "Q5" march, "Q0".."Q2" euchred.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from euchre_core.basics import SEAT_NAMES, const

SUIT_NAMES = "SHDC"
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")

# An action byte is kind << 5 | argument. Kind 7 with argument 31 (0xFF) is
# never used, so erased flash can never be mistaken for an action.
CALL = const(0)          # argument: seat | ALONE | ORDERED_UP | BLIND
DEFEND_ALONE = const(1)  # argument: seat | MAKER (goes alone after the call)
TRICK = const(2)         # argument: seat
PASS = const(3)          # argument: 0, SET_BACK, or TRUMP | suit
RENEGE = const(4)        # argument: seat
ADJUST = const(5)        # argument: team << 4 | MINUS | (points - 1)
SET_DEALER = const(6)    # argument: seat
FINISH = const(7)        # argument: makers' tricks at the end | QUICK

ALONE = const(4)       # in a CALL: the caller goes alone
ORDERED_UP = const(8)  # in a CALL: trump was ordered up (round 1)
BLIND = const(16)      # in a CALL: a blind loner (always with ALONE)
MAKER = const(4)       # in a DEFEND_ALONE: the seat is a maker
SET_BACK = const(1)    # in a PASS: the last hand's points come off the other team
TRUMP = const(4)       # in a PASS: trump is the suit SUIT_NAMES[argument & 3]
MINUS = const(8)       # in an ADJUST: points taken off
ADJUST_MAX = const(8)  # the most points one ADJUST adds or takes off
QUICK = const(8)       # in a FINISH: only the result is known

# The word of each kind, by kind; PASS, ADJUST and FINISH words are built apart.
_LETTERS = "CDTPRJXF"


# What the polynomial leaves of each 4-bit value at the top of the
# register, shifted through it bit by bit (a case checks the whole CRC
# against that definition).
_NIBBLE_CRC = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
               0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (polynomial 0x1021), four bits a step from a
    table of 16 values: a quarter of the steps of the bit-by-bit definition,
    with no 256-value table in the heap (a saved game is checked at every
    start)."""
    table = _NIBBLE_CRC
    for byte in data:
        crc = (crc << 4 & 0xFFFF) ^ table[crc >> 12 ^ byte >> 4]
        crc = (crc << 4 & 0xFFFF) ^ table[crc >> 12 ^ byte & 15]
    return crc


def kind_of(code):
    """The kind of an action byte (CALL, TRICK, ...), for readers outside the engine."""
    return code >> 5


def adjust_code(team, points):
    """The ADJUST byte of ``team`` (0 or 1) changing its score by
    ``points`` (not 0, at most ADJUST_MAX either way)."""
    return ADJUST << 5 | team << 4 | (MINUS if points < 0 else 0) | (abs(points) - 1)


def adjustment(code):
    """(team, signed points) of an ADJUST action byte."""
    points = (code & 7) + 1
    return code >> 4 & 1, -points if code & MINUS else points


def action_text(code):
    """The word of one action byte (see ``Game.text``)."""
    kind = code >> 5
    arg = code & 31
    if kind == CALL:
        letter = "B" if arg & BLIND else "A" if arg & ALONE else "C"
        return letter + SEAT_NAMES[arg & 3] + ("^" if arg & ORDERED_UP else "")
    if kind == PASS:
        if arg == SET_BACK:
            return "S"
        if arg & TRUMP:
            return "=" + SUIT_NAMES[arg & 3]
        return "P"
    if kind == ADJUST:
        return "J%d%+d" % adjustment(code)
    if kind == FINISH:
        return ("Q" if arg & QUICK else "F") + str(arg & 7)
    if kind == DEFEND_ALONE and arg & MAKER:
        return "L" + SEAT_NAMES[arg & 3]
    return _LETTERS[kind] + SEAT_NAMES[arg & 3]


def parse_action(word):
    """The action byte of one word of ``Game.text()``; ValueError for any other word."""
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
            return _LETTERS.index(letter) << 5 | seat
    raise ValueError("Unknown action: " + repr(word))
