"""The running firmware: every part start-up builds and the loop uses, in one
object that ``code.py`` binds, so a debugger (or the simulator's tests) can
reach the table, the store and the display while the game runs."""

from micropython import const

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, List, Optional
    from firmware.glass import Glass
    from hw.keys import Keys
    from hw.storage import Storage
    from ui.presses import Presses
    from ui.table import Table


class Firmware:
    """Each part is None until start-up made it (or when it is not fitted)."""

    def __init__(self) -> None:
        self.hardware: "List[Any]" = []  # every part to release when code.py ends
        self.store: "Optional[Storage]" = None
        self.streak = 0  # crashes in a row before this run (Storage.crash_streak)
        self.led: Any = None
        self.buzzer: Any = None
        self.keys: "Optional[Keys]" = None
        self.presses: "Optional[Presses]" = None
        self.glass: "Optional[Glass]" = None
        self.table: "Optional[Table]" = None
        self.blink_code = 0  # what the LED blinks when there is no screen
        self.started = 0  # ticks_ms at the start of the run

    @property
    def display(self) -> "Any":
        """The OLED in use, or None."""
        return self.glass.display if self.glass is not None else None

    def release(self) -> None:
        """Every part deinitialised (code.py ends), the rest even if one fails."""
        for part in self.hardware:
            try:
                part.deinit()
            except Exception:  # already gone; the rest must still be released
                pass
