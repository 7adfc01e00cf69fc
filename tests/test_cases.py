"""Runs the plain ``case_*`` functions of tests/cases_*.py under pytest.

The same functions run under MicroPython through tests/mp_run.py."""

import importlib
import pathlib

import pytest

_HERE = pathlib.Path(__file__).parent


def _cases():
    for path in sorted(_HERE.glob("cases_*.py")):
        module = importlib.import_module(path.stem)
        for name in sorted(dir(module)):
            if name.startswith("case_"):
                yield pytest.param(getattr(module, name), id=path.stem + "." + name)


@pytest.mark.parametrize("case", list(_cases()))
def test_case(case):
    case()
