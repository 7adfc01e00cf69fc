"""The menu and undo; the list drawing that the menu's pages share.

Functions of the ``Table`` (ui.py), each taking the table first: the UI is
split into modules of moderate size because the board compiles each module
when it is first imported, and the memory that takes grows with its size.
The seat pickers, adjust score and confirm are in pick, imported when
one of them is first opened.
Pure Python.
"""

from micropython import const

from ui import screen
from euchre_core.game import Game

# Keys: the seat keys N, E, S, W, then OK. On the list pages they come as
# the side of the picture the key sits on (Table.side_of): N is the top.
_KEY_N = const(0)
_KEY_E = const(1)
_KEY_S = const(2)
_KEY_W = const(3)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)
_MENU = const(3)
_PICK = const(4)
_ADJUST = const(5)
_OPTIONS = const(6)
_STATS = const(7)
_HISTORY = const(8)
_CONFIRM = const(9)
# What a seat picked on the PICK screen is for.
_PICK_RENEGE = const(0)
_PICK_REST = const(1)
_PICK_DEALER = const(2)
_PICK_NEW_GAME = const(3)
# Menu entries.
_M_UNDO = const(0)
_M_RENEGE = const(1)
_M_REST = const(2)
_M_ADJUST = const(3)
_M_DEALER = const(4)
_M_RULES = const(5)
_M_STATS = const(6)
_M_HISTORY = const(7)
_M_DISPLAY = const(8)
_M_EXPORT = const(9)
_M_NEW_GAME = const(10)
_M_RESET = const(11)

ROWS = const(6)  # rows of a list page (pages 1..6; page 7 for its arrow and hint)

_MENU_LABELS = ("UNDO", "RENEGE", "REST OF TRICKS", "ADJUST SCORE", "SET DEALER",
                "RULES", "STATS", "HISTORY", "DISPLAY", "EXPORT TO USB",
                "NEW GAME", "RESET MATCH")


def open_menu(table):
    if table._mode != _MENU:
        # Opened on "who deals first?": the new game has not started, and
        # Undo (or Back) leaves the game as it is.
        table._cancel_new = table._mode == _PICK and table._pick == _PICK_NEW_GAME
    if table._display_changed:
        # Display settings are live; leaving their page saves them.
        table._display_changed = False
        table.prefs_serial += 1
    # Held again while the menu shows: its title blinks, as feedback.
    table._menu_flash = table._mode == _MENU and not table._menu_flash
    items = [_M_UNDO]
    if table.game.in_hand:
        items.append(_M_RENEGE)
        items.append(_M_REST)
    items.append(_M_ADJUST)
    if not table.game.in_hand and table.game.winner is None:
        items.append(_M_DEALER)
    for item in (_M_RULES, _M_STATS, _M_HISTORY, _M_DISPLAY, _M_EXPORT, _M_NEW_GAME,
                 _M_RESET):
        items.append(item)
    table._items = items
    table._cursor = 0
    table._top = 0
    table._mode = _MENU


def undo_label(table):
    if table._cancel_new:
        return "UNDO NEW GAME"
    if table.game.action_count:
        return "UNDO " + table.describe(table.game.codes[-1])
    if table._previous is not None:
        return "UNDO NEW GAME"
    return "UNDO (NOTHING)"


def press_menu(table, key, now_ms):
    if key == _KEY_N or key == _KEY_S:
        step = 1 if key == _KEY_S else -1
        table._cursor = (table._cursor + step) % len(table._items)
        return
    cancel_new = table._cancel_new
    table._cancel_new = False
    table._mode = _MAIN
    if key == _KEY_W:
        return
    item = table._items[table._cursor]
    if item == _M_UNDO and cancel_new:
        table._say("UNDONE: NEW GAME", now_ms)
    elif item == _M_UNDO:
        undo(table, now_ms)
    elif item == _M_RENEGE:
        open_pick(table, _PICK_RENEGE)
    elif item == _M_REST:
        open_pick(table, _PICK_REST)
    elif item == _M_DEALER:
        open_pick(table, _PICK_DEALER)
    elif item == _M_ADJUST:
        table._pending = [0, 0]
        table._mode = _ADJUST
    elif item == _M_RULES:
        table._options = 0
        table._draft = table.next_rules
        table._cursor = 0
        table._top = 0
        table._mode = _OPTIONS
    elif item == _M_DISPLAY:
        table._options = 1
        table._cursor = 0
        table._top = 0
        table._mode = _OPTIONS
    elif item == _M_STATS:
        table._mode = _STATS
    elif item == _M_HISTORY:
        import ui.records
        ui.records.open_history(table)
    elif item == _M_EXPORT:
        import ui.export
        count = ui.export.export(
            table, table._out if table._out is not None else print)
        table._say(str(count) + " LINES TO USB", now_ms)
    elif item == _M_NEW_GAME or item == _M_RESET:
        table._confirm = item
        table._mode = _CONFIRM


def undo(table, now_ms):
    game = table.game
    if game.action_count:
        what = table.describe(game.codes[-1])
        if table._undo_pair == (game, game.action_count):
            game.undo()
            what = "ADJUST SCORE"
        table._undo_pair = None
        game.undo()
        table._say("UNDONE: " + what, now_ms)
    elif table._previous is not None:
        rules, dealer, codes, table.tally[0], table.tally[1] = table._previous
        table._previous = None
        game = Game(rules, dealer=dealer)
        for code in codes:
            game.apply(code)
        table.game = game
        table.game_serial += 1
        table.prefs_serial += 1
        table._say("UNDONE: NEW GAME", now_ms)
    else:
        table._say("NOTHING TO UNDO", now_ms)


def open_pick(table, purpose):
    table._pick = purpose
    table._mode = _PICK


def back_hint(table):
    """What leaves a list page, with the letter of the key on the left."""
    return table.key_letter(_KEY_W) + " OR OK: BACK"


def draw_list(table, buf, title, rows, cursor, hint):
    """A title bar and up to ``ROWS`` rows of (label, value); ``cursor`` row
    inverted (None for none). The bottom line holds ``hint`` (what the key
    on the right does, or None) and the triangle when more rows follow."""
    screen.text(buf, 2, 0, title)
    screen.text_right(buf, 127, 0, table.key_letter(_KEY_W) + ":BACK")
    screen.hline(buf, 0, 128, 7, 2)
    count = len(rows)
    top = table._top
    if cursor is not None:
        if cursor < top:
            top = cursor
        elif cursor >= top + ROWS:
            top = cursor - ROWS + 1
        table._top = top
    for line in range(min(ROWS, count - top)):
        row = rows[top + line]
        selected = cursor == top + line
        if selected:
            screen.fill(buf, 0, 128, 1 + line)
        screen.text(buf, 3, 1 + line, row[0], selected)
        if row[1]:
            screen.text_right(buf, 125, 1 + line, row[1], selected)
    if hint:
        screen.text(buf, 2, 7, table.key_letter(_KEY_E) + ":" + hint)
    # The triangles point at the keys that scroll: the top one, the bottom one.
    if top > 0:
        screen.marker(buf, screen.MARK_N)
    if top + ROWS < count:
        screen.marker(buf, screen.MARK_S)


def draw_menu(table, buf):
    rows = []
    for item in table._items:
        if item == _M_UNDO:
            rows.append((undo_label(table), ""))
        else:
            rows.append((_MENU_LABELS[item], ""))
    draw_list(table, buf, "MENU", rows, table._cursor, "CHOOSE")
    if table._menu_flash:
        screen.text(buf, 2, 0, "MENU", True)
