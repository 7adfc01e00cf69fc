"""The action byte: one step of a game in one byte, and its word in the text form.

The owner of the action layout, the suit letters and the checksum:
``game`` plays the bytes, ``reports`` and ``transcript`` read them, and
each imports what it needs from here (the seat letters too, which
``basics`` owns). ``action_text`` writes the word of a byte (an Undo
message says what it took back); ``transcript`` lists the words and reads
them.

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
LETTERS = "CDTPRJXF"


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
    """The word of one action byte (see ``transcript``)."""
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
    return LETTERS[kind] + SEAT_NAMES[arg & 3]
