"""The board-side storage and settings code runs under MicroPython too (the
interpreter CircuitPython is built on): no CPython-only feature slipped in."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_storage_and_settings_under_micropython():
    micropython = pathlib.Path(sys.executable).parent / "micropython"
    result = subprocess.run([str(micropython), "-X", "heapsize=256k", "tests/fw_mp_check.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("ok")
