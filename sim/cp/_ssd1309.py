"""A model of the SSD1309 OLED controller (128x64, the 2.42-inch modules) as
an I2C device: the SSD1306 model with what differs on this chip.

From the SSD1309 datasheet (rev 1.2): the same I2C protocol, GDDRAM and
addressing modes (horizontal, vertical, page; column and page windows
0x21/0x22) as the SSD1306, but

* no charge pump: the panel's VCC comes from the module's own boost
  converter, so the glass lights with display on (0xAF) alone. The chip has
  no 0x8D (charge pump) and no 0xAD (IREF) command: each is one unknown byte,
  recorded in ``unknown``, and the byte that follows it is decoded as a
  command of its own (the chip does not know it was meant as an argument);
* a command lock, 0xFD 0x16 (locked: every command but 0xFD is ignored)
  and 0xFD 0x12 (unlocked, the reset state);
* a RES pin. ``needs_reset``: the module's RES is wired to a GPIO and has no
  reset circuit of its own, so the chip does not answer on the bus until
  the firmware drives RES (``res(level)``, called by the virtual board when
  that pin changes): low holds it in reset (every register back to its
  reset value, the memory kept; no answer), high lets it run.

Plain classes only: this file also runs under the MicroPython unix port.
"""

from _ssd1306 import _ARGS, SSD1306

_ARGS_1309 = dict(_ARGS)
del _ARGS_1309[0x8D]
del _ARGS_1309[0xAD]
_ARGS_1309[0xFD] = 1  # command lock


class SSD1309(SSD1306):
    NAME = "SSD1309"
    ARGS = _ARGS_1309

    def __init__(self, needs_reset=False):
        # Held in reset until RES is pulsed, when the module needs it.
        self.in_reset = needs_reset
        self.res_low = needs_reset
        self.locked = False
        SSD1306.__init__(self)

    def reset(self):
        SSD1306.reset(self)
        self.locked = False

    def res(self, high):
        """The RES pin driven ``high`` (True) or low (False)."""
        if not high:
            self.res_low = True
            self.in_reset = True
            self.reset()  # every register back to its reset value; the memory stays
        elif self.res_low:
            self.res_low = False
            self.in_reset = False

    def answers(self):
        return not self.in_reset

    def _execute(self, cmd, args):
        if cmd == 0xFD:
            self.commands.append((cmd,) + tuple(args))
            if args[0] in (0x12, 0x16):
                self.locked = args[0] == 0x16
            else:
                self.unknown.append((0xFD00 | args[0], self.transactions))
            return
        if self.locked:
            return
        if cmd in (0x8D, 0xAD):
            self.unknown.append((cmd, self.transactions))
            return
        SSD1306._execute(self, cmd, args)

    def lit(self):
        return self.display_on
