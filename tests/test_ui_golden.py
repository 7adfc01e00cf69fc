"""Golden pictures of every screen variant of the table UI: the Table driven
by presses to the screen, its frame equal to tests/golden/ui_NAME.png (the
simulator's OLED look, 3x, as the firmware's golden pictures).

After a deliberate change of a screen, regenerate them and review them by
eye before committing:

    EUCHRE_GOLDEN=update .venv/bin/python -m pytest -q tests/test_ui_golden.py
"""

import os
import pathlib

import pytest

from euchre_core import Game, Rules
from ui.table import Table
from ui_read import E, N, OK, S, W, Clock, press, settle

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
SCALE = 3
BORDER = 2 * SCALE
_KEYS = {"N": N, "E": E, "S": S, "W": W, "OK": OK}


class _Glass:
    """What ``sim.picture.image`` reads of an OLED: a pixel per byte, lit or not."""

    def __init__(self, buf):
        out = bytearray(128 * 64)
        for page in range(8):
            for x in range(128):
                byte = buf[page * 128 + x]
                for bit in range(8):
                    if byte >> bit & 1:
                        out[(page * 8 + bit) * 128 + x] = 1
        self._frame = bytes(out)
        self.contrast = 255

    def frame(self):
        return self._frame


_READ = {}  # path -> pixels: each picture is read once


def _from_png(path):
    if path not in _READ:
        from PIL import Image

        img = Image.open(path).convert("L")
        width = img.size[0]
        data = img.tobytes()
        _READ[path] = bytes(1 if data[(BORDER + y * SCALE) * width + BORDER + x * SCALE] > 100
                            else 0 for y in range(64) for x in range(128))
    return _READ[path]


def play(t, keys, clock=None):
    """Presses as words: N E S W OK, a trailing * for a long press, ~ to let
    banners and messages run out."""
    clock = clock or Clock()
    for word in keys.split():
        if word == "~":
            settle(t, clock)
        else:
            press(t, clock, _KEYS[word.rstrip("*")], long=word.endswith("*"))
    return t


def table(rules=None, dealer=0, names=("Ann", "Bob", "Cat", "Dan"), teams=("Us", "Them"),
          **kwargs):
    rules = rules or Rules()
    return Table(rules, names=names, teams=teams, game=Game(rules, dealer=dealer), **kwargs)


LONG_NAMES = dict(names=("Alexandra", "Bartholomew", "Christina", "Dominique"),
                  teams=("Northside", "Eastenders"))
# A hand N-S call (S names trump, dealer N) and take 3 tricks of 5.
MADE = "S N N N E E"
CANADIAN = Rules(canadian_loner=True)
ROBSON = Rules(setback=True, blind_loner=True)
PROGRESSIVE = Rules(hands=4)
HOUSE = Rules(canadian_loner=True, blind_loner=True, setback=True)
# Under HOUSE, W dealing: a forced loner (trump spades), a blind loner, a
# lone call euchred, a renege, an adjustment down, a lone defence.
HOUSE_GAME = ("E E N OK E ~ N* E OK OK S ~ W* OK N ~ S OK E S ~ OK* S OK S OK W OK* S OK E OK ~"
              " E* S* OK S ~")
# Under HOUSE without the trump suit, W dealing: a forced loner made, two
# deals passed, a lone defender's hand made, a march set back, an
# adjustment down, a renege, a call.
HOUSE_PLAIN = ("E E N OK E ~ N* OK OK OK OK OK S ~ W* OK N ~ S OK E S ~ OK* S OK S OK W OK* S OK"
               " E OK ~ E* S* OK S ~")


def _scenes():
    """name -> a function making the table with that screen on view."""
    return {
        # The score screen.
        "score_first_deal": lambda: table(dealer=3),
        "score_after_a_hand": lambda: play(table(), MADE + " ~"),
        "score_flipped": lambda: play(table(flipped=True), MADE + " ~"),
        "score_win_by_two": lambda: table(Rules(win_by_two=True), dealer=2),
        "score_progressive": lambda: play(table(PROGRESSIVE), MADE + " ~"),
        "score_progressive_16": lambda: table(Rules(hands=16)),
        "score_long_names": lambda: table(**LONG_NAMES),
        "score_message_one_line": lambda: play(table(), "OK* OK"),
        "score_message_repeated": lambda: play(table(), "OK* OK OK* OK"),
        "score_message_two_lines": lambda: play(table(Rules(stick_the_dealer=True), dealer=0),
                                                "OK OK OK OK"),
        "score_message_south_deals": lambda: play(table(Rules(stick_the_dealer=True), dealer=2,
                                                        **LONG_NAMES), "OK"),
        "score_message_short_band": lambda: play(table(dealer=E, **LONG_NAMES), "OK* OK"),
        "score_message_shifted": lambda: _shifted(play(table(Rules(stick_the_dealer=True)),
                                                       "~"), "OK"),
        "score_message_box": lambda: play(table(dealer=2, **LONG_NAMES), "E* OK* OK"),
        "score_shifted": lambda: _shifted(table(), "~"),
        "score_shifted_back": lambda: _shifted(table(dealer=S), "~ ~", 3),
        "score_two_digits": lambda: play(table(Rules(target=15)),
                                         "OK* S OK" + " N" * 8 + " OK ~ OK* S OK" + " N" * 4
                                         + " E" * 3 + " OK ~"),
        "score_first_eight_letters": lambda: table(dealer=E, names=("A", "Bartholo", "C", "D")),
        "score_first_nine_letters": lambda: table(dealer=E, names=("A", "Bartholom", "C", "D")),
        "score_over_a_hundred": lambda: play(table(PROGRESSIVE),
                                             " ".join(["OK* S OK" + " N" * 8 + " OK ~"] * 13)),
        "score_names_cleaned": lambda: play(table(names=(" ann ", "B`c_d", "", "Christopher"),
                                                  teams=("", "a,b")), "W"),
        # The hand.
        "hand_called": lambda: play(table(), "S"),
        "hand_tricks": lambda: play(table(), "S N E W"),
        "hand_lone_maker_and_defender": lambda: play(table(), "W* N*"),
        "hand_lone_tags_long_names": lambda: play(table(**LONG_NAMES), "E* S*"),
        "hand_trump": lambda: play(table(trump=True), "S E"),
        "hand_refusal_box": lambda: play(table(), "S* N"),
        "hand_refusal_box_repeated": lambda: play(table(), "S* N N"),
        "hand_flipped": lambda: play(table(flipped=True), "E N"),
        # The quick result.
        "quick": lambda: play(table(), "S OK"),
        "quick_after_tricks": lambda: play(table(), "S E E E OK"),
        "quick_2_4": lambda: play(table(Rules(defender_alone="2_4")), "S E* OK"),
        "quick_lone": lambda: play(table(), "S* OK"),
        "quick_four_tricks": lambda: play(table(), "S N N N N OK"),
        "quick_2_4_two_tricks": lambda: play(table(Rules(defender_alone="2_4")),
                                             "S E* N N OK"),
        "quick_flipped": lambda: play(table(flipped=True), "S OK"),
        # The result banner.
        "banner_made": lambda: play(table(), MADE),
        "banner_one_trick": lambda: play(table(), "S N E E E E"),
        "banner_march": lambda: play(table(), "S OK E"),
        "banner_loner": lambda: play(table(), "S* OK E"),
        "banner_euchred": lambda: play(table(), "S OK S"),
        "banner_lone_defense": lambda: play(table(**LONG_NAMES), "S W* OK S"),
        "banner_renege": lambda: play(table(), "S OK* S OK W"),
        "banner_quick_result": lambda: play(table(), "S OK N"),
        "banner_quick_had": lambda: play(table(), "S N E OK N"),
        "banner_went_blind": lambda: play(table(ROBSON), "N* E OK E"),
        "banner_forced_alone": lambda: play(table(CANADIAN, **LONG_NAMES), "S E OK E"),
        "banner_went_alone": lambda: play(table(CANADIAN), "E* OK E"),
        "banner_set_back_offer": lambda: play(table(ROBSON), "E OK S ~ W OK E"),
        "banner_game_over": lambda: play(table(Rules(target=5)), "S OK E ~ S OK E ~ S OK E"),
        "banner_flipped_set_back": lambda: play(table(ROBSON, flipped=True),
                                                "E OK S ~ W OK E"),
        # The questions before a call, and the trump suit.
        "ask_ordered_up": lambda: play(table(CANADIAN), "S"),
        "ask_blind": lambda: play(table(ROBSON), "N*"),
        "ask_flipped": lambda: play(table(CANADIAN, flipped=True), "S"),
        "suit": lambda: play(table(trump=True), "E"),
        "suit_long_name": lambda: play(table(trump=True, **LONG_NAMES), "E"),
        "suit_seven_letters": lambda: play(table(trump=True, names=("A", "Barbara", "C", "D")),
                                           "E"),
        "suit_eight_letters": lambda: play(table(trump=True, names=("A", "Bartholo", "C", "D")),
                                           "E"),
        # The menu and what it opens.
        "menu_first": lambda: play(table(), "OK*"),
        "menu_in_hand": lambda: play(table(), "S N OK*"),
        "menu_flash": lambda: play(table(), "OK* OK*"),
        "menu_bottom": lambda: play(table(), "OK* N"),
        "menu_undo_new_game": lambda: play(table(), "OK* N N OK E OK*"),
        "menu_seventh_row": lambda: play(table(), "OK* S S S S S S"),
        "menu_after_new_game": lambda: play(table(), "OK* N N OK E E OK*"),
        "pick_renege": lambda: play(table(), "S OK* S OK"),
        "pick_rest": lambda: play(table(), "S OK* S S OK"),
        "pick_dealer": lambda: play(table(), "OK* S S OK"),
        "pick_first": lambda: play(table(), "OK* N N OK E"),
        "pick_refused": lambda: play(table(), "S* OK* S OK N"),
        "adjust": lambda: play(table(), "OK* S OK N N E"),
        "adjust_long_names": lambda: play(table(**LONG_NAMES), "OK* S OK N E"),
        "adjust_limit": lambda: play(table(), "OK* S OK S"),
        "options_rules": lambda: play(table(), "OK* S S S OK"),
        "options_rules_bottom": lambda: play(table(Rules(hands=8, win_by_two=True), trump=True),
                                             "OK* S S S OK N"),
        "options_rules_progressive_off": lambda: play(table(Rules(stick_the_dealer=True)),
                                                      "OK* S S S OK N"),
        "options_display_dim": lambda: play(table(contrast=0, sleep_s=0),
                                            "OK* N N N N OK"),
        "options_display_seconds": lambda: play(table(contrast=100, sleep_s=90),
                                                "OK* N N N N OK"),
        "options_rules_switched_on": lambda: play(
            table(Rules(win_by_two=True, stick_the_dealer=True, target=7)), "OK* S S S OK S S S S S S S"),
        "options_display_flipped": lambda: play(table(flipped=True), "OK* S S S S OK"),
        "options_rules_second_row": lambda: play(table(), "OK* S S S OK S"),
        "options_display": lambda: play(table(), "OK* N N N N OK"),
        "options_display_flip_message": lambda: play(table(), "OK* N N N N OK S OK"),
        "stats": lambda: play(table(), MADE + " ~ S OK S ~ OK* S S S S OK"),
        "history": lambda: play(table(), MADE + " ~ OK* S OK N OK ~ S OK S ~ OK* S S S S S OK"),
        "history_loners": lambda: play(table(HOUSE, trump=True, dealer=W, **LONG_NAMES),
                                       HOUSE_GAME + " OK* S S S S S OK"),
        "history_more": lambda: play(table(ROBSON, dealer=N), "S* OK N ~ N OK N ~ W OK E S ~"
                                     " N W* OK S ~ OK* S OK S S OK OK* S S S S S OK"),
        "history_scrolled": lambda: play(table(HOUSE, trump=True, dealer=W, **LONG_NAMES),
                                         HOUSE_GAME + " OK* S OK N E OK OK* S S S S S OK N N"),
        "stats_house": lambda: play(table(HOUSE, dealer=W, **LONG_NAMES),
                                    HOUSE_PLAIN + " OK* S S S S S OK"),
        "stats_house_bottom": lambda: play(table(HOUSE, dealer=W, **LONG_NAMES),
                                           HOUSE_PLAIN + " OK* S S S S S OK S S S"),
        "stats_house_one_down": lambda: play(table(HOUSE, dealer=W, **LONG_NAMES),
                                             HOUSE_PLAIN + " OK* S S S S S OK S"),
        "stats_blind_canadian": lambda: play(table(Rules(blind_loner=True, canadian_loner=True)),
                                             "OK* S S S S OK S S S"),
        "history_row_cut": lambda: play(table(Rules(hands=12, setback=True), trump=True,
                                              **LONG_NAMES),
                                        " ".join(["N OK OK N ~"] * 9) + " W N OK E S ~"
                                        " OK* S S S S S OK"),
        "history_lone_march": lambda: play(table(), "S* OK E ~ OK* S S S S S OK"),
        "history_empty": lambda: play(table(), "OK* S S S S S OK"),
        "confirm_new_game": lambda: play(table(), "S OK* N N OK"),
        "confirm_reset": lambda: play(table(), "OK* N OK"),
        "confirm_at_game_over": lambda: play(table(Rules(target=1)), "S OK E ~ OK* N N OK"),
        # Game over.
        "over_skunk": lambda: play(table(Rules(target=5)), "S OK E ~ S OK E ~ S OK E ~"),
        "over_long_team_name": lambda: play(table(Rules(target=5), **LONG_NAMES),
                                            "E OK E ~ W OK E ~ E OK E ~"),
        "over_beyond_target": lambda: play(table(Rules(target=5)), "S OK E ~ N* OK E ~"),
        "over_five_letters": lambda: play(table(Rules(target=1), teams=("North", "Easts")),
                                          "S OK E ~"),
        "over_six_letters": lambda: play(table(Rules(target=1), teams=("Norths", "East")),
                                         "S OK E ~"),
        "over_second_win": lambda: play(table(Rules(target=1)), "S OK E ~ N S OK E ~"),
        "over_low_peak": lambda: play(table(PROGRESSIVE), "S OK N ~ E OK N ~ S OK N ~"
                                      " OK* S OK S S W OK ~ S OK N ~"),
        "over_peak_one": lambda: play(table(PROGRESSIVE), " OK* S OK S OK ~ ".join(
            ["S OK N ~"] * 4)),
        "over_tie": lambda: play(table(PROGRESSIVE), "S OK E ~ E OK E ~ N OK N ~ W OK N ~"),
        "over_message": lambda: play(table(Rules(target=1), out=[].append),
                                     "S OK E ~ OK* N N N OK"),
        # A notice from the hardware.
        "notice": _notice,
    }


def _shifted(t, keys, moves=2):
    """The score screen moved against burn-in, then ``keys``."""
    clock = Clock()
    for _ in range(moves):
        t.tick(clock.step(61000))
    return play(t, keys, clock)


def _notice():
    t = play(table(), "S")
    t.notice("Key E held down: ignored until it is released", 0)
    return t


SCENES = _scenes()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name):
    t = SCENES[name]()
    buf = bytearray(1024)
    t.render(buf)
    glass = _Glass(buf)
    path = GOLDEN / ("ui_" + name + ".png")
    if os.environ.get("EUCHRE_GOLDEN") == "update":
        from sim.picture import image

        image(glass, scale=SCALE, color="blue", border=BORDER).save(path)
    assert path.exists(), "no golden picture %s; make it with EUCHRE_GOLDEN=update" % path
    want = _from_png(path)
    if want != glass.frame():
        diff = sum(1 for a, b in zip(want, glass.frame()) if a != b)
        raise AssertionError("%s (%s) differs from %s in %d pixels"
                             % (name, t.screen_name, path.name, diff))
