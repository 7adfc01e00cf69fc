"""An evening at the table, through the real code.py on the
virtual Pico: the table UI's wrong behaviours, each as the table met it."""

from fw_support import boot, check_golden, find_text, has_text, markers, page_frame, table


N, E, S, W = 0, 1, 2, 3
BANNER = "wait:3500"


def test_a_key_the_quick_screen_does_not_offer_says_why_and_the_quick_screen_stays():
    with boot(seed=3) as pico:  # West deals
        # N calls, N takes 3 tricks, OK: the euchre is ruled out, S is blank.
        pico.run_script("N N N N OK")
        assert table(pico).screen_name == "quick"
        assert not has_text(page_frame(pico), "EUCHRED")
        pico.run_script("S")
        shown = table(pico)
        assert "ALREADY HAVE 3" in shown.message
        assert shown.screen_name == "quick" and shown.game.tricks == [3, 0]
        # The next press is the march it was meant to be, not a trick for East.
        pico.run_script("E")
        game = table(pico).game
        assert game.scores == [2, 0] and game.last_hand.kind == "march"


def _flip(pico):
    # Menu > Display (7th between hands) > Flip 180 > leave. Once flipped,
    # the list's keys act by where they sit on the turned picture: back is
    # the key on its left, the physical E key. The first press after the
    # flip closes the message saying so; back to the menu, out of it.
    pico.run_script("OK:long S*6 OK S E")
    assert table(pico).flipped
    turned = page_frame(pico, turned=True)
    title = bytearray(byte & 0x7F for byte in turned[:128])  # without the dotted rule
    assert find_text(title, 0, "E:BACK") >= 0
    pico.run_script("E E E")
    assert table(pico).screen_name == "score"


def test_after_the_flip_each_label_and_triangle_stays_beside_its_key():
    with boot(seed=3) as pico:  # West deals
        _flip(pico)
        # Read the right way up from the other side, West's key is on the right.
        assert markers(page_frame(pico, turned=True)) == [E]
        pico.run_script("N N N N OK")
        turned = page_frame(pico, turned=True)
        # The physical N key is at the bottom of the turned picture: its
        # label is there, and the blank S key's place is at the top.
        assert find_text(turned, 6, "MADE 3-4 +1") >= 0
        assert markers(turned) == [E, S, W]
        check_golden(pico, "fw_flipped_quick_result")  # the glass, upside down from S
        pico.run_script("N")  # the key beside "MADE 3-4 +1"
        game = table(pico).game
        assert game.scores == [1, 0] and game.last_hand.kind == "made"
        pico.run_script(BANNER)
        assert table(pico).game.dealer == N
        assert markers(page_frame(pico, turned=True)) == [S]  # beside the N key
        # The leader's triangle too: E calls, North (left of the dealer) leads.
        pico.run_script("E")
        assert table(pico).game.leader == E
        assert markers(page_frame(pico, turned=True)) == [W]


def test_new_game_can_be_taken_back_from_who_deals_first():
    with boot(seed=3) as pico:
        pico.run_script("N N")  # North calls and takes a trick
        codes = table(pico).game.codes
        # Menu > New game (10th during a hand) > yes: who deals first?
        pico.run_script("OK:long S*9 OK E")
        assert table(pico).screen_name == "pick"
        assert has_text(page_frame(pico), "WHO DEALS FIRST?")
        pico.run_script("OK:long")
        assert has_text(page_frame(pico), "UNDO: KEEP OLD GAME")
        pico.run_script("OK")
        shown = table(pico)
        assert shown.game.codes == codes and shown.screen_name == "hand"
        assert "NEW GAME" in shown.message


def _names(**names):
    settings = {}
    for key, value in names.items():
        settings["EUCHRE_" + key] = '"' + value + '"'
    return settings


def test_a_nine_letter_team_name_is_shown_whole():
    with boot(seed=3, settings=_names(TEAM_NS="Home", TEAM_EW="Visitors")) as pico:
        pico.run_script("E")
        assert has_text(page_frame(pico), "VISITORS")
        pico.run_script("OK")
        assert has_text(page_frame(pico), "VISITORS")
        pico.run_script("E " + BANNER + (" E OK E " + BANNER) * 4)
        shown = table(pico)
        assert shown.screen_name == "over" and shown.game.scores == [0, 10]
        buf = page_frame(pico)
        for word in ("HOME", "VISITORS", "SKUNK!"):
            assert has_text(buf, word), word


def test_two_ten_letter_names_on_east_and_west_stay_apart_on_the_seat_pickers():
    with boot(seed=3, settings=_names(NAME_E="Maximilian", NAME_W="Christophe")) as pico:
        pico.run_script("OK:long S*2 OK")  # Set dealer
        assert table(pico).screen_name == "pick"
        buf = page_frame(pico)
        assert has_text(buf, "MAXIMILIAN") and has_text(buf, "CHRISTOPHE")
