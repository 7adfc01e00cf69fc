"""The SSD1306 128x64 OLED over I2C, sending only the pages that changed.

Dependencies: ``adafruit_ssd1306`` (and through it ``adafruit_bus_device`` and
``adafruit_framebuf``), built on a ``busio.I2C`` bus from the configured pins.

Why a subclass: the driver's ``show()`` sends the whole 1 KiB frame (about
23 ms at 400 kHz). The renderer reports which of the 8 pages (8-pixel rows)
changed, and ``show_pages`` sends just those: for each run of changed pages it
sets the column and page window, then sends the run straight out of the
driver's own buffer. The I2C data control byte (0x40) must precede the data,
so the byte just before the run is swapped for 0x40 for the duration of the
write and put back: no copy and no allocation per frame.
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
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DATA = const(0x40)


class Display(adafruit_ssd1306.SSD1306_I2C):
    """``SSD1306_I2C`` with ``show_pages(mask)``; ``frame`` is the 1024-byte
    page-order buffer the renderer draws into (a view, not a copy)."""

    def __init__(self, i2c: Any, addr: int = 0x3C) -> None:
        super().__init__(WIDTH, HEIGHT, i2c, addr=addr)
        self.frame = memoryview(self.buffer)[1:]
        self.bytes_sent = 0  # data bytes sent to the display, for the benchmark

    def show_pages(self, mask: int) -> None:
        """Send the pages whose bit is set in ``mask`` (bit p = page p)."""
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

    def _send_run(self, first: int, last: int) -> None:
        self.write_cmd(_SET_COL_ADDR)
        self.write_cmd(0)
        self.write_cmd(WIDTH - 1)
        self.write_cmd(_SET_PAGE_ADDR)
        self.write_cmd(first)
        self.write_cmd(last)
        # buffer[0] is the driver's control byte; page p starts at buffer[1 + 128 p].
        start = first * WIDTH
        end = (last + 1) * WIDTH + 1
        buffer = self.buffer
        kept = buffer[start]
        buffer[start] = _DATA
        try:
            with self.i2c_device:
                self.i2c_device.write(buffer, start=start, end=end)
        finally:
            buffer[start] = kept
        self.bytes_sent += end - start - 1

    def flip(self, flipped: bool) -> None:
        """Turn the picture 180 degrees; the caller redraws every page after it."""
        self.rotate(not flipped)

    def sleep(self, asleep: bool) -> None:
        if asleep:
            self.poweroff()
        else:
            self.poweron()


def open_display(i2c: Any, addr: int) -> Display:
    """The display at ``addr``; ValueError("No I2C device at address: ...") if it does not answer."""
    return Display(i2c, addr=addr)
