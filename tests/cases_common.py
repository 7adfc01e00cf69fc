"""What the engine's case modules share: the seats and teams by letter, and
two helpers. It has no cases of its own (tests/mp_run.py finds none here)."""

N, E, S, W = 0, 1, 2, 3
NS, EW = 0, 1


def raises(fn, *args, **kwargs):
    """Call ``fn`` and return the ValueError's message; fail if none."""
    try:
        fn(*args, **kwargs)
    except ValueError as err:
        return str(err)
    raise AssertionError("no ValueError from " + repr(fn))


def play(game, seats):
    for seat in seats:
        game.trick(seat)
