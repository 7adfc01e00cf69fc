"""Milliseconds from ``supervisor.ticks_ms`` (wraps at 2**29) and wrap-safe differences.

The firmware reads time only here: the simulator supplies the same counter,
virtual in scripted runs, so whole games replay deterministically.
"""

import supervisor

from ui.presses import ticks_diff

__version__ = "1.0.0"
__all__ = ("ticks_ms", "ticks_diff")


def ticks_ms() -> int:
    return supervisor.ticks_ms()
