"""The Rules and Display pages of the menu.

Functions of the ``Table`` (ui.py), each taking the table first: the UI is
split into modules of moderate size because the board compiles each module
when it is first imported, and the memory that takes grows with its size.
Pure Python.
Rarely opened: ui.py imports it only when one of these pages is on view.
"""

from micropython import const

from ui import menu
from euchre_core.game import Game
from euchre_core.rules import FIELDS

# Keys: the seat keys N, E, S, W, then OK.
_KEY_N = const(0)
_KEY_S = const(2)
_KEY_W = const(3)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)

CONTRAST_LEVELS = (1, 32, 96, 160, 255)
SLEEP_CHOICES = (0, 60, 120, 300, 600, 1800)  # seconds; 0 = never

_RULE_LABELS = {
    "target": "TARGET",
    "win_by_two": "WIN BY TWO",
    "defender_alone": "DEFEND ALONE",
    "loner_euchred_points": "LONER SET",
    "lone_march_points": "LONE MARCH",
    "renege_points": "RENEGE",
    "renege_alone_points": "RENEGE ALONE",
    "stick_the_dealer": "STICK DEALER",
    "lead": "FIRST LEAD",
}
_VALUE_LABELS = {
    "4": "4 PTS", "2_4": "2 OR 4", "off": "NO",
    "loner_left": "LONER+1", "dealer_left": "DEALER+1",
}


def option_rows(table):
    """(label, value text) per row of the options screen."""
    rows = []
    if table._options == 0:
        draft = table._draft
        for name, _, _ in FIELDS:
            value = getattr(draft, name)
            if value is True:
                shown = "ON"
            elif value is False:
                shown = "OFF"
            else:
                shown = _VALUE_LABELS.get(value, str(value))
            rows.append((_RULE_LABELS.get(name, name.upper()), shown))
        rows.append(("FROM SETTINGS", ""))
    else:
        level = 1
        for i in range(len(CONTRAST_LEVELS)):
            if table.contrast >= CONTRAST_LEVELS[i]:
                level = i + 1
        rows.append(("BRIGHTNESS", str(level) + "/" + str(len(CONTRAST_LEVELS))))
        rows.append(("FLIP 180", "ON" if table.flipped else "OFF"))
        sleep = table.sleep_s
        if not sleep:
            shown = "NEVER"
        elif sleep % 60:
            shown = str(sleep) + " S"
        else:
            shown = str(sleep // 60) + " MIN"
        rows.append(("SLEEP AFTER", shown))
    return rows


def press_options(table, key, now_ms):
    count = len(option_rows(table))
    if key == _KEY_N or key == _KEY_S:
        step = 1 if key == _KEY_S else -1
        table._cursor = (table._cursor + step) % count
        return
    if key == _KEY_W:
        if table._options == 0:
            save_rules(table, now_ms)
        elif table._display_changed:
            # Saved once on leaving, not at every step: each save of the
            # preferences costs a flash erase.
            table._display_changed = False
            table.prefs_serial += 1
        table._mode = _MAIN
        return
    if table._options == 0:
        change_rule(table, table._cursor)
        if table._cursor >= len(FIELDS):
            table._say("AS IN SETTINGS.TOML: SAVED ON LEAVING", now_ms)
    else:
        change_display(table, table._cursor)


def change_rule(table, row):
    if row >= len(FIELDS):
        table._draft = table.base_rules
        return
    name, _, choices = FIELDS[row]
    value = getattr(table._draft, name)
    if value in choices:
        value = choices[(choices.index(value) + 1) % len(choices)]
    else:
        value = choices[0]
    options = {name: value}
    table._draft = table._draft.replace(**options)


def save_rules(table, now_ms):
    draft = table._draft
    if draft == table.next_rules:
        return
    table.next_rules = draft
    table.device_rules = draft != table.base_rules
    table.prefs_serial += 1
    game = table.game
    if game.action_count == 0:
        table.game = Game(draft, dealer=game.start_dealer)
        table.game_serial += 1
        table._say("RULES SAVED", now_ms)
    else:
        table._say("RULES SAVED FOR THE NEXT GAME", now_ms)


def change_display(table, row):
    if row == 0:
        value = CONTRAST_LEVELS[0]
        for level in CONTRAST_LEVELS:
            if level > table.contrast:
                value = level
                break
        table.contrast = value
    elif row == 1:
        table.flipped = not table.flipped
    else:
        value = SLEEP_CHOICES[0]
        for choice in SLEEP_CHOICES:
            if choice > table.sleep_s:
                value = choice
                break
        table.sleep_s = value
    table._display_changed = True


def draw_options(table, buf):
    title = "RULES" if table._options == 0 else "DISPLAY"
    menu.draw_list(table, buf, title, option_rows(table), table._cursor, "CHANGE")
