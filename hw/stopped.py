"""After repeated crashes: show the error and wait for OK held, never
restart on our own.

Imported by code.py only when it stops (the 5th crash in a row), so none of
it is in the heap while the game is played.
"""

from micropython import const

import board
import supervisor

from euchre_core import screen
from hw.clock import ticks_diff, ticks_ms
from hw.display import ALL_PAGES
from hw.keys import NONE, Keys
from hw.led import STOPPED, Led

try:
    from typing import Any, List
except ImportError:
    pass

_HOLD_MS = const(1000)  # OK held this long restarts


def wait_for_ok(err: Exception, display: Any, store: Any, hardware: "List[Any]") -> None:
    """Show ``err`` (on the display, else LED blink code 5) until OK is held
    for a second and released, then restart (``supervisor.reload``).

    The keys and the LED are the ones in ``hardware`` (every part made
    before the crash is there), else the keys are made afresh."""
    keys = None
    led = None
    for part in hardware:
        if isinstance(part, Keys):
            keys = part
        elif isinstance(part, Led):
            led = part
    lines = ("STOPPED AFTER ERRORS:", type(err).__name__[:21], "", "HOLD OK TO TRY AGAIN")
    if display is not None:
        try:
            display.sleep(False)
            screen.clear(display.frame)
            for row in range(len(lines)):
                screen.text(display.frame, 0, row * 2, lines[row])
            display.show_pages(ALL_PAGES)
        except Exception as display_err:  # the display may be the broken part
            print("euchre: display: " + str(display_err))
    if keys is None:
        try:
            keys = Keys([getattr(board, name) for name in ("GP10", "GP11", "GP12", "GP13", "GP14")])
            hardware.append(keys)
        except Exception as keys_err:  # pins taken or missing: only reset helps now
            print("euchre: keys: " + str(keys_err))
    held_since = -1
    start = ticks_ms()
    while True:
        now = ticks_ms()
        if led is not None:
            led.show_code(STOPPED, start)
            led.tick(now)
        event = keys.get() if keys is not None else NONE
        if event == (4 << 1 | 1):
            held_since = now
        elif event == 4 << 1:
            # On the release, so that the restarted firmware does not see OK held.
            if held_since >= 0 and ticks_diff(now, held_since) >= _HOLD_MS:
                if store is not None:
                    store.mark_healthy()
                supervisor.reload()
                return
            held_since = -1
