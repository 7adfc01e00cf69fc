"""The 128x64 OLED over I2C (SSD1306, SH1106 or SSD1309), sending only what changed.

Dependencies: ``adafruit_ssd1306`` (and through it ``adafruit_bus_device``),
built on a ``busio.I2C`` bus from the configured pins, on ``hw.framebuf``'s
drawing-free base class rather than ``adafruit_framebuf`` (see there).

Why a subclass: the driver's ``show()`` sends the whole 1 KiB frame. The
table draws the whole screen into the driver's buffer (``frame``), and
``show_pages`` sends only the stretches of columns that differ from what the
glass holds: the diff is ``hw.changes``, apart from the bus, which gives
the runs to send. ``show_pages`` sends each run in one transaction straight out
of the driver's own buffer: the column and page window's commands (when
the chip does not point there already), each after a control byte 0x80
(Co set: one command byte follows, then another control byte; SSD1306 and
SH1106 datasheets, I2C interface), then the data control byte 0x40 and the
run's bytes. The bytes just before the run in the buffer are swapped for
these for the duration of the write and put back. No copy of the frame, and
an unchanged frame allocates nothing.

The driver's set-up sends each command in a transaction of its own, turns
the glass on and sends a blank frame (1 KiB, about 23 ms at 400 kHz, before
the first picture can go out). Here the set-up (``init_display``) sends its
commands in one transaction and leaves the glass off: the first picture
goes out whole (``show``: two writes), and the glass comes on once it
holds it (``_dark``); the diff loads after that, its glass copy that
picture.

Three controllers, chosen by ``EUCHRE_DISPLAY`` (``choose``, once at
start-up), all 128x64 with the same frame and the same diff:

* SSD1306 (0.96-inch): the driver's set-up commands, sent in one
  transaction; column and page windows.
* SSD1309 (2.42-inch): SSD1306 commands, so the same windows, but no charge
  pump: its own set-up sends neither 0x8D nor 0xAD. Many modules need RES
  pulsed at power-up (``EUCHRE_DISPLAY_RESET``): every ``open_display``
  pulses it first.
* SH1106 (1.3-inch): 132 RAM columns, the panel on columns 2..129, page
  addressing only (SH1106 datasheet): each stretch is 0xB0|page,
  0x00|low nibble, 0x10|high nibble of its column + 2, then its bytes; its
  DC-DC converter is 0xAD 0x8B.

The SSD1306 is ``Display`` itself; the other two are the same class given
their differences as data (``hw.controllers``, loaded only for them).
"""

import sys
import time

from micropython import const

from hw import framebuf

# The driver's base class (hw.framebuf), registered before the driver's import
# looks for it: ``import framebuf`` finds a registered module first.
sys.modules["framebuf"] = framebuf
import adafruit_ssd1306  # noqa: E402  (after the base it is built on)

from ui.frame import ALL_PAGES, HEIGHT, PAGES, WIDTH

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, List

_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DATA = const(0x40)
_SET_PAGE = const(0xB0)  # page addressing: 0xB0 | page
_SET_HIGH_COLUMN = const(0x10)  # and 0x10 | the column's high nibble (0x00 | its low one)


class Display(adafruit_ssd1306.SSD1306_I2C):
    """``SSD1306_I2C`` with ``show_pages(mask)``; ``frame`` is the 1024-byte
    page-order buffer the renderer draws into (a view, not a copy).

    The class is the SSD1306; ``chip``, another controller's differences
    (a row of ``hw.controllers``: its ``SETUP``, ``PAGED`` and
    ``COLUMN_OFFSET``), makes it that controller."""

    # The set-up's commands, sent in one transaction (control byte 0x00: a
    # stream of commands), the glass left off. The SSD1306's are the
    # driver's own for a 128x64 panel on its charge pump, which the driver
    # sends one transaction a byte.
    SETUP = bytes((
        0x00,  # control byte: commands follow
        0xAE,  # glass off
        0x20, 0x00,  # horizontal addressing: the windows of show_pages
        0x40,  # start line 0
        0xA1,  # segment remap: column 0 at the left
        0xA8, HEIGHT - 1,  # multiplex: 64 rows
        0xC8,  # COM scan from the bottom: row 0 at the top
        0xD3, 0x00,  # display offset 0
        0xDA, 0x12,  # COM pins: alternative, as 64-row panels are wired
        0xD5, 0x80,  # clock divide and oscillator
        0xD9, 0xF1,  # pre-charge periods (internal VCC)
        0xDB, 0x30,  # VCOMH deselect level
        0x81, 0xFF,  # contrast (the firmware sets its own next)
        0xA4,  # the glass follows the RAM
        0xA6,  # not inverted
        0xAD, 0x30,  # internal IREF
        0x8D, 0x14,  # charge pump on
    ))
    # Page addressing (SH1106): RAM column of the panel's first column.
    PAGED = False
    COLUMN_OFFSET = 0

    def __init__(self, i2c: "Any", addr: int = 0x3C, chip: "Any" = None) -> None:
        if chip is not None:
            # Before the driver's set-up, which sends SETUP.
            self.SETUP, self.PAGED, self.COLUMN_OFFSET = chip
        # The diff (hw.changes), made once the first picture is on the glass
        # (``_diff``).
        self._changes = None  # type: Any
        self._dark = True  # off until every page has been sent once
        super().__init__(WIDTH, HEIGHT, i2c, addr=addr)
        # show_pages locks the bus through the driver's I2CDevice, then
        # writes to the bus itself: one lock a frame, not one a transaction.
        # (From the arguments: CircuitPython's built-in I2CDevice, which the
        # board uses instead of the library in lib/, does not expose them.)
        self._writeto = i2c.writeto
        self._address = addr
        self.frame = memoryview(self.buffer)[1:]
        # A window's commands (SH1106: page and column), each after a control
        # byte 0x80, then the data's control byte: put in front of a run's
        # bytes in the driver's buffer for its write (``show_pages``).
        if self.PAGED:
            self._window = bytearray((0x80, _SET_PAGE, 0x80, 0, 0x80, _SET_HIGH_COLUMN, _DATA))
        else:
            self._window = bytearray((0x80, _SET_COL_ADDR, 0x80, 0, 0x80, WIDTH - 1,
                                      0x80, _SET_PAGE_ADDR, 0x80, 0, 0x80, PAGES - 1, _DATA))
        self._kept = bytearray(len(self._window))  # the buffer's bytes it covers meanwhile
        self._view = memoryview(self.buffer)

    def init_display(self) -> None:
        """The controller's set-up with the glass left off (see ``show``)."""
        with self.i2c_device:
            self.i2c_device.write(self.SETUP)

    def poweron(self) -> None:
        # The driver turns the glass on before its set-up: it stays off
        # here until it holds a whole picture (``_light``).
        if not self._dark:
            super().poweron()

    def show(self) -> None:
        """The whole frame: its window (every column and page) in one write,
        the frame in another (the driver's own send makes a write of each
        of the window's six commands); the glass copy follows. The first
        picture goes out so: the glass copy is unknown."""
        if self.PAGED:
            # Page addressing: no window spans the pages.
            self._diff().forget()
            self.show_pages(ALL_PAGES)
            return
        changes = self._changes
        if changes is not None:
            changes.pointer = -1  # unknown until the frame is on the glass
        window = self._window
        window[3] = 0
        window[5] = WIDTH - 1
        window[9] = 0
        with self.i2c_device:
            self._writeto(self._address, window, end=len(window) - 1)
            # The driver's buffer starts with the data's control byte.
            self._writeto(self._address, self.buffer)
        if self._dark:
            # On once it holds a whole picture.
            self._dark = False
            self.poweron()
        self._diff().whole()

    def _light(self) -> None:
        """Turn the glass on once it holds a whole picture."""
        if self._dark and self._changes.known == ALL_PAGES:
            self._dark = False
            self.poweron()

    def _diff(self) -> "Any":
        """The diff against the glass (``hw.changes``), made the first time
        it is needed: after the first picture is on the glass, sent whole
        (``show``; but for a chip with page addressing), so that the first
        picture does not wait for its module."""
        changes = self._changes
        if changes is None:
            from hw.changes import Changes

            changes = Changes(self.frame, self.PAGED)
            self._changes = changes
        return changes

    def show_pages(self, mask: int) -> None:
        """Send what changed in the pages whose bit is set in ``mask`` (bit p = page p)."""
        changes = self._changes
        if changes is None:
            if not self.PAGED:
                # The first picture: the glass copy is unknown, every page goes.
                self.show()
                return
            changes = self._diff()
        count = changes.plan(mask)
        if count:
            window_flag, join_flag = changes.FLAGS
            runs = changes.runs
            buffer = self.buffer
            writeto = self._writeto
            address = self._address
            window = self._window
            size = len(window)
            kept = self._kept
            view = self._view
            paged = self.PAGED
            offset = self.COLUMN_OFFSET
            # The bus is locked once for all the transactions of the frame.
            with self.i2c_device:
                index = 0
                while index < count:
                    run = runs[index]
                    page = run >> 16 & 0xFF
                    left = run >> 8 & 0xFF
                    windowed = paged or run & window_flag
                    if paged:
                        # Page addressing: the page, then the column's nibbles.
                        column = left + offset
                        window[1] = _SET_PAGE | page
                        window[3] = column & 0x0F
                        window[5] = _SET_HIGH_COLUMN | column >> 4
                    elif windowed:
                        window[3] = left
                        window[5] = run & 0xFF
                        window[9] = page
                    # buffer[0] is the driver's control byte; page p starts at
                    # buffer[1 + 128 p], so the data control byte goes at
                    # 128 p + left, just before column ``left``, and the
                    # window's commands before it: the bytes there are kept
                    # for the write and put back (no copy of the frame).
                    # Joined runs follow in the same write.
                    first = page
                    while index + 1 < count and runs[index + 1] & join_flag:
                        index += 1
                        run = runs[index]
                        page = run >> 16 & 0xFF
                    start = first * WIDTH + left
                    end = page * WIDTH + (run & 0xFF) + 2
                    if windowed and start + 1 < size:
                        # Too near the buffer's start for the commands: their own write.
                        writeto(address, window, end=size - 1)
                        windowed = False
                    at = start
                    if windowed:
                        at = start + 1 - size
                        kept[:] = view[at:start + 1]
                        buffer[at:start + 1] = window
                    else:
                        byte = buffer[start]
                        buffer[start] = _DATA
                    try:
                        writeto(address, buffer, start=at, end=end)
                    finally:
                        if windowed:
                            buffer[at:start + 1] = kept
                        else:
                            buffer[start] = byte
                    while first < page:
                        changes.sent(first)
                        first += 1
                    index += 1
                    if index == count or runs[index] >> 16 & 0xFF != page:
                        changes.sent(page)
        changes.done()
        if self._dark:
            self._light()

    def flip(self, flipped: bool) -> None:
        """Turn the picture 180 degrees; the caller redraws every page after it."""
        changes = self._changes
        self.rotate(not flipped)
        if changes is not None:
            # The glass shows its memory the other way round now: whole pages next time.
            changes.forget()

    def sleep(self, asleep: bool) -> None:
        if asleep:
            self.poweroff()
        elif not self._dark:
            self.poweron()


# What open_display builds this run: (controller, RES pin's DigitalInOut or None).
_chosen = ["ssd1306", None]  # type: List[Any]


def choose(controller: str, reset: "Any" = None) -> None:
    """Pick the controller ("ssd1306", "sh1106" or "ssd1309", as
    ``EUCHRE_DISPLAY`` names them) that
    ``open_display`` builds from now on, and the output on the module's RES
    pin (``reset_line``) it pulses first, or None."""
    _chosen[0] = controller
    _chosen[1] = reset


def reset_line(pin: "Any") -> "Any":
    """The output driving the display's RES pin, held high (not in reset)."""
    import digitalio

    line = digitalio.DigitalInOut(pin)
    line.switch_to_output(value=True)
    return line


def open_bus(scl: "Any", sda: "Any", frequency: int) -> "Any":
    """The I2C bus on the display's pins. RuntimeError when SDA or SCL has no
    pull-up: no module is plugged in there (it brings the pull-ups), so
    code.py tries again later; ValueError for pins that are no I2C pair."""
    import busio

    return busio.I2C(scl, sda, frequency=frequency)


def open_display(i2c: "Any", addr: int) -> Display:
    """The chosen display at ``addr``, its RES pulsed first when it has one
    (``choose``); ValueError("No I2C device at address: ...") if it does not answer."""
    controller, reset = _chosen
    if reset is not None:
        reset.value = False
        time.sleep(0.001)  # RES low for at least 3 us starts the chip afresh
        reset.value = True
        time.sleep(0.001)
    if controller == "ssd1306":
        return Display(i2c, addr=addr)
    from hw import controllers

    return Display(i2c, addr=addr, chip=controllers.CHIPS[controller])
