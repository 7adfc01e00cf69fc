"""The names of our code that the README and the guides give in backticks
with their module (``ui.names.NAME_LENGTH``, ``hw.settings``,
``ui.table.Table.prefs_bytes``) are there: the module is a module of the
repository and each name after it is defined at its top level (a class's
in its body). A renamed constant or a moved function cannot leave the
documents pointing at nothing. Names given without their module
(``Table.tick``) are not checked."""

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
PACKAGES = ("ui", "hw", "firmware", "euchre_core", "sim", "tools")
# A dotted name of ours, the whole of what the backticks hold (or up to a
# call's parenthesis): `ui.md` (a file) is not one.
_REF = re.compile(r"`((?:%s)(?:\.[A-Za-z_]\w*)+)(?:`|\()" % "|".join(PACKAGES))
_FILE_ENDINGS = ("py", "mpy", "md", "toml", "txt", "bin", "svg", "png", "log")


def dotted_names(text):
    """The backticked dotted names of ours in ``text``, files left out."""
    return sorted(set(name for name in _REF.findall(text)
                      if name.rsplit(".", 1)[1] not in _FILE_ENDINGS))


def references():
    """(document, dotted name) of each backticked name in a package of ours."""
    return [(path.name, name) for path in DOCUMENTS
            for name in dotted_names(path.read_text(encoding="utf-8"))]


def module_of(parts):
    """(source file, the parts after the module) for the longest prefix of
    ``parts`` that is a module or package of the repository, or None."""
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path, parts[end:]
    return None


def top_level(body):
    """{name: its class node or None} of what a module's (or a class's)
    statements define: functions, classes, assigned names, imports, those
    inside an ``if`` or ``try`` at that level too."""
    names = {}
    for node in body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = None
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Name):
                        names[part.id] = None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = None
        elif isinstance(node, ast.If):
            names.update(top_level(node.body + node.orelse))
        elif isinstance(node, ast.Try):
            names.update(top_level(node.body + node.orelse + node.finalbody
                                   + [n for h in node.handlers for n in h.body]))
    return names


def missing(path, rest):
    """The first of the names ``rest`` (a name, then its class's attribute
    and so on) that the module at ``path`` does not define, or None."""
    scope = top_level(ast.parse(path.read_text(encoding="utf-8")).body)
    for at, name in enumerate(rest):
        if name not in scope:
            return name
        node = scope[name]
        if node is None:
            return None  # a function or a value: what follows is not checked
        scope = top_level(node.body)
        # A method's own attributes (``self.x`` set in it) count for a class.
        for item in node.body:
            if isinstance(item, ast.FunctionDef):
                for part in ast.walk(item):
                    if (isinstance(part, ast.Attribute) and isinstance(part.ctx, ast.Store)
                            and isinstance(part.value, ast.Name) and part.value.id == "self"):
                        scope.setdefault(part.attr, None)
    return None


def test_the_documents_name_modules_of_ours():
    assert len(references()) >= 10  # the pattern still finds what the documents name


@pytest.mark.parametrize("document, name", references())
def test_a_name_the_documents_give_is_in_the_code(document, name):
    found = module_of(name.split("."))
    assert found is not None, "%s names %s: no such module" % (document, name)
    path, rest = found
    gone = missing(path, rest)
    assert gone is None, "%s names %s: %s defines no %s" % (
        document, name, path.relative_to(ROOT), gone)


def test_a_stale_name_is_found():
    # The check itself: a constant the module does not have, a local of a
    # function and a class's missing method are reported; a file is no name.
    path, rest = module_of(["ui", "names", "NAME_LETTERS"])
    assert missing(path, rest) == "NAME_LETTERS"
    assert missing(path, ["NAME_LENGTH"]) is None
    settings, _ = module_of(["hw", "settings"])
    assert missing(settings, ["found"]) == "found"  # a local of parse()
    assert missing(settings, ["Settings", "nope"]) == "nope"
    assert missing(settings, ["Settings", "given"]) is None  # set in __init__
    assert dotted_names("see `ui.md`, `hw.settings.py` and `hw.settings.pin(key)`") == [
        "hw.settings.pin"]
