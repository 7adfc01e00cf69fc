"""Random key sequences through the table UI: nothing raises, and whenever the
score or hand screen is in view its pixels tell the engine's truth (big
digits = scores, marker = dealer; pips = tricks, marker = leader)."""

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_core import Game, Rules
from euchre_core import transcript
from ui.table import Table
from ui_read import markers, pips, read_score, redraw

_TICKS_MASK = (1 << 29) - 1

# tools/mutants.py (make mutants) runs these with fewer examples and no
# example database, so each mutant meets the same key sequences.
_MUTANT_EXAMPLES = os.environ.get("EUCHRE_MUTANT_EXAMPLES")


def _settings(examples):
    if _MUTANT_EXAMPLES:
        return settings(max_examples=min(examples, int(_MUTANT_EXAMPLES)), deadline=None,
                        database=None)
    return settings(max_examples=examples, deadline=None)


rules_strategy = st.builds(
    Rules,
    target=st.sampled_from((1, 3, 5, 10)),
    stick_the_dealer=st.booleans(),
    defender_alone=st.sampled_from(("4", "2_4", "off")),
    lead=st.sampled_from(("loner_left", "dealer_left")),
    win_by_two=st.booleans(),
)
press_strategy = st.tuples(
    st.integers(0, 4),  # key: N, E, S, W, OK
    st.booleans(),  # long
    st.sampled_from((0, 30, 700, 3000, 61000)),  # ms since the last press
)


def check_screen(table, buf):
    if not table.awake:
        return
    game = table.game
    name = table.screen_name
    if name == "score":
        # A message on the score screen takes the bottom band only.
        scores = game.scores
        if max(scores) < 100:
            assert read_score(buf) == (scores[0], scores[1])
        assert markers(buf) == [game.dealer]
    elif name == "hand" and table.message is None:
        assert pips(buf) == (game.tricks[0], game.tricks[1])
        assert markers(buf) == [game.leader]


@_settings(150)
@given(rules=rules_strategy, dealer=st.integers(0, 3), start=st.integers(0, _TICKS_MASK),
       presses=st.lists(press_strategy, max_size=150))
def test_random_presses_keep_the_screen_true(rules, dealer, start, presses):
    now = start
    table = Table(rules, game=Game(rules, dealer=dealer), sleep_s=120, now_ms=now,
                  rand=lambda: now, out=lambda line: None)
    buf = bytearray(1024)
    table.render(buf)
    for key, long, gap in presses:
        now = (now + gap) & _TICKS_MASK
        table.tick(now)
        table.render(buf)
        check_screen(table, buf)
        table.press(key, long, now)
        table.tick(now)
        changed = table.render(buf)
        assert 0 <= changed <= 0xFF
        check_screen(table, buf)


@_settings(100)
@given(rules=rules_strategy, dealer=st.integers(0, 3),
       presses=st.lists(press_strategy, max_size=120))
def test_every_press_shows_at_once(rules, dealer, presses):
    """Every press gives visible feedback at once (the waking press
    and the press that dismisses a hardware notice included)."""
    now = 0
    table = Table(rules, game=Game(rules, dealer=dealer), sleep_s=0,
                  rand=lambda: now, out=lambda line: None)
    buf = bytearray(1024)
    table.render(buf)
    for key, long, gap in presses:
        now += gap
        table.tick(now)
        table.render(buf)
        table.press(key, long, now)
        assert redraw(table, buf) != 0, (table.screen_name, key, long)


@_settings(60)
@given(presses=st.lists(st.tuples(st.integers(0, 4), st.booleans()), max_size=60))
def test_every_press_shows_in_the_menu_pages(presses):
    """The same for presses that start in Stats, History, Rules and Display."""
    rules = Rules()
    table = Table(rules, game=transcript.parse(rules, "CN F5 CE F1 CS F3"), sleep_s=0,
                  out=lambda line: None)
    buf = bytearray(1024)
    for page in range(4):
        table.press(4, True, 0)  # the menu
        for _ in range(3 + page):
            table.press(2, False, 0)  # Rules, Stats, History, Display
        table.press(4, False, 0)
        table.render(buf)
        for key, long in presses:
            table.press(key, long, 0)
            assert redraw(table, buf) != 0, (table.screen_name, key, long)


@_settings(60)
@given(rules=rules_strategy, presses=st.lists(press_strategy, max_size=80))
def test_render_draws_when_something_changed_and_only_then(rules, presses):
    """render(buf) draws the whole screen into the frame when anything
    changed (and says so), and otherwise leaves it alone and returns 0."""
    now = 0
    table = Table(rules, game=Game(rules, dealer=0), sleep_s=0, rand=lambda: now,
                  out=lambda line: None)
    buf = bytearray(1024)
    for key, long, gap in presses:
        now += gap
        table.tick(now)
        table.press(key, long, now)
        assert table.render(buf) == 0xFF
        fresh = bytearray(1024)
        table.draw(fresh)
        assert buf == fresh
        buf[0] ^= 0xFF  # a mark only a new drawing would wipe
        assert table.render(buf) == 0
        assert buf[0] == fresh[0] ^ 0xFF
        buf[0] ^= 0xFF
