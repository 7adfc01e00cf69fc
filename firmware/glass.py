"""The display link: the table's frame to the OLED, and the way back when the
OLED is missing or lost.

A display missing at power-up (no module, or no pull-ups: no I2C bus either)
or lost during play (a loose wire: ``OSError``) never stops the game: the
table goes on drawing into a frame of its own, and every ``_RETRY_MS`` the bus
and the display are looked for again; once found, every page is sent again.
"""

from micropython import const

from firmware import say
from hw.display import open_bus, open_display
from ui.frame import ALL_PAGES, FRAME
from ui.ticks import ticks_diff

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, List

# Often enough that a display plugged back in shows the game before a player
# wonders; a look that finds nothing costs a few milliseconds of bus time.
_RETRY_MS = const(2000)


class Glass:
    """``pins``: (scl, sda, frequency) of the display's bus; ``hardware``: the
    list of parts to release, a bus made here is added to it."""

    def __init__(self, pins: "Any", address: int, rotated: bool, hardware: "List[Any]") -> None:
        self.display: Any = None
        self.i2c: Any = None
        self.frame: Any = None  # the display's buffer, or one of our own without a display
        self._pins = pins
        self._address = address
        self._rotated = rotated
        self._hardware = hardware
        self._shown_contrast = -1
        self._shown_flip = -1
        self._shown_awake = True
        self._looked = 0  # when the display was last looked for
        self._missing = ""  # what the console was last told of a missing display

    def connect(self, now: int) -> bool:
        """Build the bus (when there is none yet) and open the display; True when found."""
        self._looked = now
        if self.i2c is None:
            scl, sda, frequency = self._pins
            try:
                self.i2c = open_bus(scl, sda, frequency)
            except (ValueError, RuntimeError, OSError) as err:
                # RuntimeError: no pull-ups on SDA/SCL, i.e. nothing is plugged in there (yet).
                self._say_missing("no display: I2C: " + str(err))
                return False
            self._hardware.append(self.i2c)
        try:
            display = open_display(self.i2c, self._address)
        except (ValueError, RuntimeError, OSError) as err:
            # adafruit_bus_device: ValueError("No I2C device at address: 0x3c")
            self._say_missing("no display: " + str(err))
            return False
        self._missing = ""
        self.display = display
        self.frame = display.frame
        self._shown_flip = -1
        self._shown_contrast = -1
        self._shown_awake = True
        return True

    def _say_missing(self, text: str) -> None:
        # Once, not at every look: the console stays readable through an
        # evening without a display.
        if text != self._missing:
            self._missing = text
            say(text)

    def look_again(self, now: int) -> bool:
        """Without a display: look for it again every ``_RETRY_MS``; True when found."""
        if ticks_diff(now, self._looked) < _RETRY_MS:
            return False
        if not self.connect(now):
            return False
        say("display found")
        return True

    def show(self, table: "Any", now: int) -> bool:
        """Draw the table and send what changed; False when the display was lost."""
        display = self.display
        if display is None:
            if self.frame is None:
                self.frame = bytearray(FRAME)
            table.render(self.frame)
            return True
        # Every command can meet a loose wire, not only a redraw: the sleep
        # after a quiet spell, the wake, contrast and flip too.
        try:
            flip = 1 if self._rotated != bool(table.flipped) else 0
            redraw = 0
            if flip != self._shown_flip:
                display.flip(flip == 1)
                self._shown_flip = flip
                redraw = ALL_PAGES
            if table.contrast != self._shown_contrast:
                display.contrast(table.contrast)
                self._shown_contrast = table.contrast
            if bool(table.awake) != self._shown_awake:
                self._shown_awake = not self._shown_awake
                display.sleep(not self._shown_awake)
            changed = table.render(self.frame) | redraw
            if changed:
                display.show_pages(changed)
        except OSError as err:
            say("display lost: " + str(err))
            self.display = None
            self._looked = now
            return False
        return True
