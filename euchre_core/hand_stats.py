"""A game's stats for the Stats page: per team, the hands made, marched,
euchred, the loners, reneges, blind and forced loners and set-backs.

Read only by the Stats page (and the tests), so the package does not import
this module: a table in play does not hold its code. The page imports it,
and the screen registry (``ui.table``) lets it go with that page. (The
History page's reports are ``reports``'.)

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from euchre_core.game_forms import (HAND_BLIND, HAND_BYTES, HAND_FORCED, KINDS, NOBODY,
                                    SET_BACK_SHIFT)
from euchre_core.rules import LONE_MARCH, MARCH
from euchre_core.rules import RENEGE as RENEGE_HAND


def _empty_stats():
    return {"made": 0, "marches": 0, "euchred": 0, "euchres": 0, "loners": 0,
            "loners_made": 0, "reneges": 0, "blind": 0, "blind_made": 0, "forced": 0,
            "forced_made": 0, "set_backs": 0}


def stats(game):
    """Per team, a dict: hands ``made``, ``marches``, ``euchred``
    (suffered), ``euchres`` (inflicted), ``loners`` tried and
    ``loners_made`` (3 or more tricks), ``reneges``; under the house
    rules, ``blind`` and ``forced`` loners played and made (``blind_made``,
    ``forced_made``), counted for the makers, and ``set_backs``, counted
    for the team that set the other back. Loners, made and euchred leave
    out the hands a renege ended.

    Counted from the hand records, read in place: a long game has tens of
    them, and Stats counts them as it opens."""
    hands = game.records
    result = (_empty_stats(), _empty_stats())
    for at in range(0, len(hands), HAND_BYTES):
        first = hands[at]
        team = first >> 2 & 1  # the caller's team: the makers
        scorer = first >> 4 & 1
        kind = KINDS[hands[at + 3] >> 4]
        extra = hands[at + 4]
        makers = result[team]
        # Blind and forced loners, by the makers, and set-backs, by the team
        # whose points came off the other team: of every hand, a renege too.
        if extra & HAND_BLIND:
            makers["blind"] += 1
            makers["blind_made"] += scorer == team
        if extra & HAND_FORCED:
            makers["forced"] += 1
            makers["forced_made"] += scorer == team
        if extra >> SET_BACK_SHIFT:
            result[scorer]["set_backs"] += 1
        if kind == RENEGE_HAND:
            result[1 - scorer]["reneges"] += 1
            continue
        alone = hands[at + 1] & 7 != NOBODY
        if alone:
            makers["loners"] += 1
        if scorer == team:
            makers["made"] += 1
            if kind == MARCH or kind == LONE_MARCH:
                makers["marches"] += 1
            if alone:
                makers["loners_made"] += 1
        else:
            makers["euchred"] += 1
            result[1 - team]["euchres"] += 1
    return result
