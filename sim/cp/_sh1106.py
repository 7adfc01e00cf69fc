"""A model of the SH1106 OLED controller (the 1.3-inch 128x64 modules) as an
I2C device.

From the SH1106 datasheet (Sino Wealth, V2.3): the I2C protocol is the
SSD1306's (control bytes 0x80/0xC0 for one byte, 0x00/0x40 for the rest of
the transaction), but

* the display RAM is 132 columns by 8 pages, and the 128-column panel of
  these modules shows columns 2..129: with the segment remap (0xA1, the
  picture upright) glass column x is RAM column x + 2, without it 129 - x;
* page addressing only: a page is written after 0xB0|page and the column's
  low and high nibbles (0x00|lo, 0x10|hi); each data byte moves the column
  on by one, up to 131, where it stays; the page never changes by itself;
* no 0x20 (addressing mode), 0x21/0x22 (column and page windows), 0x8D
  (charge pump) or scrolling: such a byte is unknown (recorded in
  ``unknown``, nothing done) and the bytes meant as its arguments are
  decoded as commands of their own, as the chip does (0x21 0x00 0x7F sets
  the column's low nibble to 0 and the display start line to 63);
* the DC-DC converter (the charge pump's counterpart) is 0xAD then 0x8A
  (off) or 0x8B (on, the reset state); 0x30..0x33 set the pump voltage;
  0xE0/0xEE are read-modify-write and its end (the column returns).

Plain classes only: this file also runs under the MicroPython unix port.
"""

from _ssd1306 import SSD1306

RAM_WIDTH = 132
OFFSET = 2  # RAM column of the panel's first segment

_ARGS = {
    0x81: 1,  # contrast
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # DC-DC on/off
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD9: 1,  # discharge / pre-charge period
    0xDA: 1,  # COM pins configuration
    0xDB: 1,  # VCOM deselect level
}


class SH1106(SSD1306):
    NAME = "SH1106"
    RAM_WIDTH = RAM_WIDTH
    ARGS = _ARGS

    def reset(self):
        SSD1306.reset(self)
        self.dc_dc = True  # 0x8B at reset
        self.pump_voltage = 2
        self.rmw_col = -1  # the column read-modify-write returns to, -1 when off

    def _data(self, data, start, end):
        self.data_bytes += end - start
        ram = self.ram
        base = self.page * RAM_WIDTH
        col = self.col
        for i in range(start, end):
            ram[base + col] = data[i]
            if col < RAM_WIDTH - 1:
                col += 1
        self.col = col

    def _execute(self, cmd, args):
        log = self.commands
        log.append((cmd,) + tuple(args))
        if len(log) > 64:
            del log[:32]
        if cmd < 0x10:
            self.col = (self.col & 0xF0) | cmd
        elif cmd < 0x20:
            self.col = ((cmd & 0x0F) << 4) | (self.col & 0x0F)
            if self.col >= RAM_WIDTH:
                self.unknown.append((cmd, self.transactions))
                self.col = RAM_WIDTH - 1
        elif 0x30 <= cmd <= 0x33:
            self.pump_voltage = cmd & 0x03
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd & 0x3F
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA6, 0xA7):
            self.inverted = cmd == 0xA7
        elif cmd == 0xA8:
            if args[0] & 0x3F < 1:
                self.unknown.append((0xA800 | args[0], self.transactions))
            else:
                self.mux = args[0] & 0x3F
        elif cmd == 0xAD:
            if args[0] & 0xFE == 0x8A:
                self.dc_dc = bool(args[0] & 1)
            else:
                self.unknown.append((0xAD00 | args[0], self.transactions))
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 0x07
        elif cmd & 0xF0 == 0xC0:
            self.com_remap = bool(cmd & 0x08)
        elif cmd == 0xD3:
            self.offset = args[0] & 0x3F
        elif cmd == 0xD5:
            self.clock_div = args[0]
        elif cmd == 0xD9:
            self.precharge = args[0]
        elif cmd == 0xDA:
            self.com_pins = args[0]
        elif cmd == 0xDB:
            self.vcomh = args[0]
        elif cmd == 0xE0:
            self.rmw_col = self.col
        elif cmd == 0xEE:
            if self.rmw_col >= 0:
                self.col = self.rmw_col
            self.rmw_col = -1
        elif cmd == 0xE3:
            pass  # NOP
        else:
            self.unknown.append((cmd, self.transactions))

    def lit(self):
        """The glass is driven with display on and the DC-DC converter on."""
        return self.display_on and self.dc_dc

    def ram_column(self, x):
        return x + OFFSET if self.seg_remap else RAM_WIDTH - 1 - OFFSET - x

