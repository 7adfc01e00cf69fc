"""The quick result, opened with OK during a hand: the seat keys become soft
keys, labelled beside them: N made 3-4, E march (all 5), S euchred, W back,
each with its points (as the engine scores the hand: a loner, blind or
not, a lone defender under its rule). OK goes back.
"""

from ui import parts
from ui.keys import OK
from ui.labels import soft_labels
from euchre_core.rules import DEFEND_2_4

LIST_PAGE = False


def choices(table):
    """Per seat key: (makers' tricks to finish with, label) or None (back)."""
    game = table.game
    makers_have = game.tricks[game.makers]
    lone_d = game.lone_defender is not None
    split = lone_d and game.rules.defender_alone == DEFEND_2_4
    made = (max(makers_have, 3), "MADE 3-4")
    march = (5, "MARCH 5")
    if split:
        # 1 or 2 tricks for the makers; with more already, the engine refuses.
        euchred = (min(max(makers_have, 1), 2), "SET 3-4")
        swept = (0, "SET 5")
        return (made, march, euchred, swept)
    return (made, march, (min(makers_have, 2), "EUCHRED"), None)


def points(table, tricks):
    """What finishing with ``tricks`` for the makers scores, as "+n"."""
    return "+" + str(table.game.scoring(tricks)[1])


def press(table, key, long, now_ms):
    choice = None if key == OK else choices(table)[key]
    if choice is None:
        table.close()
        return
    # A result the tricks already played rule out is not offered (its place
    # is blank): the engine's reason, and the quick screen stays. Only the
    # result is known, not how the rest of the tricks fell; the banner
    # shows it.
    table.act(now_ms, table.game.finish, choice[0], True)


def draw(table, buf):
    game = table.game
    found = choices(table)
    labels = []
    for seat in range(4):
        choice = found[seat]
        if choice is None:
            labels.append(b"BACK")
        elif not game.can_finish(choice[0]):
            # The tricks already played rule it out: not offered (the key
            # still answers, with the engine's reason).
            labels.append(b"")
        else:
            labels.append((choice[1] + " " + points(table, choice[0])).encode())
    makers = table.teams[game.makers]
    # The hand screen's top line stays: fewer bytes to send on the way in
    # and out.
    parts.draw_team_names(table, buf)
    soft_labels(table, buf, labels, makers + b" TOOK?", "OK:BACK")
