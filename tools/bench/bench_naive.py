"""The naive way to draw each screen, the yardstick for the firmware's renderer.

Every naive redraw clears the whole buffer, draws the screen with
adafruit_framebuf primitives (``text`` through ``font5x8.bin``, ``fill_rect``
for big digits and pips) and sends the whole frame with the driver's
``show()``. ``score_screen`` is exactly the redraw the SPEC's 110 ms figure
was measured on (fill, two lines of text, four 16x32 seven-segment digits by
``fill_rect``, ``show``), so it also calibrates instructions to milliseconds.

Runs on MicroPython (the benchmark) and CPython (the smoke test).
"""

# Seven segments of a 16x32 digit as (x, y, w, h); stroke 3 pixels.
_SEGMENTS = (
    (2, 0, 12, 3),    # a top
    (13, 2, 3, 14),   # b upper right
    (13, 16, 3, 14),  # c lower right
    (2, 29, 12, 3),   # d bottom
    (0, 16, 3, 14),   # e lower left
    (0, 2, 3, 14),    # f upper left
    (2, 14, 12, 3),   # g middle
)
_DIGIT_SEGMENTS = (0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F)
_SEATS = "NESW"
_TEAMS = ("N-S", "E-W")


def digit(fb, value, x, y):
    lit = _DIGIT_SEGMENTS[value]
    for seg in range(7):
        if lit >> seg & 1:
            sx, sy, w, h = _SEGMENTS[seg]
            fb.fill_rect(x + sx, y + sy, w, h, 1)


def score_screen(fb, game, names, target=10):
    """Scores in big digits, team names and target, dealer: the calibration frame."""
    fb.fill(0)
    scores = game.scores
    fb.text(_TEAMS[0] + "  TO " + str(target) + "  " + _TEAMS[1], 0, 0, 1)
    fb.text("DEALER " + names[game.dealer], 0, 56, 1)
    for team in (0, 1):
        points = scores[team] % 100
        x = 4 if team == 0 else 76
        digit(fb, points // 10, x, 16)
        digit(fb, points % 10, x + 24, 16)
    fb.show()


def hand_screen(fb, game, names):
    """Makers, caller, alone marks, tricks as pips, the leader."""
    fb.fill(0)
    makers = game.makers
    caller = game.caller
    line = "MAKERS " + _TEAMS[makers] + " " + names[caller]
    if game.lone_seat is not None:
        line += " ALONE"
    fb.text(line, 0, 0, 1)
    if game.lone_defender is not None:
        fb.text("DEF ALONE " + names[game.lone_defender], 0, 10, 1)
    tricks = game.tricks
    for team in (0, 1):
        fb.text(_TEAMS[team], 0 if team == 0 else 72, 22, 1)
        for pip in range(tricks[team]):
            fb.fill_rect((0 if team == 0 else 72) + pip * 10, 34, 7, 7, 1)
    leader = game.leader
    if leader is not None:
        fb.text("LEAD " + names[leader], 0, 56, 1)
    fb.show()


def menu_screen(fb, items, selected, first=0, lines=6):
    """A list of items, the selected one inverted."""
    fb.fill(0)
    fb.text("MENU", 0, 0, 1)
    y = 10
    for index in range(first, min(first + lines, len(items))):
        if index == selected:
            fb.fill_rect(0, y - 1, 128, 9, 1)
            fb.text(items[index], 2, y, 0)
        else:
            fb.text(items[index], 2, y, 1)
        y += 9
    fb.show()


MENU_ITEMS = ("UNDO", "RENEGE", "ADJUST SCORE", "SET DEALER", "RULES", "STATS",
              "HISTORY", "DISPLAY", "EXPORT", "NEW GAME", "RESET MATCH")


def font_file(small, small_first, small_count, small_w):
    """A font5x8.bin (2-byte header, 256 glyphs of 5 column bytes) made from
    the product's own 5x7 font, so the naive path draws the same glyphs
    without committing Adafruit's font file. Lower case maps to upper case."""
    data = bytearray(2 + 256 * small_w)
    data[0] = small_w
    data[1] = 8
    for code in range(256):
        glyph = code - 32 if 97 <= code <= 122 else code
        if not small_first <= glyph < small_first + small_count:
            continue
        src = (glyph - small_first) * small_w
        data[2 + code * small_w:2 + (code + 1) * small_w] = small[src:src + small_w]
    return bytes(data)
