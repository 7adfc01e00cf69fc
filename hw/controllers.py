"""The OLED controllers that differ from the SSD1306, as data: what
``hw.display.Display`` (the SSD1306) takes from each to drive it instead.
Loaded only by a box built with one (``EUCHRE_DISPLAY``): an SSD1306 box
never holds these rows.

A row: ``(SETUP, PAGED, COLUMN_OFFSET)``: its set-up commands, sent in one
transaction (control byte 0x00: a stream of commands) with the glass left
off; whether it has page addressing only; the RAM column of the panel's
first column.
"""

from ui.frame import HEIGHT

# The SSD1309 (2.42-inch modules): SSD1306 commands without a charge pump
# (the module's own converter feeds the panel), so without 0x8D and 0xAD,
# which the chip does not have (SSD1309 datasheet). Column and page windows,
# as the SSD1306.
SSD1309 = (bytes((
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
)), False, 0)

# The SH1106 (1.3-inch modules): page addressing only, the panel on RAM
# columns 2..129 of 132, and the DC-DC converter on with 0xAD 0x8B (SH1106
# datasheet).
SH1106 = (bytes((
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
)), True, 2)

# By the name ``EUCHRE_DISPLAY`` gives each.
CHIPS = {"ssd1309": SSD1309, "sh1106": SH1106}
