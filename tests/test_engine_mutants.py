"""tools/mutants.py (make mutants): how it names and sorts mutants, without running mutmut."""

import ast
import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("mutants_tool", ROOT / "tools" / "mutants.py")
mutants = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutants)


def kind(function, original, mutated):
    return mutants.kind_of(function, ast.parse(original).body[0], ast.parse(mutated).body[0])


ADJUST = '''
def f(self, points):
    if points < 0 or points > 8:
        raise ValueError("An adjustment is -8..8 points, not " + repr(points))
    return points
'''


@pytest.mark.parametrize("function, original, mutated, expected", [
    ("Game.adjust", ADJUST, ADJUST.replace('"An adj', '"XXAn adj'), "message"),
    ("Game.adjust", ADJUST, ADJUST.replace("repr(points)", "repr(None)"), "message"),
    ("Game.adjust", ADJUST, ADJUST.replace('("An adjustment is -8..8 points, not " '
                                           '+ repr(points))', "(None)"), "message"),
    ("Game.adjust", ADJUST, ADJUST.replace("+ repr", "- repr"), "logic"),  # a TypeError
    ("Game.adjust", ADJUST, ADJUST.replace("points < 0", "points <= 0"), "logic"),
    ("Game.adjust", ADJUST, ADJUST.replace("raise ValueError", "raise TypeError"), "logic"),
    ("Game.adjust", ADJUST, ADJUST.replace("return points", "return None"), "logic"),
    ("Game.adjust", ADJUST, ADJUST.replace("points < 0 or", "points < 0 and").replace(
        '"An adj', '"an adj'), "logic"),
    ("_check", 'def f(name):\n    return name == "target"\n',
     'def f(name):\n    return name == "XXtargetXX"\n', "logic"),
    ("_count_tricks", 'def f(count):\n    return str(count) + (" trick" if count == 1 else "")\n',
     'def f(count):\n    return str(count) + (" TRICK" if count == 1 else "")\n', "message"),
    ("_check", 'def f(name):\n    raise ValueError(name + ", ".join(CHOICES))\n',
     'def f(name):\n    raise ValueError(name + ", ".join(None))\n', "logic"),
    ("_check", 'def f(name):\n    raise ValueError(name + ", ".join(CHOICES))\n',
     'def f(name):\n    raise ValueError(name + "XX, XX".join(CHOICES))\n', "message"),
    ("Game.pass_refusal", 'def f(self):\n    if self.over:\n        return "The game is over"\n',
     'def f(self):\n    if self.over:\n        return "THE GAME IS OVER"\n', "message"),
    ("Game.pass_refusal", 'def f(self):\n    if self.over:\n        return "The game is over"\n',
     'def f(self):\n    if not self.over:\n        return "The game is over"\n', "logic"),
    ("crc16", "def f(data, crc=0xFFFF):\n    return crc\n",
     "def f(data, crc=65536):\n    return crc\n", "logic"),
])
def test_message_and_logic_mutants(function, original, mutated, expected):
    assert kind(function, original, mutated) == expected


SAY = '''
def f(table, key, now_ms):
    if key == 4:
        table.mode = "menu"
        return
    table.say(table.key_letter(1) + ": YES", now_ms)
'''
DRAW = '''
def f(table, buf):
    if table.mode == "ask":
        screen.text(buf, 2, 0, b"ORDERED UP?")
    screen.text(buf, 2 + 1, 0, table.names[0] + b" CALLS")
'''


def ui_kind(file, function, original, mutated):
    return mutants.ui_kind_of(file, function, ast.parse(original).body[0],
                              ast.parse(mutated).body[0])


@pytest.mark.parametrize("file, function, original, mutated, expected", [
    ("ask.py", "press", SAY, SAY.replace(": YES", "XX: YESXX"), "messages"),
    ("ask.py", "press", SAY, SAY.replace("table.say(table.key_letter(1) + \": YES\"",
                                         "table.say(None"), "messages"),
    ("ask.py", "press", SAY, SAY.replace(", now_ms)\n", ", None)\n"), "behaviour"),
    ("ask.py", "press", SAY, SAY.replace('"menu"', '"XXmenuXX"'), "behaviour"),
    ("ask.py", "press", SAY, SAY.replace("+ \": YES\"", "- \": YES\""), "behaviour"),
    ("ask.py", "press", SAY, SAY.replace("key_letter(1)", "key_letter(2)"), "behaviour"),
    ("ask.py", "draw", DRAW, DRAW.replace("ORDERED", "ordered"), "messages"),
    ("ask.py", "draw", DRAW, DRAW.replace(" CALLS", "XX CALLSXX"), "messages"),
    ("ask.py", "draw", DRAW, DRAW.replace('"ask"', '"XXaskXX"'), "drawing"),
    ("ask.py", "draw", DRAW, DRAW.replace("2 + 1", "2 - 1"), "drawing"),
    ("ask.py", "draw", DRAW, DRAW.replace("b\" CALLS\"", "None"), "drawing"),
    ("presses.py", "Presses.__init__", ADJUST, ADJUST.replace('"An adj', '"XXAn adj'),
     "messages"),
    ("presses.py", "Presses.__init__", ADJUST, ADJUST.replace("points > 8", "points > 9"),
     "behaviour"),
    ("menu.py", "describe", SAY, SAY.replace("== 4", "!= 4"), "messages"),
    ("screen.py", "wrap", SAY, SAY.replace("== 4", "!= 4"), "drawing"),
    ("parts.py", "draw_list", SAY, SAY.replace("== 4", "!= 4"), "drawing"),
])
def test_ui_behaviour_messages_and_drawing(file, function, original, mutated, expected):
    assert ui_kind(file, function, original, mutated) == expected


def test_function_names():
    assert mutants.function_name("x\u01c1Game\u01c1_step__mutmut_12") == "Game._step"
    assert mutants.function_name("x_crc16__mutmut_3") == "crc16"
    assert mutants.function_name("x__count_tricks__mutmut_1") == "_count_tricks"
    assert mutants.function_name("x\u01c1Rules\u01c1__eq____mutmut_2") == "Rules.__eq__"


def test_equivalents_file_names_each_mutant_with_why():
    keys = mutants.read_equivalents()
    assert len(keys) >= 10
    for file, function, removed, added in keys:
        assert file in [name.rsplit("/", 1)[-1] for name in mutants.ENGINE + mutants.UI]
        assert removed and added and removed != added, (file, function)


def test_equivalents_file_refusals(tmp_path):
    entry = "[game.py Game.undo]\n- a = 1\n+ a = 2\n"
    path = tmp_path / "equivalent.txt"
    path.write_text(entry)
    with pytest.raises(SystemExit, match="needs a why"):
        mutants.read_equivalents(path)
    path.write_text(entry + "why: same\n\n" + entry + "why: same again\n")
    with pytest.raises(SystemExit, match="the same mutant as line 1"):
        mutants.read_equivalents(path)
    path.write_text(entry + "why: same\nstray words\n")
    with pytest.raises(SystemExit, match="not understood"):
        mutants.read_equivalents(path)
    path.write_text("# a comment\n" + entry + "why: same\n")
    assert mutants.read_equivalents(path) == {("game.py", "Game.undo", ("a = 1",), ("a = 2",)): 2}


def test_mutant_keys_name_the_code_not_the_line_number():
    old = ["def NAME(codes):", "tricks = 0", "for code in codes:", "if code:",
           "tricks = 0", "tricks += 1"]
    new = list(old)
    new[4] = "tricks = 1"
    assert mutants.mutant_key("f.py", "count", old, new) \
        == ("f.py", "count 2", ("tricks = 0",), ("tricks = 1",))
    new = list(old)
    new[1] = "tricks = None"
    assert mutants.mutant_key("f.py", "count", old, new) \
        == ("f.py", "count 1", ("tricks = 0",), ("tricks = None",))
    new = list(old)
    new[5] = "tricks -= 1"
    # The same key with lines added above: no line numbers in it.
    assert mutants.mutant_key("f.py", "count", old, new) \
        == mutants.mutant_key("f.py", "count", ["# a comment"] + old, ["# a comment"] + new) \
        == ("f.py", "count", ("tricks += 1",), ("tricks -= 1",))
    # A change over two lines joined into one.
    assert mutants.mutant_key("f.py", "g", ["def NAME(a,", "b):"], ["def NAME(a, b, c):"]) \
        == ("f.py", "g", ("def NAME(a,", "b):"), ("def NAME(a, b, c):",))
