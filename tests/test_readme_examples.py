"""Every ```python block of the README runs as written, so none goes stale.

A block that starts with ``>>>`` is a doctest session (the engine's
examples): tests/test_engine_readme.py runs those, and the mutation tests
with it. Any other block is a script (the simulator's) and runs whole here,
its ``assert`` lines checking it, in a namespace of its own, from an empty
folder.
"""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def python_blocks():
    """(first line number, text) of each ```python block of the README."""
    text = README.read_text()
    blocks = []
    for found in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
        blocks.append((text.count("\n", 0, found.start()) + 2, found.group(1)))
    return blocks


SCRIPTS = [(line, block) for line, block in python_blocks() if not block.lstrip().startswith(">>>")]


def test_the_readme_shows_the_simulator_from_python():
    assert any("VirtualPico" in block for _, block in SCRIPTS)


@pytest.mark.parametrize("line, block", SCRIPTS, ids=["line %d" % line for line, _ in SCRIPTS])
def test_readme_script_runs_as_written(line, block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # Blank lines in front: a traceback names the README's own line.
    exec(compile("\n" * (line - 1) + block, str(README), "exec"), {"__name__": "__readme__"})
