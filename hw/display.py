"""The SSD1306 128x64 OLED over I2C, sending only what changed.

Dependencies: ``adafruit_ssd1306`` (and through it ``adafruit_bus_device`` and
``adafruit_framebuf``), built on a ``busio.I2C`` bus from the configured pins.

Why a subclass: the driver's ``show()`` sends the whole 1 KiB frame (about
23 ms at 400 kHz). The renderer reports which of the 8 pages (8-pixel rows)
changed; ``show_pages`` keeps a copy of what the glass holds, narrows each run
of changed pages to the columns that really differ (a trick changes a few
pips, a score one digit: found 16 columns at a time by comparing memoryviews,
in C, then byte by byte), sets that column and page window once (one
transaction), then sends each page's part straight out of the driver's own
buffer: the SSD1306 moves on to the next page of the window by itself. The
I2C data control byte (0x40) must precede the data, so the byte just before
each part is swapped for 0x40 for the duration of the write and put back: no
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
        super().__init__(WIDTH, HEIGHT, i2c, addr=addr)
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
        self.bytes_sent = 0  # data bytes sent to the display, for the benchmark

    def show(self) -> None:
        """The driver's whole-frame send (also used by its set-up); the glass copy follows."""
        super().show()
        frame = getattr(self, "frame", None)  # None while the driver sets up
        if frame is not None:
            self._glass[:] = frame
            self._known = ALL_PAGES

    def show_pages(self, mask: int) -> None:
        """Send what changed in the pages whose bit is set in ``mask`` (bit p = page p)."""
        page = 0
        while page < PAGES:
            if not mask >> page & 1:
                page += 1
                continue
            last = page
            while last + 1 < PAGES and mask >> (last + 1) & 1:
                last += 1
            self._send_run(page, last)
            page = last + 1

    def _changed_columns(self, first: int, last: int) -> int:
        """``left << 8 | right`` of the columns that differ in pages first..last, or -1."""
        left = WIDTH
        right = -1
        buffer = self.buffer
        glass = self._glass
        frame_chunks = self._frame_chunks
        glass_chunks = self._glass_chunks
        for page in range(first, last + 1):
            if not self._known >> page & 1:
                return WIDTH - 1  # 0..127: the whole width
            if self._frame_pages[page] == self._glass_pages[page]:
                continue
            base = page * _CHUNKS
            # Left edge: the first differing chunk, then the byte inside it.
            chunk = 0
            while (chunk * _CHUNK < left
                   and frame_chunks[base + chunk] == glass_chunks[base + chunk]):
                chunk += 1
            x = chunk * _CHUNK
            at = page * WIDTH
            while x < left and buffer[at + x + 1] == glass[at + x]:
                x += 1
            if x < left:
                left = x
            chunk = _CHUNKS - 1
            while ((chunk + 1) * _CHUNK - 1 > right
                   and frame_chunks[base + chunk] == glass_chunks[base + chunk]):
                chunk -= 1
            x = (chunk + 1) * _CHUNK - 1
            while x > right and buffer[at + x + 1] == glass[at + x]:
                x -= 1
            if x > right:
                right = x
        if right < 0:
            return -1
        return left << 8 | right

    def _send_run(self, first: int, last: int) -> None:
        span = self._changed_columns(first, last)
        if span < 0:
            return
        window = self._window
        window[2] = span >> 8
        window[3] = span & 0xFF
        window[5] = first
        window[6] = last
        with self.i2c_device:
            self.i2c_device.write(window)
        left = span >> 8
        right = span & 0xFF
        buffer = self.buffer
        for page in range(first, last + 1):
            # buffer[0] is the driver's control byte; page p starts at
            # buffer[1 + 128 p], so the byte before column ``left`` is at 128 p + left.
            start = page * WIDTH + left
            end = page * WIDTH + right + 2
            kept = buffer[start]
            buffer[start] = _DATA
            try:
                with self.i2c_device:
                    self.i2c_device.write(buffer, start=start, end=end)
            finally:
                buffer[start] = kept
            self.bytes_sent += end - start - 1
            self._glass_pages[page][:] = self._frame_pages[page]
            self._known |= 1 << page

    def flip(self, flipped: bool) -> None:
        """Turn the picture 180 degrees; the caller redraws every page after it."""
        self.rotate(not flipped)
        # The glass shows its memory the other way round now: whole pages next time.
        self._known = 0

    def sleep(self, asleep: bool) -> None:
        if asleep:
            self.poweroff()
        else:
            self.poweron()


def open_display(i2c: Any, addr: int) -> Display:
    """The display at ``addr``; ValueError("No I2C device at address: ...") if it does not answer."""
    return Display(i2c, addr=addr)
