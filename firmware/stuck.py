"""The notice of a key held down 20 s: ``firmware.loop`` loads this the
first time a key sticks (seldom, and never in a press), so the loop does
not carry its words all evening.

Held on purpose or jammed, the two are one until then: the key's long
press fired at 0.6 s and what it did stands, so the notice says what that
was; the key is ignored from now until it is let go.
"""

from micropython import const

from ui.keys import KEY_NAMES

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any


def notice(table: "Any", key: int, did: "Any") -> str:
    """The notice for ``key`` (a key number) stuck. ``did``, what its long
    press did to the game: False, nothing; None, it replaced the game (a new
    game, or the one New game replaced brought back); else (the game's
    serial, ``Table.game_serial``, the index of the action it recorded,
    that action's byte, or -1 when it took one back instead, with the
    menu's Undo). An action is named while it stands (not taken back
    since)."""
    text = "Key " + KEY_NAMES[key] + " stuck: ignored until let go"
    if did is False:
        return text
    if did is None:
        return text + "; its long press replaced the game"
    serial, index, code = did
    if code < 0:
        return text + "; its long press took back an action"
    game = table.game
    if table.game_serial == serial and game.action_count > index and game.codes[index] == code:
        # In the menu's words for it, as its Undo entry names it.
        return text + "; its long press did " + table.module("menu").describe(table, code)
    return text
