"""The Stats and History pages of the menu.

Functions of the ``Table`` (ui.py), each taking the table first: the UI is
split into modules of moderate size because the board compiles each module
when it is first imported, and the memory that takes grows with its size.
Pure Python.
Rarely opened: ui.py and menu import it only when one of these pages is
opened or on view.
"""

from micropython import const

from ui import menu, screen
from ui.play import KIND_WORDS

# Keys: the seat keys N, E, S, W, then OK.
_KEY_N = const(0)
_KEY_S = const(2)
_KEY_W = const(3)
_KEY_OK = const(4)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)
_HISTORY = const(8)


def _row_count(table):
    game = table.game
    return game.hand_count + len(game.adjustments())


def open_history(table):
    """History, scrolled to its end (the latest rows)."""
    table._top = max(0, _row_count(table) - menu.ROWS)
    table._mode = _HISTORY


def press_list(table, key, now_ms):
    # ``key`` is the side of the picture the key sits on (Table.side_of).
    if key == _KEY_W or key == _KEY_OK:
        table._mode = _MAIN
        return
    if table._mode == _HISTORY and (key == _KEY_N or key == _KEY_S):
        last = max(0, _row_count(table) - menu.ROWS)
        top = min(last, max(0, table._top + (1 if key == _KEY_S else -1)))
        if top == table._top:
            table._say("NO MORE HANDS THAT WAY", now_ms)
        table._top = top
        return
    # A key the page does not offer: what it does offer, nothing else.
    table._say(menu.back_hint(table), now_ms)


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


# Characters on a row of the list (menu.draw_list), the left text and
# the right one together: they then stand 4 pixels apart at least, and the
# right ones line up in columns.
_ROW_CHARS = const(20)
_TEAM_CHARS = const(4)


def draw_history(table, buf):
    """A row per scored hand: its number, the player it is about (the one
    who reneged, or the lone maker, or the caller), what happened (ALONE:
    a lone maker took 3 or 4), and the points to a team; a row per score
    adjustment, where it was made."""
    game = table.game
    # The teams' names cut to one width, so the points line up.
    width = min(_TEAM_CHARS, max(len(table.teams[0]), len(table.teams[1])))
    teams = [name.decode()[:width] for name in table.teams]
    for team in (0, 1):
        teams[team] += " " * (width - len(teams[team]))
    adjustments = game.adjustments()
    rows = []
    done = 0
    for hand in game.history():
        while done < len(adjustments) and adjustments[done][0] < hand.number:
            rows.append(_adjust_row(adjustments[done], teams))
            done += 1
        word = KIND_WORDS.get(hand.kind, hand.kind.upper())
        if hand.kind == "euchre" or hand.kind == "lone_defense":
            word = "SET"
        seat = hand.caller
        if hand.reneger is not None:
            seat = hand.reneger
        elif hand.lone_seat is not None:
            # The lone maker, who need not be the caller.
            seat = hand.lone_seat
            if hand.kind == "made":
                word = "ALONE"
        right = "+" + str(hand.points) + " " + teams[hand.scorer]
        number = str(hand.number)
        # The name as long as the row has room for, 3 letters at least.
        room = _ROW_CHARS - len(right) - len(number) - len(word) - 2
        left = number + " " + table.names[seat].decode()[:max(3, room)] + " " + word
        rows.append((left[:_ROW_CHARS - len(right)], right))
    while done < len(adjustments):
        rows.append(_adjust_row(adjustments[done], teams))
        done += 1
    if not rows:
        rows.append(("NO HAND SCORED YET", ""))
    menu.draw_list(table, buf, "HISTORY", rows, None, None)


def _adjust_row(adjustment, teams):
    points = adjustment[2]
    return ("ADJUST", ("+" if points > 0 else "") + str(points) + " " + teams[adjustment[1]])
