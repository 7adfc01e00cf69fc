"""What every module of the engine shares: ``const``.

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
