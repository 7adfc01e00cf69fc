"""Table UI cases, what a player would notice on the screens the merge
reshaped: the hand screen's lone tags (whole names where they fit, cut but
never to the partner's start, else seat letters; BLIND for a blind loner); the message a
resumed game says between hands, which runs out as any other.

Plain functions: tests/test_ui_cases.py runs them on CPython and, through
tests/mp_run.py, under the MicroPython unix port."""

from ui import hand, menu
from ui_read import (E, N, OK, S, W, Clock, Game, Rules, Table, find_label, find_text, frame,
                     page_bytes, power_cut, press, settle, table, choose)

_KEYS = {"N": N, "E": E, "S": S, "W": W}
BLIND_RULES = Rules(blind_loner=True)

# (names N E S W, the dealer, presses, the tags under N-S's and E-W's pips).
# A long press of the dealer is asked blind (E: yes), of another seat is a
# lone call, and of a defender after it a lone defence.
_TAGS = (
    # One lone player: the other team's place stays empty.
    (("Katherine", "Bob", "Alexander", "Dominique"), 0, "E S*", (b"ALEXANDER ALONE", b"")),
    (("Easton", "Dominic", "Abcdefghik", "Abcdefghij"), 1, "E* E W S",
     (b"", b"DOMINIC BLIND ALONE")),
    (("Bob", "Christine", "Ed", "Zed"), 1, "E* E W S", (b"", b"CHRISTINE BLIND")),
    (("Alexander", "Bartholomy", "Christine", "Dominic"), 0, "N* E",
     (b"ALEXANDER BLIND", b"")),
    # Both: cut to fit with ALONE, never shorter than what tells the partner apart...
    (("Joanna", "Catherine", "Wes", "Katherine"), 3, "S* W*", (b"WES ALONE", b"KAT ALONE")),
    (("Annabel", "Alexandra", "Dana", "Al"), 1, "N* E*", (b"ANN ALONE", b"ALE ALONE")),
    (("Barney", "Jo", "Bartholome", "Katherine"), 1, "E* E S*", (b"BART ALONE", b"JO BLIND")),
    (("Zed", "Christina", "Dominique", "Dana"), 1, "E* E S*", (b"DOM ALONE", b"CHR BLIND")),
    # ... by a single letter, a name too short to cut beside it ...
    (("Al", "Bobby", "Cat", "Dan"), 3, "N* E*", (b"AL ALONE", b"BOBB ALONE")),
    # ... else each by the letter on their seat key, as ALONE must stay (a
    # name that starts as a partner's does, names alike to the end).
    (("Zed", "Anna", "Catherine", "Annabel"), 1, "N* E*", (b"N ALONE", b"E ALONE")),
    (("Bartholomy", "Easton", "Al", "Eastwood"), 1, "E* E S*", (b"S ALONE", b"E BLIND")),
    (("Dominic", "Joanna", "Dominic", "Barbara"), 1, "E* E S*", (b"S ALONE", b"E BLIND")),
    (("Dominique", "Barney", "Bartholome", "Bartholomy"), 3, "S* W*",
     (b"S ALONE", b"W ALONE")),
    (("Katherine", "Alexander", "Bartholome", "Alexander"), 1, "E* E S*",
     (b"S ALONE", b"E BLIND")),
    (("Abcdefghik", "Christine", "Abcdefghij", "Christine"), 1, "E* E S*",
     (b"S ALONE", b"E BLIND")),
)


def case_pin_lone_tags_fit_under_the_pips():
    clock = Clock()
    for names, dealer, keys, tags in _TAGS:
        t = Table(BLIND_RULES, names=names, teams=("Us", "Them"),
                  game=Game(BLIND_RULES, dealer=dealer))
        for word in keys.split():
            press(t, clock, _KEYS[word[0]], word.endswith("*"))
        assert t.screen_name == "hand", keys
        assert tuple(hand.lone_tags(t)) == tags, (names, keys, hand.lone_tags(t))
    # As drawn: each under its team's pips, from the edges.
    buf = frame(t)
    assert find_label(buf, "S ALONE")[0] == 6
    assert find_label(buf, "E BLIND")[0] == 120 - 6 * 7 + 1


def case_pin_resumed_between_hands_says_so_for_a_moment():
    clock = Clock()
    t = table(dealer=0)
    press(t, clock, S)
    press(t, clock, OK)
    press(t, clock, N)  # made: the banner, then the score screen
    settle(t, clock)
    again = power_cut(t)  # started at 0 ms
    assert again.message == "RESUMED: NO CALL YET"
    again.tick(3499)
    assert again.message == "RESUMED: NO CALL YET"
    again.tick(3500)
    assert again.message is None and again.screen_name == "score"


def _play(t, clock, keys):
    for word in keys.split():
        if word == "~":
            settle(t, clock)
        else:
            key = word.rstrip("*")
            press(t, clock, OK if key == "OK" else _KEYS[key], word.endswith("*"))
    return t


def case_pin_banner_lines_at_their_widths():
    clock = Clock()
    canadian = Rules(canadian_loner=True)
    t = Table(canadian, names=("Ann", "Bob", "Cat", "Bartholo"), teams=("Us", "Them"),
              game=Game(canadian, dealer=1))
    _play(t, clock, "W E OK E")  # ordered up: forced alone, 8 letters
    assert find_text(frame(t), 5, "BARTHOLO FORCED ALONE") >= 0
    t = Table(Rules(), names=("Ann", "Bob", "Cat", "Dan"), teams=("Abcdefgh", "Them"),
              game=Game(Rules(), dealer=0))
    _play(t, clock, "S N E OK N")  # 21 characters: the space stays
    assert find_text(frame(t), 5, "RESULT AFTER 2 TRICKS") >= 0
    # A set-back on the hand that won the game takes the win away.
    t = _play(table(Rules(setback=True, target=2), dealer=0), clock, "S OK N ~ W OK E")
    assert t.screen_name == "banner" and t.game.over
    buf = frame(t)
    line = page_bytes(buf, 6)
    # 1-2 set back is 0-0 (N-S had 1 of the 2 points to lose), and the win
    # goes: centred, and nothing else on its line.
    assert t.game.scores == [1, 2]
    assert find_text(buf, 6, "SET BACK 0-0: NO WIN") == 4 and line[:4] + line[123:] == bytes(9)
    # Two 2-digit scores: 21 characters, without the colon.
    t = table(Rules(setback=True, win_by_two=True, target=15), dealer=0)
    t.game.adjust(0, 8)
    t.game.adjust(1, 8)
    t.game.adjust(0, 6)
    t.game.adjust(1, 6)
    _play(t, clock, "N OK E")  # N-S march: 16-14, won by two; set back: 14-12
    assert t.game.over and t.screen_name == "banner"
    line = page_bytes(frame(t), 6)
    assert find_text(frame(t), 6, "SET BACK 14-12 NO WIN") == 1 and line[:1] == bytes(1)


def case_pin_history_names_a_blind_loner_and_scrolls_both_ways():
    clock = Clock()
    t = _play(table(Rules(setback=True, blind_loner=True), dealer=0), clock, "N* E OK N ~")
    choose(t, clock, menu.ITEM_HISTORY)
    assert find_text(frame(t), 1, "1 ANN BLIND") >= 0
    t = table(dealer=0)
    for _ in range(7):
        _play(t, clock, "S OK N ~")
    choose(t, clock, menu.ITEM_HISTORY)
    assert find_text(frame(t), 1, "2 CAT MADE") >= 0  # the newest six
    press(t, clock, N)
    assert find_text(frame(t), 1, "1 CAT MADE") >= 0 and t.message is None
    press(t, clock, S)
    assert find_text(frame(t), 1, "2 CAT MADE") >= 0 and t.message is None


def case_pin_from_settings_puts_a_switch_back_on():
    clock = Clock()
    t = table(Rules(target=1), dealer=0, skunk_double=True)
    choose(t, clock, menu.ITEM_RULES, 14)  # SKUNK COUNTS 2
    _play(t, clock, "OK")
    assert not t.skunk_double
    _play(t, clock, "S OK W W")  # From settings, back to play
    assert t.skunk_double
    _play(t, clock, "S OK E ~ N")  # a march to 1: a skunk
    assert t.tally == [2, 0]


def case_pin_rules_applied_before_the_first_action_keep_undo_of_new_game():
    clock = Clock()
    t = _play(table(dealer=0), clock, "S OK N ~")
    choose(t, clock, menu.ITEM_NEW_GAME)
    _play(t, clock, "E E")  # yes; E deals first
    choose(t, clock, menu.ITEM_RULES)
    _play(t, clock, "OK W")  # the target: the new game replaced under it
    assert t.message == "RULES SAVED" and t.game.rules.target == 11
    _play(t, clock, "W OK* OK")
    assert t.message == "UNDONE: NEW GAME" and t.game.hand_count == 1
