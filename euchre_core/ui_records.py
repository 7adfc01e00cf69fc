"""The Stats and History pages of the menu.

Functions of the ``Table`` (ui.py), each taking the table first: the UI is
split into modules of moderate size because the board compiles each module
when it is first imported, and the memory that takes grows with its size.
Pure Python.
Rarely opened: ui.py imports it only when one of these pages is on view.
"""

from micropython import const

from euchre_core import screen, ui_menu
from euchre_core.ui_play import KIND_WORDS

# Keys: the seat keys N, E, S, W, then OK.
_KEY_N = const(0)
_KEY_S = const(2)
_KEY_W = const(3)
_KEY_OK = const(4)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)
_HISTORY = const(8)


def press_list(table, key, now_ms):
    # ``key`` is the side of the picture the key sits on (Table.side_of).
    if key == _KEY_W or key == _KEY_OK:
        table._mode = _MAIN
        return
    if table._mode == _HISTORY and (key == _KEY_N or key == _KEY_S):
        last = max(0, table.game.hand_count - ui_menu.ROWS)
        top = min(last, max(0, table._top + (1 if key == _KEY_S else -1)))
        if top == table._top:
            table._say("NO MORE HANDS THAT WAY", now_ms)
        table._top = top
        return
    # A key the page does not offer: what it does offer, nothing else.
    table._say(ui_menu.back_hint(table), now_ms)


def draw_stats(table, buf):
    stats = table.game.stats()
    screen.text(buf, 2, 0, "STATS")
    screen.text_right(buf, 127, 0, table.key_letter(_KEY_W) + ":BACK")
    screen.hline(buf, 0, 128, 7, 2)
    columns = (80, 112)
    for team in (0, 1):
        screen.text_center(buf, 1, table.teams[team][:5], columns[team] - 16,
                           columns[team] + 16)
    line = 2
    for label, key in (("MADE", "made"), ("MARCHES", "marches"),
                       ("EUCHRED", "euchred"), ("EUCHRES", "euchres"),
                       ("LONERS MADE", "loners"), ("RENEGES", "reneges")):
        screen.text(buf, 3, line, label)
        for team in (0, 1):
            value = str(stats[team][key])
            if key == "loners":
                value = str(stats[team]["loners_made"]) + "/" + value
            screen.text_center(buf, line, value, columns[team] - 16,
                               columns[team] + 16)
        line += 1


def draw_history(table, buf):
    hands = table.game.history()
    rows = []
    for hand in hands:
        word = KIND_WORDS.get(hand.kind, hand.kind.upper())
        if hand.kind == "euchre" or hand.kind == "lone_defense":
            word = "SET"
        line = (str(hand.number) + " " + table.names[hand.caller][:4].decode()
                + " " + word)
        rows.append((line[:13], "+" + str(hand.points) + " "
                     + table.teams[hand.scorer][:4].decode()))
    if not rows:
        rows.append(("NO HAND SCORED YET", ""))
    ui_menu.draw_list(table, buf, "HISTORY", rows, None, None)
