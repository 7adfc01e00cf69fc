"""Milliseconds from ``supervisor.ticks_ms``, which wraps (``ui.ticks`` has
the period and the wrap-safe ``ticks_diff``).

The firmware reads time only here: the simulator supplies the same counter,
virtual in scripted runs, so whole games replay deterministically.
"""

import supervisor

__version__ = "1.0.0"


def ticks_ms() -> int:
    return supervisor.ticks_ms()
