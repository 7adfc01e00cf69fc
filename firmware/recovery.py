"""What an error leads to: restart with the game intact, or stop.

An unexpected exception is printed with its traceback on the serial console,
a crash mark is programmed into nvm (no erase) and the firmware restarts
itself with ``supervisor.reload()``; the game is resumed from nvm. A restart
loop is stopped by the crash streak (crashes since the last run that stayed
up ``HEALTHY_MS``): from the ``SAFE_START_STREAK``-th crash in a row the saved
game is set aside and a fresh game starts; from the ``STOP_STREAK``-th the
firmware stops restarting, shows the error (LED blink code 5 without a
screen) and waits for OK held (``wait_for_ok``).
"""

import traceback

import board
import microcontroller
import supervisor
from micropython import const

# The display driver is imported here, before anything is counted: a missing
# or broken library file stops code.py with its traceback and leaves the
# crash streak, and the saved game, as they were.
import hw.display  # noqa: F401
from firmware import say
from hw.clock import ticks_ms
from hw.keys import NONE, RESET, Keys, key_of_event, went_down
from hw.led import STOPPED
from hw.storage import Storage
from ui import screen
from ui.frame import ALL_PAGES
from ui.keys import OK
from ui.ticks import ticks_diff

try:
    from typing import Any
except ImportError:
    pass

SAFE_START_STREAK = const(3)  # crashes in a row before the saved game is set aside
STOP_STREAK = const(5)  # crashes in a row before restarting stops
HEALTHY_MS = const(30000)  # a run this long clears the crash streak
HOLD_MS = const(1000)  # OK held this long on the stopped screen restarts


def run(firmware: Any) -> None:
    """Start, then play until an error."""
    firmware.started = ticks_ms()
    # Some boards (and Blinka) have no nvm: then the game is not saved, and says so.
    firmware.store = Storage(getattr(microcontroller, "nvm", None))
    firmware.streak = firmware.store.crash_streak()
    # Imported inside the crash guard: a start-up module that fails to load
    # (no memory) counts as a crash like any other.
    from firmware import loop, start

    start.start(firmware, firmware.streak < SAFE_START_STREAK)
    loop.run(firmware, HEALTHY_MS)


def main(firmware: Any) -> None:
    """Run the firmware; after an error, restart it or stop (see the module)."""
    try:
        run(firmware)
    except Exception as err:
        traceback.print_exception(err)
        streak = STOP_STREAK
        store = firmware.store
        if store is not None:
            try:
                store.mark_crash()
                streak = store.crash_streak()
            except Exception as mark_err:  # flash trouble: stop rather than loop blindly
                say("crash mark: " + str(mark_err))
        say("error " + str(streak) + " in a row: "
            + ("stopping" if streak >= STOP_STREAK else "restarting"))
        if streak < STOP_STREAK:
            supervisor.reload()
            return
        firmware.table = None  # the crash may have been for memory
        try:
            wait_for_ok(err, firmware)
        except MemoryError as show_err:
            # Nothing more to show: code.py ends here, and the board waits
            # (the reset button starts it again). Never a restart loop.
            say("cannot show the error: " + str(show_err))
    finally:
        firmware.release()


def ok_pin() -> Any:
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


def show_stopped(err: Exception, display: Any) -> None:
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


def wait_for_ok(err: Exception, firmware: Any) -> None:
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
