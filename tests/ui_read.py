"""Reading a rendered 1024-byte SSD1306 frame back into text, big digits,
markers and pips with the font tables (not with the renderer), and driving a
``Table`` with timed presses: the helpers of the ui_cases_* modules (no cases
here). Runs on CPython and MicroPython."""

from euchre_core import Game, Rules
from ui import prefs, restore, screen
from ui.font import BIG, BIG_PAGES, BIG_W, SMALL, small_index
from ui.keys import E, N, OK, S, W  # noqa: F401 (for the cases)
from ui.table import Table

_DOUBLE = (0x00, 0x03, 0x0C, 0x0F, 0x30, 0x33, 0x3C, 0x3F,
           0xC0, 0xC3, 0xCC, 0xCF, 0xF0, 0xF3, 0xFC, 0xFF)


def frame(table):
    """A fresh frame with everything the table shows now."""
    buf = bytearray(1024)
    table.render(buf)
    return buf


def redraw(table, buf):
    """``table.render(buf)``, then a mask of the pages that look different
    now (bit p = page p): what a display would have to send."""
    before = bytes(buf)
    table.render(buf)
    changed = 0
    for page in range(8):
        if buf[page * 128:(page + 1) * 128] != before[page * 128:(page + 1) * 128]:
            changed |= 1 << page
    return changed


def changed_columns(before, after, page):
    """(first, last + 1) of the columns of ``page`` that differ, or None."""
    first = -1
    last = -1
    for x in range(128):
        if before[page * 128 + x] != after[page * 128 + x]:
            if first < 0:
                first = x
            last = x
    return None if first < 0 else (first, last + 1)


def page_bytes(buf, page):
    return bytes(buf[page * 128:(page + 1) * 128])


def small_bytes(text, inverse=False):
    """The byte columns of small text as it appears on a page."""
    out = bytearray()
    for char in text:
        glyph = small_index(ord(char))
        for col in range(5):
            out.append(SMALL[glyph + col] ^ (0xFF if inverse else 0))
        out.append(0xFF if inverse else 0)
    return bytes(out[:-1])


def find_text(buf, page, text, inverse=False):
    """Column where ``text`` starts on ``page``, or -1."""
    return page_bytes(buf, page).find(small_bytes(text, inverse))


def find_text2(buf, page, text, down=0):
    """Column where double-size ``text`` starts on pages page, page + 1
    (``down`` rows below the page's top), or -1."""
    top = bytearray()
    bottom = bytearray()
    for char in text:
        glyph = small_index(ord(char))
        for col in range(5):
            byte = SMALL[glyph + col]
            column = (_DOUBLE[byte & 15] | _DOUBLE[byte >> 4] << 8) << down
            for _ in range(2):
                top.append(column & 0xFF)
                bottom.append(column >> 8 & 0xFF)
        top.extend(b"\0\0")
        bottom.extend(b"\0\0")
    # The rows above ``down`` belong to whatever is drawn above the text.
    mask = 0xFF & ~((1 << down) - 1)
    upper = bytes(byte & mask for byte in page_bytes(buf, page))
    at = upper.find(bytes(top[:-2]))
    if at < 0 or page_bytes(buf, page + 1)[at:at + len(bottom) - 2] != bytes(bottom[:-2]):
        return -1
    return at


def _rows(buf, x, y):
    """The 9 pixel rows y..y+8 of column x, as bits (row y is bit 0)."""
    page = y >> 3
    bits = buf[page * 128 + x] | buf[page * 128 + 128 + x] << 8
    if page < 6:
        bits |= buf[page * 128 + 256 + x] << 16
    return bits >> (y & 7) & 0x1FF


def find_label(buf, text):
    """(x, y) where ``screen.label`` drew ``text`` (its bar's top row y,
    the first glyph at column x), or None."""
    want = []
    for char in text:
        glyph = small_index(ord(char))
        for col in range(5):
            want.append(0x1FF ^ (SMALL[glyph + col] << 1))
        want.append(0x1FF)
    want.pop()
    for y in range(56):
        for x in range(1, 129 - len(want)):
            at = 0
            while at < len(want) and _rows(buf, x + at, y) == want[at]:
                at += 1
            if at == len(want):
                return x, y
    return None


def text_at(buf, x, page, count):
    """Decode ``count`` small characters starting at column ``x``."""
    out = ""
    for i in range(count):
        at = page * 128 + x + i * 6
        cols = bytes(buf[at:at + 5])
        char = "?"
        for code in range(32, 96):
            glyph = small_index(code)
            if SMALL[glyph:glyph + 5] == cols:
                char = chr(code)
                break
        out += char
    return out


def _digit_at(buf, x, page):
    for digit in range(10):
        match = True
        for p in range(BIG_PAGES):
            src = (digit * BIG_PAGES + p) * BIG_W
            at = (page + p) * 128 + x
            if bytes(buf[at:at + BIG_W]) != BIG[src:src + BIG_W]:
                match = False
                break
        if match:
            return digit
    return None


def read_big(buf, left, right, page=1):
    """The number written in big digits between columns left..right-1, or None."""
    value = None
    x = left
    while x <= right - BIG_W:
        digit = _digit_at(buf, x, page)
        if digit is None:
            x += 1
            continue
        value = digit if value is None else value * 10 + digit
        x += BIG_W
    return value


def read_score(buf):
    """(N-S, E-W) as the big digits of the score screen show them."""
    return read_big(buf, 0, 64), read_big(buf, 64, 128)


def tally(t):
    """The match tally as the score screen's bottom line says it, or None."""
    buf = frame(t)
    at = find_text(buf, 7, "MATCH ")
    if at < 0:
        return None
    won = text_at(buf, at + 36, 7, 3).split("-")
    return int(won[0]), int(won[1])


_SHAPES = {}  # (side, shift) -> ((byte index, bits), ...)


def _shape(side, shift):
    key = side * 4 + shift
    if key not in _SHAPES:
        scratch = bytearray(1024)
        screen.marker(scratch, side, shift)
        _SHAPES[key] = tuple((i, scratch[i]) for i in range(1024) if scratch[i])
    return _SHAPES[key]


def has_marker(buf, side):
    """True if the edge marker for seat ``side`` is drawn (any shift)."""
    for shift in (0, 1, 2):
        found = True
        for at, bits in _shape(side, shift):
            if buf[at] & bits != bits:
                found = False
                break
        if found:
            return True
    return False


def markers(buf):
    """The seats whose edge markers are drawn."""
    return [side for side in range(4) if has_marker(buf, side)]


def pips(buf):
    """Filled trick pips of (N-S, E-W) on the hand screen (rows 16..28)."""
    counts = []
    for left in (6, 70):
        count = 0
        for pip in range(5):
            x = left + pip * 11
            solid = True
            for page, rows in ((2, 0xFF), (3, 0x1F)):
                for col in range(x, x + 8):
                    if buf[page * 128 + col] & rows != rows:
                        solid = False
            if solid:
                count += 1
        counts.append(count)
    return counts[0], counts[1]


class Clock:
    def __init__(self, start=0):
        self.now = start

    def step(self, ms):
        self.now = (self.now + ms) & ((1 << 29) - 1)
        return self.now


def table(rules=None, dealer=0, **kwargs):
    game = Game(rules or Rules(), dealer=dealer)
    return Table(rules or Rules(), names=("Ann", "Bob", "Cat", "Dan"),
                 teams=("Us", "Them"), game=game, **kwargs)


def press(t, clock, key, long=False):
    """A press, then the loop's passes until the next one: a pass at least,
    and as many as a running Export needs to print its last line (one line
    a pass: it ends long before a finger presses again)."""
    t.press(key, long, clock.step(700))
    t.tick(clock.step(10))
    while t.hooks.export is not None:
        t.tick(clock.step(1))


def settle(t, clock):
    """Let banners and messages run out."""
    for _ in range(5):
        t.tick(clock.step(1000))




def power_cut(t, **kwargs):
    """The table as the firmware starts again from what ``t`` saved (as
    firmware.house_rules.resume does): the game's first deal, the preferences
    restored, the actions replayed, the game handed over with what Undo of
    New game brings back, then the questions it left unanswered."""
    again = table(t.game.rules, dealer=t.game.start_dealer, **kwargs)
    prefs.load(again, t.prefs_bytes())
    game = again.game
    game.extend(t.game.codes)
    again.replace_game(game, t.previous, again.tally)
    restore.resumed(again)
    return again


def choose(t, clock, item, down=0):
    """Long OK, down to ``item`` (a ui.menu ITEM_*), choose it, then
    ``down`` rows further."""
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(item)):
        press(t, clock, S)
    press(t, clock, OK)
    for _ in range(down):
        press(t, clock, S)


_KEYS = {"N": N, "E": E, "S": S, "W": W, "OK": OK}


def play(t, clock, keys):
    """Presses as words: N E S W OK, a trailing * for a long press, ~ to let
    banners and messages run out."""
    for word in keys.split():
        if word == "~":
            settle(t, clock)
        else:
            long = word.endswith("*")
            press(t, clock, _KEYS[word[:-1] if long else word], long)
    return t


def said(t, clock, keys):
    """What the table says after ``keys``."""
    play(t, clock, keys)
    return t.message


# New game and Reset match: the 3rd and 4th entries from the menu's bottom.
NEW_GAME = "OK* N N OK"
RESET = "OK* N OK"
