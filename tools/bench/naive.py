"""The yardstick: a naive scorekeeper that redraws the whole screen at every press.

Each press changes a little state, clears the buffer, draws the screen with
``adafruit_framebuf``'s primitives (``text`` with the library's
``font5x8.bin``, the one the bundle ships; capitals, as the table writes
names; ``fill_rect`` for big digits and pips) and sends the whole frame with
the driver's ``show()``, on the same stand-in bus as the firmware. ``score_screen`` is the redraw whose 110 ms were measured on the board
(fill, two lines of text, four 16x32 seven-segment digits by ``fill_rect``,
``show``): its count turns instructions into Pico milliseconds. Runs under
MicroPython (``run.py naive``); each press is a marked pass, named by a
``NAIVE label`` line after its ``PASS`` line.
"""

import standins

# Seven segments of a 16x32 digit as (x, y, w, h), stroke 3 pixels: a b c d e f g.
SEGMENTS = ((2, 0, 12, 3), (13, 2, 3, 14), (13, 16, 3, 14), (2, 29, 12, 3),
            (0, 16, 3, 14), (0, 2, 3, 14), (2, 14, 12, 3))
DIGITS = (0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F)
SEATS = ("NORTH", "EAST", "SOUTH", "WEST")
TEAMS = ("N-S", "E-W")
MENU = ("UNDO", "RENEGE", "ADJUST SCORE", "SET DEALER", "RULES", "STATS",
        "HISTORY", "DISPLAY", "EXPORT", "NEW GAME", "RESET MATCH")


class Table:
    scores = [0, 0]
    tricks = [0, 0]
    dealer = 0
    caller = 0
    leader = 0
    item = 0


def digit(fb, value, x, y):
    for seg in range(7):
        if DIGITS[value] >> seg & 1:
            sx, sy, w, h = SEGMENTS[seg]
            fb.fill_rect(x + sx, y + sy, w, h, 1)


def score_screen(fb, t):
    fb.fill(0)
    fb.text(TEAMS[0] + "  TO 10  " + TEAMS[1], 0, 0, 1)
    fb.text("DEALER " + SEATS[t.dealer], 0, 56, 1)
    for team in (0, 1):
        x = 4 if team == 0 else 76
        digit(fb, t.scores[team] // 10 % 10, x, 16)
        digit(fb, t.scores[team] % 10, x + 24, 16)
    fb.show()


def hand_screen(fb, t):
    fb.fill(0)
    fb.text("MAKERS " + TEAMS[t.caller % 2] + " " + SEATS[t.caller], 0, 0, 1)
    for team in (0, 1):
        x = 0 if team == 0 else 72
        fb.text(TEAMS[team], x, 22, 1)
        for pip in range(t.tricks[team]):
            fb.fill_rect(x + pip * 10, 34, 7, 7, 1)
    fb.text("LEAD " + SEATS[t.leader], 0, 56, 1)
    fb.show()


def menu_screen(fb, t):
    fb.fill(0)
    fb.text("MENU", 0, 0, 1)
    y = 10
    for index in range(max(0, t.item - 5), min(max(0, t.item - 5) + 6, len(MENU))):
        if index == t.item:
            fb.fill_rect(0, y - 1, 128, 9, 1)
        fb.text(MENU[index], 2, y, 0 if index == t.item else 1)
        y += 9
    fb.show()


def call(t):
    t.caller = (t.dealer + 1) % 4
    t.leader = (t.dealer + 1) % 4
    t.tricks = [0, 0]


def trick(t, seat):
    t.tricks[seat % 2] += 1
    t.leader = seat


def score(t):
    makers = t.caller % 2
    won = t.tricks[makers] >= 3
    t.scores[makers if won else 1 - makers] += 1 if won else 2
    t.dealer = (t.dealer + 1) % 4


def misdeal(t):
    t.dealer = (t.dealer + 1) % 4


def move(t):
    t.item = (t.item + 1) % len(MENU)


def presses():
    """(label, state change, screen) of each press, in the order of ``plan.each_kind``."""
    out = [("calibrate", None, score_screen)] * 4
    for _ in range(3):
        out.append(("call", call, hand_screen))
        out += [("trick", lambda t, s=seat: trick(t, s), hand_screen) for seat in (1, 2, 3, 2)]
        out.append(("score", lambda t: (trick(t, 0), score(t)), score_screen))
    out += [("misdeal", misdeal, score_screen)] * 4
    out += [("menu", move, menu_screen)] * 6
    return out


def main():
    import adafruit_ssd1306
    import busio
    display = adafruit_ssd1306.SSD1306_I2C(128, 64, busio.I2C("GP5", "GP4", frequency=400000),
                                           addr=0x3C)
    table = Table()
    standins.S.marking = True
    for label, change, screen in presses():
        standins.begin_pass()
        if change is not None:
            change(table)
        screen(display, table)
        standins.end_pass()
        print("NAIVE", label)
