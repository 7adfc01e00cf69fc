"""Every module of the repository the README and the guides name in
backticks (``ui.names.NAME_LENGTH``, ``hw.settings``) is there, and so is
the name given after it: a renamed constant or a moved function cannot
leave the documents pointing at nothing."""

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
PACKAGES = ("ui", "hw", "firmware", "euchre_core", "sim", "tools")
_REF = re.compile(r"`((?:%s)(?:\.[A-Za-z_]\w*)+)" % "|".join(PACKAGES))


def references():
    """(document, dotted name) of each backticked name in a package of ours."""
    found = []
    for path in DOCUMENTS:
        for name in sorted(set(_REF.findall(path.read_text()))):
            found.append((path.name, name))
    return found


def module_of(parts):
    """(source file, the parts after the module) for the longest prefix of
    ``parts`` that is a module or package of the repository, or None."""
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path, parts[end:]
    return None


def defined(path):
    """The names a module defines or imports at any depth (functions,
    classes, assigned names and attributes, imports)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Name):
                        names.add(part.id)
                    elif isinstance(part, ast.Attribute):
                        names.add(part.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def test_the_documents_name_modules_of_ours():
    assert len(references()) >= 10  # the pattern still finds what the documents name


@pytest.mark.parametrize("document, name", references())
def test_a_name_the_documents_give_is_in_the_code(document, name):
    found = module_of(name.split("."))
    assert found is not None, "%s names %s: no such module" % (document, name)
    path, rest = found
    if rest:
        assert rest[0] in defined(path), "%s names %s: %s has no %s" % (
            document, name, path.relative_to(ROOT), rest[0])


def test_a_stale_name_is_found():
    # The check itself: a constant the module does not have is reported.
    path, rest = module_of(["ui", "names", "NAME_LETTERS"])
    assert rest == ["NAME_LETTERS"] and "NAME_LETTERS" not in defined(path)
    assert "NAME_LENGTH" in defined(path)
