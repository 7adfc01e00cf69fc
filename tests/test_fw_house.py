"""The later house rules and table preferences, each at its moment on
the screen, as key scripts through the real code.py on the virtual Pico:
Canadian loner's "ordered up?", Robson set-back from the banner and blind
loner, progressive euchre to its end (a tie too), the trump suit picked
and shown, a skunk counted double in the match. Seed 3: West deals first,
so East is the dealer's partner."""

from fw_support import boot, check_golden, has_text, page_frame, table
from ui import font, menu
from ui.keys import E, N, S, W

BANNER = "wait:3500"
UNDO = "OK:long OK"  # the menu opens on Undo


def _on(**keys):
    return boot(seed=3, settings={key: "1" if value is True else str(value)
                                  for key, value in keys.items()})


def _shows(pico, *texts):
    buf = page_frame(pico)
    for text in texts:
        assert has_text(buf, text), text


def test_canadian_loner_asks_the_dealers_partner_only():
    with _on(EUCHRE_CANADIAN_LONER=True) as pico:
        t = table(pico)
        pico.run_script("E")
        assert t.screen_name == "ask" and not t.game.in_hand
        _shows(pico, "ORDERED UP?", "EAST CALLS", "YES", "ALONE", "NO")
        pico.run_script("N")  # not offered: a message, nothing else
        assert t.screen_name == "ask" and not t.game.in_hand
        pico.run_script("OK")  # backs out, nothing called
        assert t.screen_name == "score" and not t.game.in_hand
        pico.run_script("E E")  # yes: ordered up, so East plays alone
        game = t.game
        assert game.caller == E and game.lone_seat == E
        assert menu.undo_label(t) == "UNDO ORDER UP EAST"
        pico.run_script(UNDO + " E W")  # no: named in the second round
        assert game.caller == E and game.lone_seat is None
        pico.run_script(UNDO + " N")  # North is not the dealer's partner: no question
        assert game.caller == N and t.screen_name == "hand"
        pico.run_script(UNDO + " E E E*5")
        _shows(pico, "EAST FORCED ALONE")
        pico.run_script(BANNER)
        hand = game.last_hand
        assert hand.forced and hand.lone_seat == E and game.scores == [0, 4]
        pico.run_script("OK:long S*5 OK")  # History names the forced loner
        _shows(pico, "FORCED", "+4 E-W")


def test_without_canadian_loner_the_partner_calls_at_once():
    with boot(seed=3) as pico:
        pico.run_script("E")
        assert table(pico).game.caller == E and table(pico).screen_name == "hand"


def test_no_set_back_is_offered_against_a_team_with_no_points():
    # It would only throw the hand's points away.
    with _on(EUCHRE_SETBACK=True) as pico:
        t = table(pico)
        game = t.game
        pico.run_script("N OK E")  # N-S march: +2, E-W at 0
        assert t.screen_name == "banner"
        buf = page_frame(pico)
        assert has_text(buf, "QUICK RESULT") and not has_text(buf, "OK:KEEP")
        pico.run_script(BANNER)  # the banner goes as any other does
        assert t.screen_name == "score" and game.scores == [2, 0]
        assert not game.last_hand.set_back


def test_a_set_back_says_what_came_off_a_score_that_stops_at_0():
    with _on(EUCHRE_SETBACK=True) as pico:
        t = table(pico)
        game = t.game
        pico.run_script("E OK N " + BANNER)  # E-W made: +1, nothing to ask
        assert game.scores == [0, 1] and t.screen_name == "score"
        pico.run_script("N OK E " + BANNER + " S")  # N-S march, set back
        assert game.scores == [0, 0] and game.last_hand.set_back
        _shows(pico, "SET BACK: E-W -1")


def test_set_back_from_the_banner_and_its_undo():
    with _on(EUCHRE_SETBACK=True) as pico:
        t = table(pico)
        game = t.game
        pico.run_script("N OK N " + BANNER)  # N-S made: +1, nothing to ask
        pico.run_script("E OK E " + BANNER)  # E-W march: +2, and the banner waits
        assert game.scores == [1, 2] and t.screen_name == "banner"
        pico.run_script("OK")  # keeps the points
        assert game.scores == [1, 2] and t.screen_name == "score"
        pico.run_script("N OK E")  # N-S march: +2
        assert game.scores == [3, 2]
        pico.run_script(BANNER)
        assert t.screen_name == "banner"
        _shows(pico, "SET BACK", "OK:KEEP")
        pico.run_script("E")  # not offered: said, the banner stays
        assert t.screen_name == "banner" and game.scores == [3, 2]
        pico.run_script("S")
        assert game.scores == [1, 0] and t.screen_name == "score"
        assert game.last_hand.set_back
        _shows(pico, "SET BACK: E-W -2")
        assert menu.undo_label(t) == "UNDO SET BACK"
        pico.run_script(UNDO)
        assert game.scores == [3, 2] and not game.last_hand.set_back
        # OK keeps the points, as does a hand of 1 point (nothing asked).
        pico.run_script("OK")
        assert t.screen_name == "score" and game.scores == [3, 2]
        pico.run_script("S OK E OK")
        assert game.scores == [5, 2] and t.screen_name == "score"
        pico.run_script("S OK N")  # made 3-4: 1 point, no set-back, the banner goes
        assert t.screen_name == "banner"
        pico.run_script(BANNER)
        assert t.screen_name == "score" and game.scores == [6, 2]
        pico.run_script("OK:long S*5 OK")  # History: the set-back is not there now
        buf = page_frame(pico)
        assert has_text(buf, "MARCH") and not has_text(buf, "SETBACK")


def test_set_back_is_named_in_history_stats_and_export():
    with _on(EUCHRE_SETBACK=True) as pico:
        t = table(pico)
        pico.run_script("E OK E OK N OK E wait:500 S")
        assert t.game.scores == [0, 0]
        pico.run_script("OK:long S*5 OK")
        _shows(pico, "SETBACK", "-2 E-W")
        pico.run_script("W OK:long S*4 OK")
        assert t.screen_name == "stats"
        assert not has_text(page_frame(pico), "SET BACKS")  # below: the page scrolls
        pico.run_script("S S")
        _shows(pico, "SET BACKS")
        lines = t.module("export").export_lines(t)
        assert lines[-1].split(",")[1] == "SET BACK"
        assert lines[-1].endswith("set back -2 E-W")


def test_set_back_is_still_offered_after_the_power_goes_while_the_banner_waits():
    with _on(EUCHRE_SETBACK=True) as pico:
        pico.run_script("E OK E OK N OK E")  # E-W has 2; N-S marches by quick result
        assert table(pico).screen_name == "banner"
        pico.run_script("cut boot wait:3500")
        t = table(pico)
        assert t.game.scores == [2, 2] and t.screen_name == "banner"
        _shows(pico, "SET BACK", "OK:KEEP")
        pico.run_script("S")
        assert t.game.scores == [0, 0] and t.screen_name == "score"
        pico.run_script("cut boot wait:3500")  # no offer once it was taken
        assert table(pico).screen_name == "score"
        assert table(pico).game.scores == [0, 0]


def test_without_set_back_the_banner_is_not_brought_back_after_the_power_goes():
    with _on(EUCHRE_SETBACK=True) as pico:
        pico.run_script("E OK E OK N OK E")
        pico.run_script("OK N")  # the points kept; North calls
        pico.run_script("cut boot wait:3500")
        assert table(pico).screen_name == "hand"
        assert table(pico).game.scores == [2, 2]


def test_blind_loner_is_the_dealers_long_press_then_a_choice():
    with _on(EUCHRE_BLIND_LONER=True) as pico:
        t = table(pico)
        game = t.game
        pico.run_script("N:long")  # not the dealer: alone at once
        assert game.lone_seat == N
        pico.run_script(UNDO + " W:long")
        assert t.screen_name == "ask" and not game.in_hand
        _shows(pico, "GO ALONE:", "WEST CALLS", "BLIND", "LOOKING")
        pico.run_script("W")  # looking: a plain loner
        assert game.lone_seat == W and menu.undo_label(t) == "UNDO CALL ALONE WEST"
        pico.run_script(UNDO + " W:long E")  # blind
        assert game.lone_seat == W and menu.undo_label(t) == "UNDO BLIND ALONE WEST"
        pico.run_script("W*5")
        _shows(pico, "WEST WENT BLIND")
        pico.run_script(BANNER)
        hand = game.last_hand
        assert hand.blind and game.scores == [0, 5]
        pico.run_script("OK:long S*5 OK")
        _shows(pico, "BLIND", "+5 E-W")
        assert "blind loner" in t.module("export").export_lines(t)[-1]
        pico.run_script("W OK:long S*4 OK S S")
        _shows(pico, "BLIND MADE", "1/1")


def test_without_blind_loner_the_dealers_long_press_goes_alone():
    with boot(seed=3) as pico:
        pico.run_script("W:long")
        assert table(pico).game.lone_seat == W and table(pico).screen_name == "hand"


def test_progressive_game_to_its_end_with_a_winner():
    with _on(EUCHRE_HANDS=2) as pico:
        t = table(pico)
        _shows(pico, "HAND", "OF")
        assert not has_text(page_frame(pico), "TO 10")
        pico.run_script("N OK E " + BANNER)
        game = t.game
        assert game.hands_left == 1 and t.screen_name == "score"
        pico.run_script("E OK N " + BANNER)
        assert game.over and game.winner == 0 and t.screen_name == "over"
        from ui_read import find_text2
        assert find_text2(page_frame(pico), 0, "N-S WINS") >= 0
        pico.run_script("OK")
        assert t.tally == [1, 0]


def test_progressive_tie_is_game_over_as_a_tie():
    with _on(EUCHRE_HANDS=2) as pico:
        t = table(pico)
        pico.run_script("N OK E " + BANNER + " E OK E " + BANNER)
        game = t.game
        assert game.scores == [2, 2] and game.over and game.winner is None
        assert t.screen_name == "over"
        _shows(pico, "MATCH 0-0")
        buf = page_frame(pico)
        from ui_read import find_text2
        assert find_text2(buf, 0, "TIE GAME") >= 0
        pico.run_script("N")  # refused moves are none: the next game
        assert t.tally == [0, 0] and t.game.scores == [0, 0] and t.game.dealer == N


def test_progressive_shows_hand_n_of_m_on_the_score_and_hand_screens():
    with _on(EUCHRE_HANDS=8) as pico:
        t = table(pico)
        pico.run_script("N OK E " + BANNER + " N OK E " + BANNER)
        buf = page_frame(pico)
        from ui_read import find_text
        assert find_text(buf, 7, "HAND") >= 0 and find_text(buf, 7, "OF") >= 0
        pico.run_script("N")
        assert t.screen_name == "hand"
        buf = page_frame(pico)
        assert find_text(buf, 7, "OF") >= 0 and find_text(buf, 7, "3") >= 0


def _suit_at(buf, x, page, index):
    w = font.SUIT_BIG_W
    return (buf[page * 128 + x:page * 128 + x + w] == font.SUITS_BIG[index * 2 * w:(index * 2 + 1) * w]
            and buf[(page + 1) * 128 + x:(page + 1) * 128 + x + w]
            == font.SUITS_BIG[(index * 2 + 1) * w:(index * 2 + 2) * w])


def test_trump_suit_picked_after_the_call_and_shown_until_the_hand_ends():
    with _on(EUCHRE_TRUMP=True) as pico:
        t = table(pico)
        pico.run_script("N")
        assert t.screen_name == "suit" and t.game.caller == N
        buf = page_frame(pico)
        assert has_text(buf, "WHICH SUIT?")
        assert all(_suit_at(buf, x, page, i)
                   for i, (x, page) in enumerate(((57, 1), (106, 3), (57, 5), (7, 3))))
        pico.run_script("E")  # the key at the right: hearts
        game = t.game
        assert game.trump == "H" and t.screen_name == "hand"
        assert _suit_at(page_frame(pico), 3, 5, 1)
        assert menu.undo_label(t) == "UNDO TRUMP HEARTS"
        pico.run_script("N S")
        assert _suit_at(page_frame(pico), 3, 5, 1)
        pico.run_script("N N N " + BANNER)
        assert game.last_hand.trump == "H" and game.trump is None
        assert not _suit_at(page_frame(pico), 3, 5, 1)
        assert "trump hearts" in t.module("export").export_lines(t)[-1]
        pico.run_script("OK:long S*5 OK")
        _shows(pico, "1\x81 NORTH MARCH")  # History: the suit after the number
        # Back to the menu, out of it; the next hand: East calls, OK records no suit.
        pico.run_script("W W E")
        assert t.screen_name == "suit"
        pico.run_script("OK")
        assert t.screen_name == "hand" and game.trump is None and game.caller == E


def test_trump_off_the_call_is_one_press():
    with boot(seed=3) as pico:
        pico.run_script("N")
        assert table(pico).screen_name == "hand" and table(pico).game.trump is None


def test_skunk_counts_double_in_the_match_tally():
    with _on(EUCHRE_SKUNK_DOUBLE=True) as pico:
        t = table(pico)
        pico.run_script("N:long N*5 " + BANNER + " N:long N*5 " + BANNER + " S S*5 " + BANNER)
        assert t.game.skunk and t.screen_name == "over"
        _shows(pico, "SKUNK!", "MATCH 2-0")
        pico.run_script("E")
        assert t.tally == [2, 0]
        # A game won without a skunk counts one.
        pico.run_script(("N OK E " + BANNER + " ") * 4 + "E OK E " + BANNER + " N OK E " + BANNER)
        assert t.game.winner == 0 and not t.game.skunk
        pico.run_script("E")
        assert t.tally == [3, 0]


def test_rules_menu_names_the_new_rules_and_switches_the_table_prefs():
    with boot(seed=3) as pico:
        t = table(pico)
        pico.run_script("OK:long S*3 OK S*12")
        _shows(pico, "CANADIAN LONER", "ROBSON SET BACK", "BLIND LONER", "PROGRESSIVE")
        pico.run_script("S S")
        _shows(pico, "SHOW TRUMP", "SKUNK COUNTS 2")
        pico.run_script("N E")  # SHOW TRUMP on: at once
        assert t.trump
        serial = t.prefs_serial
        pico.run_script("W")  # saved on leaving, back to the menu
        assert t.prefs_serial > serial
        pico.run_script("W N")
        assert t.screen_name == "suit"
        pico.run_script("S")  # diamonds, then a power cut mid-hand
        pico.power_cut()
        pico.boot()
        t = table(pico)
        assert t.trump and not t.skunk_double and t.game.trump == "D"
        assert t.screen_name == "hand" and _suit_at(page_frame(pico), 3, 5, 2)


def test_new_screens_look_as_reviewed():
    with _on(EUCHRE_CANADIAN_LONER=True, EUCHRE_SETBACK=True, EUCHRE_TRUMP=True) as pico:
        pico.run_script("E")
        check_golden(pico, "fw_ordered_up")
        pico.run_script("E")
        check_golden(pico, "fw_trump_suit")
        pico.run_script("W E")
        check_golden(pico, "fw_trump_hand")
        # N-S +1 (menu, Adjust score): points a set-back can take off.
        pico.run_script("OK:long S*3 E N OK E*4")
        check_golden(pico, "fw_set_back_banner")
    with _on(EUCHRE_HANDS=2) as pico:
        pico.run_script("N OK E " + BANNER + " E OK E " + BANNER)
        check_golden(pico, "fw_progressive_tie")


def _cut(pico):
    pico.power_cut()
    pico.boot()
    return table(pico)


def test_trump_suit_asked_again_after_the_menu_and_a_power_cut():
    with boot(seed=0, settings={"EUCHRE_TRUMP": "1"}) as pico:
        pico.run_script("E")  # East calls: which suit?
        pico.run_script("OK:long W")  # the menu, then back: asked again
        assert table(pico).screen_name == "suit"
        t = _cut(pico)
        assert t.screen_name == "suit" and t.game.caller == E and t.game.trump is None
        _shows(pico, "EAST CALLED", "WHICH SUIT?")
        pico.run_script("W")  # clubs
        assert t.game.trump == "C" and t.screen_name == "hand"


def test_set_back_offer_waits_through_the_menu_and_a_power_cut():
    with boot(seed=0, settings={"EUCHRE_SETBACK": "1"}) as pico:
        pico.run_script("E E E E E E " + BANNER + " N N N N N N")  # 2-2: SET BACK offered
        t = table(pico)
        assert t.screen_name == "banner"
        pico.run_script("OK:long W")  # the menu, then back: still offered
        assert t.screen_name == "banner"
        t = _cut(pico)
        assert t.screen_name == "banner"
        pico.run_script("OK")  # keep the points: answered
        pico.run_script("OK:long W")
        assert t.screen_name == "score" and t.game.scores == [2, 2]


def test_a_power_cut_on_a_question_before_the_call_says_nothing_was_called():
    with _on(EUCHRE_CANADIAN_LONER=True) as pico:
        # A hand scored, North deals: South, the partner, is asked.
        pico.run_script("N OK E " + BANNER + " S")
        assert table(pico).screen_name == "ask"
        t = _cut(pico)
        assert t.screen_name == "score" and not t.game.in_hand
        assert t.message == "RESUMED: NO CALL YET"
        _shows(pico, "RESUMED: NO CALL YET")


def test_who_deals_first_comes_back_from_the_menu():
    with boot(seed=4) as pico:
        pico.run_script("E E E E E E " + BANNER + " OK:long S*8 OK E")
        t = table(pico)
        old = t.game
        assert t.screen_name == "pick"
        pico.run_script("OK:long W")  # back: the question again
        assert t.screen_name == "pick" and t.game is old
        pico.run_script("OK:long S OK")  # Rules (no Adjust score or Set dealer here)
        assert t.screen_name == "options"
        pico.run_script("W W")  # to the menu, out of it: the question again
        assert t.screen_name == "pick" and t.game is old
        _shows(pico, "WHO DEALS FIRST?")
        pico.run_script("N")
        assert t.game is not old and t.game.dealer == N and t.game.action_count == 0


def test_who_deals_first_waits_through_a_power_cut():
    # New game (and Reset match) asked "who deals first?": the power going
    # then keeps the question, and the game it ends, as the menu does.
    with boot(seed=4) as pico:
        pico.run_script("E E E E E E " + BANNER + " OK:long S*8 OK E")
        t = table(pico)
        assert t.screen_name == "pick"
        t = _cut(pico)
        assert t.screen_name == "pick" and t.waiting.new_game is False
        assert t.game.scores == [0, 2] and t.tally == [0, 0]
        _shows(pico, "WHO DEALS FIRST?")
        pico.run_script("N")
        assert t.game.dealer == N and t.game.scores == [0, 0]
        t = _cut(pico)  # answered: the new game, with no question
        assert t.screen_name == "score" and t.game.dealer == N and t.waiting.new_game is None
        # Reset match: asked again after a cut, then Undo keeps the old game
        # (and the question stays gone after the next cut).
        pico.run_script("OK:long S*9 OK E")
        assert t.screen_name == "pick" and t.waiting.new_game is True
        t = _cut(pico)
        assert t.screen_name == "pick" and t.waiting.new_game is True
        pico.run_script("OK:long OK")
        assert t.waiting.new_game is None
        t = _cut(pico)
        assert t.screen_name == "score" and t.waiting.new_game is None
