"""The display driver's base class: a frame buffer that draws nothing.

``adafruit_ssd1306`` builds its driver on ``framebuf.FrameBuffer``: the
interpreter's built-in ``framebuf`` where there is one (MicroPython), else
the pure-Python ``adafruit_framebuf`` (CircuitPython has no ``framebuf``),
with its pixel formats, shapes, text and font reader. The table draws its
frames itself (ui.screen, into the driver's buffer) and never calls them,
so ``hw.display`` registers this module as ``framebuf`` before it imports
the driver, and the driver's class is built on the ``FrameBuffer`` below:
the buffer and its size, all the driver uses once ``hw.display`` has
replaced its set-up, the one caller of ``fill`` (which the tests still
use). The driver's own code is as the library ships it. (A module that
imports ``adafruit_ssd1306`` before ``hw.display`` does gets
``adafruit_framebuf``: the simulator's own tests draw text with it.)
"""

from micropython import const

MONO_VLSB = const(0)  # 8 rows to a byte, the lowest at the top: the SSD1306's pages


class FrameBuffer:
    """A ``width`` x ``height`` frame in ``buf``, 8 rows to a byte, page by page."""

    def __init__(self, buf: "memoryview", width: int, height: int, buf_format: int = MONO_VLSB) -> None:
        # buf_format: the driver passes MONO_VLSB, the one format drawn here.
        self.buf = buf
        self.width = width
        self.height = height

    def fill(self, color: int) -> None:
        """Every pixel lit (``color`` 1) or dark (0)."""
        value = 0xFF if color else 0
        buf = self.buf
        for i in range(len(buf)):
            buf[i] = value
