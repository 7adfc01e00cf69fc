"""The rules engine's exact answers: the CRC, the byte layouts, the printed forms,
and equality both ways.

Plain functions like tests/cases_engine.py: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import FIELDS, Game, Rules
from euchre_core import transcript
from euchre_core.actions import crc16
from cases_common import N, E, S, W


# ----- known answers -----------------------------------------------------------

def case_crc16_known_answer():
    # The check value of CRC-16/CCITT-FALSE: every saved game on a board
    # depends on this exact function.
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF
    assert crc16(b"\x00") == 0xE1F0
    assert crc16(b"123456789", 0) == 0x31C3  # the same bits started from 0 (XMODEM)


def _crc16_bit_by_bit(data, crc):
    # The definition: the register shifted a bit at a time through the polynomial.
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def case_crc16_is_the_bit_by_bit_definition():
    # Every byte value, from registers that set each of the top bits.
    for start in (0xFFFF, 0, 0x8000, 0x1234, 0xF00F):
        for value in range(256):
            assert crc16(bytes((value,)), start) == _crc16_bit_by_bit(bytes((value,)), start)
    data = bytes(range(0, 256, 7))
    assert crc16(data) == _crc16_bit_by_bit(data, 0xFFFF)


def case_saved_game_byte_layout():
    game = transcript.parse(Rules(), "CN TN", dealer=S)
    # magic "E", version 1, start dealer S, 2 actions (low byte first),
    # call N (0x00), trick N (0x40), CRC-16 high byte first.
    assert transcript.to_bytes(game) == b"\x45\x01\x02\x02\x00\x00\x40\xf1\x0a"
    assert transcript.to_bytes(Game(Rules(), dealer=W))[:5] == b"\x45\x01\x03\x00\x00"
    # One action byte each, kind << 5 | argument.
    game = transcript.parse(Rules(), "AW DN TN RW", dealer=N)
    assert game.codes == bytes([0x07, 0x20, 0x40, 0x83])
    game = transcript.parse(Rules(), "P XW J0+1 J1+8 J1-8 CN F5", dealer=N)
    assert game.codes == bytes([0x60, 0xC3, 0xA0, 0xB7, 0xBF, 0x00, 0xE5])


def case_rules_byte_layout():
    assert Rules().to_bytes() == bytes([10, 0, 0, 0, 1, 0, 0, 0, 0])
    rules = Rules(target=11, win_by_two=True, defender_alone="2_4",
                  loner_euchred_points=4, lone_march_points=5, renege_points=3,
                  renege_alone_points=4, stick_the_dealer=True, lead="dealer_left")
    assert rules.to_bytes() == bytes([11, 1, 1, 1, 2, 1, 2, 1, 1])
    assert Rules(defender_alone="off", lone_march_points=3).to_bytes() \
        == bytes([10, 0, 2, 0, 0, 0, 0, 0, 0])
    assert Rules.from_bytes(bytes([99, 0, 2, 0, 0, 0, 0, 0, 0])) \
        == Rules(target=99, defender_alone="off", lone_march_points=3)


# ----- equality, both ways, and the printed forms -----------------------------------

def case_rules_equality_both_ways():
    assert Rules() == Rules() and not (Rules() != Rules())
    assert Rules(target=7) == Rules().replace(target=7)
    changed = dict((name, choices[-1] if choices[-1] != default else choices[0])
                   for name, default, choices, _, _, _ in FIELDS)
    for name in changed:
        other = Rules(**{name: changed[name]})
        assert other != Rules() and not (other == Rules()), name
        assert Rules() != other and not (Rules() == other), name
    for other in (None, "Rules()", 10, Rules().as_dict()):
        assert Rules() != other and not (Rules() == other)


def case_game_equality_both_ways():
    game = transcript.parse(Rules(), "CN TN", dealer=S)
    same = transcript.parse(Rules(), "CN TN", dealer=S)
    assert game == same and not (game != same)
    for other in (transcript.parse(Rules(target=7), "CN TN", dealer=S),
                  transcript.parse(Rules(), "CN TN", dealer=W),
                  transcript.parse(Rules(), "CN TE", dealer=S),
                  transcript.parse(Rules(), "CN", dealer=S),
                  None, "CN TN", transcript.to_bytes(game)):
        assert game != other and not (game == other), other
    assert Game(Rules()).start_dealer == N and Game(Rules()).dealer == N
    assert transcript.parse(Rules(), "CE").start_dealer == N


def case_printed_forms():
    assert repr(Rules()) == "Rules()"
    assert repr(Rules(target=7, lead="dealer_left", win_by_two=True)) \
        == "Rules(target=7, win_by_two=True, lead='dealer_left')"


# ----- const: folded by MicroPython wherever it is imported from ------------------

def case_private_constants_are_folded_on_micropython():
    # The engine takes const from euchre_core.basics, not from micropython
    # itself: MicroPython's compiler still folds a private one away (no
    # module attribute, no RAM); CPython keeps it as a name.
    import sys
    from euchre_core import game, game_forms
    micropython = sys.implementation.name == "micropython"
    for module, name in ((game_forms, "_HAND_QUICK"), (transcript, "_HEADER"),
                         (game, "_MARKS_KEPT")):
        assert hasattr(module, name) != micropython, name
