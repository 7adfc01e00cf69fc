"""Who owns the table UI's state: the screen on view changes only through
the table, the game is replaced and the serials counted only there, and the
table keeps its own state only (each screen's is in its ``Page``)."""

import ast
import pathlib

_ROOT = pathlib.Path(__file__).parent.parent
_TABLE = _ROOT / "ui" / "table.py"
# The firmware's own code: what runs on the board, and the simulator's side.
_SOURCES = ([_ROOT / "code.py"]
            + [path for package in ("ui", "hw", "firmware", "euchre_core")
               for path in sorted((_ROOT / package).glob("*.py"))]
            + sorted((_ROOT / "sim").glob("*.py")))
# The table's own state, and the attributes only the table writes.
_MOST_ATTRIBUTES = 24
_TABLE_WRITES = ("page", "game", "tally", "game_serial", "prefs_serial", "previous")


def _written(path):
    """(attribute, line) of every attribute assigned in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            parts = target.elts if isinstance(target, ast.Tuple) else [target]
            for part in parts:
                if isinstance(part, ast.Attribute):
                    found.append((part.attr, node.lineno))
    return found


def test_screens_and_the_game_change_only_in_the_table():
    outside = [(str(path.relative_to(_ROOT)), name, line) for path in _SOURCES
               if path != _TABLE for name, line in _written(path) if name in _TABLE_WRITES]
    assert outside == []


def test_the_table_keeps_its_own_state_only():
    tree = ast.parse(_TABLE.read_text())
    table = [node for node in tree.body if isinstance(node, ast.ClassDef)
             and node.name == "Table"][0]
    init = [node for node in table.body if isinstance(node, ast.FunctionDef)
            and node.name == "__init__"][0]
    names = [node.targets[0].attr for node in ast.walk(init) if isinstance(node, ast.Assign)
             and isinstance(node.targets[0], ast.Attribute)]
    assert len(names) <= _MOST_ATTRIBUTES, names
    # None of the screens' state: that is in the open screen's Page.
    page = [node for node in tree.body if isinstance(node, ast.ClassDef)
            and node.name == "Page"][0]
    fields = {node.targets[0].id for node in page.body if isinstance(node, ast.Assign)}
    assert {"rows", "cursor", "top", "kind", "draft", "changed"} <= fields
    assert not fields & set(names), fields & set(names)


def _reports_imported(path):
    """The engine's report modules (``euchre_core.NAME``) ``path`` imports."""
    from ui.registry import REPORT_PAGES

    reports = set(REPORT_PAGES.values())
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "euchre_core":
            found |= {alias.name for alias in node.names} & reports
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module.split(".", 1)[-1]} & reports
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".", 1)[-1] for alias in node.names} & reports
    return found


def test_only_the_pages_the_registry_names_import_the_engines_reports():
    # The registry lets each report go with the page that shows it
    # (ui.registry.REPORT_PAGES): a module that imports one and is not its
    # page would keep it in the heap all evening, and a page that imports
    # another page's report would hold both.
    from ui.registry import PAGE_MODULES, REPORT_PAGES

    importing = sorted((str(path.relative_to(_ROOT)), sorted(_reports_imported(path)))
                       for path in _SOURCES
                       if path.parent.name != "euchre_core" and _reports_imported(path))
    assert importing == sorted(("ui/%s.py" % page, [report]) for page, report in REPORT_PAGES.items())
    assert set(REPORT_PAGES) <= set(PAGE_MODULES)
