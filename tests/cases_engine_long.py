"""Long games: the action count and the scores past one byte, where the saved
form and the score history need their high bytes.

Plain functions like tests/cases_engine.py: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import Game, Rules
from euchre_core import transcript
from cases_common import NS, EW

N = 0


def case_action_count_past_one_byte():
    # The saved form keeps the action count in two bytes, low byte first.
    game = Game(Rules(), dealer=N)
    for _ in range(300):
        game.pass_deal()
    data = transcript.to_bytes(game)
    assert data[3] == 300 & 0xFF and data[4] == 1 and len(data) == 5 + 300 + 2
    copy = transcript.from_bytes(game.rules, data)
    assert copy == game and copy.misdeals == 300 and copy.dealer == N


def case_scores_past_one_byte():
    # A win-by-two game that never pulls ahead: both scores pass 255, where the
    # score history needs its high bytes.
    game = Game(Rules(target=99, win_by_two=True), dealer=N)
    for _ in range(12):
        game.adjust(NS, 8)
        game.adjust(EW, 8)
    game.adjust(NS, 1)
    for _ in range(81):
        game.adjust(EW, 2)
        game.adjust(NS, 2)
    assert game.scores == [259, 258] and game.winner is None
    progress = game.progress()
    assert progress[0] == (0, 0) and progress[-2:] == [(257, 258), (259, 258)]
    assert progress[24:27] == [(96, 96), (97, 96), (97, 98)]
    copy = transcript.from_bytes(game.rules, transcript.to_bytes(game))
    assert copy.scores == [259, 258] and copy.progress()[-2:] == [(257, 258), (259, 258)]
    game.adjust(NS, 1)
    assert game.winner == NS and game.scores == [260, 258]
