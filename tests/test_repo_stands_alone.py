"""The project stands alone: no file of it names a document outside the
repository (the product and rules notes it was written from, their folder)
or an issue number. Rule sources are named by what they are (Hoyle, the
1888 Laws, the Robson rules, the Swedish rules article)."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
_SKIP = {".git", ".venv", "lib", "build", "golden", "__pycache__", ".mypy_cache",
         ".pytest_cache", ".hypothesis"}
_SUFFIXES = {".py", ".md", ".toml", ".txt", ".ini", ".cfg", ".yml", ".yaml", ""}

# Spelt in pieces, so that this file does not name them either.
OUTSIDE = re.compile("|".join((
    r"\b" + "SP" + r"EC\b",
    "RU" + r"LES\.md",
    "ST" + r"YLE\.md",
    r"\.\./" + "sha" + "red",
    r"\b[Ii]" + r"ssues? #?\d+",
    r"\bseeds? \d{3}\b",
)))


def project_files():
    for path in sorted(ROOT.rglob("*")):
        parts = set(path.relative_to(ROOT).parts)
        if path.is_file() and not parts & _SKIP and path.suffix in _SUFFIXES:
            yield path


def test_no_file_names_a_document_outside_the_repository_or_an_issue_number():
    found = []
    for path in project_files():
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append("%s:%d: %s" % (path.relative_to(ROOT), number, line.strip()))
    assert found == []


def test_the_pattern_finds_what_it_looks_for():
    for line in ("# see " + "SP" + "EC 7", "(" + "RU" + "LES.md)", "from is" + "sue 14",
                 "se" + "ed 000", "../" + "shared/x"):
        assert OUTSIDE.search(line), line
    for line in ("the 1888 Laws", "SPECIAL", "a spec sheet", "seed=3", "--seed 12"):
        assert not OUTSIDE.search(line), line
