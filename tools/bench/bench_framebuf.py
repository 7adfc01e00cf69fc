"""``framebuf`` as CircuitPython has it: not at all.

MicroPython's unix port has a built-in C ``framebuf`` that would make every
drawing call far cheaper than on the Pico, where CircuitPython has no such
module and ``adafruit_ssd1306`` falls back to the pure-Python
``adafruit_framebuf``. A file on the path cannot shadow a built-in module,
so ``hide()`` puts a stand-in into ``sys.modules`` whose every attribute
raises ImportError: the driver's ``framebuf.MONO_VLSB`` then fails inside
its ``try`` and it takes the CircuitPython branch, as on the board.
"""

import sys


class _Missing:
    def __getattr__(self, name):
        raise ImportError("no module named 'framebuf' (as on CircuitPython)")


def hide():
    """Make ``framebuf`` unusable, as on CircuitPython."""
    if not isinstance(sys.modules.get("framebuf"), _Missing):
        sys.modules["framebuf"] = _Missing()


def install():
    """Hide ``framebuf``, import the driver; check it draws with adafruit_framebuf."""
    hide()
    import adafruit_framebuf
    import adafruit_ssd1306
    if not issubclass(adafruit_ssd1306.SSD1306_I2C, adafruit_framebuf.FrameBuffer):
        raise RuntimeError("adafruit_ssd1306 is not drawing with adafruit_framebuf")
    return adafruit_ssd1306
