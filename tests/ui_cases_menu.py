"""Table UI cases, the menu and time: renege, rest of the tricks, adjust,
set dealer, rules, export, hardware notices, sleep, tick wrap, burn-in shift.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import export, menu, prefs
from ui import registry
from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, find_text, frame, markers,
                     play, power_cut, press, read_score, settle, table, text_at)


def open_from_menu(t, clock, downs):
    """The menu (long OK), ``downs`` rows down, that row chosen."""
    press(t, clock, OK, long=True)
    for _ in range(downs):
        press(t, clock, S)
    press(t, clock, OK)


def case_ui_waking_press_does_nothing_else():
    clock = Clock()
    t = table(sleep_s=60)
    t.tick(clock.step(59000))
    assert t.awake
    t.tick(clock.step(2000))
    assert not t.awake
    buf = bytearray(1024)
    assert t.render(buf) == 0
    t.press(N, False, clock.step(100))
    assert t.awake and t.screen_name == "score" and t.game.action_count == 0
    t.press(N, False, clock.step(100))
    assert t.screen_name == "hand"


def case_ui_times_wrap_at_2_29():
    clock = Clock((1 << 29) - 1500)
    t = table(sleep_s=60, now_ms=clock.now)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, N)
    assert t.screen_name == "banner"
    settle(t, clock)  # past the wrap
    assert clock.now < 10000
    assert t.screen_name == "score" and t.awake


def case_ui_burn_in_shift_keeps_the_score_readable():
    clock = Clock()
    t = table()
    buf = bytearray(1024)
    t.render(buf)
    first = bytes(buf)
    t.tick(clock.step(61000))
    assert t.render(buf) != 0
    assert bytes(buf) != first
    assert read_score(buf) == (0, 0)


def case_ui_burn_in_shift_moves_the_banner_with_the_score_screen():
    # The table starts at 0 and shifts every 60 s; the three presses below
    # take 2130 ms, so the banner comes up at 59500 and the shift falls in it.
    clock = Clock(57370)
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, N)  # made: the banner
    assert t.screen_name == "banner"
    buf = bytearray(1024)
    t.render(buf)
    # The shift moves while the banner is up: its bottom lines (the score
    # screen's) move with it, so the glass and the table agree.
    t.tick(clock.step(1000))
    assert t.screen_name == "banner"
    assert t.render(buf) != 0
    fresh = bytearray(1024)
    t.draw(fresh)
    assert buf == fresh


def case_ui_notice_waits_for_a_key():
    clock = Clock()
    t = table()
    t.notice("Saved game damaged; new game started", clock.now)
    buf = frame(t)
    assert t.screen_name == "notice"
    assert find_text(buf, 2, "SAVED GAME DAMAGED;") >= 0
    settle(t, clock)
    assert t.screen_name == "notice"
    press(t, clock, N)
    assert t.screen_name == "score" and t.game.action_count == 0


def case_ui_renege_from_the_menu():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, OK, long=True)
    press(t, clock, S)  # RENEGE
    press(t, clock, OK)
    assert t.screen_name == "pick"
    assert find_text(frame(t), 2, "WHO RENEGED?") >= 0
    press(t, clock, E)
    assert t.game.scores == [2, 0]
    assert t.screen_name == "banner"


def case_ui_rest_of_tricks_to_one_side():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, E)
    press(t, clock, OK, long=True)
    press(t, clock, S)
    press(t, clock, S)  # REST OF TRICKS
    press(t, clock, OK)
    press(t, clock, S)  # all the rest to N-S
    assert t.game.scores == [1, 0] and t.game.last_hand.tricks == (4, 1)


def case_ui_rest_of_tricks_refuses_the_seat_that_sits_out():
    # As the hand screen and Renege do: the partner of a lone player takes
    # no trick, so none of the rest either; the picker stays.
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, E, long=True)  # E alone: W sits out
    press(t, clock, S)  # a trick to N-S
    press(t, clock, OK, long=True)
    press(t, clock, S)
    press(t, clock, S)  # REST OF TRICKS
    press(t, clock, OK)
    press(t, clock, W)
    assert t.message == "DAN SITS OUT THIS HAND" and t.screen_name == "pick"
    assert t.game.tricks == [1, 0] and t.game.hand_count == 0
    press(t, clock, E)  # the rest to the lone player: four of five, made
    assert t.game.last_hand.tricks == (1, 4) and t.game.scores == [0, 1]


def case_ui_adjust_score():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    press(t, clock, S)
    press(t, clock, OK)  # ADJUST SCORE
    assert t.screen_name == "adjust"
    press(t, clock, N)
    press(t, clock, N)
    press(t, clock, E)
    press(t, clock, W)
    press(t, clock, W)  # E-W would go below 0: the limit is named
    assert t.message == "THEM STOPS AT 0" and t.page.rows == [2, 0]
    # The middle line holds the changes, signed, not scores.
    settle(t, clock)
    buf = frame(t)
    assert find_text(buf, 2, "US +2", inverse=True) >= 0  # lit: a change
    assert find_text(buf, 2, "THEM +0") >= 0 and find_text(buf, 5, "NEW SCORE 2-0") >= 0
    for _ in range(6):
        press(t, clock, N)
    press(t, clock, N)  # +9: over the 8 one adjustment holds
    assert t.message == "8 POINTS AT MOST EACH TIME" and t.page.rows == [8, 0]
    for _ in range(6):
        press(t, clock, S)
    press(t, clock, OK)
    assert t.game.scores == [2, 0]
    settle(t, clock)
    assert read_score(frame(t)) == (2, 0)


def case_ui_adjust_score_keeps_teams_named_alike_apart():
    clock = Clock()
    t = Table(Rules(), names=("Ann", "Bob", "Cat", "Dan"), teams=("ROCK@HOME", "ROCKETS"),
              game=Game(Rules(), dealer=0))
    open_from_menu(t, clock, 1)  # ADJUST SCORE
    assert t.screen_name == "adjust"
    press(t, clock, N)
    settle(t, clock)
    buf = frame(t)
    # Each change beside its team's side: two names too long for the line,
    # cut, would read alike (and as typing errors).
    assert find_text(buf, 2, "N-S +1", inverse=True) >= 0
    assert find_text(buf, 2, "E-W +0") >= 64 and find_text(buf, 2, "ROCK") < 0


def case_ui_set_dealer():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    press(t, clock, S)
    press(t, clock, S)  # SET DEALER
    press(t, clock, E)
    press(t, clock, S)
    assert t.game.dealer == S
    settle(t, clock)
    assert markers(frame(t)) == [S]


def case_ui_rules_apply_at_once_before_the_first_action():
    clock = Clock()
    t = table(dealer=0)
    serial = t.prefs_serial
    press(t, clock, OK, long=True)
    for _ in range(3):
        press(t, clock, S)
    press(t, clock, OK)  # RULES
    assert t.screen_name == "options"
    press(t, clock, OK)  # target 10 -> 11
    press(t, clock, W)  # back to the menu, on Rules
    assert t.game.rules.target == 11 and t.prefs_serial == serial + 1
    assert t.screen_name == "menu" and t.page.rows[t.page.cursor] == menu.ITEM_RULES
    press(t, clock, W)
    settle(t, clock)
    buf = frame(t)
    assert find_text(buf, 7, "TO") == 2 and find_text(buf, 7, "11") == 17


def case_ui_rules_wait_for_the_next_game_once_play_started():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK)
    press(t, clock, OK)  # all passed: a misdeal is an action
    open_from_menu(t, clock, 3)
    press(t, clock, S)
    press(t, clock, OK)  # win by two
    press(t, clock, W)
    assert not t.game.rules.win_by_two and t.next_rules.win_by_two
    # Which game the change is for, and what this one plays to meanwhile.
    assert t.message == "SAVED FOR THE NEXT GAME. THIS GAME STAYS TO 10"


def case_ui_export_lines():
    clock = Clock()
    lines = []
    t = table(dealer=0, out=lines.append)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)
    settle(t, clock)
    press(t, clock, OK, long=True)
    for _ in range(7):
        press(t, clock, S)
    press(t, clock, OK)  # EXPORT TO USB
    # The block is marked, as every other line on the console starts "euchre:".
    assert lines == ["euchre: export begin"] + export.export_lines(t) + ["euchre: export end"]
    assert lines[1].startswith("step,action")
    assert lines[2].split(",")[:2] == ["1", "CALL ANN"]
    assert lines[3].endswith(",0,0,2,0,march +2 US")
    assert t.message == "3 LINES TO THE USB SERIAL CONSOLE"
    # A game with no action yet: the header alone, one line.
    lines[:] = []
    t = table(dealer=0, out=lines.append)
    open_from_menu(t, clock, 7)
    assert len(lines) == 3 and t.message == "1 LINE TO THE USB SERIAL CONSOLE"


# What Export printed for a game with a misdeal, a set-back and a loner
# (the block as it was printed in one press, before it streamed).
_STREAMED = (
    "euchre: export begin",
    "step,action,dealer,caller,alone,tricks_ns,tricks_ew,score_ns,score_ew,result",
    "1,PASS,ANN,,,0,0,0,0,",
    "2,CALL CAT,BOB,CAT,,0,0,0,0,",
    "3,RESULT MADE,BOB,CAT,,0,0,1,0,made +1 US",
    "4,CALL DAN,CAT,DAN,,0,0,1,0,",
    "5,RESULT MARCH,CAT,DAN,,0,0,1,2,march +2 THEM",
    "6,SET BACK,CAT,,,0,0,0,0,set back -1 US",
    "7,CALL ALONE BOB,DAN,BOB,BOB,0,0,0,0,",
    "8,TRICK BOB,DAN,BOB,BOB,0,1,0,0,",
    "9,TRICK BOB,DAN,BOB,BOB,0,2,0,0,",
    "10,TRICK BOB,DAN,BOB,BOB,0,3,0,0,",
    "11,TRICK BOB,DAN,BOB,BOB,0,4,0,0,",
    "12,TRICK BOB,DAN,BOB,BOB,0,5,0,4,lone_march +4 THEM",
    "euchre: export end",
)


def _streamed_game():
    clock = Clock()
    lines = []
    t = table(Rules(setback=True), dealer=0, out=lines.append)
    for word in "OK OK ~ S OK N ~ W OK E S ~ E* E E E E E ~".split():
        if word == "~":
            settle(t, clock)
        else:
            press(t, clock, {"OK": OK, "S": S, "N": N, "W": W, "E": E, "E*": E}[word],
                  word == "E*")
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_EXPORT)):
        press(t, clock, S)
    assert t.page.rows[t.page.cursor] == menu.ITEM_EXPORT
    return t, clock, lines


def case_ui_export_prints_one_line_a_pass():
    t, clock, lines = _streamed_game()
    assert export.export_lines(t) == list(_STREAMED[1:-1])
    # The press only starts it, and says so; the menu closes.
    t.press(OK, False, clock.step(700))
    assert lines == [] and t.message == "EXPORTING TO THE USB SERIAL CONSOLE"
    assert t.screen_name == "score"
    # Back in play the menu's page modules are dropped: the running export
    # keeps its code, and no pass loads the module again.
    assert "export" not in registry._LOADED
    for count in range(1, len(_STREAMED)):
        t.tick(clock.step(1))
        assert lines == list(_STREAMED[:count])
        assert t.message == "EXPORTING TO THE USB SERIAL CONSOLE"
        assert "export" not in registry._LOADED
    t.tick(clock.step(1))  # the last line, END, and the count
    assert lines == list(_STREAMED)
    assert t.message == "13 LINES TO THE USB SERIAL CONSOLE"
    assert t.hooks.export is None
    t.tick(clock.step(1))
    assert len(lines) == len(_STREAMED)


def case_ui_export_goes_on_over_a_press_with_the_game_as_it_was():
    t, clock, lines = _streamed_game()
    t.press(OK, False, clock.step(700))
    for _ in range(5):
        t.tick(clock.step(1))
    # A call, Undo of it and of the trick before, between the passes: the
    # export is of the game as it was chosen, every line of it.
    for key, long in ((N, False), (OK, True), (OK, False), (OK, True), (OK, False)):
        t.press(key, long, clock.step(700))
        t.tick(clock.step(1))
    assert t.game.action_count == 11 and t.message == "UNDONE: TRICK BOB"
    assert len(lines) == 10
    for _ in range(len(_STREAMED) - 10):
        t.tick(clock.step(1))
    assert lines == list(_STREAMED)
    assert t.message == "13 LINES TO THE USB SERIAL CONSOLE"
    # New game while it runs: the same.
    lines[:] = []
    t, clock, lines = _streamed_game()
    t.press(OK, False, clock.step(700))
    # New game (the menu's last but one entry), confirmed, E deals first.
    for key, long in ((OK, True), (N, False), (N, False), (OK, False), (OK, False),
                      (E, False)):
        t.press(key, long, clock.step(700))
        t.tick(clock.step(1))
    assert (t.game.action_count, t.game.dealer, len(lines)) == (0, E, 6)
    while t.hooks.export is not None:
        t.tick(clock.step(1))
    assert lines == list(_STREAMED)


def case_ui_export_chosen_again_ends_the_block_it_cuts_short():
    t, clock, lines = _streamed_game()
    t.press(OK, False, clock.step(700))
    for _ in range(4):
        t.tick(clock.step(1))
    assert lines == list(_STREAMED[:4])
    # Export again, from the menu: the block going out ends where it was
    # cut, marked so, and the whole block follows.
    t.press(OK, True, clock.step(700))
    for _ in range(t.page.rows.index(menu.ITEM_EXPORT)):
        t.press(S, False, clock.step(700))
    t.press(OK, False, clock.step(700))
    assert lines == list(_STREAMED[:4]) + [export.CUT]
    while t.hooks.export is not None:
        t.tick(clock.step(1))
    assert lines == list(_STREAMED[:4]) + [export.CUT] + list(_STREAMED)
    assert t.message == "13 LINES TO THE USB SERIAL CONSOLE"
    # Chosen twice before its first line: nothing to cut, one whole block.
    t, clock, lines = _streamed_game()
    t.press(OK, False, clock.step(700))
    t.press(OK, True, clock.step(700))
    for _ in range(t.page.rows.index(menu.ITEM_EXPORT)):
        t.press(S, False, clock.step(700))
    t.press(OK, False, clock.step(700))
    while t.hooks.export is not None:
        t.tick(clock.step(1))
    assert lines == list(_STREAMED)
    # Cut with every line out but END: CUT ends it. Once END is out, no
    # longer the table's to cut.
    for steps, cut in ((len(_STREAMED) - 1, [export.CUT]), (len(_STREAMED), [])):
        lines[:] = []
        going = export.Export(t, lines.append)
        for _ in range(steps):
            going.step()
        going.cut()
        assert lines == list(_STREAMED[:steps]) + cut


def case_ui_one_undo_takes_back_a_two_team_adjustment():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, N)  # N-S made: 1-0
    settle(t, clock)
    press(t, clock, OK, long=True)
    press(t, clock, S)
    press(t, clock, OK)  # ADJUST SCORE
    press(t, clock, S)  # N-S -1
    press(t, clock, E)  # E-W +1
    press(t, clock, OK)
    assert t.game.scores == [0, 1]
    press(t, clock, OK, long=True)
    # Both, not E-W's, from the row's start.
    assert find_text(frame(t), 1, "UNDO ADJUST SCORE", inverse=True) == 3
    press(t, clock, OK)
    assert t.game.scores == [1, 0] and t.game.action_count == 2
    assert "ADJUST SCORE" in t.message


def _adjusting(rules, scores, clock):
    """A table at ``scores`` (set by the engine) on the Adjust score page."""
    t = table(rules, dealer=0)
    for team in (0, 1):
        left = scores[team]
        while left:
            t.game.adjust(team, min(left, 8))
            left -= min(left, 8)
    play(t, clock, "OK* S OK")  # ADJUST SCORE
    assert t.screen_name == "adjust"
    return t


def case_ui_adjust_saves_the_score_it_shows_when_one_change_would_end_the_game():
    clock = Clock()
    # 8-8 to 10-9: N-S's +2 alone would win at 10-8; saved, E-W's +1 first.
    for rules, over in ((Rules(win_by_two=True), False), (Rules(), True)):
        t = _adjusting(rules, (8, 8), clock)
        for key in (N, N, E):
            press(t, clock, key)
        assert find_text(frame(t), 5, "NEW SCORE 10-9") >= 0
        # Said before OK: whether that score ends the game.
        assert (find_text(frame(t), 5, "NEW SCORE 10-9: WON") >= 0) == over
        press(t, clock, OK)
        assert t.game.scores == [10, 9] and t.game.over == over
        assert t.game.winner == (0 if over else None)
        press(t, clock, OK, long=True)
        press(t, clock, OK)  # one Undo takes both back
        assert t.game.scores == [8, 8] and not t.game.over
    # The other way round: E-W's change would win alone, N-S's goes first.
    t = _adjusting(Rules(win_by_two=True), (8, 8), clock)
    for key in (E, E, N):
        press(t, clock, key)
    press(t, clock, OK)
    assert t.game.scores == [9, 10] and not t.game.over
    # 9-8 to 10-10 under win by two: N-S's +1 alone would win (10-8), E-W's
    # +2 alone would not (9-10): E-W's first, each tried from the score as it is.
    t = _adjusting(Rules(win_by_two=True), (9, 8), clock)
    for key in (N, E, E):
        press(t, clock, key)
    press(t, clock, OK)
    assert t.game.scores == [10, 10] and not t.game.over
    # 9-9 to 10-10: each change alone would win; nothing is saved, the page stays.
    t = _adjusting(Rules(), (9, 9), clock)
    press(t, clock, N)
    press(t, clock, E)
    actions = t.game.action_count
    press(t, clock, OK)
    assert t.message == "EACH CHANGE ALONE WINS THE GAME: CHANGE ONLY ONE"
    assert t.screen_name == "adjust" and t.page.rows == [1, 1]
    assert t.game.scores == [9, 9] and t.game.action_count == actions
    press(t, clock, W)  # E-W back to +0: N-S's change alone
    press(t, clock, OK)
    assert t.game.scores == [10, 9] and t.game.winner == 0


def case_ui_a_two_team_adjustment_stays_one_undo_under_a_later_action():
    # A call after it, taken back: the pair is last again, one Undo.
    clock = Clock()
    t = _adjusting(Rules(), (3, 3), clock)
    play(t, clock, "N N E OK N OK* OK")  # the pair, a call, then its Undo
    assert t.message == "UNDONE: CALL ANN"
    press(t, clock, OK, long=True)
    assert find_text(frame(t), 1, "UNDO ADJUST SCORE", inverse=True) == 3
    press(t, clock, OK)
    assert t.game.scores == [3, 3] and t.message == "UNDONE: ADJUST SCORE"
    # Then two new actions bring the count back: no pair any more.
    play(t, clock, "N N OK*")
    assert find_text(frame(t), 1, "UNDO TRICK ANN", inverse=True) == 3
    # After a power cut the pair is not known: each Undo names what it takes.
    t = play(_adjusting(Rules(), (3, 3), clock), clock, "N N E OK")
    t = play(power_cut(t), clock, "OK*")
    assert find_text(frame(t), 1, "UNDO ADJUST THEM +1", inverse=True) == 3
    # One team twice in a row: each its own Undo.
    t = _adjusting(Rules(), (3, 3), clock)
    play(t, clock, "N OK OK* S OK N OK OK*")  # N-S +1, on the page twice
    assert find_text(frame(t), 1, "UNDO ADJUST US +1", inverse=True) == 3
    press(t, clock, OK)
    assert t.game.scores == [4, 3]


def case_ui_display_settings_apply_at_once_and_save_on_rest_or_leaving():
    clock = Clock()
    t = table(contrast=255, sleep_s=600)
    serial = t.prefs_serial
    press(t, clock, OK, long=True)
    for _ in range(6):
        press(t, clock, S)
    press(t, clock, OK)  # DISPLAY
    assert find_text(frame(t), 1, "BRIGHTNESS", inverse=True) >= 0
    press(t, clock, OK)  # brightness wraps from the top to the lowest
    assert t.contrast == 1
    press(t, clock, S)
    press(t, clock, E)  # flip 180
    # Every key has moved on the picture: the first press only closes the
    # message that says so.
    assert t.message == "READ FROM N SIDE. ANY KEY: CLOSE"
    assert t.prefs_serial == serial  # not saved at every step
    settle(t, clock)
    assert t.prefs_serial == serial + 1  # saved once the keys rested
    press(t, clock, W)
    assert t.flipped and t.message is None and t.page.cursor == 1
    # Turned, the list takes its keys by where they sit on the picture: the
    # N key (now at its bottom) moves down, the W key (its right) changes.
    press(t, clock, N)
    press(t, clock, W)  # sleep 10 -> 30 minutes
    assert t.flipped and t.sleep_s == 1800
    assert t.prefs_serial == serial + 1
    press(t, clock, E)  # the key on the picture's left: back, saved
    assert t.prefs_serial == serial + 2
    data = t.prefs_bytes()
    other = table(contrast=255, sleep_s=600)  # settings.toml as it was
    prefs.load(other, data)
    assert other.contrast == 1 and other.flipped and other.sleep_s == 1800


def case_ui_a_long_list_keeps_its_bottom_line_for_the_triangle():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    buf = frame(t)
    # Six rows; the last line has the hint and the triangle that scrolls on,
    # and no row for the triangle to write over.
    assert find_text(buf, 6, "HISTORY") == 3 and find_text(buf, 7, "E:CHOOSE") == 2
    assert markers(buf) == [S]
    for x in range(50, 128):
        assert buf[7 * 128 + x] & 0x0F == 0  # only the triangle's rows 4..7
    press(t, clock, N)  # up from the top: to the last entry
    buf = frame(t)
    assert find_text(buf, 6, "RESET MATCH", inverse=True) == 3
    assert markers(buf) == [N]


def case_ui_stats_counts_the_hands_once_when_it_opens():
    # A long game has tens of hands: a scroll must not read them all again.
    clock = Clock()
    t = table(Rules(setback=True, blind_loner=True, canadian_loner=True), dealer=0)
    game = t.game
    game.call(1)
    for seat in (1, 1, 1, 1, 1):
        game.trick(seat)
    settle(t, clock)
    open_from_menu(t, clock, 4)
    assert t.screen_name == "stats"
    read = []
    from euchre_core import hand_stats
    counted = hand_stats.stats
    hand_stats.stats = lambda game: read.append("stats") or counted(game)
    try:
        for _ in range(4):
            press(t, clock, S)  # nine rows, five on view: to the last
        buf = frame(t)
    finally:
        hand_stats.stats = counted
    assert find_text(buf, 6, "FORCED MADE") == 64 - 33
    assert find_text(buf, 2, "LONERS MADE") == 64 - 33
    assert text_at(buf, 109, 2, 3) == "0/0"  # E-W at the right: a march, no loner
    assert read == []
    press(t, clock, S)  # past the end: said, and nothing moves
    assert t.message == "NO MORE ROWS THAT WAY" and find_text(frame(t), 6, "FORCED MADE") == 31


def case_ui_history_writes_out_only_the_row_a_scroll_brings():
    clock = Clock()
    t = table(Rules(target=99), dealer=3)
    game = t.game
    for _ in range(8):
        game.call(0)
        for _ in range(5):
            game.trick(0)
    settle(t, clock)
    open_from_menu(t, clock, 5)
    assert t.screen_name == "history"
    buf = frame(t)
    assert find_text(buf, 1, "3 ANN MARCH") == 3 and find_text(buf, 6, "8 ANN MARCH") == 3
    read = []
    from euchre_core import reports
    hand = reports.hand
    reports.hand = lambda game, number: read.append(number) or hand(game, number)
    try:
        press(t, clock, N)
        buf = frame(t)
    finally:
        reports.hand = hand
    assert find_text(buf, 1, "2 ANN MARCH") == 3 and find_text(buf, 6, "7 ANN MARCH") == 3
    assert read == [2]
    press(t, clock, E)  # not offered: a message box, and nothing beside it
    buf = frame(t)
    assert t.message == "W OR OK: BACK"
    for page in (2, 3, 4):
        for x in (0, 1, 2, 3, 124, 125, 126, 127):
            assert buf[page * 128 + x] == 0, (page, x)


def case_ui_a_message_of_three_lines_stays_inside_its_box():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    t.say("Three lines: each of them fits in the box made for it", clock.now)
    buf = frame(t)
    assert find_text(buf, 3, "THREE LINES: EACH") >= 0
    assert find_text(buf, 5, "BOX MADE FOR IT") >= 0
    # The frame: rows 20 and 51, columns 4 and 123; the third line (rows
    # 40..46) and the frame's bottom edge four rows apart.
    for x in range(5, 123):
        assert buf[2 * 128 + x] & 0x10 and buf[6 * 128 + x] & 0x0F == 0x08
    assert buf[6 * 128 + 4] == 0x0F and buf[5 * 128 + 123] == 0xFF


def case_ui_new_game_says_what_ends():
    clock = Clock()
    t = table(Rules(target=1), dealer=0)
    open_from_menu(t, clock, 8)  # NEW GAME, a game under way
    buf = frame(t)
    assert t.screen_name == "confirm" and find_text(buf, 5, "THIS GAME ENDS HERE") >= 0
    press(t, clock, W)  # no: back to the menu
    assert t.screen_name == "menu" and t.page.rows[t.page.cursor] == menu.ITEM_NEW_GAME
    press(t, clock, W)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # N-S march: game over at 1
    settle(t, clock)
    assert t.screen_name == "over"
    # At game over the menu has no Adjust score or Set dealer: the engine
    # takes no action on a finished game, so they could only be refused.
    press(t, clock, OK, long=True)
    assert t.page.rows == [menu.ITEM_UNDO, menu.ITEM_RULES, menu.ITEM_STATS, menu.ITEM_HISTORY,
                       menu.ITEM_DISPLAY, menu.ITEM_EXPORT, menu.ITEM_NEW_GAME, menu.ITEM_RESET]
    press(t, clock, W)
    open_from_menu(t, clock, 6)  # NEW GAME: at game over the game has ended already
    buf = frame(t)
    assert find_text(buf, 5, "THE NEXT GAME STARTS") >= 0
    assert find_text(buf, 5, "ENDS") < 0
    press(t, clock, W)
    press(t, clock, W)
    assert t.screen_name == "over" and t.game.winner == 0
    # Yes, North deals: the game won counts in the match, as when the
    # game-over screen's own keys start the next one.
    open_from_menu(t, clock, 6)
    press(t, clock, E)
    press(t, clock, N)
    assert t.game.winner is None and t.game.dealer == N and t.tally == [1, 0]
    settle(t, clock)
    assert find_text(frame(t), 7, "MATCH 1-0") >= 0
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # undo the new game: the game over, the tally before it
    settle(t, clock)
    assert t.screen_name == "over" and t.tally == [0, 0]
    assert find_text(frame(t), 7, "MATCH 1-0") >= 0


def case_ui_set_dealer_is_offered_between_hands_only():
    # A hand in play keeps the dealer who dealt it (README, docs/ui.md).
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK, long=True)
    assert menu.ITEM_DEALER in t.page.rows
    t = table(dealer=0)
    press(t, clock, N)  # North names trump: a hand in play
    press(t, clock, OK, long=True)
    assert t.screen_name == "menu" and menu.ITEM_DEALER not in t.page.rows
    assert menu.ITEM_REST in t.page.rows


def case_ui_the_engines_reports_leave_the_heap_with_the_pages_that_show_them():
    # Stats imports the engine's stats, History its reports; the registry
    # lets each go with its page, and keeps it while that page is next.
    import sys
    from ui.registry import module as screen_module, release_pages

    def held():
        return [name for name in ("hand_stats", "reports") if "euchre_core." + name in sys.modules]

    release_pages()
    assert held() == []
    screen_module("stats")
    assert held() == ["hand_stats"]
    release_pages("stats")
    assert held() == ["hand_stats"]
    release_pages("history")
    assert held() == []
    screen_module("history")
    assert held() == ["reports"]
    release_pages("history")
    assert held() == ["reports"]
    release_pages("options")
    assert held() == []
    screen_module("stats")
    screen_module("history")  # one page module at a time: Stats and its report go
    assert held() == ["reports"]
    release_pages()
    assert held() == []


def case_ui_the_undo_entry_follows_the_last_action_under_an_open_menu():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)  # Ann calls
    press(t, clock, OK, long=True)
    assert find_text(frame(t), 1, "UNDO CALL ANN", inverse=True) >= 0
    # The game moves on while the same menu stays open: the entry follows.
    assert t.act(clock.now, t.game.trick, E)
    assert t.page.name == "menu"
    assert find_text(frame(t), 1, "UNDO TRICK BOB", inverse=True) >= 0
    assert menu.undo_label(t) == "UNDO TRICK BOB"
    press(t, clock, W)  # back to play: the entry's words without a page
    assert t.page is None and menu.undo_label(t) == "UNDO TRICK BOB"
