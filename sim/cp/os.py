"""``os`` for the MicroPython unix port (the benchmark runs the firmware there):
the interpreter's own ``os`` with ``getenv`` reading the virtual board's
settings.toml as CircuitPython does.

MicroPython lets a file extend a built-in module of the same name. CPython
never loads this file (its ``os`` is loaded at start-up, before ``sys.path``
is searched); there sim/runner.py wraps ``os.getenv`` instead.
"""

import sys

_path = sys.path[:]
sys.path.clear()  # so that the imports below find the interpreter's built-in os
try:
    from os import *  # noqa: F401,F403
    import os as _builtin
finally:
    sys.path.extend(_path)
del _path

import _vboard  # noqa: E402


def getenv(key, default=None):
    board = _vboard.machine
    if board is None:
        return _builtin.getenv(key, default)
    return board.getenv(key, default)
