"""The screen registry: every screen of the table by name, and which of
their modules the heap holds when.

Each screen is a module of this package, named in ``SCREENS`` as
``Table.screen_name`` reports it and found through ``module``. No press
should wait for a module (read from flash, after a garbage collection),
nor should the heap hold code no screen on view can reach: modules are
loaded while the table is quiet, when the loop calls ``Table.prepare``
(``prepare`` here). The score screen is imported with the table, and this
registry after the first picture: start-up draws that picture with the
score screen alone (``ui.table.screen_module``). At the first quiet
moment the other screens a hand meets (``HAND_SCREENS``, with the
trump suit's question while the table records it) load, held in play from
then on; the menu while OK is held, before its long press opens it
(``holding``); on the menu and its pages, only those their presses lead
to (``DROPPED``), so a page's module never sits on top of them all. The
menu's pages (``PAGE_MODULES``) are held one at a time: at each quiet
moment on the menu, the module of the entry under the cursor is loaded
(the menu's ``ahead``) and any other dropped; a page keeps its own (and
the engine's report it shows: ``REPORT_PAGES``); back to play, none
(``release_pages``). The drawing only some screens share is held while
one of them is (``SHARED``): the list pages' (``ui.lists``), the labels
beside the keys (``ui.labels``). A press faster than the quiet
moment loads what it opens then (``module``): slower, the same screen.

Adding a screen is one module and its name in ``SCREENS`` (and, for a page
of the menu, in ``PAGE_MODULES``); ``ui.table`` says what a screen module
has.
"""

import gc
import sys

from ui import score
from ui.keys import OK

# Every screen by its name. The game's own screen (score, hand or over, by
# the state of the game) shows while no screen is open over it
# (``Table.page`` is None).
SCREENS = ("score", "hand", "over", "quick", "banner", "ask", "menu", "pick", "adjust",
           "options", "stats", "history", "confirm", "suit")

# The modules of this package imported so far: at first the score screen,
# which start-up shows.
_LOADED = {"score": score}

# The other screens every hand meets (the hand, its result banner, the
# quick result, game over), loaded at the loop's first quiet moment
# (``prepare``) and held in play from then on; with them, under the
# house rules that ask it (Canadian loner, blind loner), the question before
# a call; while the table records the trump suit, its question. The four
# sets, by the rules asking (1) and the table recording trump (2). The
# menu, which long OK opens from every screen, is not held in play: it
# loads while OK is held, before its long press fires (``holding``).
HAND_SCREENS = ("hand", "banner", "quick", "over")
_HELD = (HAND_SCREENS, HAND_SCREENS + ("ask",), HAND_SCREENS + ("suit",),
         HAND_SCREENS + ("ask", "suit"))

# The drawing modules only some screens share, each with those screens:
# let go with the last of them. The list pages' (the menu, and the pages it
# opens, which hold it); the labels beside the keys (the screens that ask).
SHARED = {"lists": ("menu",), "labels": ("quick", "ask", "pick", "adjust", "confirm")}

# While the menu or a screen it opened is on view, a press opens a page or
# the seat picker, goes back to the menu, or closes it to the game's own
# screen (``Table.main_screen``) or a question waiting (``Table.home``). Of
# the screens play holds (``DROPPED``), the registry then keeps only the game's
# own screen, a question's, and the menu with what the module that the
# entry under the cursor opens (or the page on view) may lead to
# (``_LEADS``, by that module; None: an entry that opens none; the other
# pages, the menu alone), and drops the others before a page's module
# loads, so the heap never holds both; play brings them back at its next
# quiet moment. Undo (no page) and the seat
# picker's entries may score a hand or take one back: the hand's, game
# over's and the result banner (a set-back offer); Undo right after the
# trump suit was named brings its question back (the menu's ``ahead``
# names the suit's module then); Adjust score may end the game; New game
# and Reset match ask who deals first. The score screen (start-up's) is
# never dropped.
DROPPED = HAND_SCREENS + ("ask", "suit", "menu", "pick")
_PLAYED = ("menu", "hand", "over", "banner")
_LEADS = {None: _PLAYED, "pick": _PLAYED, "suit": _PLAYED, "adjust": ("menu", "over"),
          "confirm": ("menu", "pick")}
_MENU = ("menu",)

# The modules only the menu's pages use: at most one of them is held at a
# time, the one the screen on view shows or may open next (``hold``), and
# none back in play (``release_pages``).
PAGE_MODULES = ("options", "stats", "history", "adjust", "confirm", "export")
# The pages that import one of the engine's reports, and that report's
# module (in ``euchre_core``): each report is held while its page is, and
# let go with it. (A dict's words are names the interpreter keeps, once:
# in a tuple of constants each would be a string of its own in the heap.)
REPORT_PAGES = {"stats": "hand_stats", "history": "reports"}


def load_screens(names):
    """Import the screens ``names`` that are not loaded yet. Loading a module
    needs room in one piece: the callers collect the garbage first."""
    for name in names:
        if name not in _LOADED:
            # __import__ returns the package, which the import gave the module.
            _LOADED[name] = getattr(__import__("ui." + name), name)


def release_pages(keep=None):
    """Drop the modules of ``PAGE_MODULES`` that are loaded, but ``keep``,
    and the engine's reports but the one ``keep`` shows: from the loaded
    screens, the interpreter's modules and the package, the references an
    import keeps, so that their code leaves the heap."""
    for name in PAGE_MODULES:
        if name != keep and _LOADED.pop(name, None) is not None:
            forget("ui", name)
    for page in REPORT_PAGES:  # (not .items(): a view object at every quiet moment)
        if page != keep:
            forget("euchre_core", REPORT_PAGES[page])


def forget(package, name):
    """The module ``package.name`` out of the interpreter's modules and its
    package (nothing to do, and nothing made, when it is not loaded)."""
    parent = sys.modules[package]
    if hasattr(parent, name):
        delattr(parent, name)
        sys.modules.pop(package + "." + name, None)


def hold(names, page, main=None, question=None):
    """The screens ``names`` loaded, with ``page`` (a module of
    ``PAGE_MODULES``, the seat picker, the suit's question, or None), the
    game's own screen ``main`` and a question's screen (each a name or
    None): the other page modules, and of the screens play holds
    (``DROPPED``) those not among them, are dropped, then what is missing
    is loaded, after a collection
    (the free heap is cut up by the presses' garbage). True when it loaded
    anything. With nothing to change it makes no object: the loop calls it
    (``prepare``) at every quiet moment."""
    release_pages(page)
    for name in DROPPED:
        if (name not in names and name != page and name != main and name != question
                and _LOADED.pop(name, None) is not None):
            forget("ui", name)
    for shared in SHARED:
        for name in SHARED[shared]:
            if name in _LOADED:
                break
        else:
            forget("ui", shared)
    due = ((page is not None and page not in _LOADED) or (main is not None and main not in _LOADED)
           or (question is not None and question not in _LOADED))
    for name in names:
        if name not in _LOADED:
            due = True
    if not due:
        return False
    gc.collect()
    load_screens(names)
    for name in (page, main, question):
        if name is not None:
            load_screens((name,))
    return True


def module(name):
    """The module of ``name`` in this package (a screen of ``SCREENS``, or
    ``export``), imported now when it is not loaded yet: a press faster
    than the quiet moment (``prepare``) waits for it."""
    found = _LOADED.get(name)
    if found is None:
        if name in PAGE_MODULES:
            release_pages()  # one page module at a time
        # Mid-game the free heap is cut up by the garbage of the presses.
        gc.collect()
        load_screens((name,))
        found = _LOADED[name]
    return found


def prepare(table):
    """The table is quiet: load now what the next press may need, so that
    no press waits for a module. The screens held in play from the first
    quiet moment on (``HAND_SCREENS``; on the menu and its pages fewer:
    ``DROPPED``), and of the menu's page modules only the one the screen
    on view shows or may open next (its module's ``ahead``: on the menu,
    the entry under the cursor); the others are dropped.
    True when it collected the garbage and loaded a module."""
    page = table.page
    if page is not None:
        name = page.name
        ahead = getattr(module(name), "ahead", None)  # a page has none
        if ahead is not None or page.under is not None:
            # The menu (the screen that opens pages) or a screen it
            # opened: only what their presses lead to.
            want = name if ahead is None else ahead(table, page)
            return hold(_LEADS.get(want, _MENU), want, table.main_screen, table.question)
    rules = table.game.rules
    held = _HELD[(1 if rules.canadian_loner or rules.blind_loner else 0)
                 | (2 if table.trump else 0)]
    # Of the questions, only who deals first is not among those.
    return hold(held, None, question="pick" if table.waiting.new_game is not None else None)


def holding(table, key):
    """``key`` has been held half its long press: what that long press
    opens is loaded now, so that it finds it loaded. Long OK opens the
    menu from every screen: the screens of play the menu does not keep
    (``DROPPED``, but the one on view) are dropped first, as its own quiet
    moment would drop them, so the heap never holds both. A press let go
    after this and before its long press is a short one: a screen it opens
    that was dropped loads then. With the menu loaded (on the menu, or a
    screen it opened) nothing changes. True when it collected the garbage
    and loaded the menu."""
    if key != OK or "menu" in _LOADED:
        return False
    # _PLAYED holds every game's own screen the score screen is not.
    name = table.screen_name
    held = _PLAYED + (name,) if name in DROPPED else _PLAYED
    return hold(held, None, question=table.question)
