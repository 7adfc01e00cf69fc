"""The 128x64 OLED over I2C (SSD1306, SH1106 or SSD1309), sending only what changed.

Dependencies: ``adafruit_ssd1306`` (and through it ``adafruit_bus_device`` and
``adafruit_framebuf``), built on a ``busio.I2C`` bus from the configured pins.

Why a subclass: the driver's ``show()`` sends the whole 1 KiB frame (about
23 ms at 400 kHz). The table draws the whole screen into the driver's buffer
(``frame``); ``show_pages`` keeps a copy of what the glass holds and sends,
page (8-pixel row) by page, only the stretches of columns that differ: an
unchanged page is passed over whole; in a changed one it compares 16 columns
at a time (memoryviews, in C), a run of differing pieces is one stretch,
narrowed byte by byte at both ends, and a piece that did not change splits
it (16 bytes on the wire cost more than the next window's commands). Each
stretch is a column and page window (one transaction) and its bytes, sent
straight out of the driver's own buffer. The window runs to the last page,
so when the next page changes in the same columns (a big digit, the pips)
the SSD1306 is already there and the window is not sent again. The I2C data
control byte (0x40) must precede the data, so the byte just before each
stretch is swapped for 0x40 for the duration of the write and put back: no
copy of the frame, and an unchanged frame allocates nothing.

The driver's set-up ends by sending a blank frame (1 KiB, about 23 ms at
400 kHz, before the first picture can go out). Here the set-up turns the
glass off instead and sends nothing: the glass copy is unknown, so the first
``show_pages`` sends every page whole, and the glass comes on once it holds
a whole picture (``_dark``).

Three controllers, chosen by ``EUCHRE_DISPLAY`` (``choose``, once at
start-up), all 128x64 with the same frame and the same diff:

* SSD1306 (0.96-inch): the driver's own set-up; column and page windows.
* SSD1309 (2.42-inch): SSD1306 commands, so the same windows, but no charge
  pump: its own set-up (``SSD1309``) sends neither 0x8D nor 0xAD. Many
  modules need RES pulsed at power-up (``EUCHRE_DISPLAY_RESET``): every
  ``open_display`` pulses it first.
* SH1106 (1.3-inch, ``SH1106``): 132 RAM columns, the panel on columns
  2..129, page addressing only (SH1106 datasheet): each stretch is
  0xB0|page, 0x00|low nibble, 0x10|high nibble of its column + 2, then its
  bytes; its DC-DC converter is 0xAD 0x8B.
"""

import time

from micropython import const

import adafruit_ssd1306

from ui.frame import ALL_PAGES, HEIGHT, PAGES, WIDTH

try:
    from typing import Any, List
except ImportError:
    pass

__version__ = "1.0.0"

_CHUNK = const(16)  # columns compared at once (C speed) before byte by byte
_WINDOW_BYTES = const(8)  # a window's transaction takes the wire as long as this many bytes
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DATA = const(0x40)
_SET_PAGE = const(0xB0)  # page addressing: 0xB0 | page
_SET_HIGH_COLUMN = const(0x10)  # and 0x10 | the column's high nibble (0x00 | its low one)


class Display(adafruit_ssd1306.SSD1306_I2C):
    """``SSD1306_I2C`` with ``show_pages(mask)``; ``frame`` is the 1024-byte
    page-order buffer the renderer draws into (a view, not a copy).

    This class is the SSD1306; ``SSD1309`` and ``SH1106`` below change its
    set-up and (SH1106) its addressing."""

    # The set-up's commands, sent in one transaction; None: the driver's own.
    SETUP = None  # type: Any
    # Page addressing (SH1106): RAM column of the panel's first column.
    PAGED = False
    COLUMN_OFFSET = 0

    def __init__(self, i2c: Any, addr: int = 0x3C) -> None:
        # What the glass holds, page by page; ``_known`` has bit p set when
        # page p of that copy is right (none is before the first picture).
        self._glass = bytearray(WIDTH * PAGES)
        self._known = 0
        self._pointer = -1  # page << 16 | left << 8 | right the chip's window points at, or -1
        self._dark = True  # off until every page has been sent once
        super().__init__(WIDTH, HEIGHT, i2c, addr=addr)
        # show_pages locks the bus through the driver's I2CDevice, then
        # writes to the bus itself: one lock a frame, not one a transaction.
        # (From the arguments: CircuitPython's built-in I2CDevice, which the
        # board uses instead of the library in lib/, does not expose them.)
        self._writeto = i2c.writeto
        self._address = addr
        self.frame = memoryview(self.buffer)[1:]
        glass = memoryview(self._glass)
        self._glass_view = glass
        # Each page of both, made once: an unchanged page (most of them at
        # a press) is passed over without making a view. The 16-column
        # pieces of a changed page are sliced when compared: views of them
        # all, kept, would hold 256 small objects in the heap for good.
        self._frame_pages = [self.frame[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self._glass_pages = [glass[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        # The window commands (SH1106: page and column) in one transaction:
        # control byte 0x00 (commands follow).
        if self.PAGED:
            self._window = bytearray((0x00, _SET_PAGE, 0x00, _SET_HIGH_COLUMN))
        else:
            self._window = bytearray((0x00, _SET_COL_ADDR, 0, WIDTH - 1, _SET_PAGE_ADDR, 0,
                                      PAGES - 1))

    def init_display(self) -> None:
        """The controller's set-up with the glass left off (see ``show``)."""
        setup = self.SETUP
        if setup is None:
            super().init_display()
            return
        with self.i2c_device:
            self.i2c_device.write(setup)

    def poweron(self) -> None:
        # The driver turns the glass on before its set-up: it stays off
        # here until it holds a whole picture (``_light``).
        if not self._dark:
            super().poweron()

    def show(self) -> None:
        """The driver's whole-frame send; the glass copy follows. The
        driver's set-up calls it for its blank frame: then the glass is
        turned off and nothing is sent."""
        frame = getattr(self, "frame", None)  # None while the driver sets up
        if frame is None:
            self.poweroff()
            return
        self._pointer = -1
        if self.PAGED:
            # The driver's whole-frame send uses windows the chip does not have.
            self._known = 0
            self.show_pages(ALL_PAGES)
            return
        super().show()
        self._glass[:] = frame
        self._known = ALL_PAGES
        self._light()

    def _light(self) -> None:
        """Turn the glass on once it holds a whole picture."""
        if self._dark and self._known == ALL_PAGES:
            self._dark = False
            self.poweron()

    def show_pages(self, mask: int) -> None:
        """Send what changed in the pages whose bit is set in ``mask`` (bit p = page p)."""
        # One method, its lookups made once: this runs at every press, and
        # each call and attribute costs the board microseconds.
        buffer = self.buffer
        glass = self._glass
        frame = self.frame
        glass_view = self._glass_view
        frame_pages = self._frame_pages
        glass_pages = self._glass_pages
        writeto = self._writeto
        address = self._address
        window = self._window
        paged = self.PAGED
        offset = self.COLUMN_OFFSET
        # The chip's window and the pages the glass copy is right for, kept
        # in locals and stored once at the end (storing an attribute of this
        # deep class costs the board a lookup through every class above it).
        # Until then the window counts as unknown: a write cut short leaves
        # it so; a page sent but not yet marked known is just sent again.
        pointer = self._pointer
        self._pointer = -1
        reach = -1  # the same, once a stretch of this frame has set it (see below)
        known_pages = self._known
        # The bus is locked once for all the transactions of the frame.
        with self.i2c_device:
            for page in range(PAGES):
                if not mask >> page & 1:
                    continue
                known = known_pages >> page & 1
                at = page * WIDTH
                end = at + WIDTH
                if known and frame_pages[page] == glass_pages[page]:
                    continue
                chunk = at
                while chunk < end:
                    if not known:
                        left = 0  # the glass copy is not right there: all of it
                        right = WIDTH - 1
                        chunk = end
                    elif frame[chunk:chunk + _CHUNK] == glass_view[chunk:chunk + _CHUNK]:
                        chunk += _CHUNK
                        continue
                    else:
                        # A run of differing chunks; a chunk that did not change
                        # ends it: 16 columns skipped pay for the next window.
                        left = chunk - at
                        chunk += _CHUNK
                        while (chunk < end and frame[chunk:chunk + _CHUNK]
                               != glass_view[chunk:chunk + _CHUNK]):
                            chunk += _CHUNK
                        right = chunk - at - 1
                        # Then byte by byte from both ends, by their index in
                        # the frame (the fewest steps a byte: this loop is the
                        # diff's busiest).
                        byte = at + left
                        while frame[byte] == glass[byte]:
                            byte += 1
                        left = byte - at
                        byte = at + right
                        while frame[byte] == glass[byte]:
                            byte -= 1
                        right = byte - at
                    # Columns left..right of this page: the window, then the
                    # bytes straight from the buffer.
                    here = page << 16 | left << 8 | right
                    if paged:
                        # Page addressing: the page, then the column's nibbles.
                        column = left + offset
                        window[1] = _SET_PAGE | page
                        window[2] = column & 0x0F
                        window[3] = _SET_HIGH_COLUMN | column >> 4
                        writeto(address, window)
                    elif here != pointer:
                        # The window runs to the last page: after this page's
                        # bytes the chip points at the same columns of the next
                        # page, so the same columns there (a big digit, the
                        # pips) need no window again; nor does a stretch inside
                        # them, widened to them when that costs fewer bytes
                        # than a new window (text lines of about one width).
                        wide_left = reach >> 8 & 0xFF
                        wide_right = reach & 0xFF
                        if (reach >> 16 == page and wide_left <= left and right <= wide_right
                                and wide_right - wide_left - right + left <= _WINDOW_BYTES):
                            left = wide_left
                            right = wide_right
                            # Any change up to ``right`` goes out with these bytes.
                            chunk = max(chunk, at + (right + 1 & ~(_CHUNK - 1)))
                            here = reach
                        else:
                            window[2] = left
                            window[3] = right
                            window[5] = page
                            writeto(address, window)
                    # buffer[0] is the driver's control byte; page p starts at
                    # buffer[1 + 128 p], so the byte before column ``left`` is
                    # at 128 p + left.
                    start = at + left
                    kept = buffer[start]
                    buffer[start] = _DATA
                    try:
                        writeto(address, buffer, start=start, end=start + right - left + 2)
                    finally:
                        buffer[start] = kept
                    pointer = here + 0x10000 if page < PAGES - 1 and not paged else -1
                    reach = pointer
                glass_pages[page][:] = frame_pages[page]
                known_pages |= 1 << page
        self._known = known_pages
        self._pointer = pointer
        if self._dark:
            self._light()

    def flip(self, flipped: bool) -> None:
        """Turn the picture 180 degrees; the caller redraws every page after it."""
        self._pointer = -1
        self.rotate(not flipped)
        # The glass shows its memory the other way round now: whole pages next time.
        self._known = 0

    def sleep(self, asleep: bool) -> None:
        if asleep:
            self.poweroff()
        elif not self._dark:
            self.poweron()


class SSD1309(Display):
    """The SSD1309 (2.42-inch modules): SSD1306 commands without a charge
    pump (the module's own converter feeds the panel), so without 0x8D and
    0xAD, which the chip does not have (SSD1309 datasheet)."""

    SETUP = bytes((
        0x00,  # control byte: commands follow
        0xFD, 0x12,  # command lock off (its reset state)
        0xAE,  # glass off
        0xD5, 0x80,  # clock divide and oscillator
        0xA8, HEIGHT - 1,  # multiplex: 64 rows
        0xD3, 0x00,  # display offset 0
        0x40,  # start line 0
        0x20, 0x00,  # horizontal addressing: the windows of show_pages
        0xA1,  # segment remap: column 0 at the left
        0xC8,  # COM scan from the bottom: row 0 at the top
        0xDA, 0x12,  # COM pins: alternative, as 64-row panels are wired
        0x81, 0xFF,  # contrast (the firmware sets its own next)
        0xD9, 0x22,  # pre-charge periods (reset value)
        0xDB, 0x34,  # VCOMH deselect level (reset value)
        0xA4,  # the glass follows the RAM
        0xA6,  # not inverted
    ))


class SH1106(Display):
    """The SH1106 (1.3-inch modules): page addressing with its own column
    offset, and the DC-DC converter on with 0xAD 0x8B (SH1106 datasheet)."""

    PAGED = True
    COLUMN_OFFSET = 2  # the panel shows RAM columns 2..129 of 132
    SETUP = bytes((
        0x00,  # control byte: commands follow
        0xAE,  # glass off
        0xD5, 0x80,  # clock divide and oscillator
        0xA8, HEIGHT - 1,  # multiplex: 64 rows
        0xD3, 0x00,  # display offset 0
        0x40,  # start line 0
        0xAD, 0x8B,  # DC-DC converter on
        0xA1,  # segment remap: column 0 at the left
        0xC8,  # COM scan from the bottom: row 0 at the top
        0xDA, 0x12,  # COM pads: alternative, as 64-row panels are wired
        0x81, 0xFF,  # contrast (the firmware sets its own next)
        0xD9, 0x22,  # discharge and pre-charge periods (reset value)
        0xDB, 0x35,  # VCOM deselect level (reset value)
        0x32,  # pump voltage 8.0 V (reset value)
        0xA4,  # the glass follows the RAM
        0xA6,  # not inverted
    ))


# What open_display builds this run: (controller, RES pin's DigitalInOut or None).
_chosen = ["ssd1306", None]  # type: List[Any]


def choose(controller: str, reset: Any = None) -> None:
    """Pick the controller ("ssd1306", "sh1106" or "ssd1309", as
    ``EUCHRE_DISPLAY`` names them) that
    ``open_display`` builds from now on, and the output on the module's RES
    pin (``reset_line``) it pulses first, or None."""
    _chosen[0] = controller
    _chosen[1] = reset


def reset_line(pin: Any) -> Any:
    """The output driving the display's RES pin, held high (not in reset)."""
    import digitalio

    line = digitalio.DigitalInOut(pin)
    line.switch_to_output(value=True)
    return line


def open_bus(scl: Any, sda: Any, frequency: int) -> Any:
    """The I2C bus on the display's pins. RuntimeError when SDA or SCL has no
    pull-up: no module is plugged in there (it brings the pull-ups), so
    code.py tries again later; ValueError for pins that are no I2C pair."""
    import busio

    return busio.I2C(scl, sda, frequency=frequency)


def open_display(i2c: Any, addr: int) -> Display:
    """The chosen display at ``addr``, its RES pulsed first when it has one
    (``choose``); ValueError("No I2C device at address: ...") if it does not answer."""
    controller, reset = _chosen
    if reset is not None:
        reset.value = False
        time.sleep(0.001)  # RES low for at least 3 us starts the chip afresh
        reset.value = True
        time.sleep(0.001)
    if controller == "sh1106":
        return SH1106(i2c, addr=addr)
    if controller == "ssd1309":
        return SSD1309(i2c, addr=addr)
    return Display(i2c, addr=addr)
