"""The seat pickers, opened from the menu: who reneged, who took the rest of
the tricks, who deals (a stolen deal), and who deals first in a new game.

A seat key picks that seat; OK goes back to the menu (who deals first: a
dealer at random). A seat the game refuses gets its reason, and the picker
stays. "Who deals first?" waits for its answer: the menu opened over it
comes back to it, unless its Undo keeps the old game (``Waiting.new_game``).
The page's ``kind`` is what the seat is picked for.
"""

from micropython import const

from ui.keys import OK
from ui.labels import soft_labels

LIST_PAGE = False

# What the seat is picked for (the page's ``kind``).
FOR_RENEGE = const(0)
FOR_REST = const(1)
FOR_DEALER = const(2)
FOR_FIRST = const(3)

_PROMPTS = ("WHO RENEGED?", "REST OF TRICKS TO?", "WHO DEALS?", "WHO DEALS FIRST?")


def show(table, page, purpose):
    page.kind = purpose


def press(table, key, long, now_ms):
    page = table.page
    purpose = page.kind
    if key == OK:
        if purpose == FOR_FIRST:
            key = table.random_seat(now_ms)
        else:
            table.back()
            return
    game = table.game
    done = True
    if purpose == FOR_RENEGE:
        done = table.act(now_ms, game.renege, key)
    elif purpose == FOR_DEALER:
        done = table.act(now_ms, game.set_dealer, key)
        if done:
            table.say(table.names[key].decode() + " DEALS", now_ms)
    elif purpose == FOR_REST:
        refusal = game.play_refusal(key)
        if refusal is not None:
            # A seat that sits out takes none of the rest, as it takes no
            # trick: refused, and the picker stays.
            table.say(table.with_names(refusal), now_ms)
            return
        defenders_have = game.tricks[1 - game.makers]
        if key % 2 == game.makers:
            done = table.act(now_ms, game.finish, 5 - defenders_have)
        else:
            done = table.act(now_ms, game.finish, game.tricks[game.makers])
    else:
        # The score screen's dealer line says who deals first.
        table.start_game(key, reset_match=table.waiting.new_game)
    # Refused (the message says why): the picker stays for another seat.
    if done and table.page is page:
        table.close()


def draw(table, buf):
    purpose = table.page.kind
    hint = "OK:RANDOM" if purpose == FOR_FIRST else "OK:BACK"
    soft_labels(table, buf, table.names, _PROMPTS[purpose], hint)
