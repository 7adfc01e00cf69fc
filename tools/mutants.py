"""`make mutants`: how many small changes to the rules engine and to the
table UI their tests catch.

mutmut (pinned in requirements-dev.txt) makes every mutant of the engine
(euchre_core/rules.py, actions.py, game_forms.py, game.py, reports.py,
hand_stats.py, transcript.py) and of every ui/ module with behaviour, and runs the tests fast enough to run per mutant
against each: the engine tests for the engine; the UI cases, the one-key
rule walk, the random key sequences, the font, the pictures, the golden
pictures of every screen and the key presses' cases for the UI (the firmware and simulator tests are too slow per
mutant, so the UI tests pin the behaviour themselves). Each part runs in its
own scratch copy under build/mutants.

This script then sorts the mutants, and prints killed / survived / timed out
and the score of each kind:

* engine: ``message`` mutants only change the words of a refusal; the rest
  are ``logic``;
* ui: ``drawing`` mutants lie in a function that draws (only pixels
  change); ``messages`` mutants only change the words a screen says (a
  function that builds the text of a row, a label or an undo description,
  a string said with ``say`` or raised in a refusal, or a string a drawing
  function writes);
  ``behaviour`` is the rest: what a press does, what is recorded, which
  screen follows, what is saved and resumed.

A surviving mutant judged equivalent (no test could catch it: the program
behaves the same with it) is listed in tools/mutants-equivalent.txt and
counted apart, as is a UI mutant that only changes the case of words that
only reach the screen (``only_case_on_screen``: the font has no lower case
and ``say`` upper-cases); the survivors not listed there are printed in that
file's format. Exit status 1 when a score is under its target.

    .venv/bin/python tools/mutants.py [--jobs N] [--examples N] [--report-only | --again]
                                      [--engine-only | --ui-only] [--only FILE ...]
"""

import argparse
import ast
import difflib
import json
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutants"
EQUIVALENT_FILE = ROOT / "tools" / "mutants-equivalent.txt"
HYPOTHESIS_SEED = 16


def _files(*patterns):
    return tuple(str(path.relative_to(ROOT)) for pattern in patterns
                 for path in sorted(ROOT.glob(pattern)))


ENGINE = ("euchre_core/rules.py", "euchre_core/actions.py", "euchre_core/game_forms.py",
          "euchre_core/game.py", "euchre_core/reports.py", "euchre_core/hand_stats.py",
          "euchre_core/transcript.py")
# ui/ modules with no function (tables and constants) make no mutant.
UI = tuple(name for name in _files("ui/*.py")
           if name not in ("ui/__init__.py", "ui/frame.py", "ui/keys.py"))


class Part:
    """One mutation run: the files mutated, the tests run against them, the
    kinds its mutants are sorted into and the target score of each."""

    def __init__(self, name, package, sources, tests, copied, targets):
        self.name = name
        self.package = package
        self.sources = sources
        self.tests = tests
        self.copied = copied
        self.targets = targets
        self.work = WORK / name


PARTS = (
    Part("engine", "euchre_core", ENGINE,
         ("tests/test_cases.py", "tests/test_engine_stateful.py", "tests/test_engine_house.py",
          "tests/test_engine_readme.py"),
         # tests/test_cases.py runs the case_* functions of every tests/cases_*.py:
         # the engine's, and the key presses' (of ui/, copied too), which reach no mutant.
         ("README.md",) + _files("euchre_core/*.py", "ui/*.py", "tests/cases_*.py"),
         {"logic": 97.0, "message": 90.0}),
    Part("ui", "ui", UI,
         # The UI cases on CPython only: their MicroPython run compiles ui/,
         # which the mutated copy is not (mutmut's trampolines).
         ("tests/test_ui_cases.py::test_ui_case", "tests/test_ui_rule.py",
          "tests/test_ui_random.py", "tests/test_ui_font.py", "tests/test_ui_pictures.py",
          "tests/test_ui_golden.py", "tests/test_cases.py"),
         ("README.md", "tests/conftest.py", "sim/__init__.py", "sim/picture.py")
         + _files("euchre_core/*.py", "ui/*.py", "tests/cases_*.py", "tests/ui_*.py",
                  "tests/test_ui_*.py", "tests/golden/ui_*"),
         {"behaviour": 97.0, "messages": 90.0, "drawing": 85.0}),
)

# Engine functions that put a refusal into words (outside a raise statement).
REFUSAL_FUNCTIONS = ("Game.pass_refusal", "Game.set_back_refusal", "_count_tricks")
# UI functions whose only output is words on a screen: a row, a label, an
# undo description, a seat's name put into the engine's words.
WORD_FUNCTIONS = {
    "table.py": ("Table.with_names",),
    "menu.py": ("describe", "undo_label"),
    "ask.py": ("_labels",),
    "hand.py": ("lone_tags", "_fit"),
    "history.py": ("_teams", "_hand_row", "_adjust_row"),
    "stats.py": ("rows",),
    "options.py": ("rows",),
    "parts.py": ("match_text",),
    "lists.py": ("back_hint",),
}
# UI modules that only draw.
DRAWING_FILES = ("screen.py", "font.py")
# Of those, the ones whose words only reach the screen (drawn, or said):
# describe's (the menu's) also go into the exported CSV.
SCREEN_ONLY_WORDS = ("Table.with_names", "undo_label", "_teams", "_hand_row", "_adjust_row",
                     "rows", "match_text", "back_hint", "_labels", "lone_tags")

# Each argument on its own line: mutmut splits a list option at line ends.
# A mutant that loops is stopped after 5 times (mutmut: 15) the CPU time of
# its tests: a loop caught sooner, and a slow mutant still far from it.
SETUP_CFG = """[mutmut]
source_paths = {package}
only_mutate =
{only}
also_copy =
{copy}
pytest_add_cli_args =
    -p
    no:cacheprovider
    -q
    --hypothesis-seed={seed}
pytest_add_cli_args_test_selection =
{tests}
timeout_multiplier = 5
"""
PYTEST_INI = "[pytest]\ntestpaths = tests\npythonpath = . tests\n"


def _lines(names):
    return "\n".join("    " + name for name in names)


def setup_cfg(part, sources):
    others = sorted({name.split("/", 1)[0] for name in part.copied if "/" in name}
                    - {part.package})
    return SETUP_CFG.format(package=part.package, only=_lines(sources),
                            copy=_lines(["README.md", "pytest.ini"] + others),
                            tests=_lines(part.tests), seed=HYPOTHESIS_SEED)


def run_mutmut(part, sources, jobs, examples):
    work = part.work
    shutil.rmtree(work, ignore_errors=True)
    for name in part.copied + tuple(test.split("::")[0] for test in part.tests):
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, work / name)
    (work / "setup.cfg").write_text(setup_cfg(part, sources))
    (work / "pytest.ini").write_text(PYTEST_INI)
    env = dict(os.environ, EUCHRE_MUTANT_EXAMPLES=str(examples))
    mutmut = pathlib.Path(sys.executable).parent / "mutmut"
    print("mutmut, %s: %d files, %d jobs, %d hypothesis examples, seed %d; log in %s"
          % (part.name, len(sources), jobs, examples, HYPOTHESIS_SEED, work / "mutmut.log"),
          flush=True)
    with open(work / "mutmut.log", "w") as log:
        code = subprocess.call([str(mutmut), "run", "--max-children", str(jobs)],
                               cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    if code:
        sys.exit("mutmut failed (exit %d): see %s" % (code, work / "mutmut.log"))


def run_again(part, sources, jobs, examples, equivalent):
    """Test again, against the tests as they are now, the mutants of the last
    run that survived and are not listed as equivalent (while writing tests:
    the killed ones stay killed, as the tests that killed them stay)."""
    work = part.work
    if not (work / "mutants").exists():
        sys.exit("no earlier %s run in %s to test again" % (part.name, work))
    names = []
    for path in sources:
        exit_codes = json.loads((work / "mutants" / (path + ".meta")).read_text())[
            "exit_code_by_key"]
        for name, key, kind, case in mutants_of(part, path):
            # The survivors, and the mutants an interrupted run left untested.
            if exit_codes[name] is None or status_of(name, exit_codes[name]) == "survived" \
                    and key not in equivalent and not case:
                names.append(name)
    # Every file stays mutated (the report reads them); the names pick the mutants.
    (work / "setup.cfg").write_text(setup_cfg(part, part.sources))
    for name in part.copied + tuple(test.split("::")[0] for test in part.tests):
        if name.startswith("tests/"):
            shutil.copy(ROOT / name, work / name)
    # Which tests reach which function is collected again: the tests changed.
    (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    env = dict(os.environ, EUCHRE_MUTANT_EXAMPLES=str(examples))
    mutmut = pathlib.Path(sys.executable).parent / "mutmut"
    print("mutmut, %s: %d survivors or untested mutants tested again, %d jobs; log in %s"
          % (part.name, len(names), jobs, work / "mutmut.log"), flush=True)
    if not names:
        return
    with open(work / "mutmut.log", "w") as log:
        code = subprocess.call([str(mutmut), "run", "--max-children", str(jobs)] + names,
                               cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    if code:
        sys.exit("mutmut failed (exit %d): see %s" % (code, work / "mutmut.log"))


def status_of(name, exit_code):
    """killed, survived or timeout, from mutmut's exit code for one mutant."""
    from mutmut.stats import status_by_exit_code
    status = status_by_exit_code[exit_code]
    if status in ("killed", "segfault", "caught by type check"):
        return "killed"
    if status in ("timeout", "suspicious"):
        return "timeout"
    # "no tests" means no test reached the function: nothing caught it.
    if status in ("survived", "no tests"):
        return "survived"
    sys.exit("mutant %s was not tested (%s): run make mutants again" % (name, status))


def function_name(mangled):
    """``xǁGameǁ_step__mutmut_3`` -> ``Game._step``; ``x_crc16__mutmut_1`` -> ``crc16``."""
    name = mangled.rsplit("__mutmut_", 1)[0]
    if name.startswith("x\u01c1"):
        return ".".join(name[2:].split("\u01c1"))
    return name[2:]


def changes(old, new, trail=()):
    """Where ``new`` differs from ``old``: (trail of (node, field), old part, new part)."""
    if type(old) is not type(new):
        return [(trail, old, new)]
    if isinstance(old, list):
        if len(old) != len(new):
            return [(trail, old, new)]
        return [found for a, b in zip(old, new) for found in changes(a, b, trail)]
    if isinstance(old, ast.AST):
        return [found for field in old._fields if field not in ("ctx", "type_comment")
                for found in changes(getattr(old, field), getattr(new, field),
                                     trail + ((old, field),))]
    return [] if old == new else [(trail, old, new)]


def in_refusal_words(change, function):
    """True when a change only alters the words of a refusal: a string changed,
    or a part left out (None), in the arguments of a raised exception or in a
    function that puts refusals into words. (An operator changed there is a TypeError,
    not other words: a logic mutant.)"""
    trail, old, new = change
    if not (isinstance(old, str) or isinstance(new, ast.Constant) and new.value is None):
        return False
    if trail and isinstance(trail[-1][0], ast.Call) and isinstance(trail[-1][0].func, ast.Attribute) \
            and trail[-1][0].func.attr == "join" and not isinstance(old, str):
        return False  # ", ".join(None) raises TypeError
    if function in REFUSAL_FUNCTIONS:
        return True
    for (node, field), (inner, inner_field) in zip(trail, trail[1:]):
        if isinstance(node, ast.Raise) and field == "exc" and isinstance(inner, ast.Call) \
                and inner_field == "args":
            return True
    return False


def is_drawing(file, function):
    """A UI function that only draws: ``draw``, ``draw_...``, ``_draw_...``
    (of a screen, of the table, of the shared parts), ``soft_labels``, and
    every function of the drawing modules."""
    last = function.rsplit(".", 1)[-1]
    return (file in DRAWING_FILES or last == "draw" or last.startswith("draw_")
            or last.startswith("_draw_") or last == "soft_labels")


def _called(node, name):
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr == name
            or isinstance(func, ast.Name) and func.id == name)


def in_screen_words(change, drawing):
    """True when a change only alters words on the screen: a string (or
    bytes) changed in what ``say`` is given or in a raised refusal, or that
    text left out (None); in a drawing function, a string changed that is
    not compared or looked up by name."""
    trail, old, new = change
    text = isinstance(old, (str, bytes)) and isinstance(new, (str, bytes))
    if not (text or new is None or isinstance(new, ast.Constant) and new.value is None):
        return False
    for node, field in trail:
        if isinstance(node, ast.Compare) or isinstance(node, ast.Call) and _called(node, "getattr"):
            return False
    if drawing:
        return text
    for at, (node, field) in enumerate(trail):
        if isinstance(node, ast.Raise) and field == "exc" and at + 1 < len(trail) \
                and isinstance(trail[at + 1][0], ast.Call) and trail[at + 1][1] == "args":
            return True  # the words of a refusal, as the engine's

        if isinstance(node, ast.Call) and field == "args" and _called(node, "say") and node.args:
            inner = trail[at + 1][0] if at + 1 < len(trail) else old
            if inner is node.args[0]:
                return True
    return False


def mutants_of(part, path):
    """(name, key, kind, only case on screen) for each mutant of one file."""
    mutated = part.work / "mutants" / path
    source = mutated.read_text()
    lines = source.splitlines()
    functions = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and "__mutmut_" in node.name:
            functions[node.name] = node
    module = path[:-3].replace("/", ".")
    file = path.rsplit("/", 1)[-1]
    for name in json.loads((part.work / "mutants" / (path + ".meta")).read_text())[
            "exit_code_by_key"]:
        mangled = name[len(module) + 1:]
        orig = functions[mangled.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"]
        mutant = functions[mangled]

        def text(node):
            body = lines[node.lineno - 1:node.end_lineno]
            return [line.strip() for line in [body[0].replace(node.name, "NAME", 1)] + body[1:]]
        function = function_name(mangled)
        case = False
        if part.name == "engine":
            kind = kind_of(function, orig, mutant)
        else:
            kind = ui_kind_of(file, function, orig, mutant)
            case = only_case_on_screen(file, function, orig, mutant)
        yield name, mutant_key(file, function, text(orig), text(mutant)), kind, case


def mutant_key(file, function, old, new):
    """(file, function, removed lines, added lines) from a function's lines
    before and after. A line written more than once in the function is named
    with its place among them ("function 2"), so that each mutant has its own key."""
    changed = [op for op in difflib.SequenceMatcher(None, old, new).get_opcodes()
               if op[0] != "equal"]
    removed = tuple(line for op in changed for line in old[op[1]:op[2]])
    added = tuple(line for op in changed for line in new[op[3]:op[4]])
    if removed and old.count(removed[0]) > 1:
        function += " %d" % (old[:changed[0][1]].count(removed[0]) + 1)
    return file, function, removed, added


def kind_of(function, orig, mutant):
    """An engine mutant's kind: "message" when every change of the mutant (a
    FunctionDef) lies in a refusal's words, else "logic"."""
    found = changes(orig.args, mutant.args) + changes(orig.body, mutant.body)
    message = bool(found) and all(in_refusal_words(change, function) for change in found)
    return "message" if message else "logic"


def ui_kind_of(file, function, orig, mutant):
    """A UI mutant's kind: "messages" in a function that only builds words,
    or when every change lies in the words on the screen; else "drawing" in
    a function that draws; else "behaviour"."""
    if function in WORD_FUNCTIONS.get(file, ()):
        return "messages"
    drawing = is_drawing(file, function)
    found = changes(orig.args, mutant.args) + changes(orig.body, mutant.body)
    if found and all(in_screen_words(change, drawing) for change in found):
        return "messages"
    return "drawing" if drawing else "behaviour"


def only_case_on_screen(file, function, orig, mutant):
    """True when the mutant only changes the case of words that reach the
    screen alone: said (``say`` upper-cases its text) or drawn (the font
    draws a lower-case letter as its capital), in a drawing function, a
    ``say`` call or a function of ``SCREEN_ONLY_WORDS``. The screen shows
    the same pixels: an equivalent mutant."""
    found = changes(orig.args, mutant.args) + changes(orig.body, mutant.body)
    if not found:
        return False
    drawing = is_drawing(file, function)
    for change in found:
        trail, old, new = change
        if not (isinstance(old, (str, bytes)) and isinstance(new, type(old))
                and old != new and old.upper() == new.upper()
                and (new == old.lower() or ("%" if isinstance(old, str) else b"%") not in old)):
            return False
        if not (function in SCREEN_ONLY_WORDS and function in WORD_FUNCTIONS.get(file, ())
                or in_screen_words(change, drawing) and not _in_raise(trail)):
            return False
    return True


def _in_raise(trail):
    return any(isinstance(node, ast.Raise) for node, _ in trail)


def read_equivalents(path=EQUIVALENT_FILE):
    """Keys of the equivalent mutants: a ``[file function]`` line (``[file
    function N]`` for the Nth of several same lines), the mutated lines as
    ``- old`` and ``+ new``, and ``why:`` (one line, required)."""
    entries = {}
    entry = None
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            file, function = line[1:-1].split(None, 1)
            entry = [file, function, [], [], None, number]
            entries[number] = entry
        elif line.startswith("- ") and entry:
            entry[2].append(line[2:].strip())
        elif line.startswith("+ ") and entry:
            entry[3].append(line[2:].strip())
        elif line.startswith("why:") and entry:
            entry[4] = line[4:].strip()
        elif line and not line.startswith("#"):
            sys.exit("%s:%d: not understood: %s" % (path, number, line))
    keys = {}
    for number, (file, function, removed, added, why, _) in entries.items():
        if not why:
            sys.exit("%s:%d: an equivalent mutant needs a why: line" % (path, number))
        key = (file, function, tuple(removed), tuple(added))
        if key in keys:
            sys.exit("%s:%d: the same mutant as line %d" % (path, number, keys[key]))
        keys[key] = number
    return keys


def entry_text(key):
    file, function, removed, added = key
    return "\n".join(["[%s %s]" % (file, function)] + ["- " + line for line in removed]
                     + ["+ " + line for line in added] + ["why: ?"])


def report(part, sources, equivalent, used):
    """Print the survivors and a line per kind; True when every score is at its target."""
    counts = {kind: {"killed": 0, "survived": 0, "timeout": 0, "equivalent": 0, "untested": 0}
              for kind in part.targets}
    cased = dict((kind, 0) for kind in part.targets)
    survivors = []
    for path in sources:
        exit_codes = json.loads((part.work / "mutants" / (path + ".meta")).read_text())[
            "exit_code_by_key"]
        for name, key, kind, case in mutants_of(part, path):
            if exit_codes[name] is None:
                # An interrupted run: --again tests them.
                counts[kind]["untested"] += 1
                continue
            status = status_of(name, exit_codes[name])
            if status == "survived" and key in equivalent:
                status = "equivalent"
                used.add(key)
            elif status == "survived" and case:
                status = "equivalent"
                cased[kind] += 1
            counts[kind][status] += 1
            if status == "survived":
                survivors.append((kind, name, key))
    for kind, name, key in survivors:
        print("\n# %s %s mutant %s survived\n%s" % (part.name, kind, name, entry_text(key)))
    if any(cased.values()):
        print("\n# %s: equivalent as they only change the case of words on the screen: %s"
              % (part.name, ", ".join("%s %d" % item for item in cased.items())))
    return counts


def score_lines(part, counts):
    print()
    width = max(len(kind) for kind in counts)
    passed = True
    for kind, count in counts.items():
        caught = count["killed"] + count["timeout"]
        counted = caught + count["survived"]
        score = 100.0 * caught / counted if counted else 100.0
        print("%s %-*s mutants %4d: killed %4d, timed out %2d, survived %3d, equivalent %3d;"
              " score %5.1f%% (target %d%%)"
              % (part.name, width, kind, counted + count["equivalent"], count["killed"],
                 count["timeout"], count["survived"], count["equivalent"], score,
                 part.targets[kind]))
        if count["untested"]:
            print("%s %-*s mutants %4d not tested yet (the run was interrupted: --again)"
                  % (part.name, width, kind, count["untested"]))
        passed = passed and score >= part.targets[kind] and not count["untested"]
    total = {status: sum(count[status] for count in counts.values())
             for status in ("killed", "survived", "timeout", "equivalent")}
    counted = total["killed"] + total["timeout"] + total["survived"]
    print("%s %-*s mutants %4d: killed %4d, timed out %2d, survived %3d, equivalent %3d;"
          " score %5.1f%%" % (part.name, width, "all", counted + total["equivalent"],
                               total["killed"], total["timeout"], total["survived"],
                               total["equivalent"],
                               100.0 * (total["killed"] + total["timeout"]) / max(counted, 1)))
    return passed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--examples", type=int, default=30,
                        help="hypothesis examples per test and mutant (the engine's stateful test,"
                        " the UI's random key sequences)")
    again = parser.add_mutually_exclusive_group()
    again.add_argument("--report-only", action="store_true",
                       help="classify and count the results of the last run again")
    again.add_argument("--again", action="store_true",
                       help="test the last run's survivors (and what it left untested) again"
                       " against the tests as they are now")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--engine-only", action="store_true", help="the engine's run only")
    which.add_argument("--ui-only", action="store_true", help="the UI's run only")
    parser.add_argument("--only", nargs="+", metavar="FILE",
                        help="mutate these files only (ui/table.py ...), while writing tests")
    args = parser.parse_args()
    equivalent = read_equivalents()
    used = set()
    results = []
    for part in PARTS:
        if args.engine_only and part.name != "engine" or args.ui_only and part.name != "ui":
            continue
        sources = [name for name in part.sources if not args.only or name in args.only]
        if not sources:
            continue
        if args.again:
            run_again(part, sources, args.jobs, args.examples, equivalent)
        elif not args.report_only:
            run_mutmut(part, sources, args.jobs, args.examples)
        results.append((part, report(part, sources, equivalent, used)))
    if not results:
        sys.exit("no file to mutate among " + " ".join(args.only))
    if not args.only:
        # The entries of the files mutated in this run that matched no survivor.
        files = {name.rsplit("/", 1)[-1] for part, _ in results for name in part.sources}
        for key, number in sorted(equivalent.items(), key=lambda item: item[1]):
            if key[0] in files and key not in used:
                print("\n# %s:%d lists a mutant that was killed or no longer exists"
                      % (EQUIVALENT_FILE.name, number))
    passed = True
    for part, counts in results:
        passed = score_lines(part, counts) and passed
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
