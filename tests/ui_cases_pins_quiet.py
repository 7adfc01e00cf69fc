"""Table UI cases, what the table does while nobody presses and what it
keeps: banners, hints and the burn-in shift on time, to the millisecond, and
which of them draw again; the modules loaded at a quiet moment and let go
back in play; the menu as a page it opened goes back to it; the questions
and answers waiting, byte by byte through the preferences record.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

import gc
import sys

from ui import banner, menu, prefs, score
from ui import registry
from ui import table as table_module
from ui.table import MESSAGE_MS, SHIFT_MS
from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, find_text, frame, press, table,
                     choose)


def _redraws(t, buf, now_ms):
    """Time passes to ``now_ms``: True when the table draws anything new."""
    t.tick(now_ms)
    return t.render(buf) != 0


def _in_hand(**options):
    game = Game(Rules(), dealer=0)
    game.call(N)
    return Table(Rules(), names=("Ann", "Bob", "Cat", "Dan"), game=game, **options)


def case_pin_the_banner_goes_after_exactly_its_time():
    t = _in_hand()
    for _ in range(4):
        t.game.trick(N)
    t.press(N, False, 1000)  # the march
    assert t.screen_name == "banner"
    t.tick(1000 + banner.SHOW_MS - 1)
    assert t.screen_name == "banner"
    t.tick(1000 + banner.SHOW_MS)
    assert t.screen_name == "score"


def case_pin_a_message_goes_after_exactly_its_time():
    t = table(dealer=0)
    t.press(OK, False, 1000)  # "ALL PASSED? ..."
    t.tick(1000 + MESSAGE_MS - 1)
    assert t.message is not None
    t.tick(1000 + MESSAGE_MS)
    assert t.message is None


def case_pin_the_idle_hint_draws_again_where_it_shows():
    # The score screen's dealer line turns to a hint: drawn again.
    t = table(dealer=0)
    buf = bytearray(1024)
    assert t.render(buf)
    assert not _redraws(t, buf, score.HINT_MS - 1)
    assert _redraws(t, buf, score.HINT_MS)
    # The hand screen's line under the pips takes turns too; the menu has
    # no hint: nothing to draw.
    t = _in_hand()
    t.render(buf)
    assert _redraws(t, buf, score.HINT_MS)
    # A lone player named there instead: no hint, nothing to draw again.
    t = _in_hand()
    t.game.go_alone(N)
    t.render(buf)
    assert not _redraws(t, buf, score.HINT_MS)
    t = table(dealer=0)
    clock = Clock()
    press(t, clock, OK, long=True)
    t.render(buf)
    assert not _redraws(t, buf, clock.now + score.HINT_MS)


def case_pin_the_score_shifts_once_a_minute_and_draws_again():
    # No hint changes in the last millisecond of either minute.
    for minute in (1, 2):
        assert score.hint_step(minute * SHIFT_MS - 1) == score.hint_step(minute * SHIFT_MS)
    t = table(dealer=0)
    buf = bytearray(1024)
    t.render(buf)
    t.tick(SHIFT_MS - 1)
    t.render(buf)
    before = bytes(buf)
    assert not _redraws(t, buf, SHIFT_MS - 1) and t.shift == 0
    assert _redraws(t, buf, SHIFT_MS) and t.shift == 1
    assert bytes(buf) != before
    t.tick(2 * SHIFT_MS - 1)
    t.render(buf)
    assert t.shift == 1
    assert _redraws(t, buf, 2 * SHIFT_MS) and t.shift == 2
    # The hand screen does not move: nothing to draw.
    t = _in_hand()
    t.render(buf)
    t.tick(SHIFT_MS - 1)
    t.render(buf)
    assert not _redraws(t, buf, SHIFT_MS)


def _forget(name):
    """As if screen ``name`` had never been imported (a fresh start)."""
    registry._LOADED.pop(name, None)
    sys.modules.pop("ui." + name, None)
    package = sys.modules["ui"]
    if hasattr(package, name):
        delattr(package, name)


def _held(name):
    return "ui." + name in sys.modules


def _loaded(name):
    """The menu and the seat picker, which these cases import themselves:
    held by the table."""
    return name in registry._LOADED


def case_pin_the_first_picture_needs_no_registry_and_its_first_use_keeps_it():
    # Start-up draws the score with the score screen alone; the registry
    # comes at the table's first quiet moment, imported once and kept.
    kept = table_module._registry
    table_module._registry = None  # as at a start-up
    try:
        t = table(dealer=0)
        t.home()  # as a game resumed between hands comes home (ui.restore)
        t.render(bytearray(1024))
        assert t.screen_name == "score" and table_module._registry is None
        t.prepare()
        assert table_module._registry is registry
        assert table_module.screen_module("hand") is registry.module("hand")
    finally:
        table_module._registry = kept


def case_pin_the_first_quiet_moment_loads_the_hands_screens():
    _forget("quick")
    t = table(dealer=0)
    assert not _held("quick")
    assert t.prepare() is True and _held("quick")
    assert t.prepare() is False


def case_pin_the_call_question_is_loaded_only_under_the_rules_that_ask_it():
    for rules, asks in ((Rules(), False), (Rules(canadian_loner=True), True),
                        (Rules(blind_loner=True), True)):
        _forget("ask")
        table(rules, dealer=0).prepare()
        assert _held("ask") is asks, rules


def case_pin_the_suit_question_is_loaded_only_for_a_table_that_records_trump():
    _forget("suit")
    table(dealer=0).prepare()
    assert not _held("suit")
    table(dealer=0, trump=True).prepare()
    assert _held("suit")


def case_pin_the_suit_question_alone_does_not_bring_the_call_question():
    # Trump recorded under rules that ask nothing before a call.
    _forget("ask")
    table(dealer=0, trump=True).prepare()
    assert _held("suit") and not _held("ask")


def _collections(run):
    """The garbage collections the table makes while ``run()`` runs."""
    collected = []

    class Counting:
        pass

    Counting.collect = lambda: collected.append(1)
    real = registry.gc
    registry.gc = Counting
    try:
        run()
    finally:
        registry.gc = real
    return len(collected)


def case_pin_a_press_on_loaded_screens_collects_no_garbage():
    # A collection is the board's longest wait: only a screen that is not
    # loaded yet (a press faster than the quiet moment) makes one. The menu
    # loads while OK is held, before its long press (``holding``).
    clock = Clock()
    t = table(dealer=0)
    t.prepare()  # the hand's screens

    def play():
        press(t, clock, N)  # the call: the hand screen
        press(t, clock, E)  # a trick

    def menu_and_back():
        press(t, clock, OK, long=True)  # the menu
        press(t, clock, W)  # back to play
        t.render(bytearray(1024))

    collected = _collections(play)
    assert not _loaded("menu")
    assert t.holding(OK) is True and _loaded("menu")
    collected += _collections(menu_and_back)
    assert t.screen_name == "hand" and t.game.tricks_played == 1
    assert collected == 0


def case_pin_holding_ok_loads_the_menu_once_and_drops_what_it_does_not_keep():
    clock = Clock()
    t = table(Rules(canadian_loner=True), dealer=0, trump=True)
    t.prepare()
    press(t, clock, N)  # North calls: which suit?
    press(t, clock, OK)  # not recorded: the hand
    press(t, clock, OK)  # the quick result, on view
    assert t.screen_name == "quick" and not _loaded("menu")
    assert t.holding(N) is False and not _loaded("menu")  # a seat's long press opens no screen
    assert t.holding(OK) is True
    # The menu, the game's own screen and what Undo may lead to, and the
    # screen on view; the others of play dropped.
    assert [name for name in _HAND_SCREENS if _held(name)] == ["hand", "banner", "quick", "over"]
    assert _loaded("menu") and not _loaded("pick")
    assert t.holding(OK) is False  # loaded already: nothing more
    press(t, clock, OK, long=True)
    assert t.screen_name == "menu"


def case_pin_a_page_keeps_its_module_and_play_lets_it_go():
    clock = Clock()
    t = table(dealer=0)
    choose(t, clock, menu.ITEM_STATS)
    t.prepare()
    assert t.screen_name == "stats" and _held("stats")
    assert t.prepare() is False and _held("stats")
    press(t, clock, W)  # back to the menu, on Stats
    t.prepare()
    assert _held("stats")
    press(t, clock, W)  # back to play
    assert t.screen_name == "score"
    assert not _held("stats") and not hasattr(sys.modules["ui"], "stats")


_HAND_SCREENS = ("hand", "banner", "quick", "over", "ask", "suit")


def case_pin_holding_ok_keeps_a_question_under_a_notice_and_a_page_on_view():
    clock = Clock()
    t = table(dealer=0, trump=True)
    t.prepare()
    press(t, clock, E)  # East calls: which suit?
    t.notice("A NOTICE FROM THE HARDWARE", clock.now)
    assert t.screen_name == "notice"
    assert t.holding(OK) is True
    assert _held("suit") and _loaded("menu")
    press(t, clock, OK)  # the notice goes
    assert t.screen_name == "suit"
    choose(t, clock, menu.ITEM_STATS)
    t.prepare()
    assert t.screen_name == "stats" and _held("stats")
    assert t.holding(OK) is False  # the menu is there: its page stays
    assert _held("stats") and _held("suit")


def _allocated(run):
    """Bytes the heap grew by while ``run()`` ran, where the interpreter
    tells (MicroPython's ``gc.mem_alloc``), else 0."""
    mem_alloc = getattr(gc, "mem_alloc", None)
    if mem_alloc is None:
        run()
        return 0
    gc.collect()
    gc.disable()
    try:
        before = mem_alloc()
        run()
        return mem_alloc() - before
    finally:
        gc.enable()


def case_pin_a_quiet_moment_with_nothing_to_load_makes_no_object():
    # The loop asks at every quiet moment (each 250 ms of an idle table):
    # with everything in place, the answer must leave no garbage.
    clock = Clock()
    t = table(Rules(setback=True, canadian_loner=True), dealer=0, trump=True)
    for moves in ((), (E,), (OK, OK), ((OK, True),), (S, S, S, S, S), (OK,)):
        for key in moves:
            if isinstance(key, tuple):
                press(t, clock, key[0], long=True)
            else:
                press(t, clock, key)
        t.prepare()
        assert t.prepare() is False
        assert _allocated(t.prepare) == 0, (moves, t.screen_name)
    assert t.screen_name == "stats"


def case_pin_a_set_back_offered_makes_no_object_while_the_table_waits():
    # The result banner offering a set-back waits for its answer: the loop's
    # ticks, and its quiet moments with the menu over the banner, ask about
    # the offer without making an object.
    clock = Clock()
    game = Game(Rules(setback=True), dealer=0)
    game.adjust(0, 3)
    game.call(N)
    for _ in range(5):
        game.trick(E)  # N-S euchred: E-W +2, and N-S has points to lose
    t = Table(Rules(setback=True), game=game)
    t.home()
    t.prepare()
    assert t.screen_name == "banner" and game.set_back_takes
    now = clock.now
    assert _allocated(lambda: t.tick(now)) == 0
    assert _allocated(t.prepare) == 0
    press(t, clock, OK, long=True)
    t.prepare()
    assert t.screen_name == "menu" and _allocated(t.prepare) == 0
    press(t, clock, W)  # back: the offer again
    assert t.screen_name == "banner"


def case_pin_the_menu_loads_the_games_own_screen_and_the_question_if_missing():
    # A quiet moment on the menu with its page loaded already still brings
    # back the game's own screen and a question waiting.
    clock = Clock()
    t = table(dealer=0, trump=True)
    t.prepare()
    press(t, clock, E)  # East calls: which suit?
    choose(t, clock, menu.ITEM_STATS)
    press(t, clock, W)  # back to the menu, on Stats
    t.prepare()
    for name in ("hand", "suit"):
        _forget(name)
        assert t.prepare() is True and _held(name), name
    assert _held("stats") and _held("hand") and _held("suit")


def case_pin_a_page_module_no_longer_listed_is_still_let_go():
    # Its package still names it while the interpreter's list does not (a
    # tool took it out): letting it go must not fail.
    clock = Clock()
    t = table(dealer=0)
    choose(t, clock, menu.ITEM_STATS)
    t.prepare()
    sys.modules.pop("ui.stats")
    press(t, clock, W)  # back to the menu
    press(t, clock, W)  # back to play: the page's module goes
    assert t.screen_name == "score" and not hasattr(sys.modules["ui"], "stats")


def case_pin_the_menu_and_its_pages_hold_only_the_screens_their_presses_lead_to():
    # On the menu and its pages: of the screens play holds, only the game's
    # own screen, a question waiting and what the entry or page leads to
    # stay, dropped before a page loads; back in play, the quiet moment
    # brings the others back and lets the menu go.
    clock = Clock()
    t = table(Rules(canadian_loner=True), dealer=0, trump=True)
    t.prepare()
    assert all(_held(name) for name in _HAND_SCREENS) and not _loaded("menu")
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_STATS)):
        press(t, clock, S)
    t.prepare()  # the menu, on Stats, between hands: its module loaded, the others dropped
    assert [name for name in _HAND_SCREENS if _held(name)] == []
    assert _held("stats") and _loaded("menu") and not _loaded("pick") and _held("score")
    press(t, clock, OK)
    t.prepare()
    assert t.screen_name == "stats" and _held("stats")
    assert [name for name in _HAND_SCREENS if _held(name)] == []
    press(t, clock, W)  # back to the menu, on Stats
    press(t, clock, W)  # back to play
    assert t.screen_name == "score"
    assert t.prepare() is True
    assert all(_held(name) for name in _HAND_SCREENS) and not _held("stats")
    assert not _loaded("menu") and not _loaded("pick")


def case_pin_the_list_pages_drawing_is_held_only_with_a_list_page():
    # The menu, Rules and Display, History and Stats draw with ui.lists:
    # held while one of them is, let go with the last of them; play never
    # draws a list.
    clock = Clock()
    t = table(dealer=0)
    t.prepare()
    assert not _held("lists")
    assert t.holding(OK) is True and _held("lists")
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_HISTORY)):
        press(t, clock, S)
    press(t, clock, OK)
    t.prepare()  # History on view, the menu under it: both draw lists
    assert t.screen_name == "history" and _held("lists")
    press(t, clock, W)  # back to the menu
    press(t, clock, W)  # back to play: the menu stays until the quiet moment
    assert t.screen_name == "score" and _held("lists")
    assert t.prepare() is True  # the screens of play back, the menu let go
    assert not _loaded("menu") and not _held("lists")
    assert not hasattr(sys.modules["ui"], "lists")
    press(t, clock, OK, long=True)  # a long press faster than its hold: loads it again
    assert t.screen_name == "menu" and _held("lists")


def case_pin_the_labels_beside_the_keys_are_held_only_with_a_screen_that_draws_them():
    # The quick result (held in play), the question before a call, the
    # seat picker, Adjust score and the yes-or-no question draw labels
    # beside the keys (ui.labels): held while one of them is.
    clock = Clock()
    t = table(dealer=0)
    t.prepare()
    assert _held("quick") and _held("labels")
    press(t, clock, OK, long=True)
    t.prepare()  # the menu, on Undo: the quick result dropped, and the labels with it
    assert not _held("quick") and not _held("labels")
    assert not hasattr(sys.modules["ui"], "labels")
    for _ in range(t.page.rows.index(menu.ITEM_DEALER)):
        press(t, clock, S)
    t.prepare()  # on Set dealer: the seat picker loaded, which draws them
    assert _loaded("pick") and _held("labels")
    press(t, clock, OK)
    assert t.screen_name == "pick"
    t.prepare()
    assert _held("labels")
    press(t, clock, W)  # back to the menu
    press(t, clock, W)  # back to play
    t.prepare()
    assert not _loaded("pick") and _held("quick") and _held("labels")


def case_pin_the_menu_holds_what_each_entry_leads_to():
    # In a hand: the hand's screen always; Undo and the seat picker's
    # entries may score or take back a hand (game over, the banner), Adjust
    # score may end the game, New game asks who deals first.
    clock = Clock()
    t = table(dealer=0)
    t.prepare()
    press(t, clock, N)  # North calls: the hand
    press(t, clock, OK, long=True)
    played = ["hand", "banner", "over"]
    for item, page, screens in ((menu.ITEM_UNDO, None, played),
                                (menu.ITEM_RENEGE, "pick", played),
                                (menu.ITEM_REST, "pick", played),
                                (menu.ITEM_ADJUST, "adjust", ["hand", "over"]),
                                (menu.ITEM_STATS, "stats", ["hand"]),
                                (menu.ITEM_NEW_GAME, "confirm", ["hand"])):
        t.page.cursor = t.page.rows.index(item)
        t.prepare()
        assert [name for name in _HAND_SCREENS if _held(name)] == screens, item
        assert _loaded("pick") is (page in ("pick", "confirm")), item
        if page is not None and page != "pick":
            assert _held(page), item
    press(t, clock, OK)  # New game?
    t.prepare()
    assert t.screen_name == "confirm" and _loaded("pick")
    collected = _collections(lambda: press(t, clock, OK))  # yes: who deals first?
    assert t.screen_name == "pick" and collected == 0
    t.prepare()  # the question held in play, the menu let go
    assert t.screen_name == "pick" and _loaded("pick") and not _loaded("menu")


def case_pin_at_game_over_the_menu_holds_game_over():
    clock = Clock()
    game = Game(Rules(target=1), dealer=0)
    game.call(N)
    game.finish(3, True)
    t = Table(Rules(target=1), game=game)
    assert t.screen_name == "over"
    t.prepare()
    press(t, clock, OK, long=True)
    t.page.cursor = t.page.rows.index(menu.ITEM_STATS)
    t.prepare()
    assert [name for name in _HAND_SCREENS if _held(name)] == ["over"]
    collected = _collections(lambda: press(t, clock, W))  # back to game over
    assert t.screen_name == "over" and collected == 0


def case_pin_a_page_holds_the_question_waiting():
    clock = Clock()
    t = table(dealer=0, trump=True)
    t.prepare()
    press(t, clock, E)  # East calls: which suit?
    assert t.screen_name == "suit"
    choose(t, clock, menu.ITEM_STATS)
    t.prepare()
    assert t.screen_name == "stats"
    assert [name for name in _HAND_SCREENS if _held(name)] == ["hand", "suit"]
    press(t, clock, W)  # back to the menu
    press(t, clock, W)  # and out of it: the question again
    assert t.screen_name == "suit"


def case_pin_a_quiet_moment_on_a_screen_that_opens_no_page():
    for name in registry.PAGE_MODULES:
        _forget(name)  # (another case's file may import one)
    t = table(Rules(canadian_loner=True), dealer=0)
    clock = Clock()
    press(t, clock, S)  # the dealer's partner: ordered up?
    assert t.screen_name == "ask"
    t.prepare()
    assert t.screen_name == "ask"
    assert not any(_held(name) for name in registry.PAGE_MODULES)


def case_pin_the_menu_a_page_goes_back_to_is_as_it_was():
    # Each entry that opens a page: back from it, the menu reads as it did
    # when that entry was chosen (the title steady, the entry in view).
    clock = Clock()
    for item in (menu.ITEM_RULES, menu.ITEM_STATS, menu.ITEM_HISTORY, menu.ITEM_DISPLAY):
        t = table(dealer=0)
        press(t, clock, OK, long=True)
        while t.page.rows[t.page.cursor] != item:
            press(t, clock, S)
        chosen = frame(t)
        press(t, clock, OK)
        press(t, clock, W)
        assert t.screen_name == "menu" and frame(t) == chosen, item


def case_pin_a_skipped_suit_stays_skipped_through_the_hand():
    clock = Clock()
    t = table(dealer=0, trump=True)
    press(t, clock, N)
    press(t, clock, OK)  # no suit this hand
    press(t, clock, N)  # a trick
    choose(t, clock, menu.ITEM_UNDO)  # the trick undone: no trick yet again
    assert t.game.tricks == [0, 0] and t.screen_name == "hand"
    press(t, clock, N, long=True)  # North goes alone
    assert t.game.lone_seat == N and t.screen_name == "hand"


def _answers(t):
    waiting = t.waiting
    return waiting.new_game, waiting.kept, waiting.suit_skipped


def case_pin_the_answers_waiting_byte_by_byte():
    t = table(dealer=0, flipped=True, sleep_s=300)
    for flipped, answers, flags, tail in (
            (True, (True, 0x3A05, 0x2B07), 1 | 16 | 32, b"\x3a\x05\x2b\x07"),
            (False, (False, 70000, None), 16, b"\xff\xfe\xff\xff"),
            (False, (None, None, 0x10000), 0, b"\xff\xff\xff\xfe")):
        t.flipped = flipped
        t.waiting.new_game, t.waiting.kept, t.waiting.suit_skipped = answers
        data = t.prefs_bytes()
        assert data[3] == flags and data[-4:] == tail, answers
        again = table(dealer=0, sleep_s=300)
        prefs.load(again, data)
        kept = answers[1] if answers[1] is None else min(answers[1], 0xFFFE)
        skipped = answers[2] if answers[2] is None else min(answers[2], 0xFFFE)
        assert _answers(again) == (answers[0], kept, skipped)
        assert again.flipped == flipped


def case_pin_a_version_3_record_keeps_the_tables_switches():
    # The table shows trump where settings.toml did not ask it to: a record
    # of version 3 (switches, no answers) keeps that.
    t = table(dealer=0)
    t.trump = True
    v4 = t.prefs_bytes()
    v3 = bytes((v4[0], 3)) + v4[2:-4]
    again = table(dealer=0)
    prefs.load(again, v3)
    assert again.trump and _answers(again) == (None, None, None)


def case_pin_preferences_loaded_keep_what_undo_of_new_game_brings_back():
    clock = Clock()
    t = table(dealer=0)
    t.game.adjust(0, 3)
    choose(t, clock, menu.ITEM_NEW_GAME)
    press(t, clock, E)  # yes
    press(t, clock, W)  # West deals first
    assert t.game.scores == [0, 0] and t.game.dealer == W
    prefs.load(t, t.prefs_bytes())
    choose(t, clock, menu.ITEM_UNDO)
    assert t.game.scores == [3, 0] and t.game.dealer == N


def case_pin_history_keeps_a_name_that_just_fits_whole():
    # The row "1 NAME MADE ... +1 US" has room for 6 letters of a name
    # (the right side as wide as "+1 THEM"): one of exactly 6 stays whole,
    # even beside a longer one it begins.
    game = Game(Rules(), dealer=0)
    game.call(N)
    game.finish(3)
    clock = Clock()
    t = Table(Rules(), names=("Alexan", "Bob", "Alexander", "Dan"), teams=("Us", "Them"),
              game=game)
    choose(t, clock, menu.ITEM_HISTORY)
    assert find_text(frame(t), 1, "1 ALEXAN MADE") >= 0


def case_pin_a_press_brings_the_dealer_line_back_at_once():
    # The hint shows; the menu opened and closed again without a moment
    # passing: the dealer line reads at once.
    t = table(dealer=0)
    fresh = frame(t)
    t.tick(score.HINT_MS)
    assert frame(t)[6 * 128:7 * 128] != fresh[6 * 128:7 * 128]
    t.press(OK, True, score.HINT_MS + 1)
    t.press(W, False, score.HINT_MS + 2)
    assert t.screen_name == "score" and frame(t) == fresh


def _refusal(make):
    try:
        make()
    except ValueError as err:
        return str(err)
    return None


def case_pin_a_table_needs_four_names_two_teams_and_known_screens():
    for names, teams in ((("Ann", "Bob", "Cat"), ("Us", "Them")),
                         (("Ann", "Bob", "Cat", "Dan"), ("Us",))):
        assert _refusal(lambda: Table(Rules(), names=names, teams=teams)) \
            == "Need four seat names and two team names"
    t = table(dealer=0)
    assert _refusal(lambda: t.open("scores")) == "no screen scores"
    assert t.screen_name == "score"


def case_pin_a_table_made_without_rules_plays_the_default_ones():
    # As the firmware makes one when settings.toml names no house rule:
    # the Rules page's FROM SETTINGS, its last row, gives the defaults.
    clock = Clock()
    t = Table(game=Game(Rules(), dealer=0))
    choose(t, clock, menu.ITEM_RULES)
    press(t, clock, N)  # up from the first row: the last, FROM SETTINGS
    press(t, clock, E)
    assert t.message == "AS IN SETTINGS.TOML: SAVED ON LEAVING"
    frame(t)
    press(t, clock, W)  # back: saved
    assert t.next_rules == Rules() and not t.device_rules


def case_pin_the_seat_picker_from_the_menu_scores_a_hand_without_a_load():
    # Rest of tricks (or Renege) on the menu opens the seat picker, whose
    # seat scores the hand and opens its result banner: a seat pressed
    # before the next quiet moment must find the banner loaded.
    clock = Clock()
    t = table(dealer=0)
    t.prepare()
    press(t, clock, N)  # Ann calls
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_REST)):
        press(t, clock, S)
    t.prepare()  # the menu, quiet on Rest of tricks
    press(t, clock, OK)
    assert t.screen_name == "pick"
    # The rest to the makers, before any quiet moment.
    collected = _collections(lambda: press(t, clock, N))
    assert t.screen_name == "banner" and t.game.hand_count == 1
    assert collected == 0


def case_pin_undo_of_the_trump_suit_brings_its_question_back_without_a_load():
    # While the table records trump, Undo right after the suit was named
    # takes the suit back and asks it again: the menu, quiet on Undo, holds
    # the suit's question (on Undo it always does while the table records
    # trump: lighter than the seat picker the entries below it hold).
    clock = Clock()
    t = table(dealer=0, trump=True)
    t.prepare()
    press(t, clock, N)  # North calls: which suit?
    press(t, clock, E)  # hearts: the hand
    assert t.screen_name == "hand" and t.game.trump == "H"
    assert t.holding(OK) is True  # the menu and what play keeps with it
    assert [name for name in _HAND_SCREENS if _held(name)] == ["hand", "banner", "over"]
    press(t, clock, OK, long=True)
    assert t.screen_name == "menu" and t.page.rows[t.page.cursor] == menu.ITEM_UNDO
    assert t.prepare() is True  # quiet on Undo: the suit's question
    assert [name for name in _HAND_SCREENS if _held(name)] == ["hand", "banner", "over", "suit"]
    assert t.prepare() is False
    collected = _collections(lambda: press(t, clock, OK))  # Undo: which suit, again
    assert t.screen_name == "suit" and t.game.trump is None and collected == 0
    press(t, clock, S)  # diamonds
    press(t, clock, N)  # a trick to North and South
    assert t.screen_name == "hand" and t.game.tricks_played == 1
    press(t, clock, OK, long=True)
    t.prepare()
    assert [name for name in _HAND_SCREENS if _held(name)] == ["hand", "banner", "over", "suit"]
    collected = _collections(lambda: press(t, clock, OK))  # Undo of the trick
    assert t.screen_name == "hand" and t.game.trump == "D" and collected == 0
    # On Renege, the seat picker alone.
    press(t, clock, OK, long=True)
    t.prepare()
    assert _held("suit")
    t.page.cursor = t.page.rows.index(menu.ITEM_RENEGE)
    t.prepare()
    assert _loaded("pick") and not _held("suit")
    # Without trump recorded, Undo on the menu holds no suit's question,
    # before a call or after it.
    for call in (False, True):
        t = table(dealer=0)
        t.prepare()
        if call:
            press(t, clock, N)
        press(t, clock, OK, long=True)
        t.prepare()
        assert not _held("suit"), call


def case_pin_undo_of_a_hand_scored_before_its_suit_asks_it_again_without_a_load():
    # While the table records trump, a hand scored from the menu before its
    # suit was named (Rest of tricks over the suit's question) comes back
    # with that question on Undo: the menu, quiet on Undo, holds it then.
    clock = Clock()
    t = table(dealer=0, trump=True)
    t.prepare()
    press(t, clock, N)  # North calls: which suit?
    assert t.screen_name == "suit"
    choose(t, clock, menu.ITEM_REST)  # the seat picker
    press(t, clock, N)  # the rest to the makers: scored, its suit never named
    assert t.game.hand_count == 1 and t.game.last_hand.trump is None
    clock.now += banner.SHOW_MS
    t.tick(clock.now)
    t.prepare()
    press(t, clock, OK, long=True)
    assert t.page.rows[t.page.cursor] == menu.ITEM_UNDO
    t.prepare()
    assert _held("suit")
    collected = _collections(lambda: press(t, clock, OK))  # Undo: which suit, again
    assert t.screen_name == "suit" and t.game.hand_count == 0 and collected == 0
    # Skipped, the question stays skipped through Undo (the menu holds it
    # all the same while the table records trump).
    choose(t, clock, menu.ITEM_REST)
    press(t, clock, N)  # scored again, its suit never named
    clock.now += banner.SHOW_MS
    t.tick(clock.now)
    t.waiting.suit_skipped = 0  # as if it had been skipped first
    press(t, clock, OK, long=True)
    t.prepare()
    assert _held("suit")
    t.press(OK, False, clock.now)  # Undo: the hand, no question
    assert t.screen_name == "hand" and t.game.hand_count == 0
