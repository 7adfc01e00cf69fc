"""The list page, as the menu, Rules and Display, History and Stats draw it:
a title bar, rows of a label and a value, a cursor or scrolling, and the
key that goes back. Held with the menu, which each of those screens
holds (``ui.registry.hold``): play never draws a list."""

from micropython import const

from ui import screen
from ui.keys import E, N, S, W

ROWS = const(6)  # rows of a list page (pages 1..6; page 7 for its arrow and hint)


def back_hint(table):
    """What leaves a list page, with the letter of the key on the left."""
    return table.key_letter(W) + " OR OK: BACK"


def scroll(table, key, last, now_ms, what):
    """The top (N) or bottom (S) key on a list page without a cursor: the
    first row shown (the page's ``top``, 0..``last``) moves one that way; at
    the end, "NO MORE ``what`` THAT WAY" instead (that key's triangle is gone)."""
    page = table.page
    top = min(last, max(0, page.top + (1 if key == S else -1)))
    if top == page.top:
        table.say("NO MORE " + what + " THAT WAY", now_ms)
    page.top = top


def draw_list(table, buf, title, rows, cursor, hint):
    """A title bar and up to ``ROWS`` rows of (label, value) from the page's
    row ``top``; ``cursor`` row inverted (None for none), scrolled into
    view. The bottom line holds ``hint`` (what the key on the right does,
    or None) and the triangle when more rows follow."""
    screen.text(buf, 2, 0, title)
    screen.text_right(buf, 127, 0, table.key_letter(W) + ":BACK")
    screen.hline(buf, 0, 128, 7, 2)
    count = len(rows)
    page = table.page
    top = page.top
    if cursor is not None:
        if cursor < top:
            top = cursor
        elif cursor >= top + ROWS:
            top = cursor - ROWS + 1
        page.top = top
    for line in range(min(ROWS, count - top)):
        row = rows[top + line]
        selected = cursor == top + line
        if selected:
            screen.fill(buf, 0, 128, 1 + line)
        screen.text(buf, 3, 1 + line, row[0], selected)
        if row[1]:
            screen.text_right(buf, 125, 1 + line, row[1], selected)
    if hint:
        screen.text(buf, 2, 7, table.key_letter(E) + ":" + hint)
    # The triangles point at the keys that scroll: the top one, the bottom one.
    if top > 0:
        screen.marker(buf, N)
    if top + ROWS < count:
        screen.marker(buf, S)
