"""Milliseconds from ``supervisor.ticks_ms``, which wraps (``ui.ticks`` has
the period and the wrap-safe ``ticks_diff``).

The firmware reads time only here: the simulator supplies the same counter,
virtual in scripted runs, so whole games replay deterministically.
"""

# The board's own function, not a Python one around it: no call of ours
# between the firmware and the counter, and no code of ours in the heap.
from supervisor import ticks_ms  # noqa: F401
