"""The seat pickers, opened from the menu: who reneged, who took the rest of
the tricks, who deals (a stolen deal), and who deals first in a new game.

A seat key picks that seat; OK goes back to the menu (who deals first: a
dealer at random). A seat the game refuses gets its reason, and the picker
stays. "Who deals first?" waits for its answer: the menu opened over it
comes back to it, unless its Undo keeps the old game (``Table.cancel_new``).
"""

from micropython import const

from ui import parts
from ui.keys import OK

LIST_PAGE = False

# What the seat is picked for (``Table.pick``).
FOR_RENEGE = const(0)
FOR_REST = const(1)
FOR_DEALER = const(2)
FOR_FIRST = const(3)

_PROMPTS = ("WHO RENEGED?", "REST OF TRICKS TO?", "WHO DEALS?", "WHO DEALS FIRST?")


def show(table, purpose):
    table.pick = purpose
    table.mode = "pick"
    if purpose == FOR_FIRST:
        table.cancel_new = True


def press(table, key, long, now_ms):
    purpose = table.pick
    if key == OK:
        if purpose == FOR_FIRST:
            key = table.random_seat(now_ms)
        else:
            table.module("menu").back(table)
            return
    table.mode = None
    game = table.game
    done = True
    if purpose == FOR_RENEGE:
        done = table.act(now_ms, game.renege, key)
    elif purpose == FOR_DEALER:
        done = table.act(now_ms, game.set_dealer, key)
        if done:
            table.say(table.names[key].decode() + " DEALS", now_ms)
    elif purpose == FOR_REST:
        defenders_have = game.tricks[1 - game.makers]
        if key % 2 == game.makers:
            done = table.act(now_ms, game.finish, 5 - defenders_have)
        else:
            done = table.act(now_ms, game.finish, game.tricks[game.makers])
    else:
        # The score screen's dealer line says who deals first.
        table.start_game(key, reset_match=table.confirm_reset)
    if not done:
        # Refused (the message says why): the picker stays for another seat.
        table.mode = "pick"


def draw(table, buf):
    purpose = table.pick
    hint = "OK:RANDOM" if purpose == FOR_FIRST else "OK:BACK"
    parts.soft_labels(table, buf, table.names, _PROMPTS[purpose], hint)
