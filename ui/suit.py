"""The trump suit, right after the call when the table records it
(``EUCHRE_TRUMP``): the seat keys become the four suits, drawn large beside
them (spades at the top, hearts at the right, diamonds at the bottom, clubs
at the left of the picture). OK: not recorded this hand.

The question waits for its answer: left through the menu, or by a power
cut, it comes back (``Table.home``) until a suit, OK or the first trick."""

from ui import screen
from ui.keys import E, N, OK, S, W
from euchre_core.actions import SUIT_NAMES

LIST_PAGE = True


def press(table, key, long, now_ms):
    if key == OK:
        # Saved, so that a power cut does not ask it again.
        table.waiting.suit_skipped = table.game.hand_count
        table.prefs_changed()
    else:
        # By the side of the picture: N spades, E hearts, S diamonds, W clubs.
        table.act(now_ms, table.game.set_trump, SUIT_NAMES[key])
    # Refused, it is asked again (Table.home).
    table.close()


def draw(table, buf):
    for side in (N, E, S, W):
        screen.marker(buf, side)
    # Each suit large beside its key's triangle.
    screen.suit(buf, 57, 1, 0)
    screen.suit(buf, 106, 3, 1)
    screen.suit(buf, 57, 5, 2)
    screen.suit(buf, 7, 3, 3)
    # Between the suits: 14 characters at most.
    name = table.names[table.game.caller]
    screen.text_center(buf, 3, name + b" CALLED" if len(name) <= 7 else name)
    screen.text_center(buf, 4, "WHICH SUIT?")
    screen.text_right(buf, 126, 7, "OK:SKIP")
