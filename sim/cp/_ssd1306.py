"""A model of the SSD1306 OLED controller (128x64) as an I2C device.

It decodes what arrives on the wire the way the chip does (datasheet rev 1.1,
sections 8.1.5 and 10): each transaction is a series of control bytes, where
Co=1 (0x80 command, 0xC0 data) announces a single byte and Co=0 (0x00
commands, 0x40 data) says the rest of the transaction is of that kind.
Commands keep their state across transactions (a command byte and its
arguments may arrive one per transaction, as adafruit_ssd1306 sends them).
GDDRAM is 8 pages of 128 column bytes, bit 0 at the top of each page.

``pixel(x, y)`` is what the glass shows at column x (left) and row y (top)
when the module is mounted the way adafruit_ssd1306 assumes (segment remap
0xA1 and COM scan 0xC8 give the driver's picture upright). Applied: segment
remap, COM scan direction, multiplex ratio, display start line, display
offset, COM pin configuration (a sequential configuration on a 64-row panel
interleaves the rows, as on real modules), inverse, entire display on,
display on/off and the charge pump (with it off the panel stays dark).

GDDRAM after power-up: the datasheets give it no reset value, and a panel
lit before its memory is written shows random dots; the model fills it with
a fixed pseudo-random pattern (``power_up_ram``), so a picture that never
reaches part of the memory shows that part as noise, as the glass would.
``power_on`` is power applied (that memory and every register);
``reset`` is the registers alone, as the RES pin sets them.
Scrolling, fade and zoom are recorded, not animated. Commands the chip does
not have are kept in ``unknown`` as (byte, transaction number).

The SH1106 and SSD1309 models (``_sh1106.py``, ``_ssd1309.py``) are
subclasses that change what differs on their chips.

Plain classes only: this file also runs under the MicroPython unix port.
"""

WIDTH = 128
HEIGHT = 64
PAGES = 8

# Arguments that follow each multi-byte command.
_ARGS = {
    0x81: 1,  # contrast
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column window
    0x22: 2,  # page window
    0xA8: 1,  # multiplex ratio
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins configuration
    0xDB: 1,  # VCOMH deselect level
    0x8D: 1,  # charge pump
    0xAD: 1,  # internal IREF (sent by adafruit_ssd1306)
    0x26: 6,  # horizontal scroll right
    0x27: 6,  # horizontal scroll left
    0x29: 5,  # vertical and right scroll
    0x2A: 5,  # vertical and left scroll
    0xA3: 2,  # vertical scroll area
    0x23: 1,  # fade out / blinking
    0xD6: 1,  # zoom in
}

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


def power_up_ram(size, seed=0x2545F491):
    """``size`` bytes of what a display memory holds at power-up: random
    dots, about half of them lit (xorshift32 from ``seed``: the same every
    time, so pictures and tests repeat)."""
    ram = bytearray(size)
    state = seed
    for i in range(size):
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        ram[i] = state & 0xFF
    return ram


class SSD1306:
    NAME = "SSD1306"
    RAM_WIDTH = WIDTH  # columns of GDDRAM per page
    ARGS = _ARGS  # argument bytes of each multi-byte command

    def __init__(self):
        self.transactions = 0
        self.bytes = 0  # every byte received after the address, control bytes included
        self.command_bytes = 0
        self.data_bytes = 0
        self.unknown = []
        self.commands = []  # the last commands with their arguments, newest last
        self.version = 0  # changes whenever the picture may have changed
        self.power_on()

    def power_on(self):
        """The chip's state after power is applied: its memory as it comes
        up (``power_up_ram``), its registers at their reset values."""
        self.ram = power_up_ram(self.RAM_WIDTH * PAGES)
        self.reset()

    def reset(self):
        """Every register at its datasheet reset value; the memory is kept."""
        self.display_on = False
        self.contrast = 0x7F
        self.entire_on = False
        self.inverted = False
        self.mode = PAGE
        self.col_start = 0
        self.col_end = WIDTH - 1
        self.page_start = 0
        self.page_end = PAGES - 1
        self.col = 0
        self.page = 0
        self.page_mode_col = 0
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.com_pins = 0x12
        self.charge_pump = False
        self.clock_div = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.scrolling = False
        self._pending = None  # [command, args so far, args needed]
        self.version += 1

    # --- the I2C device interface (sim/cp/_vboard.Bus) ---
    def answers(self):
        """Whether the chip acknowledges its address (a chip held in reset does not)."""
        return True

    def res(self, high):
        """A RES pin driven high or low: these modules have none (see _ssd1309)."""

    def i2c_write(self, data, start, end):
        self.transactions += 1
        self.bytes += end - start
        i = start
        while i < end:
            control = data[i]
            i += 1
            if control & 0x3F:
                self.unknown.append((0x100 | control, self.transactions))
            is_data = control & 0x40
            if control & 0x80:  # Co=1: one byte, then another control byte
                if i >= end:
                    break
                if is_data:
                    self._data(data, i, i + 1)
                else:
                    self._command(data[i])
                i += 1
            else:
                if is_data:
                    self._data(data, i, end)
                else:
                    while i < end:
                        self._command(data[i])
                        i += 1
                break
        self.version += 1

    def i2c_read(self, nbytes):
        # The status byte: bit 6 is set while the display is off.
        status = 0x40 if not self.display_on else 0x00
        return bytes([status] * nbytes)

    # --- GDDRAM writes ---
    def _data(self, data, start, end):
        self.data_bytes += end - start
        ram = self.ram
        for i in range(start, end):
            ram[self.page * WIDTH + self.col] = data[i]
            self._advance()

    def _advance(self):
        mode = self.mode
        if mode == HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif mode == VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:
            # Page mode: the column wraps to the start column; the page stays.
            self.col = self.page_mode_col if self.col >= WIDTH - 1 else self.col + 1

    # --- commands ---
    def _command(self, byte):
        self.command_bytes += 1
        pending = self._pending
        if pending is not None:
            pending[1].append(byte)
            if len(pending[1]) == pending[2]:
                self._pending = None
                self._execute(pending[0], pending[1])
            return
        needed = self.ARGS.get(byte)
        if needed:
            self._pending = [byte, [], needed]
            return
        self._execute(byte, ())

    def _execute(self, cmd, args):
        log = self.commands
        log.append((cmd,) + tuple(args))
        if len(log) > 64:
            del log[:32]
        if cmd < 0x10:
            self.page_mode_col = (self.page_mode_col & 0xF0) | cmd
            if self.mode == PAGE:
                self.col = self.page_mode_col
        elif cmd < 0x20:
            self.page_mode_col = (self.page_mode_col & 0x0F) | ((cmd & 0x07) << 4)
            if self.mode == PAGE:
                self.col = self.page_mode_col
        elif cmd == 0x20:
            if args[0] & 0x03 == 3:
                self.unknown.append((0x2000 | args[0], self.transactions))
            else:
                self.mode = args[0] & 0x03
        elif cmd == 0x21:
            self.col_start = args[0] & 0x7F
            self.col_end = args[1] & 0x7F
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start = args[0] & 0x07
            self.page_end = args[1] & 0x07
            self.page = self.page_start
        elif cmd in (0x26, 0x27, 0x29, 0x2A, 0xA3, 0x23, 0xD6, 0xE3):
            pass  # scroll setup, fade, zoom, NOP: recorded in `commands`
        elif cmd == 0x2E:
            self.scrolling = False
        elif cmd == 0x2F:
            self.scrolling = True
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd & 0x3F
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA6, 0xA7):
            self.inverted = cmd == 0xA7
        elif cmd == 0xA8:
            if args[0] & 0x3F < 15:
                self.unknown.append((0xA800 | args[0], self.transactions))
            else:
                self.mux = args[0] & 0x3F
        elif cmd == 0xAD:
            pass
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif 0xB0 <= cmd <= 0xB7:
            if self.mode == PAGE:
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
        else:
            self.unknown.append((cmd, self.transactions))

    # --- what the glass shows ---
    def lit(self):
        """Whether the panel is driven at all (display on, charge pump running)."""
        return self.display_on and self.charge_pump

    def ram_column(self, x):
        """The GDDRAM column shown at glass column ``x`` (0 = left)."""
        return x if self.seg_remap else WIDTH - 1 - x

    def ram_row(self, y):
        """The GDDRAM row shown on glass row ``y``, or -1 when that row is dark."""
        line = HEIGHT - 1 - y  # physical COM line; COM0 is at the bottom edge
        if not self.com_pins & 0x10:
            # Sequential COM pins on a panel wired for the alternative layout.
            half = line >> 1
            line = half if (line & 1) == ((self.com_pins >> 5) & 1) else half + 32
        rows = self.mux + 1
        if line >= rows:
            return -1
        scan = rows - 1 - line if self.com_remap else line
        return (scan + self.offset + self.start_line) % HEIGHT

    def pixel(self, x, y):
        if not self.lit():
            return 0
        if self.entire_on:
            return 1
        row = self.ram_row(y)
        if row < 0:
            value = 0
        else:
            value = (self.ram[(row >> 3) * self.RAM_WIDTH + self.ram_column(x)] >> (row & 7)) & 1
        return value ^ 1 if self.inverted else value

    def frame(self):
        """The glass as 64 rows of 128 bytes (1 = lit), row-major."""
        out = bytearray(WIDTH * HEIGHT)
        if not self.lit():
            return out
        ram = self.ram
        invert = 1 if self.inverted else 0
        columns = [self.ram_column(x) for x in range(WIDTH)]
        for y in range(HEIGHT):
            base = y * WIDTH
            if self.entire_on:
                for x in range(WIDTH):
                    out[base + x] = 1
                continue
            row = self.ram_row(y)
            if row < 0:
                if invert:
                    for x in range(WIDTH):
                        out[base + x] = 1
                continue
            page = (row >> 3) * self.RAM_WIDTH
            bit = row & 7
            for x in range(WIDTH):
                out[base + x] = ((ram[page + columns[x]] >> bit) & 1) ^ invert
        return out

    def unknown_text(self):
        """The commands the chip does not have, for a report: "" when none."""
        if not self.unknown:
            return ""
        shown = ", ".join("0x%02X (transaction %d)" % (code, n) for code, n in self.unknown[:8])
        more = " and %d more" % (len(self.unknown) - 8) if len(self.unknown) > 8 else ""
        return self.NAME + ": unknown command bytes " + shown + more

    def counters(self):
        return {"transactions": self.transactions, "bytes": self.bytes,
                "command_bytes": self.command_bytes, "data_bytes": self.data_bytes}
