"""The SSD1306 128x64 OLED over I2C, sending only what changed.

Dependencies: ``adafruit_ssd1306`` (and through it ``adafruit_bus_device`` and
``adafruit_framebuf``), built on a ``busio.I2C`` bus from the configured pins.

Why a subclass: the driver's ``show()`` sends the whole 1 KiB frame (about
23 ms at 400 kHz). The table draws the whole screen into the driver's buffer
(``frame``); ``show_pages`` keeps a copy of what the glass holds and sends,
page (8-pixel row) by page, only the stretches of columns that differ: it compares 16 columns
at a time (memoryviews, in C), a run of differing pieces is one stretch,
narrowed byte by byte at both ends, and a piece that did not change splits
it (16 bytes on the wire cost more than the next window's commands). Each
stretch is a column and page window (one transaction) and its bytes, sent
straight out of the driver's own buffer. The window runs to the last page,
so when the next page changes in the same columns (a big digit, the pips)
the SSD1306 is already there and the window is not sent again. The I2C data
control byte (0x40) must precede the data, so the byte just before each
stretch is swapped for 0x40 for the duration of the write and put back: no
copy, and no allocation per frame.
"""

from micropython import const

import adafruit_ssd1306

try:
    from typing import Any
except ImportError:
    pass

__version__ = "1.0.0"

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
ALL_PAGES = const(0xFF)
_CHUNK = const(16)  # columns compared at once (C speed) before byte by byte
_CHUNKS = const(8)  # chunks in a page
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DATA = const(0x40)


class Display(adafruit_ssd1306.SSD1306_I2C):
    """``SSD1306_I2C`` with ``show_pages(mask)``; ``frame`` is the 1024-byte
    page-order buffer the renderer draws into (a view, not a copy)."""

    def __init__(self, i2c: Any, addr: int = 0x3C) -> None:
        # What the glass holds, page by page; ``_known`` has bit p set when
        # page p of that copy is right (the driver's set-up sends zeros).
        self._glass = bytearray(WIDTH * PAGES)
        self._known = 0
        self._pointer = -1  # page << 16 | left << 8 | right the chip's window points at, or -1
        super().__init__(WIDTH, HEIGHT, i2c, addr=addr)
        # show_pages locks the bus through the driver's I2CDevice, then
        # writes to the bus itself: one lock a frame, not one a transaction.
        # (From the arguments: CircuitPython's built-in I2CDevice, which the
        # board uses instead of the library in lib/, does not expose them.)
        self._writeto = i2c.writeto
        self._address = addr
        self.frame = memoryview(self.buffer)[1:]
        glass = memoryview(self._glass)
        self._frame_pages = [self.frame[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self._glass_pages = [glass[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        # 16-column pieces of both, made once: comparing them runs in C.
        self._frame_chunks = [self.frame[c * _CHUNK:(c + 1) * _CHUNK]
                              for c in range(PAGES * _CHUNKS)]
        self._glass_chunks = [glass[c * _CHUNK:(c + 1) * _CHUNK] for c in range(PAGES * _CHUNKS)]
        # The window commands in one transaction: control byte 0x00 (commands follow).
        self._window = bytearray((0x00, _SET_COL_ADDR, 0, WIDTH - 1, _SET_PAGE_ADDR, 0, PAGES - 1))
        self._glass[:] = self.frame
        self._known = ALL_PAGES

    def show(self) -> None:
        """The driver's whole-frame send (also used by its set-up); the glass copy follows."""
        self._pointer = -1
        super().show()
        frame = getattr(self, "frame", None)  # None while the driver sets up
        if frame is not None:
            self._glass[:] = frame
            self._known = ALL_PAGES

    def show_pages(self, mask: int) -> None:
        """Send what changed in the pages whose bit is set in ``mask`` (bit p = page p)."""
        # One method, its lookups made once: this runs at every press, and
        # each call and attribute costs the board microseconds.
        buffer = self.buffer
        glass = self._glass
        frame_pages = self._frame_pages
        glass_pages = self._glass_pages
        frame_chunks = self._frame_chunks
        glass_chunks = self._glass_chunks
        writeto = self._writeto
        address = self._address
        window = self._window
        # The chip's window and the pages the glass copy is right for, kept
        # in locals and stored once at the end (storing an attribute of this
        # deep class costs the board a lookup through every class above it).
        # Until then the window counts as unknown: a write cut short leaves
        # it so; a page sent but not yet marked known is just sent again.
        pointer = self._pointer
        self._pointer = -1
        known_pages = self._known
        # The bus is locked once for all the transactions of the frame.
        with self.i2c_device:
            for page in range(PAGES):
                if not mask >> page & 1:
                    continue
                known = known_pages >> page & 1
                if known and frame_pages[page] == glass_pages[page]:
                    continue
                base = page * _CHUNKS
                at = page * WIDTH
                chunk = 0
                while chunk < _CHUNKS:
                    if not known:
                        left = 0  # the glass copy is not right there: all of it
                        right = WIDTH - 1
                        chunk = _CHUNKS
                    elif frame_chunks[base + chunk] == glass_chunks[base + chunk]:
                        chunk += 1
                        continue
                    else:
                        # A run of differing chunks; a chunk that did not change
                        # ends it: 16 columns skipped pay for the next window.
                        left = chunk * _CHUNK
                        chunk += 1
                        while (chunk < _CHUNKS
                               and frame_chunks[base + chunk] != glass_chunks[base + chunk]):
                            chunk += 1
                        right = chunk * _CHUNK - 1
                        # Then byte by byte from both ends (buffer[0] is the control byte).
                        while buffer[at + left + 1] == glass[at + left]:
                            left += 1
                        while buffer[at + right + 1] == glass[at + right]:
                            right -= 1
                    # Columns left..right of this page: the window, then the
                    # bytes straight from the buffer.
                    here = page << 16 | left << 8 | right
                    if here != pointer:
                        # The window runs to the last page: after this page's
                        # bytes the chip points at the same columns of the next
                        # page, so the same columns there (a big digit, the
                        # pips) need no window again.
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
                    pointer = here + 0x10000 if page < PAGES - 1 else -1
                glass_pages[page][:] = frame_pages[page]
                known_pages |= 1 << page
        self._known = known_pages
        self._pointer = pointer

    def flip(self, flipped: bool) -> None:
        """Turn the picture 180 degrees; the caller redraws every page after it."""
        self._pointer = -1
        self.rotate(not flipped)
        # The glass shows its memory the other way round now: whole pages next time.
        self._known = 0

    def sleep(self, asleep: bool) -> None:
        if asleep:
            self.poweroff()
        else:
            self.poweron()


def open_bus(scl: Any, sda: Any, frequency: int) -> Any:
    """The I2C bus on the display's pins. RuntimeError when SDA or SCL has no
    pull-up: no module is plugged in there (it brings the pull-ups), so
    code.py tries again later; ValueError for pins that are no I2C pair."""
    import busio

    return busio.I2C(scl, sda, frequency=frequency)


def open_display(i2c: Any, addr: int) -> Display:
    """The display at ``addr``; ValueError("No I2C device at address: ...") if it does not answer."""
    return Display(i2c, addr=addr)
