"""Millisecond ticks that wrap: CircuitPython's ``supervisor.ticks_ms``
counts to ``TICKS_PERIOD`` (2**29) and starts again at 0, so an interval is
a wrap-safe difference, never a plain subtraction (as ``adafruit_ticks``).

The one owner of the period: the keys, the table, the display link, the LED
and the buzzer time their intervals with ``ticks_diff``; the simulator's
board and the Blinka launcher count their clocks to ``TICKS_PERIOD``. It
imports nothing, so every layer that has a clock can use it (the rules
engine has none: time reaches it, if at all, as an argument).
"""

from micropython import const

TICKS_PERIOD = const(1 << 29)
_TICKS_MAX = const(TICKS_PERIOD - 1)
_TICKS_HALF = const(TICKS_PERIOD >> 1)


def ticks_diff(end, start):
    """end - start in ms, in -2**28 .. 2**28-1, across the wrap."""
    diff = (end - start) & _TICKS_MAX
    if diff >= _TICKS_HALF:
        diff -= TICKS_PERIOD
    return diff


def ticks_add(ticks, delta):
    """The tick ``delta`` ms after ``ticks`` (before it when negative)."""
    return (ticks + delta) & _TICKS_MAX
