"""Table UI cases, what a first-time table reads off the screens without
the manual: the held keys named on the score and hand screens, a short OK
that asks before the deal moves, lone players named whole.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, find_label, find_text,
                     frame, markers, page_bytes, press, settle, small_bytes, table)

MENU_HINT = "HOLD OK: MENU, UNDO"
ALONE_HINT = "HOLD SEAT KEY: ALONE"
PASS_HINT = "OK: EVERYBODY PASSED"
CALL_HINT = "SEAT KEY: WHO CALLED"
TRICK_HINT = "SEAT KEY: TOOK TRICK"


def dealer_line(t):
    """The hint or dealer line on page 6 of the score screen, by what it reads."""
    buf = frame(t)
    for line in (CALL_HINT, MENU_HINT, ALONE_HINT, PASS_HINT, "ANN DEALS", "BOB DEALS"):
        if find_text(buf, 6, line) >= 0:
            return line
    return None


def case_ui_an_idle_score_screen_names_the_held_keys():
    clock = Clock()
    t = table(dealer=0)
    t.tick(clock.step(7000))
    assert dealer_line(t) == "ANN DEALS"
    t.tick(clock.step(1000))  # 8 s without a press: the hints take turns
    buf = frame(t)
    assert dealer_line(t) == CALL_HINT and markers(buf) == [N]
    assert find_text(buf, 7, "MATCH 0-0") >= 0  # the bottom line stays
    seen = []
    for _ in range(8):
        t.tick(clock.step(3000))
        seen.append(dealer_line(t))
    assert seen == ["ANN DEALS", MENU_HINT, "ANN DEALS", ALONE_HINT, "ANN DEALS", PASS_HINT,
                    "ANN DEALS", CALL_HINT]
    # A press brings the dealer back at once.
    press(t, clock, OK, long=True)
    press(t, clock, W)
    assert t.screen_name == "score" and dealer_line(t) == "ANN DEALS"
    # Under stick the dealer OK is no pass: that hint is left out.
    t = table(Rules(stick_the_dealer=True), dealer=0)
    seen = []
    for _ in range(8):  # a whole turn: four hints, the dealer between them
        t.tick(clock.step(3000))
        seen.append(dealer_line(t))
    assert PASS_HINT not in seen and MENU_HINT in seen and ALONE_HINT in seen
    assert CALL_HINT in seen


def case_ui_the_hand_screen_names_the_held_keys():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, N)
    # Before the first trick: a held seat key goes alone (a defender too).
    assert find_text(frame(t), 4, ALONE_HINT) >= 0
    press(t, clock, E, long=True)
    buf = frame(t)
    assert t.game.lone_defender == E and find_text(buf, 4, ALONE_HINT) < 0
    assert find_label(buf, "BOB ALONE") is not None
    t = table(dealer=0)
    press(t, clock, N)
    press(t, clock, E)
    # After it: a held OK opens the menu, where Undo is.
    assert find_text(frame(t), 4, MENU_HINT) >= 0
    # Nobody presses a key for 8 s: it takes turns with what a seat key does.
    seen = []
    for _ in range(6):  # 3 s each
        t.tick(clock.step(3000))
        seen.append(find_text(frame(t), 4, TRICK_HINT) >= 0)
    assert seen == [False, False, True, False, True, False]
    t.tick(clock.step(3000))
    assert find_text(frame(t), 4, MENU_HINT) < 0
    press(t, clock, E)
    assert find_text(frame(t), 4, MENU_HINT) >= 0 and t.game.tricks == [0, 2]
    # Before the first trick, the same with the alone hint.
    t = table(dealer=0)
    press(t, clock, N)
    glass = bytearray(1024)
    t.render(glass)
    t.tick(clock.step(9000))
    assert t.render(glass) != 0 and find_text(glass, 4, TRICK_HINT) >= 0  # drawn again
    t.tick(clock.step(3000))
    assert find_text(frame(t), 4, ALONE_HINT) >= 0


def case_ui_a_short_ok_asks_before_the_deal_moves():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, OK)  # a stray OK: nothing recorded, the question shown
    assert t.game.dealer == N and t.game.codes == b""
    assert t.message == "ALL PASSED? OK AGAIN: BOB DEALS"
    buf = frame(t)
    assert find_text(buf, 6, "ALL PASSED? OK AGAIN:", inverse=True) >= 0
    assert find_text(buf, 7, "BOB DEALS", inverse=True) >= 0
    press(t, clock, OK)  # asked: the deal moves
    assert t.game.dealer == E and t.game.codes != b"" and t.message is None
    assert find_text(frame(t), 6, "BOB DEALS") >= 0 and markers(frame(t)) == [E]
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # Undo is still two presses
    assert t.game.dealer == N and t.game.codes == b""
    settle(t, clock)
    # The question goes with its message: an OK after that asks again.
    press(t, clock, OK)
    settle(t, clock)
    press(t, clock, OK)
    assert t.game.dealer == N and t.message.startswith("ALL PASSED?")
    # A seat key answers it otherwise: the call, and the next OK asks.
    press(t, clock, S)
    assert t.screen_name == "hand" and t.game.dealer == N
    t = table(dealer=0)
    press(t, clock, OK)
    # The menu taken down before the answer: the question is gone with it.
    press(t, clock, OK, long=True)
    press(t, clock, W)
    press(t, clock, OK)
    assert t.game.dealer == N and t.message.startswith("ALL PASSED?")


def case_ui_lone_players_are_named_whole():
    clock = Clock()
    rules = Rules(blind_loner=True)
    names = ("Barbara", "Eastwood", "Barney", "Easton")
    t = Table(rules, names=names, teams=("Us", "Them"), game=Game(rules, dealer=1))
    press(t, clock, N, long=True)
    assert find_label(frame(t), "BARBARA ALONE") is not None
    # With a lone defender beside, names that cannot share the line with
    # ALONE (each starts as the partner's does): the seat keys' letters,
    # ALONE kept, as a bar with a name alone does not say it...
    press(t, clock, E, long=True)
    buf = frame(t)
    assert find_label(buf, "N ALONE")[0] == 6
    assert find_label(buf, "E ALONE")[0] == 120 - 41
    assert find_label(buf, "BARBARA") is None
    # ... or names cut, with it, but never to what the partner's name starts with.
    t = Table(rules, names=("Barbara", "Eastwood", "Bob", "Wes"), teams=("Us", "Them"),
              game=Game(rules, dealer=1))
    press(t, clock, N, long=True)
    press(t, clock, E, long=True)
    buf = frame(t)
    assert find_label(buf, "BAR ALONE")[0] == 6 and find_label(buf, "EAS ALONE")[0] > 64
    # A blind loner (the dealer's): said on the tag, BLIND ALONE where it fits.
    for east, tag in (("Ed", "ED BLIND ALONE"), ("Eastwood", "EASTWOOD BLIND")):
        t = Table(rules, names=("Barbara", east, "Barney", "Easton"), teams=("Us", "Them"),
                  game=Game(rules, dealer=1))
        press(t, clock, E, long=True)
        press(t, clock, E)  # right: BLIND
        assert t.game.lone_seat == E
        assert find_label(frame(t), tag)[0] + 6 * len(tag) == 121



def case_ui_rules_changed_mid_game_say_which_game_they_are_for():
    from ui import menu

    clock = Clock()
    for rules, row, said in ((Rules(), 0, "THIS GAME STAYS TO 10"),
                             (Rules(target=7, win_by_two=True), 0, "THIS GAME STAYS TO 7 BY 2"),
                             (Rules(hands=8), 12, "THIS GAME STAYS 8 HANDS"),
                             (Rules(), 2, "THIS ONE KEEPS ITS RULES")):
        t = table(rules, dealer=0)
        press(t, clock, N)  # a call: the game is under way
        press(t, clock, OK, long=True)
        for _ in range(t.page.rows.index(menu.ITEM_RULES)):
            press(t, clock, S)
        press(t, clock, OK)
        for _ in range(row):
            press(t, clock, S)
        press(t, clock, E)  # the target, the hands (progressive: no target), or the
        # lone defender's points
        press(t, clock, W)
        assert t.game.rules == rules and t.next_rules != rules
        assert t.message == "SAVED FOR THE NEXT GAME. " + said
        buf = frame(t)
        assert find_text(buf, 3, "SAVED FOR THE NEXT") >= 0
        assert find_text(buf, 5, said[said.index(" ", 10) + 1:]) >= 0
    # At game over there is no game left to look at: the next one's rules.
    t = table(Rules(target=1), dealer=0)
    for key in (N, OK, N):  # N-S make it: 1-0, won
        press(t, clock, key)
    settle(t, clock)
    assert t.game.over
    press(t, clock, OK, long=True)
    for _ in range(t.page.rows.index(menu.ITEM_RULES)):
        press(t, clock, S)
    press(t, clock, OK)
    press(t, clock, E)  # the target
    press(t, clock, W)
    assert t.next_rules.target != 1 and t.message == "SAVED FOR THE NEXT GAME"


def case_ui_the_rules_page_titles_rules_that_are_the_next_games():
    from ui import menu

    clock = Clock()
    t = table(Rules(), dealer=0)

    def open_rules():
        press(t, clock, OK, long=True)
        for _ in range(t.page.rows.index(menu.ITEM_RULES)):
            press(t, clock, S)
        press(t, clock, OK)

    def title():
        # The title's page without the dotted line under it (its bottom row).
        top = bytes([column & 0x7F for column in page_bytes(frame(t), 0)])
        return [word for word in ("RULES", "NEXT GAME") if top.find(small_bytes(word)) == 2]

    open_rules()
    press(t, clock, E)  # the target: no action yet, so it is this game's
    assert title() == ["RULES"]
    press(t, clock, W)
    press(t, clock, W)  # back to play
    assert t.game.rules.target != 10
    press(t, clock, N)  # a call: the game is under way
    open_rules()
    assert title() == ["RULES"]  # the game's own rules
    press(t, clock, S)
    press(t, clock, E)  # win by two: for the next game
    assert title() == ["NEXT GAME"]
    press(t, clock, W)
    open_rules()  # still the next game's
    assert title() == ["NEXT GAME"] and not t.game.rules.win_by_two
    press(t, clock, S)
    press(t, clock, E)  # win by two off again: the game's rules once more
    assert title() == ["RULES"]


def case_ui_an_idle_game_over_screen_names_the_way_to_undo():
    clock = Clock()
    t = table(Rules(target=2), dealer=0)
    press(t, clock, N)
    press(t, clock, OK)
    press(t, clock, E)  # a march: game over
    settle(t, clock)
    assert t.screen_name == "over"
    assert find_text(frame(t), 6, "SEAT KEY: NEXT DEALER") >= 0
    t.tick(clock.step(4000))  # 8 s and more since the last press
    buf = frame(t)
    assert find_text(buf, 6, MENU_HINT) >= 0 and find_text(buf, 7, "OK:RANDOM") >= 0
    t.tick(clock.step(3000))
    assert find_text(frame(t), 6, "SEAT KEY: NEXT DEALER") >= 0
    t.tick(clock.step(3000))
    press(t, clock, OK, long=True)
    press(t, clock, OK)  # Undo: the last hand taken back
    assert t.screen_name == "hand" and t.game.winner is None
