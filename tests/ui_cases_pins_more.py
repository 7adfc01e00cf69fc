"""Table UI cases, what a player would notice: the pickers' refusals; the
quick result's choices; what Undo says it takes back; Adjust score's limits;
the words of the messages; the keys of the suit and hand screens; drawing
only what changed; sleep; the menu; a saved game resumed; Export's lines;
the list pages' ends.

The table is driven by presses and read by what it shows, says and records
(the game). Plain functions: tests/test_ui_cases.py runs them on CPython and,
through tests/mp_run.py, under the MicroPython unix port."""

from euchre_core.basics import Refusal
from ui_read import (E, N, NEW_GAME, S, W, play, Clock, Game, Rules, Table, find_text, frame,
                     markers, page_bytes, power_cut, press, said, settle, table)


def case_pin_pickers_stay_open_on_a_refusal():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S* OK* S OK")  # who reneged?
    assert said(t, clock, "N") == "ANN SITS OUT THIS HAND"
    assert t.screen_name == "pick" and t.game.in_hand
    play(t, clock, "E")
    assert t.game.last_hand.kind == "renege" and t.game.scores == [2, 0]
    play(t, clock, "~ OK* S S OK")  # who deals? E deals now
    assert said(t, clock, "E") == "BOB IS ALREADY THE DEALER"
    assert t.screen_name == "pick"
    assert said(t, clock, "W") == "DAN DEALS"
    assert t.screen_name == "score" and t.game.dealer == W
    play(t, clock, "OK* S S OK OK")  # OK: back to the menu
    assert t.screen_name == "menu" and t.game.dealer == W
    play(t, clock, "W")
    assert t.screen_name == "score" and t.game.dealer == W


def case_pin_rest_of_tricks_to_either_side():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S N W W OK* S S OK")
    play(t, clock, "E")  # the defenders take the rest: 1 for the makers
    hand = t.game.last_hand
    assert hand.tricks == (1, 4) and hand.kind == "euchre"
    t = table(dealer=0)
    play(t, clock, "S N W W OK* S S OK")
    play(t, clock, "S")  # the makers take the rest: 3
    assert t.game.last_hand.tricks == (3, 2)
    t = table(dealer=0)
    play(t, clock, "E N OK* S S OK N")  # makers E-W; the defenders N-S take the rest
    assert t.game.last_hand.tricks == (5, 0) and t.game.scores == [2, 0]
    t = table(dealer=0)
    play(t, clock, "E N OK* S S OK W")
    assert t.game.last_hand.tricks == (1, 4) and t.game.scores == [0, 1]


def case_pin_quick_result_choices():
    clock = Clock()
    # A lone defender under "2_4": SET 3-4 and SET 5, no BACK.
    t = table(Rules(defender_alone="2_4"), dealer=0)
    play(t, clock, "S E* OK")
    buf = frame(t)
    assert find_text(buf, 6, "SET 3-4 +2") >= 0 and find_text(buf, 3, "SET 5 +4") >= 0
    play(t, clock, "W")
    assert t.game.last_hand.kind == "lone_defense" and t.game.scores == [0, 4]
    t = table(Rules(defender_alone="2_4"), dealer=0)
    play(t, clock, "S E* N OK S")
    assert t.game.last_hand.kind == "lone_defense" and t.game.scores == [0, 2]
    # The same lone defender under "4": EUCHRED and BACK.
    t = table(dealer=0)
    play(t, clock, "S E* OK")
    buf = frame(t)
    assert find_text(buf, 6, "EUCHRED +4") >= 0 and find_text(buf, 3, "BACK") >= 0
    play(t, clock, "W")
    assert t.screen_name == "hand"
    play(t, clock, "OK S")
    assert t.game.scores == [0, 4]
    # No lone defender under "2_4": the normal choices.
    t = table(Rules(defender_alone="2_4"), dealer=0)
    play(t, clock, "S OK")
    buf = frame(t)
    assert find_text(buf, 6, "EUCHRED +2") >= 0 and find_text(buf, 3, "BACK") >= 0
    play(t, clock, "N")
    assert t.game.last_hand.quick and t.game.last_hand.kind == "made"
    assert t.game.scores == [1, 0]


def case_pin_quick_result_ruled_out_stays_on_the_quick_screen():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S N N N OK")  # 3 tricks: no euchre
    assert said(t, clock, "S").startswith("THE MAKERS ALREADY HAVE")
    assert t.screen_name == "quick" and t.game.in_hand
    play(t, clock, "N")
    assert t.game.last_hand.kind == "made" and t.game.scores == [1, 0]
    t = table(dealer=0)
    play(t, clock, "S E E E OK")  # euchred already: made and march ruled out
    play(t, clock, "N")
    assert t.screen_name == "quick"
    play(t, clock, "E")
    assert t.screen_name == "quick"
    play(t, clock, "S")
    assert t.game.last_hand.kind == "euchre" and t.game.scores == [0, 2]
    # OK goes back; so does W.
    t = table(dealer=0)
    play(t, clock, "S OK OK")
    assert t.screen_name == "hand"
    play(t, clock, "OK W")
    assert t.screen_name == "hand"


def case_pin_undo_says_what_it_takes_back():
    clock = Clock()
    rules = Rules(canadian_loner=True, blind_loner=True, setback=True)
    for keys, words in (("OK OK", "PASS"), ("S", "CALL CAT"), ("S*", "CALL ALONE CAT"),
                        ("W E", "ORDER UP DAN"), ("W W", "CALL DAN"),
                        ("E* E", "BLIND ALONE BOB"), ("E* W", "CALL ALONE BOB"),
                        ("S W*", "DEF ALONE DAN"), ("S N", "TRICK ANN"),
                        ("S N*", "ALONE ANN")):
        t = table(rules, dealer=E)
        play(t, clock, keys)
        assert said(t, clock, "OK* OK") == "UNDONE: " + words, (keys, t.message)


def case_pin_undo_words_of_every_action():
    clock = Clock()
    t = table(dealer=0, trump=True)
    for keys, label in (("S N", "TRUMP SPADES"), ("S E", "TRUMP HEARTS"),
                        ("S S", "TRUMP DIAMONDS"), ("S W", "TRUMP CLUBS")):
        play(t, clock, keys)
        play(t, clock, "OK*")
        assert find_text(frame(t), 1, "UNDO " + label, True) >= 0, label
        play(t, clock, "OK")
        assert t.message == "UNDONE: " + label
        play(t, clock, "OK* OK")
    assert said(t, clock, "OK* OK") == "NOTHING TO UNDO"


def case_pin_undo_words_of_results():
    clock = Clock()
    for keys, words in (("S N N N E OK* S S OK S", "RESULT 4-1"),
                        ("S N OK* S S OK E", "RESULT 1-4"),
                        ("S OK N", "RESULT MADE"), ("S OK E", "RESULT MARCH"),
                        ("S OK S", "RESULT EUCHRED"), ("S OK* S OK W", "RENEGE DAN"),
                        ("OK* S OK N E OK", "ADJUST THEM +1"),
                        ("OK* S OK N OK", "ADJUST US +1"),
                        ("OK* S S OK W", "DEALER DAN"),
                        ("E N OK* S S OK N", "RESULT 0-5")):
        t = table(dealer=0)
        play(t, clock, keys + " ~")
        play(t, clock, "OK*")
        if words.startswith("ADJUST THEM"):
            # Both teams at once: Undo takes back both, and says so.
            assert find_text(frame(t), 1, "UNDO ADJUST US +1", True) < 0
            assert find_text(frame(t), 1, "UNDO " + words, True) < 0
            assert find_text(frame(t), 1, "UNDO ADJUST SCORE", True) >= 0
            assert said(t, clock, "OK") == "UNDONE: ADJUST SCORE"
            assert t.game.scores == [0, 0] and t.game.action_count == 0
            continue
        assert find_text(frame(t), 1, "UNDO " + words, True) >= 0, words
        assert said(t, clock, "OK") == "UNDONE: " + words


def adjust_ninth(t, clock, key):
    """What Adjust score says at the 9th press of ``key`` (nothing before)."""
    play(t, clock, "OK* S OK" + (" " + key) * 8)
    assert t.message is None
    return said(t, clock, key)


def case_pin_adjust_score_limits():
    clock = Clock()
    t = table(dealer=0)
    assert adjust_ninth(t, clock, "N") == "8 POINTS AT MOST EACH TIME"
    play(t, clock, "OK")
    assert t.game.scores == [8, 0]
    assert adjust_ninth(t, clock, "S") == "8 POINTS AT MOST EACH TIME"
    play(t, clock, "OK")
    assert t.game.scores == [0, 0]
    play(t, clock, "OK* S OK" + " E" * 8 + " OK")
    assert t.game.scores == [0, 8]
    assert adjust_ninth(t, clock, "W") == "8 POINTS AT MOST EACH TIME"
    play(t, clock, "E OK")
    assert t.game.scores == [0, 1]
    # A score stops at 0; nothing changed, nothing recorded.
    count = t.game.action_count
    play(t, clock, "OK* S OK S")
    assert t.message == "US STOPS AT 0"
    play(t, clock, "W W")
    assert t.message == "THEM STOPS AT 0"
    play(t, clock, "E")
    play(t, clock, "OK")
    assert t.game.action_count == count and t.screen_name == "score"


def case_pin_adjust_shows_the_scores_it_will_make():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S OK E ~ OK* S OK")  # at 2-0
    buf = frame(t)
    assert find_text(buf, 2, "US +0") >= 0 and find_text(buf, 2, "THEM +0") >= 0
    # Unchanged: the score as it stands (centred), not yet a new one.
    assert find_text(buf, 5, "NEW SCORE") < 0 and find_text(buf, 5, "SCORE 2-0") == 37
    play(t, clock, "N N E")
    buf = frame(t)
    assert find_text(buf, 2, "US +2", True) >= 0 and find_text(buf, 2, "THEM +1", True) >= 0
    assert find_text(buf, 5, "NEW SCORE 4-1") >= 0
    play(t, clock, "W S S S")
    buf = frame(t)
    assert find_text(buf, 2, "THEM +0") >= 0 and find_text(buf, 2, "US -1", True) >= 0
    assert find_text(buf, 5, "NEW SCORE 1-0") >= 0
    play(t, clock, "OK")
    assert t.game.scores == [1, 0]


def case_pin_adjust_writes_a_long_team_name_as_its_side():
    # 6 letters fit beside a change; "NORTHSIDE" cut to "NORTHS" would read
    # as a typing error: N-S instead (the key labels spell it whole).
    clock = Clock()
    game = Game(Rules(), dealer=0)
    t = Table(Rules(), teams=("Northside", "Them"), game=game)
    play(t, clock, "OK* S OK N")
    assert t.screen_name == "adjust"
    buf = frame(t)
    assert find_text(buf, 2, "N-S +1", True) >= 0 and find_text(buf, 2, "THEM +0") >= 0
    assert find_text(buf, 2, "NORTHS") < 0 and find_text(buf, 1, "NORTHSIDE +1") >= 0
    # A name of 6 letters fits whole.
    t = Table(Rules(), teams=("Sixers", "Them"), game=Game(Rules(), dealer=0))
    play(t, clock, "OK* S OK N")
    assert find_text(frame(t), 2, "SIXERS +1", True) >= 0


def case_pin_adjust_says_won_only_when_the_score_ends_the_game():
    # Centred under the changes; a progressive game is ended by its hands,
    # never by a score, however high.
    clock = Clock()
    t = table(Rules(target=5), dealer=0)
    play(t, clock, "OK* S OK N N N N")
    buf = frame(t)
    assert find_text(buf, 5, "NEW SCORE 4-0") == 25 and find_text(buf, 5, "WON") < 0
    play(t, clock, "N")
    buf = frame(t)
    line = page_bytes(buf, 5)
    assert find_text(buf, 5, "NEW SCORE 5-0: WON") == 10 and line[:10] + line[117:] == bytes(21)
    t = table(Rules(hands=2), dealer=0)
    play(t, clock, "OK* S OK N N N N N N N N")
    buf = frame(t)
    assert t.screen_name == "adjust" and find_text(buf, 5, "NEW SCORE 8-0") == 25
    assert find_text(buf, 5, "WON") < 0


def case_pin_export_says_how_many_lines():
    clock = Clock()
    lines = []
    t = table(dealer=0, out=lines.append)
    assert said(t, clock, "OK* N N N OK") == "1 LINE TO THE USB SERIAL CONSOLE"
    count = len(lines)
    assert said(t, clock, "S OK E ~ OK* N N N OK") == "3 LINES TO THE USB SERIAL CONSOLE"
    assert len(lines) > count


def case_pin_stick_the_dealer_says_who_calls():
    clock = Clock()
    t = table(Rules(stick_the_dealer=True), dealer=3)
    assert said(t, clock, "OK") == "STICK THE DEALER: DAN CALLS"
    assert t.game.dealer == W and t.game.action_count == 0
    t = table(dealer=3)
    play(t, clock, "OK OK")
    assert t.message is None and t.game.dealer == N
    play(t, clock, "S")
    assert said(t, clock, "S") == "CAT SITS OUT THIS HAND" or t.game.tricks == [1, 0]


def case_pin_engine_words_name_the_seats():
    t = table(dealer=0)
    assert t.with_names(Refusal("%s sits out this hand", E)) == "BOB sits out this hand"
    assert t.with_names(Refusal("(%s) first", W)) == "(DAN) first"
    # A refusal about no seat, or any other error, as it reads.
    assert t.with_names(Refusal("Only N: 100%")) == "Only N: 100%"
    assert t.with_names(ValueError("N, E: S. W")) == "N, E: S. W"


def case_pin_suit_keys_by_the_picture():
    clock = Clock()
    for flipped, key, suit in ((False, N, "S"), (False, E, "H"), (False, S, "D"),
                               (False, W, "C"), (True, N, "D"), (True, E, "C")):
        t = table(dealer=0, trump=True, flipped=flipped)
        play(t, clock, "S")
        assert t.screen_name == "suit"
        press(t, clock, key)
        assert t.screen_name == "hand" and t.game.trump == suit
    t = table(dealer=0, trump=True)
    play(t, clock, "S OK")
    assert t.screen_name == "hand" and t.game.trump is None
    # Without trump recorded: no suit screen.
    t = table(dealer=0)
    play(t, clock, "S")
    assert t.screen_name == "hand"


def case_pin_hand_keys():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S W*")  # a defender goes alone
    assert t.game.lone_defender == W
    play(t, clock, "N")
    assert t.game.tricks == [1, 0]
    play(t, clock, "S*")  # after the first trick a long press is the trick
    assert t.game.tricks == [2, 0] and t.game.lone_seat is None
    assert said(t, clock, "E") == "BOB SITS OUT THIS HAND"
    play(t, clock, "OK")
    assert t.screen_name == "quick"


def case_pin_render_only_when_something_changed():
    clock = Clock()
    t = table(dealer=0)
    buf = bytearray(1024)
    assert t.render(buf) != 0 and t.render(buf) == 0
    other = bytearray(1024)
    assert t.render(other) != 0 and other == buf
    t.tick(clock.step(100))
    assert t.render(other) == 0
    play(t, clock, "OK")  # all passed? asked in the band
    assert t.render(other) != 0 and markers(other) == [N]
    assert t.render(other) == 0
    play(t, clock, "OK")  # the deal passes
    assert t.render(other) != 0 and markers(other) == [E]


def case_pin_sleep_and_wake():
    clock = Clock()
    t = table(dealer=0, sleep_s=60)
    buf = bytearray(1024)
    t.render(buf)
    t.tick(clock.step(59000))
    assert t.awake
    t.tick(clock.step(1000))
    assert not t.awake
    play(t, clock, "OK")
    assert t.awake and t.game.dealer == N  # the waking press does nothing else
    t = table(dealer=0, sleep_s=0)
    t.tick(clock.step(600000))
    assert t.awake


def case_pin_long_ok_opens_the_menu_from_every_screen():
    clock = Clock()
    for keys in ("", "S", "S OK", "S OK E", "OK* S OK", "OK* N N OK"):
        t = table(dealer=0)
        play(t, clock, keys + " OK*")
        assert t.screen_name == "menu", keys
        play(t, clock, "W")


def case_pin_menu_wraps_and_lists_what_applies():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "OK* N")
    buf = frame(t)
    assert find_text(buf, 6, "RESET MATCH", True) >= 0
    play(t, clock, "S")
    assert find_text(frame(t), 1, "UNDO (NOTHING)", True) >= 0
    play(t, clock, "S S")
    assert find_text(frame(t), 3, "SET DEALER", True) >= 0
    play(t, clock, "W S OK*")
    buf = frame(t)
    assert find_text(buf, 2, "RENEGE") >= 0 and find_text(buf, 3, "REST OF TRICKS") >= 0
    assert find_text(buf, 4, "ADJUST SCORE") >= 0 and find_text(buf, 5, "RULES") >= 0


def case_pin_resume_a_saved_game_and_prefs():
    clock = Clock()
    t = table(Rules(target=1), dealer=1, contrast=40, flipped=True, sleep_s=300, trump=True,
              skunk_double=True)
    play(t, clock, "E OK OK E ~ N S")
    assert t.screen_name == "suit"
    play(t, clock, "OK N")
    assert t.screen_name == "hand" and t.tally == [0, 2]
    # The power comes back under the same settings.toml.
    again = power_cut(t, trump=True, skunk_double=True)
    assert again.game.tricks == t.game.tricks and again.game.dealer == t.game.dealer
    assert bytes(frame(again)) == bytes(frame(t))
    play(again, clock, "OK E ~")
    assert again.screen_name == "over"
    assert find_text(frame(again), 7, "MATCH 2-2") >= 0


_EXPORTED = (
        'step,action,dealer,caller,alone,tricks_ns,tricks_ew,score_ns,score_ew,result',
        '1,"ORDER UP BO""B",DAN,"BO""B","BO""B",0,0,0,0,',
        '2,TRUMP SPADES,DAN,"BO""B","BO""B",0,0,0,0,',
        '3,RESULT MARCH,DAN,"BO""B","BO""B",0,0,0,4,"lone_march +4 THE,M forced loner trump spades"',
        '4,"BLIND ALONE ANN, JR","ANN, JR","ANN, JR","ANN, JR",0,0,0,4,',
        '5,RESULT EUCHRED,"ANN, JR","ANN, JR","ANN, JR",0,0,0,5,"euchre +1 THE,M blind loner"',
        '6,CALL CAT,"BO""B",CAT,,0,0,0,5,',
        '7,"TRICK BO""B","BO""B",CAT,,0,1,0,5,',
        '8,TRICK CAT,"BO""B",CAT,,1,1,0,5,',
        '9,"TRICK ANN, JR","BO""B",CAT,,2,1,0,5,',
        '10,"TRICK BO""B","BO""B",CAT,,2,2,0,5,',
        '11,RESULT 3-2,"BO""B",CAT,,3,2,1,5,made +1 US',
        '12,ADJUST US +1,CAT,,,0,0,2,5,',
        '13,"ADJUST THE,M +1",CAT,,,0,0,2,6,',
        '14,DEALER DAN,DAN,,,0,0,2,6,',
        '15,CALL CAT,DAN,CAT,,0,0,2,6,',
        '16,"RENEGE BO""B",DAN,CAT,,0,0,4,6,renege +2 US',
        '17,SET BACK,DAN,,,0,0,2,4,"set back -2 THE,M"',
        '18,PASS,"ANN, JR",,,0,0,2,4,',
        '19,CALL ALONE CAT,"BO""B",CAT,CAT,0,0,2,4,',
        '20,TRUMP SPADES,"BO""B",CAT,CAT,0,0,2,4,',
        '21,DEF ALONE DAN,"BO""B",CAT,CAT & DAN,0,0,2,4,',
        '22,TRICK DAN,"BO""B",CAT,CAT & DAN,0,1,2,4,',
        '23,RESULT MADE,"BO""B",CAT,CAT & DAN,0,1,3,4,made +1 US trump spades',
)


def case_pin_export_writes_every_action_and_result():
    """The CSV a game exports: the state after each action, a hand's result
    with a forced or blind loner and the trump suit, a set-back, names with
    a comma or a quote."""
    clock = Clock()
    rules = Rules(canadian_loner=True, blind_loner=True, setback=True)
    lines = []
    t = Table(rules, names=("Ann, Jr", 'Bo"b', "Cat", "Dan"), teams=("Us", "The,m"),
              trump=True, game=Game(rules, dealer=W), out=lines.append)
    play(t, clock, "E E N OK E ~ N* E OK OK S ~ S OK E S ~ OK W N E OK* S S OK S ~"
         " OK* S OK N E OK OK* S S OK W S OK* S OK E S ~ OK OK S* N W* W OK N ~")
    assert said(t, clock, "OK* N N N OK") == "24 LINES TO THE USB SERIAL CONSOLE"
    assert lines == ["euchre: export begin"] + list(_EXPORTED) + ["euchre: export end"]


def case_pin_list_pages_say_where_they_end_and_what_leaves():
    clock = Clock()
    rules = Rules(setback=True, blind_loner=True, canadian_loner=True)
    t = table(rules, dealer=0)
    play(t, clock, "OK* S S S S OK")  # Stats: more rows than fit
    assert t.screen_name == "stats"
    assert said(t, clock, "N") == "NO MORE ROWS THAT WAY"
    play(t, clock, "S S S S")
    assert said(t, clock, "S") == "NO MORE ROWS THAT WAY"
    assert said(t, clock, "E") == "W OR OK: BACK"
    play(t, clock, "W")  # back to the menu
    assert t.screen_name == "menu"
    play(t, clock, "W")
    assert t.screen_name == "score"
    # Without the house rules, every row fits: nothing scrolls.
    t = table(dealer=0)
    play(t, clock, "OK* S S S S OK")
    assert said(t, clock, "S") == "W OR OK: BACK"
    play(t, clock, "OK")
    assert t.screen_name == "menu"
    # History: a row per hand and per adjustment, the latest at the bottom.
    t = table(dealer=0)
    play(t, clock, "OK* S OK N E OK")  # before the first hand: both teams
    for _ in range(3):
        play(t, clock, "S OK N ~")
    play(t, clock, "OK* S OK N OK OK* S OK E OK")
    play(t, clock, "OK* S S S S S OK")
    assert t.screen_name == "history"
    buf = frame(t)
    assert find_text(buf, 6, "ADJUST") >= 0 and find_text(buf, 6, "+1 THEM") >= 0
    assert find_text(buf, 5, "ADJUST") >= 0 and find_text(buf, 5, "+1 US") >= 0
    assert find_text(buf, 4, "3 CAT MADE") >= 0
    assert said(t, clock, "S") == "NO NEWER HANDS. N:OLDER"
    play(t, clock, "N")
    buf = frame(t)
    assert find_text(buf, 1, "ADJUST") >= 0 and find_text(buf, 1, "+1 US") >= 0
    assert find_text(buf, 2, "ADJUST") >= 0 and find_text(buf, 2, "+1 THEM") >= 0
    assert find_text(buf, 3, "1 CAT MADE") >= 0
    assert said(t, clock, "N") == "NO OLDER HANDS. S:NEWER"
    assert said(t, clock, "E") == "W OR OK: BACK"
    play(t, clock, "OK")
    assert t.screen_name == "menu"
    # Flipped, the key on the left of the picture is E, at the top S.
    t = table(dealer=0, flipped=True)
    play(t, clock, "OK* S S S S S OK")
    assert said(t, clock, "W") == "E OR OK: BACK"
    assert said(t, clock, "S") == "E OR OK: BACK"  # no hand yet: nothing to scroll
    assert said(t, clock, "N") == "E OR OK: BACK"
    play(t, clock, "E")
    assert t.screen_name == "menu"


def case_pin_adjust_takes_off_eight_at_most():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "OK* S OK" + " N" * 8 + " OK OK* S OK N OK")
    assert t.game.scores == [9, 0]
    assert adjust_ninth(t, clock, "S") == "8 POINTS AT MOST EACH TIME"
    play(t, clock, "OK")
    assert t.game.scores == [1, 0]


def case_pin_export_names_the_team_set_back():
    clock = Clock()
    lines = []
    t = table(Rules(setback=True), dealer=0, out=lines.append)
    play(t, clock, "S OK N ~ W OK E S ~ OK* N N N OK")
    # The hand's dealer, not the next one.
    assert lines[-2] == "5,SET BACK,BOB,,,0,0,0,0,set back -1 US"


def case_pin_quick_result_takes_what_the_tricks_leave():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S N N E E OK N")  # 2-2: made means 3 tricks, not 4
    assert t.game.last_hand.kind == "made" and t.game.scores == [1, 0]
    # A lone defender under 2_4 with 4 tricks: the makers end with 1.
    t = table(Rules(defender_alone="2_4"), dealer=0)
    play(t, clock, "S E* E E E E OK S")
    assert t.game.last_hand.kind == "lone_defense" and t.game.scores == [0, 2]


def case_pin_a_short_history_does_not_scroll():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S OK N ~ OK* S S S S S OK")
    # Every row fits: top and bottom are not offered (no end names the other).
    assert said(t, clock, "S") == "W OR OK: BACK"
    assert said(t, clock, "N") == "W OR OK: BACK"
    settle(t, clock)
    assert find_text(frame(t), 1, "1 CAT MADE") >= 0
    # Six rows fill the page and still fit; a seventh scrolls.
    t = table(dealer=0)
    for _ in range(6):
        play(t, clock, "OK* S OK N OK")  # an adjustment: a row
    play(t, clock, "OK* S S S S S OK")
    assert len(t.page.rows) == 6 and said(t, clock, "S") == "W OR OK: BACK"
    play(t, clock, "OK OK* S OK N OK OK* S S S S S OK")
    assert said(t, clock, "S") == "NO NEWER HANDS. N:OLDER"


def case_pin_menu_held_again_keeps_the_cancelled_new_game():
    clock = Clock()
    t = table(dealer=0)
    play(t, clock, "S N " + NEW_GAME + " E OK* OK*")  # who deals first? then the menu, twice
    assert find_text(frame(t), 1, "UNDO: KEEP OLD GAME", True) >= 0
    assert said(t, clock, "OK") == "NO NEW GAME: OLD ONE KEPT"
    assert t.game.tricks == [1, 0] and t.screen_name == "hand"


def case_pin_default_names():
    clock = Clock()
    lines = []
    t = Table(Rules(), game=Game(Rules(), dealer=0), out=lines.append)
    buf = frame(t)
    assert find_text(buf, 6, "NORTH DEALS FIRST") >= 0
    assert find_text(buf, 0, "N-S") >= 0 and find_text(buf, 0, "E-W") >= 0
    for seat, name in ((E, "EAST"), (S, "SOUTH"), (W, "WEST")):
        play(t, clock, "~ OK* OK ~")
        press(t, clock, seat)
        assert find_text(frame(t), 5, name + " CALLED") >= 0
    play(t, clock, "OK E ~ OK* N N N OK")
    assert lines[-2].endswith("march +2 E-W")
    t = Table(Rules(), names=("a`", "b\xe9", "C", "D"), teams=("", ""),
              game=Game(Rules(), dealer=0), out=lines.append)
    play(t, clock, "N OK N ~ OK* N N N OK")
    assert lines[-3].split(",")[1] == "CALL A?" and lines[-2].endswith("made +1 N-S")
    play(t, clock, "E OK N ~ OK* N N N OK")
    assert lines[-3].split(",")[1] == "CALL B?"

