"""Table UI cases, how screens open and close: by a registered name only,
a page of the menu back to the menu on its entry, a waiting question back
after the menu, a menu page's module gone from the heap back in play, and
Undo of New game bringing the old game and tally back.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

import sys

from ui_read import E, N, OK, S, W, Clock, find_text, frame, press, settle, table
from euchre_core import reports


def _chosen(t, label):
    """The menu's chosen entry (drawn inverted) reads ``label``."""
    buf = frame(t)
    for page in range(1, 7):
        if find_text(buf, page, label, True) >= 0:
            return True
    return False


def _down_to(t, clock, label):
    """On the menu, down to the entry ``label``."""
    for _ in range(12):
        if _chosen(t, label):
            return
        press(t, clock, S)
    raise AssertionError(label)


def case_ui_an_unknown_screen_is_refused_by_its_name():
    t = table(dealer=0)
    try:
        t.open("scores")
    except ValueError as err:
        assert "scores" in str(err)
    else:
        raise AssertionError("opened a screen that is not registered")
    assert t.screen_name == "score" and t.page is None


def case_ui_a_menu_page_goes_back_to_the_menu_on_its_entry():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    _down_to(t, clock, "HISTORY")
    press(t, clock, OK)
    assert t.screen_name == "history"
    press(t, clock, W)
    # The menu again, its entry still chosen (drawn inverted) and in view.
    assert t.screen_name == "menu" and find_text(frame(t), 7, "E:CHOOSE") >= 0
    assert _chosen(t, "HISTORY")
    press(t, clock, W)
    assert t.screen_name == "score" and t.page is None


def case_ui_a_menu_page_module_leaves_the_heap_back_in_play():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    _down_to(t, clock, "STATS")
    press(t, clock, OK)
    assert t.screen_name == "stats" and "ui.stats" in sys.modules
    press(t, clock, W)  # the menu: the page's module stays while the menu is open
    assert "ui.stats" in sys.modules
    press(t, clock, W)  # play
    assert t.screen_name == "score" and "ui.stats" not in sys.modules
    # It comes back the next time it opens, drawn as before.
    press(t, clock, OK, long=True)
    _down_to(t, clock, "STATS")
    press(t, clock, OK)
    assert t.screen_name == "stats" and find_text(frame(t), 2, "MADE") >= 0


def case_ui_who_deals_first_comes_back_after_the_menu():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)  # a call: the game is under way
    press(t, clock, OK, long=True)
    _down_to(t, clock, "RESET MATCH")
    press(t, clock, OK)
    assert find_text(frame(t), 5, "MATCH TALLY TO 0-0") >= 0
    press(t, clock, E)  # yes: who deals first?
    assert t.screen_name == "pick"
    press(t, clock, OK, long=True)
    press(t, clock, W)  # the menu left: the question again, still Reset match
    assert t.screen_name == "pick" and find_text(frame(t), 2, "WHO DEALS FIRST?") >= 0
    t.tally = [2, 1]
    press(t, clock, S)
    assert t.screen_name == "score" and t.game.dealer == S and t.tally == [0, 0]


def case_ui_undo_of_new_game_brings_the_old_game_and_tally_back():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    t.tally = [1, 2]
    codes = t.game.codes
    serial = t.game_serial
    press(t, clock, OK, long=True)
    _down_to(t, clock, "NEW GAME")
    press(t, clock, OK)
    press(t, clock, OK)  # yes
    press(t, clock, W)  # W deals first
    assert t.game.codes == b"" and t.previous.codes == codes and t.previous.tally_ew == 2
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # UNDO NEW GAME
    assert t.message == "UNDONE: NEW GAME" and t.game.codes == codes
    assert t.tally == [1, 2] and t.previous is None and t.game_serial == serial + 2
    settle(t, clock)
    assert t.screen_name == "hand"


def case_ui_undo_of_new_game_plays_no_more_than_the_hand_in_play_again():
    # New game keeps the old game with its state (Game.ended): Undo brings
    # it back without replaying its log, in one press as quick as any.
    from euchre_core.game import Game
    clock = Clock()
    t = table(dealer=0)
    for seat in (N, E, S, W, N, E):
        press(t, clock, seat)  # a call, then the quick result: made
        press(t, clock, OK)
        press(t, clock, N)
        settle(t, clock)
    press(t, clock, S)
    press(t, clock, E)  # a call and a trick: a hand in play
    old = t.game
    codes, scores = old.codes, old.scores
    press(t, clock, OK, long=True)
    _down_to(t, clock, "NEW GAME")
    press(t, clock, OK)
    press(t, clock, OK)  # yes
    press(t, clock, W)  # W deals first
    played = []
    step = Game._step

    def counted(game, code):
        played.append(code)
        step(game, code)

    Game._step = counted
    try:
        press(t, clock, OK, long=True)
        press(t, clock, OK)  # UNDO NEW GAME
    finally:
        Game._step = step
    assert t.message == "UNDONE: NEW GAME" and t.game.codes == codes
    assert played == list(codes[-2:])  # the call and the trick, not the 20 before
    assert t.game.scores == scores and t.game.tricks == [0, 1] and t.game.leader == E
    assert reports.history(t.game) == reports.history(old) and t.game.progress() == old.progress()


def _pages_held():
    """The menu's page modules loaded now (ui.registry's PAGE_MODULES)."""
    from ui.registry import PAGE_MODULES
    return [name for name in PAGE_MODULES if "ui." + name in sys.modules]


def case_ui_the_menu_loads_the_page_under_its_cursor_when_quiet():
    from ui.registry import PAGE_MODULES
    for name in PAGE_MODULES:  # (another case's file may import one)
        sys.modules.pop("ui." + name, None)
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    t.prepare()  # the menu opens on Undo: no page module
    assert _pages_held() == []
    _down_to(t, clock, "STATS")
    assert t.prepare() and _pages_held() == ["stats"]
    assert not t.prepare()  # already there: nothing to do
    before = sorted(sys.modules)
    press(t, clock, OK)
    assert t.screen_name == "stats" and sorted(sys.modules) == before  # it loaded nothing
    press(t, clock, W)
    _down_to(t, clock, "HISTORY")
    t.prepare()  # one page module at a time
    assert _pages_held() == ["history"]
    press(t, clock, W)  # play: none held
    assert t.screen_name == "score" and _pages_held() == []
    t.prepare()
    assert _pages_held() == []


def case_ui_every_menu_page_opens_without_loading_once_the_table_was_quiet():
    from ui.registry import PAGE_MODULES
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    count = len(t.page.rows)
    opened = set()
    for step in range(1, count):  # every entry after Undo
        if t.screen_name != "menu":
            press(t, clock, OK, long=True)
        for _ in range(step):
            press(t, clock, S)
        t.prepare()
        held = _pages_held()
        assert len(held) <= 1, held
        before = set(sys.modules)
        press(t, clock, OK)
        assert not set(sys.modules) - before, (step, t.screen_name)
        opened.update(held)
        while t.screen_name != "score":  # back to play, whatever the page asks
            press(t, clock, OK, long=True)
            press(t, clock, W)
    assert opened == set(PAGE_MODULES), opened


def case_ui_a_press_faster_than_the_quiet_moment_still_opens_the_page():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    _down_to(t, clock, "RULES")
    t.prepare()
    assert _pages_held() == ["options"]
    _down_to(t, clock, "HISTORY")  # no quiet moment since: the page loads on OK
    press(t, clock, OK)
    buf = frame(t)
    assert t.screen_name == "history"
    assert [page for page in range(8) if find_text(buf, page, "NO HAND SCORED YET") >= 0]
    assert _pages_held() == ["history"]
