"""Stats, opened from the menu: made, marches, euchres, loners and reneges
per team in this game, and under the house rules that make them, set-backs
and blind and forced (Canadian) loners. As on the score screen, N-S at the
left and E-W at the right, their names whole over their figures; what a row
counts in the middle. Top and bottom scroll when there are more rows than
fit; the left key or OK goes back."""

from micropython import const

from ui import lists, screen
from euchre_core import hand_stats
from ui.keys import N, OK, S, W

LIST_PAGE = True
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False

# Each row: its label, the key of hand_stats.stats it shows, the key of those made
# when it shows made / played, and the house rule it needs (an index of
# ``needs`` in ``rows``).
_LINES = (("MADE", "made", None, None), ("MARCHES", "marches", None, None),
         ("GOT EUCHRED", "euchred", None, None), ("EUCHRED THEM", "euchres", None, None),
         ("LONERS MADE", "loners", "loners_made", None), ("RENEGES", "reneges", None, None),
         ("SET BACKS", "set_backs", None, 0),
         ("BLIND MADE", "blind", "blind_made", 1),
         ("FORCED MADE", "forced", "forced_made", 2))
_FITS = const(6)  # rows on pages 2..7; with more, 5 and page 7 for the triangle


def show(table, page):
    # The game cannot change while Stats is open: its rows are counted once
    # here (the page's ``rows``), not at every scroll (a long game has tens
    # of hands to read).
    page.rows = rows(table)


def rows(table):
    """Per row: its label, then N-S's figures and E-W's, each those made
    (None for a row without) and the count. Numbers, not their text: small
    numbers take no heap while the page is open, and the text is drawn
    from them (``_figure``)."""
    game = table.game
    ns, ew = hand_stats.stats(game)
    rules = game.rules
    needs = (rules.setback, rules.blind_loner, rules.canadian_loner)
    found = []
    for label, key, made, rule in _LINES:
        if rule is not None and not needs[rule]:
            continue
        if made is None:
            found.append((label, None, ns[key], None, ew[key]))
        else:
            found.append((label, ns[made], ns[key], ew[made], ew[key]))
    return found


def _figure(made, count):
    """A row's figure as drawn: the count, or made/count."""
    return str(count) if made is None else str(made) + "/" + str(count)


def press(table, key, long, now_ms):
    # ``key`` is the side of the picture the key sits on (Table.side_of).
    if key == W or key == OK:
        table.back()
        return
    count = len(table.page.rows)
    if (key == N or key == S) and count > _FITS:
        lists.scroll(table, key, count - _FITS + 1, now_ms, "ROWS")
        return
    # A key the page does not offer: what it does offer, nothing else.
    table.say(lists.back_hint(table), now_ms)


def draw(table, buf):
    page = table.page
    found = page.rows
    screen.text(buf, 2, 0, "STATS")
    screen.text_right(buf, 127, 0, table.key_letter(W) + ":BACK")
    screen.hline(buf, 0, 128, 7, 2)
    # The names whole, each over its column at its own edge (9 letters
    # each leave a gap in the middle).
    screen.text(buf, 3, 1, table.teams[0])
    screen.text_right(buf, 126, 1, table.teams[1])
    shown = _FITS
    top = 0
    if len(found) > _FITS:
        shown = _FITS - 1
        top = min(page.top, len(found) - shown)
        if top > 0:
            screen.marker(buf, N)
        if top + shown < len(found):
            screen.marker(buf, S)
    for line in range(min(shown, len(found) - top)):
        row = found[top + line]
        page = 2 + line
        screen.text(buf, 3, page, _figure(row[1], row[2]))
        screen.text_center(buf, page, row[0])
        screen.text_right(buf, 126, page, _figure(row[3], row[4]))
