"""The firmware stopped after errors: the error shown (on the display, else
LED blink code 5) until OK is held for ``HOLD_MS`` and released, then a
restart. Loaded only when the firmware stops (``firmware.recovery``): its code
and its words stay out of the heap while the game runs.
"""

import board
import supervisor
from micropython import const

from firmware import say
from hw.clock import ticks_ms
from hw.keys import NONE, RESET, Keys, key_of_event, went_down
from hw.led import STOPPED
from ui import screen
from ui.frame import ALL_PAGES
from ui.keys import OK
from ui.ticks import ticks_diff

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

HOLD_MS = const(1000)  # OK held this long on the stopped screen restarts


def ok_pin() -> "Any":
    """The OK key's pin, read from settings.toml as at start-up; its default
    pin when settings.toml cannot be read at all (the crash may have been in
    there), None when not even the settings module loads."""
    try:
        import hw.settings
    except Exception as err:
        say("settings: " + str(err))
        return None
    try:
        return hw.settings.Settings().pin("EUCHRE_KEY_OK", board)
    except Exception as err:
        say("settings: " + str(err))
        return getattr(board, hw.settings.default("EUCHRE_KEY_OK"), None)


def show_stopped(err: Exception, display: "Any") -> None:
    lines = ("STOPPED AFTER ERRORS:", type(err).__name__[:21], "", "HOLD OK TO TRY AGAIN")
    try:
        display.sleep(False)
        screen.clear(display.frame)
        for row in range(len(lines)):
            screen.text(display.frame, 0, row * 2, lines[row])
        display.show_pages(ALL_PAGES)
    except MemoryError:
        raise
    except Exception as display_err:  # the display may be the broken part
        say("display: " + str(display_err))


def wait_for_ok(err: Exception, firmware: "Any") -> None:
    """Show ``err`` (on the display, else LED blink code 5) until OK is held
    for ``HOLD_MS`` and released, then restart (``supervisor.reload``).

    The keys and the LED are the firmware's when they were made before the
    crash, else OK is made afresh on its pin (``ok_pin``)."""
    if firmware.display is not None:
        show_stopped(err, firmware.display)
    keys = firmware.keys
    led = firmware.led
    ok = OK
    if keys is None:
        # The crash came before the keys were made: OK alone, on its pin.
        try:
            keys = Keys((ok_pin(),), ticks_ms)
            ok = 0
            firmware.hardware.append(keys)
        except Exception as keys_err:  # pins taken or missing: only reset helps now
            say("keys: " + str(keys_err))
            keys = None
    held_since = -1
    start = ticks_ms()
    while True:
        now = ticks_ms()
        if led is not None:
            led.show_code(STOPPED, start)
            led.tick(now)
        event = keys.get() if keys is not None else NONE
        if event == NONE or event == RESET or key_of_event(event) != ok:
            continue
        if went_down(event):
            held_since = now
        else:
            # On the release, so that the restarted firmware does not see OK held.
            if held_since >= 0 and ticks_diff(now, held_since) >= HOLD_MS:
                if firmware.store is not None:
                    firmware.store.mark_healthy()
                supervisor.reload()
                return
            held_since = -1
