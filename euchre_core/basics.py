"""What every module of the engine shares: ``const``, the seat letters,
``Refusal``, the error of an action the rules refuse, and ``wrong``, the
error of a value the engine cannot take.

``const`` is MicroPython's, which the compiler folds (``_NAME = const(4)``
costs no RAM) wherever it is imported from: the compiler goes by the name.
An interpreter without the ``micropython`` module (CPython) gets a plain
function, so the engine imports and plays there with nothing installed.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

SEAT_NAMES = "NESW"


class Refusal(ValueError):
    """An action the game or its rules refuse now; the game is unchanged.

    ``reason`` says why in words, with ``%s`` where the seat it is about
    goes; ``seat`` is that seat (0..3), or None when it is about none.
    ``str(err)`` names the seat by its letter; a table names it its own way
    (``err.reason % name``), never by rewriting the sentence.

    >>> err = Refusal("%s sits out this hand", 2)
    >>> str(err), err.seat
    ('S sits out this hand', 2)
    """

    def __init__(self, reason, seat=None):
        super().__init__(reason if seat is None else reason % SEAT_NAMES[seat])
        self.reason = reason
        self.seat = seat


def wrong(key, *values):
    """The ValueError of a value the engine cannot take (a caller's mistake,
    never a table's press): the sentence ``wrong_words.SENTENCES[key]``
    filled with ``values``. Its module loads only now, so the sentences are
    not in the heap while nothing is wrong.

    >>> str(wrong("seat", 7))
    'A seat is 0..3 (N, E, S, W), not 7'
    """
    from euchre_core.wrong_words import SENTENCES

    return ValueError(SENTENCES[key] % values)
