"""The frame: what the table draws and the display sends, 1024 bytes for
128x64 pixels in the SSD1306's page order, and how bright and how long the
display shows it unless the players choose otherwise.

Byte ``page * WIDTH + x`` holds rows ``page * 8 .. page * 8 + 7`` of column
``x``, bit 0 at the top: the layout of the SSD1306's memory and of the
``adafruit_ssd1306`` driver's buffer. The drawing (``ui.screen``) and the
display adapters (``hw.display``) both take it from here.
"""

from micropython import const

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
FRAME = const(1024)
ALL_PAGES = const(0xFF)  # a mask of pages, one bit each: every page

# The display's preferences a table starts with (settings.toml's defaults
# are these too): the contrast (1..255; lower spares the OLED) and the quiet
# seconds before the display goes dark (0: never).
CONTRAST = const(207)
SLEEP_S = const(300)
