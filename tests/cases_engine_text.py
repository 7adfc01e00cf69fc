"""The rules engine's adjustments of every size and the text form of every
action byte.

Plain functions like tests/cases_engine.py: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import Game, Rules, action_text
from euchre_core import transcript
from euchre_core.transcript import parse_action
from euchre_core.actions import (ADJUST, ADJUST_MAX, CALL, DEFEND_ALONE, FINISH, PASS,
                                  RENEGE, SET_DEALER, TRICK, adjust_code, adjustment, kind_of)
from cases_common import N, E, S, W, NS, EW


# ----- adjustments and the text form ---------------------------------------------

def case_adjust_every_size():
    game = Game(Rules(target=99), dealer=N)
    expected = [0, 0]
    for team, points in ((NS, 1), (EW, 3), (NS, 8), (EW, 5), (NS, -8), (EW, -1),
                         (EW, 2), (NS, 4), (EW, -9 + 1), (NS, -5)):
        game.adjust(team, points)
        expected[team] += points
        assert game.scores == expected, (team, points)
        assert game.progress()[-1] == tuple(expected)
    assert game.scores == [0, 1]  # down to exactly 0 is allowed
    assert transcript.text(game) == "J0+1 J1+3 J0+8 J1+5 J0-8 J1-1 J1+2 J0+4 J1-8 J0-5"
    assert game.hand_count == 0 and game.last_hand is None


def case_adjust_bytes_read_back_as_their_team_and_points():
    # Every ADJUST byte is one team's change of 1..ADJUST_MAX points either way.
    seen = set()
    for code in range(ADJUST << 5, (ADJUST + 1) << 5):
        team, points = adjustment(code)
        assert team in (NS, EW) and points and abs(points) <= ADJUST_MAX
        assert adjust_code(team, points) == code
        assert action_text(code) == "J" + str(team) + ("+" if points > 0 else "") + str(points)
        seen.add((team, points))
    assert len(seen) == 4 * ADJUST_MAX == 32
    assert adjustment(parse_action("J1-8")) == (EW, -8)
    assert adjustment(parse_action("J0+1")) == (NS, 1)


def case_text_form_of_every_action():
    text = ("P XS CN DE TN TS RN J0+1 J1-2 J1+8 AW DN TN F3 CE F0 AS F5 "
            "J0-1 J1-8 XE CW TW TW F5")
    game = transcript.parse(Rules(target=99), text, dealer=W)
    assert transcript.text(game) == text
    assert transcript.parse(Rules(target=99), transcript.text(game), dealer=W) == game
    assert game.misdeals == 1 and game.hand_count == 5
    # Every action byte there is, and its word.
    codes = (list(range(8)) + [0x20 + seat for seat in range(4)]
             + [0x40 + seat for seat in range(4)] + [0x60]
             + [0x80 + seat for seat in range(4)] + list(range(0xA0, 0xC0))
             + [0xC0 + seat for seat in range(4)] + list(range(0xE0, 0xE6)))
    words = [action_text(code) for code in codes]
    assert words[:9] == ["CN", "CE", "CS", "CW", "AN", "AE", "AS", "AW", "DN"]
    assert words[16:22] == ["P", "RN", "RE", "RS", "RW", "J0+1"]
    assert words[28:31] == ["J0+8", "J0-1", "J0-2"] and words[36:38] == ["J0-8", "J1+1"]
    assert words[-10:] == ["XN", "XE", "XS", "XW", "F0", "F1", "F2", "F3", "F4", "F5"]
    assert len(set(words)) == len(codes)
    for code, word in zip(codes, words):
        assert parse_action(word) == code, word
    # Its kind, as readers outside the engine ask it: the word's letter.
    kinds = [kind_of(code) for code in codes]
    assert kinds[:8] == [CALL] * 8 and kinds[16] == PASS and kinds[-1] == FINISH
    assert [kind_of(parse_action(word)) for word in ("TS", "DE", "RW", "J1-2", "XE")] == [
        TRICK, DEFEND_ALONE, RENEGE, ADJUST, SET_DEALER]


def case_misdeals_count():
    game = Game(Rules(), dealer=S)
    for count in (1, 2, 3):
        game.pass_deal()
        assert game.misdeals == count
    assert game.dealer == E
    assert game.undo() and game.misdeals == 2 and game.dealer == N
