"""The rules engine's layers: each module imports only those below it, and
each constant has one owner: a shared constant is public in its owner and
imported by the others."""

import ast
import pathlib

_ENGINE = pathlib.Path(__file__).parent.parent / "euchre_core"
# From the bottom up; a module may import only modules before it.
LAYERS = ("wrong_words", "basics", "rules", "actions", "game_forms", "game", "reports", "hand_stats",
          "transcript")


def _engine_imports(path):
    """The euchre_core modules a module imports, wherever the import stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [node.module + "." + alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("euchre_core.") and name.split(".")[1] in LAYERS:
                found.add(name.split(".")[1])
    return found


def test_every_engine_module_has_a_layer():
    modules = {path.stem for path in _ENGINE.glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)


def test_imports_only_go_down():
    for level, name in enumerate(LAYERS):
        imported = _engine_imports(_ENGINE / (name + ".py"))
        above = [other for other in imported if LAYERS.index(other) >= level]
        assert above == [], (name, above)


def test_game_forms_never_imports_game():
    assert "game" not in _engine_imports(_ENGINE / "game_forms.py")


def test_a_table_in_play_never_loads_the_reports_or_the_transcript():
    # The package, and every module a table imports to play, leave the
    # reports out (only the pages that show one import them) and the
    # transcript (the text and saved forms: the tests' and the tools').
    import subprocess
    import sys
    code = ("import sys, euchre_core, euchre_core.game_forms, euchre_core.rules; "
            "print(sorted(m for m in sys.modules if m.startswith('euchre_core')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=str(_ENGINE.parent),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["['euchre_core',", "'euchre_core.actions',",
                                  "'euchre_core.basics',", "'euchre_core.game',",
                                  "'euchre_core.game_forms',", "'euchre_core.rules']"]


def _constants(path):
    names = {}
    for node in ast.parse(path.read_text()).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "const"):
            names[node.targets[0].id] = ast.literal_eval(node.value.args[0])
    return names


def test_each_constant_has_one_owner():
    # A shared constant is public in its owner and imported by the others,
    # never a private copy in each.
    owners = {}
    for name in LAYERS:
        for constant in _constants(_ENGINE / (name + ".py")):
            owners.setdefault(constant.lstrip("_"), []).append(name)
    repeated = {constant: where for constant, where in owners.items() if len(where) > 1}
    assert repeated == {}
    actions = _constants(_ENGINE / "actions.py")
    assert {"CALL", "PASS", "ADJUST", "FINISH"} <= set(actions)


def test_the_engine_loads_without_a_circle():
    # Each module imported on its own, lowest first, in a fresh interpreter:
    # a circle would leave a half-made module and fail here.
    import subprocess
    import sys
    for name in LAYERS:
        run = subprocess.run([sys.executable, "-c", "import euchre_core." + name],
                             cwd=str(_ENGINE.parent), capture_output=True, text=True,
                             timeout=60)
        assert run.returncode == 0, run.stderr


# A hand on an interpreter with nothing installed and no site packages: no
# micropython module (its const is basics' plain function), no Blinka.
_BARE_HAND = """
import sys
sys.path.insert(0, sys.argv[1])
try:
    import micropython
    print("micropython found")
except ImportError:
    pass
import euchre_core
from euchre_core import transcript
game = euchre_core.Game(euchre_core.Rules(), dealer=3)
game.call(1, alone=True)
for seat in (1, 1, 1, 0, 1):
    game.trick(seat)
try:
    game.trick(3)
except ValueError as err:
    print(str(err))
print(game.scores, game.last_hand.kind, transcript.text(game))
"""


def test_the_engine_plays_a_hand_on_a_bare_cpython():
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-I", "-S", "-c", _BARE_HAND, str(_ENGINE.parent)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "Name trump before counting tricks",
        "[0, 1] made AE TE TE TE TN TE"]


def test_the_adjust_byte_and_its_limit_have_one_owner():
    # euchre_core.actions owns the ADJUST byte and its limit (ADJUST_MAX):
    # the game, its forms and the Adjust page read a kind with kind_of and an
    # adjustment with adjustment(), and take the limit from there.
    root = _ENGINE.parent
    found = []
    for path in (_ENGINE / "game.py", _ENGINE / "game_forms.py", _ENGINE / "reports.py",
                 _ENGINE / "transcript.py", root / "ui" / "adjust.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "MINUS":
                found.append((path.name, "MINUS"))
            elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.RShift)
                  and isinstance(node.left, ast.Name) and node.left.id in ("code", "arg")):
                found.append((path.name, ast.unparse(node)))
            elif isinstance(node, ast.Compare) and getattr(node.left, "id", "") != "arg":
                # (a PASS's argument is below 8: not the adjustment's limit)
                numbers = [part for part in [node.left] + node.comparators
                           if isinstance(part, (ast.Constant, ast.UnaryOp))]
                if any(ast.unparse(part) in ("8", "-8") for part in numbers):
                    found.append((path.name, ast.unparse(node)))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value.startswith("8 points") or "-8..8" in node.value:
                    found.append((path.name, node.value))
    assert found == []


def test_a_word_rules_choices_and_their_words_are_the_engines():
    # Each WORD rule's row holds its choices and the words the Rules page
    # shows for them: the UI, the board's adapters and firmware name neither.
    from euchre_core.rules import FIELDS, WORD

    named = set()
    for row in FIELDS:
        if row[3] == WORD:
            assert len(row[5]) == len(row[2]), row
            named |= set(row[2]) | set(row[5])
    # Also a question's answer and a flag's spelling in settings.toml.
    named -= {"NO", "off"}
    found = []
    root = _ENGINE.parent
    for package in ("ui", "hw", "firmware"):
        for path in sorted((root / package).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and node.value in named:
                    found.append((path.name, node.value))
    assert found == []


def _wrong_calls():
    """(module, key, values given) of each ``wrong(...)`` call in the engine."""
    calls = []
    for name in LAYERS:
        for node in ast.walk(ast.parse((_ENGINE / (name + ".py")).read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "wrong"
                    and node.args):
                keys = node.args[0]
                # A key chosen by a condition: each of its branches.
                options = ([keys.body, keys.orelse] if isinstance(keys, ast.IfExp) else [keys])
                for option in options:
                    calls.append((name, ast.literal_eval(option), len(node.args) - 1))
    return calls


def test_each_wrong_value_has_its_sentence_and_each_sentence_a_use():
    # Every key a check raises has a sentence taking as many values as the
    # check gives it, and no sentence is left without a check.
    from euchre_core.wrong_words import SENTENCES

    calls = _wrong_calls()
    assert {key for _, key, _ in calls} == set(SENTENCES)
    for name, key, given in calls:
        assert SENTENCES[key].count("%") == given, (name, key)


_WRONG_ONLY_WHEN_RAISED = """
import sys
sys.path.insert(0, sys.argv[1])
import euchre_core
game = euchre_core.Game(euchre_core.Rules(target=5), dealer=3)
for _ in range(3):
    game.call(1)
    try:
        game.call(2)
    except ValueError as err:
        refused = str(err)
    game.finish(5)
print(game.over, refused, "euchre_core.wrong_words" in sys.modules)
try:
    game.trick(7)
except ValueError as err:
    print(str(err), "euchre_core.wrong_words" in sys.modules)
"""


def test_the_sentences_of_a_wrong_value_load_only_when_one_is_raised():
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-c", _WRONG_ONLY_WHEN_RAISED, str(_ENGINE.parent)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "True Trump is already named by E False",
        "A seat is 0..3 (N, E, S, W), not 7 True"]
