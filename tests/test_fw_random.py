"""Random key events through the real code.py on the virtual Pico.

Short, long and held presses, presses between short and long, several keys
at once and bursts: at least 12,000 key presses across the examples (the
README's figure; the last test checks it). After every
event, with the firmware idle between key polls: no exception has escaped (no
traceback on the serial console); the glass is exactly what the table draws
for its present state (no stale page on the wire); and, when no message box
covers them, the score screen's big digits are the engine's true scores, its
edge marker points at the engine's dealer, and the hand screen's small
scores are the engine's.
"""

from hypothesis import HealthCheck, given, settings, strategies as st

from ui import screen
from fw_support import boot, has_text, markers, page_frame, read_score, table
from ui_read import text_at

KEYS = ("N", "E", "S", "W", "OK")
EXAMPLES = 33
EVENTS_PER_EXAMPLE = 250  # about 1.5 key presses per item: over 12,000 in all
PRESSES = 12000  # what the README promises
sent = [0]

key = st.sampled_from(KEYS)
seat_or_ok = st.sampled_from(KEYS)
short = st.tuples(st.just("short"), key, st.integers(25, 450), st.integers(20, 200))
event = st.one_of(
    short, short, short,
    st.tuples(st.just("long"), key, st.integers(650, 1200), st.integers(20, 200)),
    st.tuples(st.just("between"), key, st.integers(500, 599), st.integers(20, 200)),
    st.tuples(st.just("held"), key, st.integers(1200, 3000), st.integers(20, 200)),
    st.tuples(st.just("chord"), st.lists(seat_or_ok, min_size=2, max_size=4, unique=True),
              st.integers(30, 900), st.integers(20, 200)),
    st.tuples(st.just("burst"), key, st.integers(2, 6), st.integers(5, 60)),
    st.tuples(st.just("wait"), st.just(""), st.integers(500, 3600), st.just(0)),
)


def key_events(item):
    """How many key presses an item sends (a wait sends none)."""
    kind, keys, hold, _gap = item
    if kind == "chord":
        return len(keys)
    if kind == "burst":
        return hold
    return 0 if kind == "wait" else 1


def send(pico, item):
    kind, keys, hold, gap = item
    if kind in ("short", "long", "between", "held"):
        pico.hold(keys, hold, gap)
    elif kind == "chord":
        for k in keys:
            pico.down(k)
            pico.advance(7)
        pico.advance(hold)
        for k in keys:
            pico.up(k)
            pico.advance(5)
        pico.advance(gap)
    elif kind == "burst":
        for _ in range(hold):
            pico.hold(keys, 30, gap)
    else:
        pico.advance(hold)


def expected_frame(shown):
    buf = bytearray(1024)
    shown.draw(buf)
    return buf


def check(pico, step):
    assert pico.error is None, pico.traceback
    assert "Traceback" not in pico.serial, pico.serial[-2000:]
    shown = table(pico)
    if not shown.awake:
        assert sum(pico.frame()) == 0
        return
    game = shown.game
    buf = page_frame(pico, turned=shown.flipped)
    assert buf == expected_frame(shown), (step, pico.text())
    name = shown.screen_name
    if shown.message is not None:
        return  # a message box covers part of the screen until it times out
    if name == "score":
        assert read_score(buf) == tuple(game.scores), (step, game)
        # Beside the dealer's key: on the picture's far side once it is flipped.
        assert markers(buf) == [shown.side_of(game.dealer)], (step, game)
    elif name == "hand":
        assert has_text(buf, "N-S") and has_text(buf, "E-W"), (step, game)
        # Each team's score over the right end of its pips.
        for team, end in ((0, 59), (1, 123)):
            score = game.scores[team]
            at = end - screen.number_width(score)
            assert text_at(buf, at, 1, len(str(score))) == str(score), (step, game)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(event, min_size=EVENTS_PER_EXAMPLE, max_size=EVENTS_PER_EXAMPLE + 20))
def test_random_key_events_never_escape_and_the_screen_tells_the_truth(events):
    with boot(seed=len(events)) as pico:
        check(pico, -1)
        for step, item in enumerate(events):
            send(pico, item)
            sent[0] += key_events(item)
            check(pico, step)


def test_at_least_twelve_thousand_key_presses_were_sent():
    # Runs after the property above (pytest keeps the file's order).
    print("key presses sent:", sent[0])
    assert sent[0] >= PRESSES
