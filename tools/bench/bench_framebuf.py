"""``framebuf`` as CircuitPython has it: the pure-Python adafruit_framebuf.

MicroPython's unix port has a built-in C ``framebuf`` that would make every
drawing call far cheaper than on the Pico, where CircuitPython has no such
module and ``adafruit_ssd1306`` falls back to ``adafruit_framebuf``. A file
on the path cannot shadow a built-in module there, so ``install()`` puts this
module into ``sys.modules`` before the driver is imported.
"""

import sys

from adafruit_framebuf import *  # noqa: F401,F403  (re-exported as ``framebuf``)
from adafruit_framebuf import MVLSB, FrameBuffer

# The name MicroPython's driver branch asks for; the same format.
MONO_VLSB = MVLSB


def install():
    """Make ``import framebuf`` resolve to adafruit_framebuf; check it took."""
    sys.modules["framebuf"] = sys.modules[__name__]
    import adafruit_ssd1306
    if not issubclass(adafruit_ssd1306.SSD1306_I2C, FrameBuffer):
        raise RuntimeError("adafruit_ssd1306 is not drawing with adafruit_framebuf")
    return adafruit_ssd1306
