"""Shared pytest set-up.

The firmware's entry point must be called ``code.py`` (CircuitPython runs that
file), which is also the name of a module of Python's standard library that
``pdb`` and ``doctest`` import. With the repository root on ``sys.path`` that
import would pick up the firmware; load the standard library's ``code`` first,
with the repository root out of the way, so both keep working.
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_stdlib_code():
    loaded = sys.modules.get("code")
    if loaded is not None and os.path.dirname(os.path.abspath(getattr(loaded, "__file__", "") or "")) != _ROOT:
        return
    sys.modules.pop("code", None)
    saved = list(sys.path)
    sys.path[:] = [p for p in saved if os.path.abspath(p or os.curdir) != _ROOT]
    try:
        import code  # noqa: F401  (the standard library's)
    finally:
        sys.path[:] = saved


_load_stdlib_code()
