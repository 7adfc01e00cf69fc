"""The engine's sentences for a value it cannot take, by ``basics.wrong``'s
key: a caller's mistake (seat 7, a suit "X", a corrupt saved byte), never a
table's press, which the rules refuse with a ``Refusal``. Each is ``%``
filled with the values ``wrong`` is given.

Loaded only when one is raised: a table in play holds none of these
sentences (each string constant over ten characters is a heap object on the
board while its module is loaded). Imports nothing.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

SENTENCES = {
    # game
    "seat": "A seat is 0..3 (N, E, S, W), not %r",
    "seat_bits": "Not a seat: %r",
    "suit": "A suit is S, H, D or C, not %r",
    "team": "A team is 0 (N-S) or 1 (E-W), not %r",
    "adjust": "An adjustment is -%d..%d points, not %r",
    "finish": "The makers take 0 to 5 tricks, not %r",
    "action": "Not an action: %r",
    "blind": "A blind call is a lone call",
    "game": "Game needs a Rules object",
    # rules
    "option": "Unknown rule option: %r",
    "flag": "%s must be True or False, got %r",
    "word": "%s must be one of %s; got %r",
    "count": "%s must be a whole number from %d to %d, got %r",
    "points": "%s must be a whole number of points from %d to %d, got %r",
    "tricks": "The makers take 0 to 5 tricks, got %r",
    "length": "Saved rules have the wrong length",
    "saved": "Saved rules hold an unknown value for %s",
}
