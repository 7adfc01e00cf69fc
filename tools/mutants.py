"""`make mutants`: how many small changes to the rules engine its tests catch.

mutmut (pinned in requirements-dev.txt) makes every mutant of
euchre_core/rules.py, actions.py, game_forms.py and game.py and runs the
engine tests
against each, in a scratch copy under build/mutants. This script then sorts
the mutants into logic and message mutants (a message mutant only changes
the words of a refusal) and prints killed / survived / timed out and the
score of each kind. A surviving mutant judged equivalent (no test could
catch it: the engine behaves the same) is listed in tools/mutants-equivalent.txt
and counted apart; the survivors not listed there are printed in that file's
format. Exit status 1 when a score is under its target.

    .venv/bin/python tools/mutants.py [--jobs N] [--examples N] [--report-only]
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
ENGINE = ("euchre_core/rules.py", "euchre_core/actions.py", "euchre_core/game_forms.py",
          "euchre_core/game.py")
TESTS = ("tests/test_cases.py", "tests/test_engine_stateful.py", "tests/test_engine_house.py",
         "tests/test_engine_readme.py")
# tests/test_cases.py runs the case_* functions of every tests/cases_*.py it finds:
# the engine's, and the key presses' (of ui/, copied too), which reach no mutant.
COPIED = TESTS + ("README.md",) + tuple(
    str(path.relative_to(ROOT)) for pattern in ("euchre_core/*.py", "ui/*.py", "tests/cases_*.py")
    for path in sorted(ROOT.glob(pattern)))
HYPOTHESIS_SEED = 16
TARGETS = {"logic": 97.0, "message": 90.0}
# Functions that put a refusal into words (outside a raise statement).
REFUSAL_FUNCTIONS = ("Game.pass_refusal", "Game.set_back_refusal", "_count_tricks")

SETUP_CFG = """[mutmut]
source_paths = euchre_core
only_mutate =
{only}
also_copy =
    README.md
    pytest.ini
    ui
pytest_add_cli_args = -p no:cacheprovider -q --hypothesis-seed={seed}
pytest_add_cli_args_test_selection =
{tests}
"""
PYTEST_INI = "[pytest]\ntestpaths = tests\npythonpath = . tests\n"


def run_mutmut(jobs, examples):
    shutil.rmtree(WORK, ignore_errors=True)
    for name in COPIED:
        (WORK / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, WORK / name)
    (WORK / "setup.cfg").write_text(SETUP_CFG.format(
        only="\n".join("    " + name for name in ENGINE),
        tests="\n".join("    " + name for name in TESTS), seed=HYPOTHESIS_SEED))
    (WORK / "pytest.ini").write_text(PYTEST_INI)
    env = dict(os.environ, EUCHRE_MUTANT_EXAMPLES=str(examples))
    mutmut = pathlib.Path(sys.executable).parent / "mutmut"
    print("mutmut: %d engine files, %d jobs, %d hypothesis examples, seed %d; log in %s"
          % (len(ENGINE), jobs, examples, HYPOTHESIS_SEED, WORK / "mutmut.log"), flush=True)
    with open(WORK / "mutmut.log", "w") as log:
        code = subprocess.call([str(mutmut), "run", "--max-children", str(jobs)],
                               cwd=WORK, env=env, stdout=log, stderr=subprocess.STDOUT)
    if code:
        sys.exit("mutmut failed (exit %d): see %s" % (code, WORK / "mutmut.log"))


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


def mutants_of(path):
    """(name, function, removed lines, added lines, kind) for each mutant of one file."""
    mutated = WORK / "mutants" / path
    source = mutated.read_text()
    lines = source.splitlines()
    functions = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and "__mutmut_" in node.name:
            functions[node.name] = node
    module = path[:-3].replace("/", ".")
    for name in json.loads((WORK / "mutants" / (path + ".meta")).read_text())["exit_code_by_key"]:
        mangled = name[len(module) + 1:]
        orig = functions[mangled.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"]
        mutant = functions[mangled]

        def text(node):
            body = lines[node.lineno - 1:node.end_lineno]
            return [line.strip() for line in [body[0].replace(node.name, "NAME", 1)] + body[1:]]
        function = function_name(mangled)
        yield name, mutant_key(path.rsplit("/", 1)[-1], function, text(orig), text(mutant)), \
            kind_of(function, orig, mutant)


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
    """"message" when every change of the mutant (a FunctionDef) lies in a refusal's words."""
    found = changes(orig.args, mutant.args) + changes(orig.body, mutant.body)
    message = bool(found) and all(in_refusal_words(change, function) for change in found)
    return "message" if message else "logic"


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


def report():
    equivalent = read_equivalents()
    counts = {kind: {"killed": 0, "survived": 0, "timeout": 0, "equivalent": 0}
              for kind in ("logic", "message")}
    survivors = []
    used = set()
    for path in ENGINE:
        exit_codes = json.loads((WORK / "mutants" / (path + ".meta")).read_text())["exit_code_by_key"]
        for name, key, kind in mutants_of(path):
            status = status_of(name, exit_codes[name])
            if status == "survived" and key in equivalent:
                status = "equivalent"
                used.add(key)
            counts[kind][status] += 1
            if status == "survived":
                survivors.append((kind, name, key))
    for kind, name, key in survivors:
        print("\n# %s mutant %s survived\n%s" % (kind, name, entry_text(key)))
    for key, number in sorted(equivalent.items(), key=lambda item: item[1]):
        if key not in used:
            print("\n# %s:%d lists a mutant that was killed or no longer exists"
                  % (EQUIVALENT_FILE.name, number))
    print()
    failed = False
    for kind, count in counts.items():
        caught = count["killed"] + count["timeout"]
        counted = caught + count["survived"]
        score = 100.0 * caught / counted if counted else 100.0
        print("%-7s mutants %4d: killed %4d, timed out %2d, survived %3d, equivalent %3d;"
              " score %5.1f%% (target %d%%)"
              % (kind, counted + count["equivalent"], count["killed"], count["timeout"],
                 count["survived"], count["equivalent"], score, TARGETS[kind]))
        failed = failed or score < TARGETS[kind]
    total = {status: sum(count[status] for count in counts.values())
             for status in ("killed", "survived", "timeout", "equivalent")}
    counted = total["killed"] + total["timeout"] + total["survived"]
    print("all     mutants %4d: killed %4d, timed out %2d, survived %3d, equivalent %3d;"
          " score %5.1f%%" % (counted + total["equivalent"], total["killed"], total["timeout"],
                               total["survived"], total["equivalent"],
                               100.0 * (total["killed"] + total["timeout"]) / counted))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--examples", type=int, default=30,
                        help="hypothesis examples of the stateful test per mutant")
    parser.add_argument("--report-only", action="store_true",
                        help="classify and count the results of the last run again")
    args = parser.parse_args()
    if not args.report_only:
        run_mutmut(args.jobs, args.examples)
    sys.exit(report())


if __name__ == "__main__":
    main()
