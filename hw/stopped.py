"""After repeated crashes: show the error and wait for OK held, never
restart on our own.

Imported by code.py only when it stops (the 5th crash in a row), so none of
it is in the heap while the game is played.
"""

from micropython import const

import board
import supervisor

from ui import screen
from hw.clock import ticks_diff, ticks_ms
from hw.display import ALL_PAGES
from hw.keys import NONE, Keys
from hw.led import STOPPED, Led

try:
    from typing import Any, List
except ImportError:
    pass

_HOLD_MS = const(1000)  # OK held this long restarts


def ok_pin() -> Any:
    """The OK key's pin, read from settings.toml as at start-up (a wrong or
    unknown pin name gives the default, GP14, as there); GP14 also when the
    settings cannot be read at all (the crash may have been in there)."""
    try:
        import hw.settings

        return hw.settings.Settings().pin("EUCHRE_KEY_OK", board)
    except Exception as err:
        print("euchre: settings: " + str(err))
        return getattr(board, "GP14", None)


def wait_for_ok(err: Exception, display: Any, store: Any, hardware: "List[Any]") -> None:
    """Show ``err`` (on the display, else LED blink code 5) until OK is held
    for a second and released, then restart (``supervisor.reload``).

    The keys and the LED are the ones in ``hardware`` (every part made
    before the crash is there), else OK is made afresh on its pin (``ok_pin``)."""
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
    ok = 4  # OK's key number among the five keys
    if keys is None:
        # The crash came before the keys were made: OK alone, on its pin.
        try:
            keys = Keys((ok_pin(),), ticks_ms)
            ok = 0
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
        if event == (ok << 1 | 1):
            held_since = now
        elif event == ok << 1:
            # On the release, so that the restarted firmware does not see OK held.
            if held_since >= 0 and ticks_diff(now, held_since) >= _HOLD_MS:
                if store is not None:
                    store.mark_healthy()
                supervisor.reload()
                return
            held_since = -1
