"""``traceback`` for the MicroPython unix port, which has none (CircuitPython does).

Installed as ``traceback`` in the session's build folder only; code.py calls
``traceback.print_exception(err)`` when it recovers from an error.
"""

import sys


def print_exception(err, *args, **kwargs):
    sys.print_exception(err)
