"""Drawing into the frame (``ui.frame``: 128x64 pixels as 1024 bytes in the
SSD1306's page order). Text and big digits are copied in
as whole bytes, never pixel by pixel, which is what makes a redraw cheap on a
125 MHz RP2040 running interpreted bytecode. Only the chart on the game-over
screen sets single pixels.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from micropython import const

from ui.frame import FRAME, HEIGHT, WIDTH
from ui.font import BIG_PAGES, BIG_VIEW, BIG_W, GLYPH_OF, GLYPHS, SMALL, small_index
from ui.font import SUIT_BIG_W, SUITS_BIG
from ui.keys import N, S, W

_CHAR_W = const(6)  # 5 columns and a blank one
_BIG_CHAR_W = const(12)  # doubled glyph and gap
DIGIT_STEP = const(24)  # big digit and its gap

# Markers point at a seat key from the side of the picture it sits on, named
# as the keys are (ui.keys): N (top), E (right), S (bottom), W (left).
_MARK_SIZE = const(8)  # triangle 8 wide, 4 deep
_MARK_MID = const(32)  # y centre of the E/W markers
_MARK_X = const(60)  # x of the N/S markers

# A nibble with each bit doubled: the double-height text lookup.
_DOUBLE = bytes((0x00, 0x03, 0x0C, 0x0F, 0x30, 0x33, 0x3C, 0x3F,
                 0xC0, 0xC3, 0xCC, 0xCF, 0xF0, 0xF3, 0xFC, 0xFF))

# A page of blank and one lit to copy from; slices of the views copy
# nothing (a slice of the bytes would be a new object at each clear). Every
# redraw starts with a copy of the blank one into each page (a whole frame
# of it would hold 1 KiB of the heap for good, for a few copies less).
_BLANK = memoryview(bytes(WIDTH))
_LIT = memoryview(b"\xff" * WIDTH)


def clear(buf):
    blank = _BLANK
    for at in range(0, FRAME, WIDTH):
        buf[at:at + WIDTH] = blank


def clear_pages(buf, first, last):
    """Blank pages ``first..last`` (inclusive)."""
    clear_box(buf, 0, WIDTH, first, last)


def clear_box(buf, x0, x1, page0, page1):
    """Blank columns x0..x1-1 of pages page0..page1."""
    width = x1 - x0
    for page in range(page0, page1 + 1):
        at = page * WIDTH + x0
        buf[at:at + width] = _BLANK[0:width]


def text_width(text):
    return len(text) * _CHAR_W - 1 if text else 0


def text(buf, x, page, txt, inverse=False):
    """Small text with its top-left at (x, page); returns the x after it.

    ``txt`` is str or bytes; columns past the edges are dropped.
    ``inverse`` draws dark text on a lit bar (the menu's selection)."""
    if isinstance(txt, str):
        txt = txt.encode()
    end = x + len(txt) * _CHAR_W
    if not inverse and x >= 0 and end <= WIDTH + 1:
        # All of it on the screen (the usual case): one copy a character.
        at = page * WIDTH + x
        glyphs = GLYPHS
        glyph_of = GLYPH_OF
        for code in txt:
            buf[at:at + 5] = glyphs[glyph_of[code]]
            at += _CHAR_W
        return end
    base = page * WIDTH
    glyph_of = GLYPH_OF
    if inverse and 1 <= x < WIDTH:
        # The lit bar in one copy, up to the right edge, then each glyph's
        # five columns turned dark; a text too long for the line (the
        # menu's Undo entry with a long name) is cut at the edge.
        stop = min(end, WIDTH)
        at = base + x
        last = base + stop
        buf[at - 1:last] = _LIT[0:stop - x + 1]
        small = SMALL
        for code in txt:
            if at >= last:
                break
            glyph = glyph_of[code] * 5
            if at + 5 <= last:
                buf[at] = small[glyph] ^ 0xFF
                buf[at + 1] = small[glyph + 1] ^ 0xFF
                buf[at + 2] = small[glyph + 2] ^ 0xFF
                buf[at + 3] = small[glyph + 3] ^ 0xFF
                buf[at + 4] = small[glyph + 4] ^ 0xFF
            else:
                for col in range(last - at):
                    buf[at + col] = small[glyph + col] ^ 0xFF
            at += _CHAR_W
        return at - base
    flip = 0
    if inverse:
        fill(buf, x - 1, x + len(txt) * _CHAR_W, page)
        flip = 0xFF
    for code in txt:
        if x >= WIDTH:
            break
        glyph = small_index(code)
        if x >= 0 and x <= WIDTH - 5 and not flip:
            buf[base + x:base + x + 5] = GLYPHS[glyph // 5]
        else:
            for col in range(5):
                if 0 <= x + col < WIDTH:
                    buf[base + x + col] = SMALL[glyph + col] ^ flip
        x += _CHAR_W
    return x


def text_spaced(buf, x, page, txt, space):
    """Small text (bytes, all of it on the screen) whose spaces are ``space``
    columns wide, not a character's 6: words set closer than a space sets
    them, drawn in one call."""
    at = page * WIDTH + x
    glyphs = GLYPHS
    glyph_of = GLYPH_OF
    for code in txt:
        if code == 32:
            at += space
        else:
            buf[at:at + 5] = glyphs[glyph_of[code]]
            at += _CHAR_W


def number_width(value):
    """Columns ``value`` takes in small digits (``text_width(str(value))``)."""
    width = 5 if value >= 0 else 5 + _CHAR_W
    value = abs(value)
    while value >= 10:
        width += _CHAR_W
        value //= 10
    return width


def number(buf, x, page, value):
    """An int in small digits at (x, page), drawn as ``text(str(value))``
    draws it but without making the string (a press's screens are full of
    scores); returns the x after it."""
    if x < 0 or x + number_width(value) > WIDTH:
        return text(buf, x, page, str(value))
    at = page * WIDTH + x
    glyph_of = GLYPH_OF
    glyphs = GLYPHS
    if value < 0:
        buf[at:at + 5] = glyphs[glyph_of[45]]  # "-"
        at += _CHAR_W
        value = -value
    div = 1
    while div * 10 <= value:
        div *= 10
    while div:
        buf[at:at + 5] = glyphs[glyph_of[48 + value // div % 10]]
        at += _CHAR_W
        div //= 10
    return at - page * WIDTH


def text_center(buf, page, txt, left=0, right=WIDTH, inverse=False):
    """Small text centred between columns ``left`` and ``right``."""
    # The width worked out here, not by text_width: a call less a line (the
    # place of an empty text, which draws nothing, does not matter).
    return text(buf, left + (right - left - len(txt) * _CHAR_W + 1) // 2, page, txt, inverse)


def text_right(buf, right, page, txt, inverse=False):
    """Small text ending at column ``right`` - 1."""
    return text(buf, right + 1 - len(txt) * _CHAR_W, page, txt, inverse)


def text2_width(txt):
    return len(txt) * _BIG_CHAR_W - 2 if txt else 0


def text2(buf, x, page, txt, down=0):
    """Double-size text (10x14 glyphs) on pages ``page`` and ``page + 1``,
    ``down`` (0..2) rows below the top of the page; returns the x after it.
    Left of the screen, column pairs are dropped; at the right edge, the
    first glyph that does not fit ends the text."""
    if isinstance(txt, str):
        txt = txt.encode()
    top = page * WIDTH
    double = _DOUBLE
    glyph_of = GLYPH_OF
    small = SMALL
    for code in txt:
        if x + 10 > WIDTH:
            break
        glyph = glyph_of[code] * 5
        for column in range(glyph, glyph + 5):
            # A glyph column becomes two columns on both pages, each bit doubled
            # (the low nibble is the top of the glyph: bit 0 is the top row).
            byte = small[column]
            upper = double[byte & 15]
            lower = double[byte >> 4]
            if down:
                # The glyph's blank 8th row, doubled, is what moves out.
                lower = (lower << down | upper >> (8 - down)) & 0xFF
                upper = upper << down & 0xFF
            if x >= 0:
                at = top + x
                buf[at] = upper
                buf[at + 1] = upper
                buf[at + WIDTH] = lower
                buf[at + WIDTH + 1] = lower
            x += 2
        x += _BIG_CHAR_W - 10
    return x


def text2_center(buf, page, txt, down=0):
    return text2(buf, (WIDTH - text2_width(txt)) // 2, page, txt, down)


def label(buf, x, y, txt):
    """Dark small text on a lit bar 9 rows tall from pixel row ``y``: the
    glyphs (rows y+1..y+7) have a lit row above and below them, so the
    letters never open onto what is next to the bar. Leave a dark row above
    and below the bar. Returns the x after it."""
    if isinstance(txt, str):
        txt = txt.encode()
    # The bar's 9 rows always span two pages: the top one and, unless it
    # is the last, the next. A column of it is ``lit`` (9 bits) moved down
    # by ``shift``; its low byte goes to the top page, the rest below.
    shift = y & 7
    top = (y >> 3) * WIDTH
    lower = top + WIDTH < FRAME
    keep_top = ~(0x1FF << shift) & 0xFF
    keep_low = ~(0x1FF << shift >> 8) & 0xFF
    blank = 0x1FF << shift  # a lit column with no glyph in it
    glyph_of = GLYPH_OF
    small = SMALL
    col = x - 1  # the bar starts a column before the first glyph
    end = x + len(txt) * _CHAR_W
    if col >= 0 and end <= WIDTH:
        # All of it on the screen (the usual case): column by column with
        # no edge to check, each glyph's five, then the dark gap lit.
        at = top + col
        blank_top = blank & 0xFF
        blank_low = blank >> 8
        buf[at] = buf[at] & keep_top | blank_top
        if lower:
            buf[at + WIDTH] = buf[at + WIDTH] & keep_low | blank_low
        for code in txt:
            glyph = glyph_of[code] * 5
            for column in range(glyph, glyph + 5):
                at += 1
                lit = (0x1FF ^ small[column] << 1) << shift
                buf[at] = buf[at] & keep_top | lit & 0xFF
                if lower:
                    buf[at + WIDTH] = buf[at + WIDTH] & keep_low | lit >> 8
            at += 1
            buf[at] = buf[at] & keep_top | blank_top
            if lower:
                buf[at + WIDTH] = buf[at + WIDTH] & keep_low | blank_low
        return end
    for index in range(-1, len(txt)):
        glyph = glyph_of[txt[index]] * 5 if index >= 0 else -1
        for part in range(6 if index >= 0 else 1):
            if 0 <= col < WIDTH:
                lit = blank
                if 0 <= glyph and part < 5:
                    lit = (0x1FF ^ small[glyph + part] << 1) << shift
                at = top + col
                buf[at] = buf[at] & keep_top | lit & 0xFF
                if lower:
                    buf[at + WIDTH] = buf[at + WIDTH] & keep_low | lit >> 8
            col += 1
    return x + len(txt) * _CHAR_W


def label_center(buf, y, txt, left=0, right=WIDTH):
    return label(buf, left + (right - left - text_width(txt)) // 2, y, txt)


def big_digit(buf, x, page, digit):
    """A 20x40 seven-segment digit with its top-left at (x, page)."""
    start = digit * BIG_PAGES * BIG_W
    for p in range(BIG_PAGES):
        at = (page + p) * WIDTH + x
        buf[at:at + BIG_W] = BIG_VIEW[start:start + BIG_W]
        start += BIG_W


def big_number(buf, centre, page, value):
    """0..99 in big digits centred on column ``centre``."""
    if value >= 10:
        big_digit(buf, centre - DIGIT_STEP + 2, page, value // 10 % 10)
        big_digit(buf, centre + 2, page, value % 10)
    else:
        big_digit(buf, centre - BIG_W // 2, page, value)


def fill(buf, x0, x1, page, mask=0xFF):
    """OR ``mask`` into columns x0..x1-1 of one page."""
    at = page * WIDTH
    x0 = max(x0, 0)
    x1 = min(x1, WIDTH)
    if mask == 0xFF:
        if x1 > x0:
            buf[at + x0:at + x1] = _LIT[0:x1 - x0]
        return
    if not mask:
        return
    for x in range(x0, x1):
        buf[at + x] |= mask


def outline(buf, x0, x1, y0, y1, thick=1):
    """A rectangle's outline ``thick`` pixels wide, columns x0..x1-1, rows
    y0..y1, drawn over a cleared area (a message box). The top and bottom
    edges are copied in whole bytes, not ORed in pixel by pixel."""
    inner = x1 - x0 - 2 * thick
    for page in range(y0 >> 3, (y1 >> 3) + 1):
        first = page * 8
        # This page's rows of the edges and of the sides, as bit masks.
        side = 0xFF
        if first < y0:
            side &= 0xFF << (y0 - first)
        if first + 7 > y1:
            side &= 0xFF >> (first + 7 - y1)
        edge = side & ~(0xFF << (y0 + thick - first) if y0 + thick > first else 0xFF)
        edge |= side & (0xFF << (y1 - thick + 1 - first) if y1 - thick + 1 >= first else 0xFF)
        at = page * WIDTH
        if edge:
            buf[at + x0 + thick:at + x1 - thick] = bytes((edge,)) * inner
        for col in range(thick):
            buf[at + x0 + col] |= side
            buf[at + x1 - 1 - col] |= side


# A trick pip, 8 columns on two pages, 13 rows tall (the last three rows of
# the second page stay dark, for a label below): taken (solid) or still to play.
_PIP_SOLID = b"\xff" * 8
_PIP_SOLID_BOTTOM = b"\x1f" * 8
_PIP_OPEN_TOP = b"\xff" + b"\x01" * 6 + b"\xff"
_PIP_OPEN_BOTTOM = b"\x1f" + b"\x10" * 6 + b"\x1f"


_PIP_STEP = const(11)  # a pip and the gap after it


def pips(buf, x, page, taken, count):
    """A row of ``count`` trick pips 8 wide and 13 tall, 3 columns apart,
    from column x on pages page and page + 1: the first ``taken`` solid."""
    top = page * WIDTH + x
    for pip in range(count):
        bottom = top + WIDTH
        if pip < taken:
            buf[top:top + 8] = _PIP_SOLID
            buf[bottom:bottom + 8] = _PIP_SOLID_BOTTOM
        else:
            buf[top:top + 8] = _PIP_OPEN_TOP
            buf[bottom:bottom + 8] = _PIP_OPEN_BOTTOM
        top += _PIP_STEP


def hline(buf, x0, x1, y, step=1):
    """Pixels (x, y) for x in x0..x1-1, every ``step``-th."""
    at = (y >> 3) * WIDTH
    bit = 1 << (y & 7)
    for x in range(at + max(x0, 0), at + min(x1, WIDTH), step):
        buf[x] |= bit


def pixel(buf, x, y):
    if 0 <= x < WIDTH and 0 <= y < HEIGHT:
        buf[(y >> 3) * WIDTH + x] |= 1 << (y & 7)


def vspan(buf, x, y0, y1):
    """Pixels (x, y) for y from y0 to y1 inclusive, in either order."""
    if y0 > y1:
        y0, y1 = y1, y0
    for y in range(y0, y1 + 1):
        pixel(buf, x, y)


# The N and S markers as 8 column bytes (a triangle 8 wide, 4 deep), the
# E and W ones as 4 columns of a 16-row mask over pages 3 and 4.
_MARK_N_COLS = bytes((0x08, 0x0C, 0x0E, 0x0F, 0x0F, 0x0E, 0x0C, 0x08))
_MARK_S_COLS = bytes((0x10, 0x30, 0x70, 0xF0, 0xF0, 0x70, 0x30, 0x10))
_MARK_EW_ROWS = tuple(((1 << (2 * depth + 2)) - 1) << (_MARK_MID - 25 - depth)
                      for depth in range(4))


def marker(buf, side, shift=0):
    """A filled triangle at the screen edge pointing out at a seat key.

    ``shift`` moves it a pixel or two along its edge (burn-in protection)."""
    if side == N or side == S:
        cols = _MARK_N_COLS if side == N else _MARK_S_COLS
        at = (0 if side == N else 7 * WIDTH) + _MARK_X + shift
        for col in range(_MARK_SIZE):
            buf[at + col] |= cols[col]
    else:
        # Column ``depth`` from the edge: rows _MARK_MID - 1 - depth ..
        # _MARK_MID + depth, as a 16-row mask over pages 3 and 4.
        x = 3 * WIDTH if side == W else 4 * WIDTH - 1
        step = 1 if side == W else -1
        for mask in _MARK_EW_ROWS:
            mask <<= shift
            buf[x] |= mask & 0xFF
            buf[x + WIDTH] |= mask >> 8
            x += step


def wrap(message, widths):
    """Split a message into lines of at most ``widths[i]`` characters, as
    many lines as ``widths`` has; what does not fit is left out."""
    out = []
    line = ""
    for word in message.split():
        while True:
            width = widths[len(out)]
            if not line and len(word) > width:
                # A word longer than the line: cut it.
                out.append(word[:width])
                word = word[width:]
            elif not line:
                line = word
                break
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
                break
            else:
                out.append(line)
                line = ""
            if len(out) == len(widths):
                return out
    if line:
        out.append(line)
    return out


def suit(buf, x, page, index):
    """A large suit (font.SUITS_BIG; 0..3: spades, hearts, diamonds, clubs),
    15x15 with its top-left at (x, page) over pages ``page`` and ``page + 1``."""
    for half in (0, 1):
        at = (index * 2 + half) * SUIT_BIG_W
        start = (page + half) * WIDTH + x
        buf[start:start + SUIT_BIG_W] = SUITS_BIG[at:at + SUIT_BIG_W]
