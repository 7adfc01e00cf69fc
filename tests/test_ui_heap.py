"""The table UI in the MicroPython unix port's heap, how its modules share their
facts, and what start-up lets go of.

The unix port's objects hold 64-bit pointers: the board's heap runs at about
0.78 of the unix port's for the firmware (see tools/bench). Every page
of the UI opens in the firmware's heap proxy (``UI_HEAP``, as for the 3-game
session) from the precompiled modules the board runs, and in a larger heap
from source, as CircuitPython 9 gets them (compiling takes memory too).
Fitting is not monotonic in the heap size on this port: where blocks land
while a module compiles decides it, so the limits sit where runs pass with
a margin."""

import ast
import pathlib
import shutil
import subprocess
import sys

import pytest

from test_ui_cases import UI_HEAP
from ui.registry import SCREENS
from ui.registry import module as screen_module

_TESTS = pathlib.Path(__file__).parent
_ROOT = _TESTS.parent
_UI = _ROOT / "ui"
_BIN = pathlib.Path(sys.executable).parent
SOURCE_HEAP = "208k"  # the Pico's heap, 163 KB a program can fill, at the port's 0.78

_EVERY_PAGE = """
import sys
sys.path.insert(0, '.')
from ui import prefs
from ui.table import Table
lines = []
table = Table(out=lines.append)
buf = bytearray(1024)
table.render(buf)
prefs.load(table, table.prefs_bytes())
for seat in (1, 2, 3, 0):
    table.press(seat, False, 0)
    table.render(buf)
shown = []
for entry in (3, 5, 6, 7, 8, 9, 10):
    table.press(4, True, 0)
    table.render(buf)
    while table.page.rows[table.page.cursor] != entry:
        table.press(2, False, 0)
    table.press(4, False, 0)
    while table.hooks.export is not None:
        table.tick(0)  # Export prints one line a pass
    table.render(buf)
    shown.append(table.screen_name)
    if table.screen_name == "options":
        table.press(1, False, 0)  # E: change the first setting
        table.render(buf)
    if table.screen_name != "hand":
        table.press(3, False, 0)  # W: back to the game
        table.render(buf)
print("SHOWN", " ".join(shown), len(lines))
"""


def _tool(name):
    path = _BIN / name
    if not path.exists():
        pytest.skip("the MicroPython unix port is not installed (make venv)")
    return path


@pytest.mark.parametrize("form, heap", (("mpy", UI_HEAP), ("py", SOURCE_HEAP)))
def test_every_page_opens_under_micropython(tmp_path, form, heap):
    # Adjust score, Rules, Stats, History, Display, Export, New game, with
    # the whole UI and a game in the heap.
    micropython = _tool("micropython")
    for package in ("euchre_core", "ui"):
        (tmp_path / package).mkdir()
        for path in sorted((_ROOT / package).glob("*.py")):
            if form == "py":
                shutil.copy(path, tmp_path / package / path.name)
            else:
                subprocess.run([str(_tool("mpy-cross")), "-o",
                                str(tmp_path / package / (path.stem + ".mpy")), str(path)],
                               check=True, cwd=str(_ROOT))
    (tmp_path / "main.py").write_text(_EVERY_PAGE)
    run = subprocess.run([str(micropython), "-X", "heapsize=" + heap, "main.py"],
                         cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    shown = run.stdout.split("SHOWN", 1)[1].split()
    # Export printed the header and one line per action (a call, three tricks).
    assert shown == ["adjust", "options", "stats", "history", "options", "hand", "confirm",
                     "7"], run.stdout


def _constants(path):
    """Module-level NAME = const(...) or NAME = a literal, upper case."""
    found = {}
    for node in ast.parse(path.read_text()).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        if name.lstrip("_").isupper() and not name.startswith("__"):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                value = value.args[0]
            try:
                found[name] = ast.literal_eval(value)
            except ValueError:
                pass  # made from other names: not a copy of a value
    return found


def test_no_constant_is_defined_in_two_ui_modules():
    # A shared constant is public in its owner and imported by the others:
    # a name (public or private) defined twice is a copy that can drift.
    # LIST_PAGE and SIDE_MARKS are each screen module's own answers (see
    # ui/table.py).
    owners = {}
    for path in sorted(_UI.glob("*.py")):
        for name in _constants(path):
            if name not in ("LIST_PAGE", "SIDE_MARKS"):
                owners.setdefault(name.lstrip("_"), []).append(path.name)
    assert {"N", "OK", "ITEM_UNDO", "NAME_LENGTH"} <= set(owners)
    assert {name: where for name, where in owners.items() if len(where) > 1} == {}


def _imports(path):
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(node.module + "." + alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_ui_imports_go_down_without_a_circle():
    modules = {path.stem: path for path in _UI.glob("*.py") if path.stem != "__init__"}
    graph = {}
    for stem, path in modules.items():
        imported = _imports(path)
        for name in imported:
            top = name.split(".")[0]
            # Only the engine, the UI itself and the interpreter's modules.
            assert top in ("ui", "euchre_core", "micropython", "gc", "sys",
                           "collections"), (stem, name)
        graph[stem] = {name.split(".")[1] for name in imported
                       if name.startswith("ui.") and name.split(".")[1] in modules}
    done = set()

    def visit(stem, path):
        assert stem not in path, " -> ".join(path + (stem,))
        if stem not in done:
            for below in graph[stem]:
                visit(below, path + (stem,))
            done.add(stem)

    for stem in graph:
        visit(stem, ())


def test_every_screen_is_a_unit_and_every_screen_opened_a_registered_one():
    for name in SCREENS:
        unit = screen_module(name)
        assert callable(unit.press) and callable(unit.draw), name
        assert unit.LIST_PAGE in (True, False), name
    # Every screen ``Table.open`` opens is registered (tests/test_ui_layers.py:
    # nothing else changes the screen).
    for path in sorted(_UI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "open" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                assert node.args[0].value in SCREENS, (path.name, node.args[0].value)


def test_start_up_lets_go_of_what_only_it_uses():
    # Once the score is on the glass nothing refers to the settings reader
    # or the house rules' precedence: the next collection frees their code
    # and strings. The firmware's modules of the run are told from the
    # tests' own copies by being new.
    import gc
    import types

    from fw_support import boot

    # A start-up that uses all of them: a wrong setting (its message), and a
    # saved game in the evening's second game (its record keeps the first
    # for Undo, which start-up checks once the score is shown).
    start_only = {"hw.settings", "hw.settings_words", "hw.saved", "firmware.house_rules",
                  "ui.restore", "ui.prefs", "firmware.start"}
    march = "N N N N N N OK wait:300 "
    gc.collect()
    before = [m for m in gc.get_objects() if isinstance(m, types.ModuleType)]
    known = {id(m) for m in before}
    with boot(settings={"EUCHRE_CONTRAST": '"bright"'}) as pico:
        pico.run_script("OK wait:300 " + march * 5 + "E wait:300 N wait:300 cut boot")
        firmware = pico.namespace["firmware"]
        assert firmware.table.game.in_hand and firmware.table.previous.ended is not None
        assert "EUCHRE_CONTRAST: 'bright' is not a number" in pico.serial
        pico.run_script("OK wait:500")  # the notice read; the table plays on
        gc.collect()
        new = [m.__name__ for m in gc.get_objects()
               if isinstance(m, types.ModuleType) and id(m) not in known]
    assert {"hw.display", "firmware.loop", "ui.table"} <= set(new)  # the run's own, held
    assert not start_only & set(new), sorted(new)
    del before
