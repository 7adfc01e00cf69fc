"""A game's reports for the History page: the scored hands and the score
adjustments.

What a table needs to play is ``game``'s; these are read only by the
History page (and the tests), so the package does not import this module:
a table in play does not hold its code. The page imports it, and the
screen registry (``ui.table``) lets it go with that page. (The stats, the
Stats page's, are ``hand_stats``'; the text form and the saved form
``transcript``'s.)

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from euchre_core.actions import ADJUST, CALL, FINISH, RENEGE, TRICK, adjustment, kind_of
from euchre_core.game_forms import read_hand


def hand(game, number):
    """The ``Hand`` of scored hand ``number`` (from 1) of ``game``; IndexError
    when no such hand was scored."""
    if not 1 <= number <= game.hand_count:
        raise IndexError("No hand " + str(number) + " was scored")
    return read_hand(game.records, number - 1)


def history(game):
    """The scored hands of ``game``, oldest first (``Hand`` tuples)."""
    records = game.records
    return [read_hand(records, index) for index in range(game.hand_count)]


def adjustments(game):
    """The score adjustments of ``game``, oldest first: (hands scored
    before it, team, points)."""
    # A hand ends at its fifth trick, a renege or a finish (a game replays
    # only valid logs, so nothing else is checked).
    found = []
    hands = 0
    tricks = 0
    for code in game.codes:
        kind = kind_of(code)
        if kind == CALL:
            tricks = 0
        elif kind == TRICK:
            tricks += 1
            if tricks == 5:
                hands += 1
        elif kind == RENEGE or kind == FINISH:
            hands += 1
        elif kind == ADJUST:
            team, points = adjustment(code)
            found.append((hands, team, points))
    return found
