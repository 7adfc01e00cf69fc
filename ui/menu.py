"""The menu, opened by long OK from every screen, and Undo, its first entry
(so undo is long OK, then OK). The module the entry under the cursor
opens (a page, the seat picker, or Undo's: the trump suit's question it
brings back) is loaded while the table is quiet
(``ahead``, ``ui.registry.prepare``), so that choosing it finds it loaded.

The keys by where they sit on the picture: top and bottom move, right (or
OK) chooses, left goes back. The page's ``rows`` are the entries that apply
as it opens, its ``cursor`` the chosen one; the pages it opens go back to
it (``Table.back``), their modules dropped again once play resumes.
"""

from micropython import const

from ui import lists, screen
from ui.keys import N, S, SEATS, W
from euchre_core.actions import SUIT_NAMES, SUIT_WORDS, action_text
from euchre_core.game import Game, won_when_kept

LIST_PAGE = True
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False

# The entries, in the order they are listed (``LABELS``).
ITEM_UNDO = const(0)
ITEM_RENEGE = const(1)
ITEM_REST = const(2)
ITEM_ADJUST = const(3)
ITEM_DEALER = const(4)
ITEM_RULES = const(5)
ITEM_STATS = const(6)
ITEM_HISTORY = const(7)
ITEM_DISPLAY = const(8)
ITEM_EXPORT = const(9)
ITEM_NEW_GAME = const(10)
ITEM_RESET = const(11)

LABELS = ("UNDO", "RENEGE", "REST OF TRICKS", "ADJUST SCORE", "SET DEALER",
          "RULES", "STATS", "HISTORY", "DISPLAY", "EXPORT TO USB",
          "NEW GAME", "RESET MATCH")


# The module each entry opens (a page module of ui.registry's PAGE_MODULES,
# or the seat picker), by entry; None: the entry acts at once.
PAGE_OF = (None, "pick", "pick", "adjust", "pick", "options", "stats", "history", "options",
           "export", "confirm", "confirm")

# An action's word by its letter in the game's text (``describe``): "|",
# the letter, a space, the word. One string: its words are not each a
# name the interpreter keeps.
_ACTION_WORDS = ("|C CALL|A CALL ALONE|D DEF ALONE|L ALONE|T TRICK|P PASS|R RENEGE"
                 "|J ADJUST|X DEALER|F RESULT|Q RESULT|B BLIND ALONE|S SET BACK|= TRUMP|")


def describe(table, code):
    """An action byte in words, with the table's names: what Undo undoes
    (and Export's lines)."""
    words = action_text(code)
    # Every first letter action_text writes has its word.
    at = _ACTION_WORDS.find("|" + words[0] + " ") + 3
    word = _ACTION_WORDS[at:_ACTION_WORDS.find("|", at)]
    rest = words[1:]
    if rest[-1:] == "^":
        # Ordered up in the first round (Canadian loner).
        word = "ORDER UP" + word[4:]
        rest = rest[:-1]
    if words[0] == "=":
        return word + " " + SUIT_WORDS[SUIT_NAMES.index(rest)].upper()
    if len(rest) == 1 and rest in SEATS:
        return word + " " + table.names[SEATS.index(rest)].decode()
    if words[0] == "J":
        return word + " " + table.teams[int(rest[0])].decode() + " " + rest[1:]
    if words[0] == "F":
        return word + " " + rest + "-" + str(5 - int(rest))
    if words[0] == "Q":
        # A quick result: the kind is known, not the tricks.
        return word + " " + ("EUCHRED", "MADE", "MARCH")[int(rest) // 3 + int(rest) // 5]
    return word


def ahead(table, page):
    """The module the entry under the cursor opens, or None: loaded while
    the table is quiet (``ui.registry.prepare``), so that OK finds it. While the
    table records the trump suit, Undo may ask it again (right after it was
    named, or of a hand scored before it was): the suit's question, which
    weighs less than the seat picker other entries hold."""
    item = page.rows[page.cursor]
    if item == ITEM_UNDO and table.trump:
        return "suit"
    return PAGE_OF[item]


def show(table, page):
    """The menu with Undo chosen (``page.rows``: the entries that apply
    now, ``page.cursor``: the chosen one)."""
    # Held again while the menu shows: its title blinks, as feedback.
    old = table.page
    page.flash = old is not None and old.name == "menu" and not old.flash
    game = table.game
    items = [ITEM_UNDO]
    # On "who deals first?" the game on view is the one New game ends: no
    # entry acts on it (Undo keeps it instead of the new one).
    if game.in_hand and table.waiting.new_game is None:
        items.append(ITEM_RENEGE)
        items.append(ITEM_REST)
    if not game.over and table.waiting.new_game is None:
        # A finished game takes no more actions (undo first): no Adjust
        # score or Set dealer to be refused once chosen.
        items.append(ITEM_ADJUST)
        if not game.in_hand:
            items.append(ITEM_DEALER)
    for item in (ITEM_RULES, ITEM_STATS, ITEM_HISTORY, ITEM_DISPLAY, ITEM_EXPORT,
                 ITEM_NEW_GAME, ITEM_RESET):
        items.append(item)
    page.rows = items


def _pair_last(table):
    """True when the last two actions are the two teams' changes of one
    Adjust score: one Undo takes back both. Known while the power stays on:
    after a power cut each is taken back on its own, named."""
    return table.undo_pair == (table.game, table.game.action_count)


def _replaced(table):
    """What Undo brings back with the game New game replaced: "RESET
    MATCH" when the match tally went back to 0-0 with it (Reset match:
    New game never lowers the tally, and counts the win of a game won), else
    "NEW GAME"."""
    previous = table.previous
    if table.tally == [0, 0] and (previous.tally_ns or previous.tally_ew
                                  or won_when_kept(previous) is not None):
        return LABELS[ITEM_RESET]
    return LABELS[ITEM_NEW_GAME]


def undo_label(table):
    if table.waiting.new_game is not None:
        # Who deals first is still asked: nothing is replaced yet.
        return "UNDO: KEEP OLD MATCH" if table.waiting.new_game else "UNDO: KEEP OLD GAME"
    if _pair_last(table):
        return "UNDO ADJUST SCORE"
    if table.game.action_count:
        code = table.game.codes[-1]
        page = table.page
        if page is None:
            return "UNDO " + describe(table, code)
        # Kept on the page with the action it names: the menu is drawn at
        # every press, and its last action seldom changes meanwhile.
        if page.undo is None or page.undo[0] != code:
            page.undo = (code, "UNDO " + describe(table, code))
        return page.undo[1]
    if table.previous is not None:
        return "UNDO " + _replaced(table)
    return "UNDO (NOTHING)"


def press(table, key, long, now_ms):
    page = table.page
    if key == N or key == S:
        step = 1 if key == S else -1
        page.cursor = (page.cursor + step) % len(page.rows)
        return
    if key == W:
        table.close()
        return
    # The entry stays chosen on this page, which the pages it opens go
    # back to (Table.back).
    item = page.rows[page.cursor]
    if item == ITEM_UNDO and table.waiting.new_game is not None:
        # The new game had not started: the old one (and a match Reset match
        # was to clear) goes on as it was.
        if table.waiting.new_game:
            table.say("NO RESET: MATCH KEPT", now_ms)
        else:
            table.say("NO NEW GAME: OLD ONE KEPT", now_ms)
        table.waiting.new_game = None
        table.prefs_changed()
    elif item == ITEM_UNDO:
        undo(table, now_ms)
    elif item == ITEM_RENEGE:
        table.open("pick", table.module("pick").FOR_RENEGE)
    elif item == ITEM_REST:
        table.open("pick", table.module("pick").FOR_REST)
    elif item == ITEM_DEALER:
        table.open("pick", table.module("pick").FOR_DEALER)
    elif item == ITEM_ADJUST:
        table.open("adjust")
    elif item == ITEM_RULES or item == ITEM_DISPLAY:
        table.open("options", item == ITEM_DISPLAY)
    elif item == ITEM_STATS:
        table.open("stats")
    elif item == ITEM_HISTORY:
        table.open("history")
    elif item == ITEM_EXPORT:
        # It prints one line per pass of the loop from now (``Table.tick``).
        table.module("export").start(table, now_ms)
    elif item == ITEM_NEW_GAME or item == ITEM_RESET:
        table.open("confirm", item == ITEM_RESET)
    if table.page is page:
        # Undo and Export act and leave the menu.
        table.close()


def undo(table, now_ms):
    """Take back the last action, or bring back the game New game replaced."""
    game = table.game
    if game.action_count:
        what = describe(table, game.codes[-1])
        if _pair_last(table):
            # Taken back together, the pair is gone (an action taken back
            # after it leaves it last again: still a pair).
            table.undo_pair = None
            game.undo()
            what = LABELS[ITEM_ADJUST]
        game.undo()
        table.say("UNDONE: " + what, now_ms)
    elif table.previous is not None:
        previous = table.previous
        what = _replaced(table)
        game = Game(previous.rules, dealer=previous.dealer)
        # Its state as it was kept: no replay of the whole log in the press.
        game.extend(previous.codes, previous.ended)
        table.replace_game(game, None, [previous.tally_ns, previous.tally_ew])
        table.say("UNDONE: " + what, now_ms)
    else:
        table.say("NOTHING TO UNDO", now_ms)


def draw(table, buf):
    page = table.page
    rows = []
    for item in page.rows:
        if item == ITEM_UNDO:
            rows.append((undo_label(table), ""))
        else:
            rows.append((LABELS[item], ""))
    lists.draw_list(table, buf, "MENU", rows, page.cursor, "CHOOSE")
    if page.flash:
        screen.text(buf, 2, 0, "MENU", True)
