"""Key scripts through the real code.py on the virtual Pico: whole hands and
games as a table plays them, checking the engine's scores and dealer, what
the glass shows (read back with the font tables) and golden pictures."""

import pytest

from fw_support import boot, check_golden, has_text, markers, page_frame, read_score, table


N, E, S, W = 0, 1, 2, 3
BANNER = "wait:3500"  # the result banner goes away by itself


@pytest.fixture
def pico():
    with boot(seed=3) as board:  # seed 3: West deals first
        assert table(board).game.dealer == W
        yield board


def shows_score(pico, scores, dealer):
    buf = page_frame(pico)
    assert read_score(buf) == tuple(scores)
    assert markers(buf) == [dealer]
    name = ("NORTH", "EAST", "SOUTH", "WEST")[dealer]
    assert has_text(buf, name + " DEALS")


def test_whole_game_from_first_deal_to_skunk(pico):
    # North goes alone twice and marches (4 + 4), then South calls and marches (2).
    pico.run_script("N:long N*5 " + BANNER)
    game = table(pico).game
    assert game.scores == [4, 0] and game.dealer == N
    shows_score(pico, (4, 0), N)
    pico.run_script("N:long N*5 " + BANNER + " S S*5 " + BANNER)
    game = table(pico).game
    assert game.scores == [10, 0]
    assert game.winner == 0 and game.skunk
    assert table(pico).screen_name == "over"
    buf = page_frame(pico)
    assert has_text(buf, "SKUNK")
    check_golden(pico, "fw_skunk")
    # OK starts the next game; the match tally counts the win.
    pico.run_script("E " + BANNER)
    assert table(pico).game.scores == [0, 0]
    assert table(pico).tally == [1, 0]
    assert table(pico).game.dealer == E


def test_maker_loner(pico):
    pico.run_script("E:long")
    game = table(pico).game
    assert game.lone_seat == E and game.makers == 1
    check_golden(pico, "fw_maker_loner_hand")
    pico.run_script("E E E W")  # W sits out: refused, nothing recorded
    assert table(pico).game.tricks == [0, 3]
    pico.run_script("E N " + BANNER)
    game = table(pico).game
    assert game.scores == [0, 1] and game.dealer == N
    shows_score(pico, (0, 1), N)


def test_defender_loner(pico):
    pico.run_script("N E:long")
    game = table(pico).game
    assert game.lone_defender == E and game.makers == 0
    check_golden(pico, "fw_defender_loner_hand")
    pico.run_script("E E N E S " + BANNER)
    game = table(pico).game
    assert game.scores == [0, 4] and game.dealer == N
    shows_score(pico, (0, 4), N)


def test_misdeal_passes_the_deal_left(pico):
    pico.run_script("OK")
    # A stray OK moves nothing: the band asks, and OK again answers.
    assert table(pico).game.codes == b"" and "ALL PASSED?" in table(pico).message
    pico.run_script("OK")
    game = table(pico).game
    assert game.scores == [0, 0] and game.dealer == N and not game.in_hand
    pico.run_script("wait:4000")
    shows_score(pico, (0, 0), N)
    check_golden(pico, "fw_after_misdeal")


def test_stick_the_dealer_refuses_the_pass():
    with boot(seed=3, settings={"EUCHRE_STICK_THE_DEALER": "1"}) as pico:
        pico.run_script("OK")
        game = table(pico).game
        assert game.dealer == W and game.codes == b""
        assert "dealer" in table(pico).message.lower()
        check_golden(pico, "fw_stick_the_dealer")
        pico.run_script("wait:4000 W W*5 " + BANNER)  # the dealer names trump and marches
        assert table(pico).game.scores == [0, 2]


def test_renege(pico):
    # South calls; the menu (long OK) -> Renege (one down) -> East reneged.
    pico.run_script("S N OK:long S OK")
    assert table(pico).screen_name == "pick"
    pico.run_script("E " + BANNER)
    game = table(pico).game
    assert game.scores == [2, 0] and game.dealer == N and not game.in_hand
    assert game.last_hand.kind == "renege"
    shows_score(pico, (2, 0), N)


def test_undo_back_across_a_finished_hand(pico):
    pico.run_script("N N N S E N " + BANNER)
    assert table(pico).game.scores == [1, 0]
    # Undo = long OK, OK: the fifth trick comes back and the point goes.
    pico.run_script("OK:long OK")
    game = table(pico).game
    assert game.scores == [0, 0] and game.in_hand and game.tricks == [3, 1]
    assert game.dealer == W
    pico.run_script("OK:long OK " * 5)
    game = table(pico).game
    assert game.codes == b"" and game.dealer == W
    pico.run_script("wait:4000")
    shows_score(pico, (0, 0), W)


def test_quick_result_in_three_presses(pico):
    start = len(table(pico).game.codes)
    pico.run_script("N OK")
    assert table(pico).screen_name == "quick"
    check_golden(pico, "fw_quick_result")
    pico.run_script("N")  # made 3-4
    game = table(pico).game
    assert len(game.codes) == start + 2
    assert game.scores == [1, 0] and game.dealer == N
    pico.run_script(BANNER)
    shows_score(pico, (1, 0), N)


def test_a_chattering_contact_counts_one_trick(pico):
    pico.run_script("N")  # North names trump
    # East's key chatters as it closes and again as it opens: 2-3 ms of
    # contact and gap at a time, each longer than the key scanner's three
    # agreeing 1 ms scans.
    pico.run_script("down:E wait:4 up:E wait:4 down:E wait:120 up:E wait:4 down:E wait:4 up:E"
                    " wait:300")
    assert table(pico).game.tricks == [0, 1]
    # A quick but real tap still counts.
    pico.run_script("down:S wait:30 up:S wait:300")
    assert table(pico).game.tricks == [1, 1]


def test_two_keys_at_once_only_the_key_held_first_counts(pico):
    # East and West both claim the call: East's key went down first.
    pico.run_script("down:E wait:60 down:W wait:100 up:W wait:40 up:E wait:300")
    game = table(pico).game
    assert game.caller == 1 and game.tricks == [0, 0] and game.action_count == 1
    # A trick, North first, South's key let go last: said, not recorded.
    pico.run_script("down:N wait:40 down:S wait:80 up:N wait:40 up:S wait:100")
    shown = table(pico)
    assert shown.game.tricks == [1, 0] and shown.message == "TWO KEYS AT ONCE: S IGNORED"
    assert has_text(page_frame(pico), "TWO KEYS AT ONCE")
    # Held together to a long press: only the first key's (OK: the menu).
    pico.run_script("down:OK wait:50 down:W wait:900 up:W wait:20 up:OK wait:300")
    assert table(pico).screen_name == "menu" and table(pico).game.tricks == [1, 0]


def test_two_keys_at_once_leave_a_result_just_scored_in_sight():
    # The quick result answered by two players at once, East (march) first:
    # the banner shows what was scored with nothing over it, and the console
    # says North was ignored.
    with boot() as pico:
        pico.run_script("N OK down:E wait:20 down:N wait:100 up:N up:E wait:200")
        shown = table(pico)
        assert shown.screen_name == "banner" and shown.game.scores == [2, 0]
        assert shown.message is None and "euchre: Two keys at once: N ignored" in pico.serial
        assert has_text(page_frame(pico), "QUICK RESULT")  # where a message box would be
    # A result that asks a question (a set-back offered): nothing covers it
    # while it waits, and only its own keys answer it.
    with boot(settings={"EUCHRE_SETBACK": "1"}) as pico:
        pico.run_script("E OK N wait:3500")  # E-W made it: 0-1
        pico.run_script("N OK down:E wait:20 down:S wait:100 up:S up:E wait:5000")
        shown = table(pico)
        assert shown.screen_name == "banner" and shown.game.scores == [2, 1]
        assert shown.message is None and shown.game.may_set_back
        assert "euchre: Two keys at once: S ignored" in pico.serial


def test_a_second_key_let_go_first_leaves_the_first_its_press():
    # Game over: a message there makes the next press only take it away;
    # East's key went down first and must still start the next game.
    with boot(settings={"EUCHRE_TARGET": "2"}) as pico:
        pico.run_script("N OK E wait:3500")
        assert table(pico).game.over
        pico.run_script("down:E wait:100 down:N wait:100 up:N wait:50 up:E wait:50")
        shown = table(pico)
        assert not shown.game.over and shown.game.dealer == 1 and shown.tally == [1, 0]
        assert shown.message == "TWO KEYS AT ONCE: N IGNORED"  # said after East's press
    # Flip 180 turned on: its message waits for a press that only closes it.
    with boot() as pico:
        pico.run_script("OK:long S*6 OK S E")  # Display, Flip 180
        shown = table(pico)
        assert shown.flipped and shown.message.startswith("READ FROM N SIDE")
        pico.run_script("down:W wait:100 down:N wait:100 up:N wait:50 up:W wait:50")
        shown = table(pico)
        assert shown.flipped and shown.screen_name == "options"  # W only closed it
        assert shown.message == "TWO KEYS AT ONCE: N IGNORED"
    # The first key's own message stays on the glass; the console says both.
    with boot() as pico:
        pico.run_script("N:long")  # North alone: South sits out
        pico.run_script("down:S wait:100 down:E wait:100 up:E wait:50 up:S wait:50")
        shown = table(pico)
        assert shown.message.endswith("SITS OUT THIS HAND") and shown.game.tricks == [0, 0]
        assert "euchre: Two keys at once: E ignored" in pico.serial


def test_a_press_is_timed_by_the_key_scanner_not_by_a_busy_loop(pico):
    # North's key is held 490 ms: a short press, North names trump. The loop
    # is busy for 700 ms in the middle of it (as a long redraw would keep
    # it), so it reads the release long after it happened: the time that
    # counts is the scanner's own.
    machine = pico.machine
    shown = table(pico)
    start = machine.clock_ms
    north = pico._pin("N")
    machine.set_button(north, True, start + 10)
    machine.set_button(north, False, start + 500)
    drawn = shown.render
    busy = [True]

    def slow_render(buf):
        if busy[0] and machine.clock_ms >= start + 50:
            busy[0] = False
            machine.clock_ms += 700
        return drawn(buf)

    shown.render = slow_render
    try:
        pico.advance(1500)
    finally:
        del shown.render
    assert not busy[0]  # the loop really was held up
    game = table(pico).game
    assert game.in_hand and game.caller == N
