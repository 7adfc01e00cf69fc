"""What an error leads to: restart with the game intact, or stop.

An unexpected exception is printed with its traceback on the serial console,
a crash mark is programmed into nvm (no erase) and the firmware restarts
itself with ``supervisor.reload()``; the game is resumed from nvm. A restart
loop is stopped by the crash streak (crashes since the last run that stayed
up ``_HEALTHY_MS``): from the ``_SAFE_START_STREAK``-th crash in a row the saved
game is set aside and a fresh game starts; from the ``_STOP_STREAK``-th the
firmware stops restarting, shows the error (LED blink code 5 without a
screen) and waits for OK held (``firmware.stopped``, loaded only then).
"""

import traceback

import microcontroller
import supervisor
from micropython import const

# The display driver is imported here, before anything is counted: a missing
# or broken library file stops code.py with its traceback and leaves the
# crash streak, and the saved game, as they were.
import hw.display  # noqa: F401
import hw.keys  # noqa: F401  (and what the stopped screen needs, the same way)
import hw.led  # noqa: F401
import ui.screen  # noqa: F401
from firmware import say
from hw.clock import ticks_ms
from hw.storage import Storage

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

_SAFE_START_STREAK = const(3)  # crashes in a row before the saved game is set aside
_STOP_STREAK = const(5)  # crashes in a row before restarting stops
_HEALTHY_MS = const(30000)  # a run this long clears the crash streak


def run(firmware: "Any") -> None:
    """Start, then play until an error."""
    firmware.started = ticks_ms()
    # Some boards (and Blinka) have no nvm: then the game is not saved, and says so.
    firmware.store = Storage(getattr(microcontroller, "nvm", None))
    firmware.streak = firmware.store.crash_streak()
    begin(firmware)
    # Imported inside the crash guard, as the start-up module: one that
    # fails to load (no memory) counts as a crash like any other.
    from firmware import loop

    loop.run(firmware, _HEALTHY_MS)


def begin(firmware: "Any") -> None:
    """The start-up, in a function of its own: nothing refers to its module
    once it returns (it lets itself go), while the loop runs all evening."""
    from firmware import start

    start.start(firmware, firmware.streak < _SAFE_START_STREAK)


def main(firmware: "Any") -> None:
    """Run the firmware; after an error, restart it or stop (see the module)."""
    try:
        run(firmware)
    except Exception as err:
        traceback.print_exception(err)
        streak = _STOP_STREAK
        store = firmware.store
        if store is not None:
            try:
                store.mark_crash()
                streak = store.crash_streak()
            except Exception as mark_err:  # flash trouble: stop rather than loop blindly
                say("crash mark: " + str(mark_err))
        say("error " + str(streak) + " in a row: "
            + ("stopping" if streak >= _STOP_STREAK else "restarting"))
        if streak < _STOP_STREAK:
            supervisor.reload()
            return
        firmware.table = None  # the crash may have been for memory
        try:
            from firmware import stopped

            stopped.wait_for_ok(err, firmware)
        except MemoryError as show_err:
            # Nothing more to show: code.py ends here, and the board waits
            # (the reset button starts it again). Never a restart loop.
            say("cannot show the error: " + str(show_err))
    finally:
        firmware.release()
