"""The score screen, between hands: both scores in big digits, the team
names, the target, the match tally, and a triangle at the dealer's key.

A seat key: that seat names trump (long: and goes alone). OK: "everybody
passed?", asked in the bottom band with the dealer the deal moves to; a
second OK while it is asked passes the deal (a stray OK changes nothing).
Under the house rules that ask (ui.ask, opened with one of the ``IF_*``
kinds below): the dealer's partner's call asks "ordered up?" (Canadian
loner), the dealer's long press asks "blind?" (blind loner). The question's
module is not loaded with this one: it is held from the table's first quiet
moment under those rules (``Table.prepare``).

While the table does nothing for a while (dealing, bidding), the dealer
line takes turns with what the keys do that no label says: a seat key
(who called), the held OK (the menu, Undo first), the held seat key
(alone) and OK (all passed). The
triangle keeps pointing at the dealer meanwhile.
"""

from micropython import const

from ui import parts, screen
from ui.font import BIG_W
from ui.keys import OK

LIST_PAGE = False

# What ui.ask asks (its page's ``kind``).
IF_ORDERED_UP = const(0)
_IF_BLIND = const(1)

# The hints start after this long without a press; each (and the dealer
# line between two of them) then stays ``_HINT_STEP_MS``.
HINT_MS = const(8000)
_HINT_STEP_MS = const(3000)
# First what a table does most: the caller's key names trump.
_HINTS = (b"SEAT KEY: WHO CALLED", parts.HINT_MENU, parts.HINT_ALONE, b"OK: EVERYBODY PASSED")
_HINT_PASS = const(3)  # OK's hint, left out under stick the dealer


def hint_step(idle_ms):
    """What the dealer line shows after ``idle_ms`` without a press: 0 the
    dealer (and so before ``HINT_MS``), odd steps a hint, even the dealer."""
    if idle_ms < HINT_MS:
        return 0
    return 1 + (idle_ms - HINT_MS) // _HINT_STEP_MS % (2 * len(_HINTS))


def press(table, key, long, now_ms):
    game = table.game
    said = table.said
    asked = said.asks_pass
    said.asks_pass = False
    if key == OK:
        if game.pass_refusal() is not None:
            # Between hands of a game under way (this screen) only stick the
            # dealer refuses: said short enough for the bottom band.
            table.say("STICK THE DEALER: " + table.names[game.dealer].decode() + " CALLS",
                      now_ms)
            return
        if not asked:
            # A stray OK (to go on after a hand) must not move the deal.
            said.asks_pass = True
            table.say("ALL PASSED? OK AGAIN: " + table.names[(game.dealer + 1) % 4].decode()
                      + " DEALS", now_ms)
            return
        # The marker and the dealer's name move: that is the feedback.
        game.pass_deal()
        return
    rules = game.rules
    if rules.canadian_loner and not long and key == (game.dealer + 2) % 4:
        table.open("ask", IF_ORDERED_UP, key)
        return
    if rules.blind_loner and long and key == game.dealer:
        table.open("ask", _IF_BLIND, key)
        return
    call(table, now_ms, key, long)


def call(table, now_ms, seat, alone, ordered=False, blind=False):
    """The call, then the suit picker when the table records trump."""
    game = table.game
    if table.act(now_ms, game.call, seat, alone, ordered, blind) and table.trump:
        table.open("suit")
    else:
        table.close()


def draw(table, buf):
    game = table.game
    dx = parts.SHIFTS[table.shift]
    scores = game.scores
    parts.draw_team_names(table, buf, dx)
    edges = [0, 0]
    for team in (0, 1):
        centre = (32 if team == 0 else 96) + dx - 1
        if scores[team] < 100:
            screen.big_number(buf, centre, 1, scores[team])
            half = BIG_W // 2 if scores[team] < 10 else screen.DIGIT_STEP - 2
        else:
            screen.text_center(buf, 3, str(scores[team]), centre - 30, centre + 30)
            half = screen.text_width(str(scores[team])) // 2
        # The number's inner edge: the right one of N-S, the left of E-W.
        edges[team] = centre + half if team == 0 else centre - half
    # The dash midway between the numbers (a column to the right), so
    # "10 - 0" reads as "0 - 0" does.
    middle = (edges[0] + edges[1]) // 2
    screen.fill(buf, middle - 3, middle + 5, 3, 0x18)
    step = table.said.hint
    if step & 1 and not (step // 2 == _HINT_PASS and game.rules.stick_the_dealer):
        # The hints' own line, over the dealer's.
        parts.draw_score_footer(table, buf, dx, _HINTS[step // 2])
    else:
        parts.draw_score_footer(table, buf, dx)
    screen.marker(buf, table.side_of(game.dealer), dx)
