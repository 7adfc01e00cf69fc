"""The table UI cases (tests/ui_cases_*.py): on CPython here, and under the
MicroPython unix port, precompiled as on the board.

They are not ``tests/cases_*`` modules: ``make test-mp`` gives the rules
engine's cases a heap sized for the engine alone. The UI cases run in their
own MicroPython process with ``UI_HEAP``, the heap the firmware's 3-game
session runs in on the same port (objects there are about twice their size
on the Pico)."""

import importlib
import pathlib
import shutil
import subprocess
import sys

import pytest

_TESTS = pathlib.Path(__file__).parent
_ROOT = _TESTS.parent
_BIN = pathlib.Path(sys.executable).parent
UI_HEAP = "160k"


def _cases():
    for path in sorted(_TESTS.glob("ui_cases_*.py")):
        module = importlib.import_module(path.stem)
        for name in sorted(dir(module)):
            if name.startswith("case_"):
                yield pytest.param(getattr(module, name), id=path.stem + "." + name)


@pytest.mark.parametrize("case", list(_cases()))
def test_ui_case(case):
    case()


def test_ui_cases_under_micropython(tmp_path):
    micropython = _BIN / "micropython"
    mpy_cross = _BIN / "mpy-cross"
    if not micropython.exists() or not mpy_cross.exists():
        pytest.skip("the MicroPython unix port is not installed (make venv)")
    (tmp_path / "tests").mkdir()
    sources = []
    for package in ("euchre_core", "ui"):
        (tmp_path / package).mkdir()
        sources += [(path, tmp_path / package / (path.stem + ".mpy"))
                    for path in sorted((_ROOT / package).glob("*.py"))]
    sources.append((_TESTS / "ui_read.py", tmp_path / "tests" / "ui_read.mpy"))
    for path in sorted(_TESTS.glob("ui_cases_*.py")):
        # tests/mp_run.py runs the modules named cases_*.
        sources.append((path, tmp_path / "tests" / ("cases_" + path.stem[9:] + ".mpy")))
    for source, target in sources:
        subprocess.run([str(mpy_cross), "-o", str(target), str(source)], check=True,
                       cwd=str(_ROOT))
    shutil.copy(_TESTS / "mp_run.py", tmp_path / "mp_run.py")
    run = subprocess.run([str(micropython), "-X", "heapsize=" + UI_HEAP, "mp_run.py"],
                         cwd=str(tmp_path), capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failed" in run.stdout
