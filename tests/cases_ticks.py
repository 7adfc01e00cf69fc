"""The board's millisecond ticks: CircuitPython's supervisor.ticks_ms wraps
at 2**29; differences and sums stay right across the wrap. Runs on CPython
and MicroPython."""

from ui.ticks import TICKS_PERIOD, ticks_add, ticks_diff

_WRAP = 1 << 29


def case_the_period_is_circuitpythons():
    assert TICKS_PERIOD == _WRAP


def case_ticks_diff_is_signed_and_wraps():
    assert ticks_diff(5, 3) == 2
    assert ticks_diff(3, 5) == -2
    assert ticks_diff(10, _WRAP - 10) == 20
    assert ticks_diff(_WRAP - 10, 10) == -20
    assert ticks_diff(_WRAP // 2 - 1, 0) == _WRAP // 2 - 1
    assert ticks_diff(_WRAP // 2, 0) == -(_WRAP // 2)


def case_ticks_add_wraps_both_ways():
    assert ticks_add(5, 3) == 8
    assert ticks_add(_WRAP - 10, 30) == 20
    assert ticks_add(10, -30) == _WRAP - 20
    assert ticks_diff(ticks_add(_WRAP - 1, 7), _WRAP - 1) == 7
