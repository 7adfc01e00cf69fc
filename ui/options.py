"""The Rules and Display pages of the menu, lists of settings.

The keys by where they sit on the picture: top and bottom move, right (or
OK) changes the value, left goes back. Rules are edited as a draft and
saved on leaving, by the left key or the held OK alike (``leave``): at
once if the game has no action yet, else for the next game. Below the
rules, two table preferences (show the trump suit, a skunk counts two
games) and "From settings"; these and the display settings
apply at once and are saved on leaving. Flip 180 says from which side the
picture is read now, until a key is pressed: that press does nothing else,
as every key has just moved on the picture.

The page's ``kind`` is RULES or DISPLAY, its ``draft`` the rules being
edited, its ``changed`` a preference changed (saved as the page closes).
"""

from micropython import const

from ui import lists
from ui.keys import N, S, W
from euchre_core.game import Game
from euchre_core.rules import COUNT, FIELDS, SCORE

LIST_PAGE = True
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False

# Which page is open (the page's ``kind``).
RULES = const(0)
DISPLAY = const(1)

CONTRAST_LEVELS = (1, 32, 96, 160, 255)
SLEEP_CHOICES = (0, 60, 120, 300, 600, 1800)  # seconds; 0 = never

# The rules' rows, labels and choices' words are the engine's
# (euchre_core.rules.FIELDS).
# The table's preferences after the rules: (label, Table attribute).
_TABLE_ROWS = (("SHOW TRUMP", "trump"), ("SKUNK COUNTS 2", "skunk_double"))


def show(table, page, display):
    """The Display page when ``display``, else the Rules page."""
    page.kind = DISPLAY if display else RULES
    if page.kind == RULES:
        page.draft = table.next_rules


def rows(table):
    """(label, value text) per row of the options screen."""
    found = []
    page = table.page
    if page.kind == RULES:
        draft = page.draft
        for name, _, choices, kind, label, words in FIELDS:
            value = getattr(draft, name)
            if value is True:
                shown = "ON"
            elif value is False or kind == COUNT and not value:
                shown = "OFF"
            elif kind == COUNT or kind == SCORE and draft.hands:
                # A progressive game has no target: its hands end it.
                shown = str(draft.hands) + " HANDS"
            else:
                shown = words[choices.index(value)] if words else str(value)
            found.append((label, shown))
        for label, name in _TABLE_ROWS:
            found.append((label, "ON" if getattr(table, name) else "OFF"))
        found.append(("FROM SETTINGS", ""))
    else:
        level = 1
        for i in range(len(CONTRAST_LEVELS)):
            if table.contrast >= CONTRAST_LEVELS[i]:
                level = i + 1
        found.append(("BRIGHTNESS", str(level) + "/" + str(len(CONTRAST_LEVELS))))
        found.append(("FLIP 180", "ON" if table.flipped else "OFF"))
        sleep = table.sleep_s
        if not sleep:
            shown = "NEVER"
        elif sleep % 60:
            shown = str(sleep) + " S"
        else:
            shown = str(sleep // 60) + " MIN"
        found.append(("SLEEP AFTER", shown))
    return found


def press(table, key, long, now_ms):
    page = table.page
    count = len(rows(table))
    if key == N or key == S:
        step = 1 if key == S else -1
        page.cursor = (page.cursor + step) % count
        return
    if key == W:
        # Back to the menu; what changed here is saved then (``leave``).
        table.back()
        return
    if page.kind == RULES:
        if page.cursor < len(FIELDS) and FIELDS[page.cursor][3] == SCORE and page.draft.hands:
            table.say("NO TARGET: " + str(page.draft.hands) + " HANDS, SEE PROGRESSIVE", now_ms)
            return
        change_rule(table, page.cursor)
        if page.cursor == len(FIELDS) + len(_TABLE_ROWS):
            table.say("AS IN SETTINGS.TOML: SAVED ON LEAVING", now_ms)
    else:
        change_display(table, page.cursor)
        if page.cursor == 1:
            # Every key now sits elsewhere on the picture: the first press
            # after the flip only closes this, and the hints say the rest.
            table.say("READ FROM " + table.key_letter(S) + " SIDE. ANY KEY: CLOSE",
                      now_ms, True)


def change_rule(table, row):
    page = table.page
    if row >= len(FIELDS):
        row -= len(FIELDS)
        if row < len(_TABLE_ROWS):
            name = _TABLE_ROWS[row][1]
            setattr(table, name, not getattr(table, name))
            page.changed = True
        else:
            settings = table.settings
            page.draft = settings.rules
            if (table.trump, table.skunk_double) != (settings.trump, settings.skunk_double):
                table.trump = settings.trump
                table.skunk_double = settings.skunk_double
                page.changed = True
        return
    name, _, choices, _, _, _ = FIELDS[row]
    value = getattr(page.draft, name)
    if value in choices:
        value = choices[(choices.index(value) + 1) % len(choices)]
    else:
        value = choices[0]
    options = {name: value}
    page.draft = page.draft.replace(**options)


def leave(table, page):
    """The page closes (``Table._turn``): the rules' draft is saved."""
    if page.kind == RULES:
        save_rules(table, page.draft, table.said.pressed)


def save_rules(table, draft, now_ms):
    if draft == table.next_rules:
        return
    table.next_rules = draft
    table.device_rules = draft != table.settings.rules
    game = table.game
    if game.action_count == 0:
        table.replace_game(Game(draft, dealer=game.start_dealer), table.previous, table.tally)
        table.say("RULES SAVED", now_ms)
    else:
        table.prefs_changed()
        # Which game they are for, and what the table looks for now: the
        # game in play keeps its own rules (its log replays under them).
        # A game over has nothing left to look for.
        rules = game.rules
        if game.over:
            table.say("SAVED FOR THE NEXT GAME", now_ms)
            return
        if (rules.target, rules.win_by_two, rules.hands) != (draft.target, draft.win_by_two,
                                                            draft.hands):
            end = "GAME STAYS " + (str(rules.hands) + " HANDS" if rules.hands else
                                   "TO " + str(rules.target) + (" BY 2" if rules.win_by_two
                                                                else ""))
        else:
            end = "ONE KEEPS ITS RULES"
        table.say("SAVED FOR THE NEXT GAME. THIS " + end, now_ms)


def _next_choice(choices, current):
    """The first of ``choices`` (in rising order) above ``current``, else the first."""
    for choice in choices:
        if choice > current:
            return choice
    return choices[0]


def change_display(table, row):
    if row == 0:
        table.contrast = _next_choice(CONTRAST_LEVELS, table.contrast)
    elif row == 1:
        table.flipped = not table.flipped
    else:
        table.sleep_s = _next_choice(SLEEP_CHOICES, table.sleep_s)
    table.page.changed = True


def draw(table, buf):
    page = table.page
    title = "DISPLAY"
    if page.kind == RULES:
        # Rules other than the game's, once it has begun, are the next
        # game's: the title says so, so that nobody reads them as this one's.
        game = table.game
        title = "NEXT GAME" if game.action_count and page.draft != game.rules else "RULES"
    lists.draw_list(table, buf, title, rows(table), page.cursor, "CHANGE")
