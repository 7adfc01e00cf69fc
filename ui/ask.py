"""A question before a call, asked only under the house rule it is about:
the dealer's partner's call, "ordered up?" (Canadian loner: ordering the
dealer up in the first round is a lone call); the dealer's long press,
"blind?" (Robson blind loner). The score screen opens it (its ``IF_*``
kinds); then the call as the score screen makes it (``score.call``), and
the trump suit when the table records it (ui.suit).

The keys by where they sit on the picture: right YES (ordered up, or
blind), left NO (named in the second round, or alone looking); OK backs
out, nothing called. The page's ``kind`` is what is asked, its ``seat``
the seat calling.
"""

from ui import parts, screen
from ui.keys import E, OK, W
from ui.labels import soft_labels
from ui.score import IF_ORDERED_UP, call

LIST_PAGE = True


def show(table, page, kind, seat):
    page.kind = kind
    page.seat = seat


def press(table, key, long, now_ms):
    if key == OK:
        table.close()
        return
    if key != E and key != W:
        # The keys as the labels name them.
        yes, no = _labels(table)
        table.say(table.key_letter(E) + ": " + yes + ", " + table.key_letter(W) + ": " + no
                  + ", OK: BACK", now_ms)
        return
    yes = key == E
    page = table.page
    if page.kind == IF_ORDERED_UP:
        call(table, now_ms, page.seat, False, ordered=yes)
    else:
        call(table, now_ms, page.seat, True, blind=yes)


def _labels(table):
    """The labels of the right and left keys."""
    if table.page.kind == IF_ORDERED_UP:
        return "YES ALONE", "NO"
    return "BLIND", "LOOKING"


def draw(table, buf):
    labels = [b"", b"", b"", b""]
    page = table.page
    prompt = b"ORDERED UP?" if page.kind == IF_ORDERED_UP else b"GO ALONE:"
    yes, no = _labels(table)
    labels[table.key_at(E)] = yes.encode()
    labels[table.key_at(W)] = no.encode()
    parts.draw_team_names(table, buf)
    soft_labels(table, buf, labels, table.names[page.seat] + b" CALLS", "OK:BACK")
    screen.text_center(buf, 5, prompt)
