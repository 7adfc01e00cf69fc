"""The firmware's layers as the README draws them: imports only go down
(``euchre_core`` < ``ui`` < ``hw`` < ``firmware`` < ``code.py``), and no
import circle among the modules of ``hw/`` and ``firmware/``. Every import
counts, also one inside a function or a ``try`` (type-only ones included)."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAYERS = ("euchre_core", "ui", "hw", "firmware")


def _imports(path, package):
    """The project modules ``path`` imports (dotted names)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = package + ("." + base if base else "")
            names = [base] + [base + "." + alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in LAYERS and _module_path(name) is not None:
                found.add(name)
    return found


def _module_path(name):
    path = ROOT.joinpath(*name.split("."))
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return None


def _graph():
    graph = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).glob("*.py")):
            name = layer if path.stem == "__init__" else layer + "." + path.stem
            graph[name] = _imports(path, layer)
    graph["code"] = _imports(ROOT / "code.py", "")
    return graph


def test_imports_only_go_down_the_layers():
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    rank["code"] = len(LAYERS)
    upward = [(module, name) for module, names in _graph().items() for name in names
              if rank[name.split(".")[0]] > rank[module.split(".")[0]]]
    assert upward == []


def circles(graph):
    """Every import circle of ``graph`` ({module: modules it imports})."""
    found = []

    def visit(module, path):
        for name in sorted(graph.get(module, ())):
            if name in path:
                found.append(path[path.index(name):] + [name])
            else:
                visit(name, path + [name])

    for module in sorted(graph):
        visit(module, [module])
    return found


def test_the_registry_names_every_screen_that_draws_labels_beside_the_keys():
    # ui.labels is let go with the last screen that imports it: its row of
    # the registry's SHARED.
    from ui import registry

    importers = {name for name, imports in _graph().items() if "ui.labels" in imports}
    assert importers == {"ui." + name for name in registry.SHARED["labels"]}


def test_no_import_circle_in_hw_and_firmware():
    inner = ("hw", "firmware")
    graph = {module: {name for name in names if name.split(".")[0] in inner and name != module}
             for module, names in _graph().items() if module.split(".")[0] in inner}
    assert circles(graph) == []
    assert circles({"hw.storage": {"hw.storage_load"}, "hw.storage_load": {"hw.storage"}})


def test_code_py_is_a_few_lines_that_start_the_firmware():
    lines = [line for line in (ROOT / "code.py").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    code = ast.parse((ROOT / "code.py").read_text()).body
    assert len(code) <= 5 and len(lines) <= 15
    assert _graph()["code"] <= {"firmware.parts", "firmware.recovery", "firmware"}


def test_no_import_circle_anywhere_in_the_firmware():
    # A module's own package (``from ui import menu`` in ui.table) is where
    # it is found, not a module it depends on.
    graph = {module: {name for name in names
                      if name != module and not module.startswith(name + ".")}
             for module, names in _graph().items()}
    assert circles(graph) == []


def _constants(path):
    """The ``NAME = const(...)`` names a module defines, without a leading
    underscore; not ``_TYPING``, which each module needs its own of (the
    compiler drops ``if _TYPING:`` only for a constant of the module itself)."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "const" and node.targets[0].id != "_TYPING"):
            found.add(node.targets[0].id.lstrip("_"))
    return found


def test_each_constant_has_one_owner_in_the_firmware():
    # A fact shared by two modules is a public constant of one, imported by
    # the other: the same name defined twice (public or private) is a copy.
    owners = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).glob("*.py")):
            for name in _constants(path):
                owners.setdefault(name, []).append(layer + "/" + path.name)
    assert {name: where for name, where in owners.items() if len(where) > 1} == {}


def _code_lines(path):
    """The lines of ``path`` without their comments and docstrings."""
    tree = ast.parse(path.read_text())
    drop = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            drop.update(range(body[0].lineno, body[0].end_lineno + 1))
    return [line.split("#")[0] for number, line in enumerate(path.read_text().splitlines(), 1)
            if number not in drop]


def _shipped_and_tools():
    for folder in LAYERS + ("sim", "tools"):
        yield from sorted((ROOT / folder).rglob("*.py"))
    yield ROOT / "code.py"
    yield ROOT / "boot.py"


def test_the_ticks_period_and_arithmetic_have_one_owner():
    # ui.ticks is the bottom of every layer that has a clock: it imports
    # nothing of the project, and the engine (which has no clock) not it.
    assert _imports(ROOT / "ui" / "ticks.py", "ui") == set()
    for path in sorted((ROOT / "euchre_core").glob("*.py")):
        assert "ui.ticks" not in _imports(path, "euchre_core"), path
    period = ("1 << 29", "2**29", "2 ** 29", "0x1FFFFFFF", "0x20000000", "536870912",
              "(1 << 28)")
    found = []
    for path in _shipped_and_tools():
        if path == ROOT / "ui" / "ticks.py":
            continue
        text = "\n".join(_code_lines(path))
        found += [(path.name, word) for word in period if word.lower() in text.lower()]
        tree = ast.parse(path.read_text())
        found += [(path.name, node.name) for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef) and node.name in ("ticks_diff", "ticks_add")]
    assert found == []


def test_key_events_and_press_results_are_decoded_by_their_owners_helpers():
    # hw.keys encodes a key event, ui.presses a press result: elsewhere they
    # are read only through the owners' helpers, never by shifting bits.
    import re

    inline = re.compile(r"\b(event|result)\s*(>>|&|<<)|<<\s*1\s*\|")
    found = []
    for layer in ("hw", "firmware", "ui"):
        for path in sorted((ROOT / layer).glob("*.py")):
            if path.name in ("keys.py", "presses.py") and layer in ("hw", "ui"):
                continue
            found += [(path.name, line.strip()) for line in _code_lines(path) if inline.search(line)]
    assert found == []


def test_action_bytes_are_decoded_by_the_engine_outside_it():
    # euchre_core.actions owns the action byte (kind << 5 | argument): the
    # table UI and the firmware ask its kind_of rather than shifting it.
    import re

    inline = re.compile(r">>\s*5\b|<<\s*5\b")
    found = []
    for layer in ("hw", "firmware", "ui"):
        for path in sorted((ROOT / layer).glob("*.py")):
            found += [(path.name, line.strip()) for line in _code_lines(path) if inline.search(line)]
    assert found == []


def test_the_loop_reads_press_results_through_presses():
    # A press result's layout (kind << 3 | key) is ui.presses' own: the loop
    # asks kind_of and key_of rather than shifting and masking it itself.
    tree = ast.parse((ROOT / "firmware" / "loop.py").read_text())
    called = {node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert {"kind_of", "key_of"} <= called
    decoded = [ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.BinOp)
               and isinstance(node.left, ast.Name) and node.left.id == "result"]
    assert decoded == []


def test_every_method_of_presses_runs_on_the_board():
    # No method of ui.presses.Presses is there for the tests alone: each
    # public one is called by the shipped code (the loop, or Presses itself).
    tree = ast.parse((ROOT / "ui" / "presses.py").read_text())
    presses = [node for node in tree.body if isinstance(node, ast.ClassDef)
               and node.name == "Presses"][0]
    methods = {node.name for node in presses.body if isinstance(node, ast.FunctionDef)
               and not node.name.startswith("_")}
    called = set()
    for path in [ROOT / "code.py"] + [path for package in ("ui", "hw", "firmware")
                                      for path in sorted((ROOT / package).glob("*.py"))]:
        called |= {node.func.attr for node in ast.walk(ast.parse(path.read_text()))
                   if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
    assert methods and sorted(methods - called) == []


def run_time_typing(source):
    """Lines of ``source`` that import ``typing`` when the module runs: every
    such import but one in a top-level ``if _TYPING:`` block after
    ``_TYPING = const(0)`` (a block the compiler drops)."""
    tree = ast.parse(source)
    compiled_away = set()
    constant = False
    for node in tree.body:
        if (isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == ["_TYPING"]
                and ast.unparse(node.value) == "const(0)"):
            constant = True
        if (constant and isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "_TYPING"):
            compiled_away |= {id(inner) for part in node.body for inner in ast.walk(part)}
    return [node.lineno for node in ast.walk(tree)
            if id(node) not in compiled_away
            and (isinstance(node, ast.Import) and any(a.name == "typing" for a in node.names)
                 or isinstance(node, ast.ImportFrom) and node.module == "typing")]


def test_typing_is_imported_for_the_type_check_only():
    # The board has no ``typing``: a failed import of it searches the drive
    # at every start-up, so it stays in the type-only block.
    found = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).glob("*.py")):
            found[str(path.relative_to(ROOT))] = run_time_typing(path.read_text())
    for name in ("code.py", "boot.py"):
        found[name] = run_time_typing((ROOT / name).read_text())
    assert {name: lines for name, lines in found.items() if lines} == {}
    typed = "from micropython import const\n_TYPING = const(0)\nif _TYPING:\n    from typing import Any\n"
    assert run_time_typing(typed) == []
    assert run_time_typing("try:\n    from typing import Any\nexcept ImportError:\n    pass\n") == [2]
    assert run_time_typing("_TYPING = const(1)\nif _TYPING:\n    import typing\n") == [3]
    assert run_time_typing("if _TYPING:\n    import typing\n_TYPING = const(0)\n") == [2]
    assert run_time_typing("def f():\n    import typing\n" + typed) == [2]
