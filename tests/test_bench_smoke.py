"""The benchmark runs, measures what it says and adds up right (no timing
here: the figures come from ``make bench``)."""

import ast
import os
import shutil
import sys

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "bench")
if BENCH not in sys.path:
    sys.path.insert(0, BENCH)

import bench  # noqa: E402
import plan  # noqa: E402


def test_no_import_circle_in_the_benchmark():
    modules = {name[:-3] for name in os.listdir(BENCH) if name.endswith(".py")}
    imports = {}
    for name in modules:
        with open(os.path.join(BENCH, name + ".py")) as f:
            tree = ast.parse(f.read())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module.split(".")[0])
        imports[name] = found & modules
    assert imports["naive"] == {"standins"} and not imports["standins"], imports

    def reaches(start, goal, seen=()):
        return any(n == goal or (n not in seen and reaches(n, goal, seen + (n,)))
                   for n in imports[start])
    assert not [name for name in modules if reaches(name, name)], imports


def test_a_whole_frame_on_the_wire_is_the_spec_figure():
    # The wire's floor: the 1 KiB frame takes about 23 ms at 400 kHz: the driver's
    # show() is six 2-byte command transactions and one of 1025 bytes.
    assert 22.5 < bench.wire_ms(7, 6 * 2 + 1025, 400000) < 24.0


def test_the_plan_is_the_same_every_time_and_checked_by_the_engine():
    first = plan.evening(11, games=2)
    presses, hands, entries, actions = first
    assert plan.evening(11, games=2) == first
    assert len(actions) == 2 and entries > sum(actions)  # some wrong tricks were undone
    labels = [p.label for p in presses]
    assert labels.count("new-game") == 1 and labels.count("undo") == (entries - sum(actions)) // 2
    for hand in hands:
        if hand.deal is None:
            assert [k.label for k in hand.keys] == ["misdeal-ask", "misdeal"]
        elif "quick-ok" in [k.label for k in hand.keys]:
            assert len(hand.keys) == 3 + (hand.deal[2] is not None)
        assert presses[hand.ends_at - 1] == hand.keys[-1]
    saved = plan.saved_midway(hands, 8)
    assert max(saved.scores) >= 8 and saved.actions > 10 and not saved.won
    # In the second game: after the hand that won the first.
    later = plan.saved_midway(hands, 8, game=2)
    first_won = [at for at, hand in enumerate(hands) if hand.won][0]
    assert hands.index(later) > first_won and max(later.scores) >= 8 and not later.won


def test_the_tour_opens_each_menu_screen_the_evening_does_not():
    # Replayed on the table UI from a game-over screen, as the benchmark
    # replays it after the evening: the next game, then each screen once,
    # and back each time (a page of the menu to the menu), with nothing recorded.
    from euchre_core import Rules
    from ui import options
    from ui.table import Table

    table = Table(Rules(target=1), rand=lambda: 0)
    now = 0
    for key in (0, plan.KEY_OK, 1):  # N calls, the quick result, E: march, +2
        now += 1000
        table.press(key, False, now)
    table.tick(now + 5000)
    assert table.screen_name == "over"
    opened = []
    for press in plan.tour():
        now += 1000
        table.press(press.key, press.long, now)
        table.tick(now + 10)
        while table.hooks.export is not None:
            table.tick(now + 10)  # Export prints one line a pass
        if press.label == "new-game":
            assert table.screen_name == "score" and table.tally == [1, 0]
        if press.label == "tour":
            name = table.screen_name
            if name == "options":
                name = "rules" if table.page.kind == options.RULES else "display"
            elif name == "confirm":
                name = "reset match?" if table.page.kind else "new game?"
            elif table.message:
                name = table.message  # Export says what it sent
            opened.append(name)
    assert opened == ["adjust", "score", "rules", "menu", "display", "menu",
                      "1 LINE TO THE USB SERIAL CONSOLE", "new game?", "menu", "reset match?",
                      "menu"], opened
    assert table.game.action_count == 0 and table.tally == [1, 0]


def test_the_house_evening_opens_every_screen_and_ends_as_planned():
    # Every screen of the registry opens at least once (the options page as
    # Rules and as Display, the question as New game? and Reset match?, the
    # seat picker for Renege and for Rest of tricks), Export is chosen, and
    # the evening ends in the next game's hand, three tricks in.
    from ui.registry import SCREENS

    driver = plan.house_evening()
    opened = [name for _, name in driver.opened]
    assert {"rules", "display", "new game?", "reset match?", "pick 0", "pick 1"} <= set(opened)
    seen = {"options" if name in ("rules", "display") else
            "confirm" if name.endswith("?") else name.split()[0] for name in opened}
    assert seen == set(SCREENS), set(SCREENS) ^ seen
    labels = [p.label for p in driver.presses]
    assert labels.count("new-game") == 2 and labels.count("undo") == 1
    table = driver.table
    assert table.tally == [0, 1] and sum(table.game.tricks) == 3 and table.screen_name == "hand"
    assert 100 <= sum(1 for p in driver.presses if not p.long) <= 130


def test_the_board_model_takes_its_factors_from_the_boards_figures():
    pico = bench.Pico(1000.0, 0.001, 3, 500, 400000)

    def row(instr, tx, loads=None, opens=None):
        return {"cpu": instr, "up": {"tx": tx}, "loads": loads or {}, "opens": opens,
                "label": "trick", "long": False, "index": 0}

    rows = [row(10000 + 1000 * k, 10) for k in range(9)]
    rows.append(row(15000, 20, {"ui/stats.mpy": 1300}, "stats"))
    board = bench.Board(pico, rows, 300000, 3, {"code.py": 1000, "ui/table.mpy": 69000})
    assert (board.cpu_factor, board.load_ms_per_kb, board.collect_ms) == bench.BOARD_CALIBRATION
    board.calibrate()
    # The median press is the board's median; the start-up is the board's.
    assert abs(bench.median([board.work(p) for p in rows]) - bench.BOARD_WORK["median"]) < 0.01
    assert abs(board.startup() - bench.BOARD_STARTUP_MS) < 0.01
    # Stats, the one named first opening that loads a module, is the board's.
    assert abs(board.work(rows[-1]) - bench.BOARD_OPENINGS["stats"]) < 0.01
    # Each part counts: a transaction more, a KB more loaded.
    more = row(10000, 11)
    assert abs(board.work(more) - board.work(row(10000, 10)) - bench.BOARD_TX_MS) < 1e-9
    assert board.cpu_factor > 0 and board.load_ms_per_kb > 0 and board.collect_ms > 0


def test_loads_are_told_press_by_press():
    out = "\n".join(["LOADED ui/table.mpy=5000", "HEAP first 100", "PASS - 0 0 64 0",
                     "LOADED ui/stats.mpy=1300", "PASS EWwS 3 40 128 0",
                     "QUIET ui/history.mpy=2000", "AFTER ui/prefs.mpy=700", "PASS - 0 0 0 0"])
    start, loads, quiet, after = bench.loads_by_press(out)
    assert start == {"ui/table.mpy": 5000}
    assert loads == [{}, {"ui/stats.mpy": 1300}, {}]
    # Loaded while the table was quiet, after the first two passes: in no press.
    assert quiet == {2: {"ui/history.mpy": 2000}}
    # Loaded by the third pass once its picture was sent: not before it.
    assert after == {2: {"ui/prefs.mpy": 700}}


def test_passes_add_up_the_dumps_between_marks():
    out = "\n".join(["STAGE code.py 0 0", "PASS - 0 0 64 0", "PASS EWwS 3 40 128 1",
                     "NAIVE trick", "STAGE first key poll 3 40"])
    dumps = [5, 1, 10, 2, 20, 30, 99, 40, 4, 7]
    found, stages = bench.passes(out, dumps)
    assert stages == [("code.py", 5, 0, 0), ("first key poll", 7, 3, 40)]
    assert found[0]["instr"] == 10 and found[0]["to_sent"] == 10 and found[0]["label"] is None
    # The nvm write (the dump ending at w) is C on the board: not counted.
    assert found[1]["instr"] == 20 + 30 + 40 + 4 and found[1]["to_sent"] == 20 + 30 + 40
    # The first byte: the bus is taken (E) after the pass's first dump.
    assert found[1]["to_first"] == 20 and found[0]["to_first"] == 10
    assert found[1]["collected"] and found[1]["label"] == "trick" and found[1]["bytes"] == 40
    with pytest.raises(RuntimeError, match="filter"):
        bench.passes(out, dumps + [1, 1])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    old = bench.BUILD
    bench.BUILD = str(tmp_path_factory.mktemp("bench"))
    staged = bench.build()
    yield staged
    shutil.rmtree(bench.BUILD)
    bench.BUILD = old


def test_the_firmware_runs_as_shipped_press_by_press(built):
    assert built >= 25  # the firmware and the libraries, all precompiled
    presses, _, entries, _ = plan.evening(9, games=1)
    ok, out = bench.firmware(presses, bench.MARKED_HEAP, "one.nvm", ["--mark"])
    assert ok, out[-3000:]
    bench.check_journal(out, entries, 0)
    assert bench.value(out, "KEYS") and int(bench.value(out, "I2C")[0]) >= 100000
    measured = bench.press_passes(presses, bench.passes(out)[0])
    # The key-down pass sends nothing; every call and trick sends its change
    # within one lock of the bus, far less than a whole frame.
    assert not [p for p in measured if p["down"]["bytes"]]
    moves = [p for p in measured if p["label"] in ("call", "trick")]
    assert moves and all(0 < p["bytes"] < 1037 and p["up"]["tx"] > 1 for p in moves)
    # code.py collects its garbage while the table is quiet, not in a press.
    assert not [p for p in measured if p["collected"]]


def test_each_controller_is_measured_with_its_own_addressing(built):
    # EUCHRE_DISPLAY reaches the firmware through the stand-in settings: the
    # SH1106 sends each changed page run with its own page-addressing
    # commands, so the same presses cost it other transactions and bytes.
    presses = plan.each_kind()
    sent = {}
    for display in bench.CONTROLLERS:
        ok, out = bench.firmware(presses, bench.MARKED_HEAP, display + ".nvm",
                                 ["--mark", "--display", display])
        assert ok, out[-3000:]
        measured = bench.press_passes(presses, bench.passes(out)[0])
        sent[display] = [(p["tx"], p["bytes"]) for p in measured]
    assert sent["sh1106"] != sent["ssd1306"]
    assert all(nbytes > 0 for tx, nbytes in sent["sh1106"] if tx)


def test_the_naive_redraw_sends_whole_frames(built):
    ok, out = bench.micropython(["naive"], 1024 * 1024)
    assert ok, out[-3000:]
    found = bench.passes(out)[0]
    labels = {p["label"] for p in found}
    assert {"calibrate", "trick", "call", "score", "misdeal", "menu"} <= labels
    assert all((p["tx"], p["bytes"]) == (7, 1037) for p in found)


def test_a_modules_string_objects_are_read_from_its_mpy(built):
    # The engine's words for a wrong value are all over ten characters: an
    # object each. The registry's tuples of screen names hold each short
    # name as an object too.
    from euchre_core.wrong_words import SENTENCES

    assert bench.string_objects("euchre_core.wrong_words") == (
        len(SENTENCES), sum(len(text) for text in SENTENCES.values()))
    from ui.registry import SCREENS
    count, characters = bench.string_objects("ui.registry")
    assert count > len(SCREENS) and characters > sum(len(name) for name in SCREENS)
    assert bench.string_objects("ui.frame") == (0, 0)
    assert bench.string_objects("no.such_module") == (0, 0)


def test_the_start_ups_files_include_a_module_let_go_before_the_first_pixel(built):
    # Flash holding someone else's bytes: start-up writes the new game's
    # record before the first picture, loading the preferences' format
    # for it and letting it go at once. Its file was read all the same.
    with open(os.path.join(bench.BUILD, "foreign.nvm"), "wb") as f:
        f.write(b"CIRCUITPYTHON-DATA" + b"\xff" * (4096 - 18))
    ok, out = bench.firmware([], bench.MARKED_HEAP, "foreign.nvm", ["--stages", "--files"])
    assert ok, out[-3000:]
    assert "not recognised" in out
    files = dict(word.rsplit("=", 1) for word in bench.value(out, "FILES"))
    assert "ui/prefs.mpy" in files, files


def test_the_start_up_is_marked_stage_by_stage(built):
    # As the benchmark's start-up: a save in the second game, whose record
    # keeps the first for Undo (replayed once the score is on the glass).
    presses, hands, _, _ = plan.evening(bench.SESSION_SEED, games=bench.SAVED_GAME)
    saved = plan.saved_midway(hands, bench.SAVED_AT, bench.SAVED_GAME)
    assert bench.firmware(presses[:saved.ends_at], nvm="saved.nvm")[0]
    ok, out = bench.firmware([], bench.MARKED_HEAP, "saved.nvm", ["--stages", "--files"])
    assert ok, out[-3000:]
    assert "unreadable" not in out
    stages = bench.passes(out)[1]
    names = [s[0] for s in stages]
    assert names[0] == "code.py" and names[-2:] == ["first key poll", "second key poll"], names
    assert {"settings read", "keypad.Keys", "busio.I2C", "first I2C write"} <= set(names)
    # The glass is turned on once it holds the score screen, sent whole
    # before the loop starts.
    pixel = names.index("first pixel")
    assert names.index("first I2C write") < pixel < names.index("first key poll")
    sent = [s[3] for s in stages]
    assert sent[names.index("busio.I2C")] == 0
    assert sent[pixel] - sent[pixel - 1] > 300
    assert "Traceback" not in out and "restarting" not in out
    # The files read by then, with their sizes: the hand's screens are not
    # among them (they load once the score is on the glass), nor the loop.
    files = dict(word.rsplit("=", 1) for word in bench.value(out, "FILES"))
    assert {"code.py", "settings.toml", "ui/table.mpy", "ui/score.mpy"} <= set(files), files
    # The modules start-up lets go of were read all the same.
    assert {"hw/settings.mpy", "firmware/house_rules.mpy"} <= set(files), files
    assert "ui/hand.mpy" not in files and "ui/menu.mpy" not in files
    assert "firmware/loop.mpy" not in files and "ui/presses.mpy" not in files
    shipped = os.path.join(bench.BUILD, "bundle", "CIRCUITPY", "settings.toml")
    assert int(files["settings.toml"]) == os.path.getsize(shipped)


def test_the_start_ups_allocation_is_read_from_code_py_to_the_first_pixel():
    out = "\n".join(["STAGE code.py 0 0", "ALLOC 25000 code.py", "STAGE settings read 0 0",
                     "ALLOC 90000 settings read", "STAGE first pixel 9 1074",
                     "ALLOC 200000 first pixel", "ALLOC 210000 first key poll"])
    assert bench.start_allocated(out) == 200000 - 25000
    with pytest.raises(KeyError):
        bench.start_allocated(out.replace("first pixel", "first key poll"))


def test_a_saved_game_start_allocates_more_than_a_first_power_on(built):
    # The saved game's reader and its replay come before the first picture
    # of a resumed game; a first power-on has neither.
    presses, hands, _, _ = plan.evening(bench.SESSION_SEED, games=1)
    assert bench.firmware(presses[:plan.saved_midway(hands, 8).ends_at], nvm="heap.nvm")[0]
    allocated = {}
    for nvm in ("heap.nvm", "heap-blank.nvm"):
        ok, out = bench.firmware([], 1024 * 1024, nvm, ["--stages", "--alloc"])
        assert ok, out[-3000:]
        # One ALLOC line for each stage, right after it, growing: nothing
        # is collected in a heap this size.
        lines = out.splitlines()
        stages = [line.split(None, 1)[1].rsplit(None, 2)[0] for line in lines
                  if line.startswith("STAGE ")]
        told = [(line.split(None, 2)[2], int(line.split()[1])) for line in lines
                if line.startswith("ALLOC ")]
        assert [name for name, _ in told] == stages
        assert [figure for _, figure in told] == sorted(figure for _, figure in told)
        allocated[nvm] = bench.start_allocated(out)
    assert allocated["heap.nvm"] > allocated["heap-blank.nvm"] > 50000, allocated


def test_the_start_ups_imports_are_counted_module_by_module():
    # Each import's own work, the modules it imports apart; what runs
    # before code.py and after the first pixel is no part of it.
    out = "\n".join(["MARKED S code.py", "MARKED > ui.table", "MARKED > ui.parts",
                     "MARKED < ui.parts", "MARKED < ui.table", "MARKED S settings read",
                     "MARKED > ui.parts", "MARKED < ui.parts", "MARKED S first pixel",
                     "MARKED > ui.presses", "MARKED < ui.presses", "PASS - 0 0 0 0"])
    dumps = [1000, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31]
    # Dump k ends at mark k: the work up to a mark is the module then on top's.
    assert bench.startup_imports(out, dumps) == {"": 3 + 13 + 17 + 23, "ui.table": 5 + 11,
                                                 "ui.parts": 7 + 19}
    with pytest.raises(RuntimeError, match="first pixel"):
        bench.startup_imports(out.replace("first pixel", "first key poll"), dumps)
    # A mark the run did not tell (a stray filter() call) would shift every figure.
    with pytest.raises(RuntimeError, match="filter"):
        bench.startup_imports(out, dumps + [1, 1])


def test_the_start_ups_imports_are_marked_in_order(built):
    presses, hands, _, _ = plan.evening(2024, games=1)
    assert bench.firmware(presses[:plan.saved_midway(hands, 8).ends_at], nvm="imports.nvm")[0]
    ok, out = bench.firmware([], bench.MARKED_HEAP, "imports.nvm", ["--stages", "--imports"])
    assert ok, out[-3000:]
    marked = [line.split(None, 2)[1:] for line in out.splitlines() if line.startswith("MARKED ")]
    assert marked[0] == ["S", "code.py"]
    # As many marks as the stages and imports reached (the stages print theirs).
    assert len([m for m in marked if m[0] == "S"]) == out.count("\nSTAGE ") + out.startswith("STAGE ")
    stack, inside = [], {}
    for kind, name in marked:
        if kind == ">":
            inside.setdefault(name, stack[-1] if stack else None)
            stack.append(name)
        elif kind == "<":
            assert stack.pop() == name
    assert stack == []
    # A "from ui import parts" in ui.table: ui.parts counted as its own
    # import, inside the table's.
    assert inside["ui.parts"] == "ui.table", inside
    assert [name for kind, name in marked if kind == "S"].index("first pixel") > 0


def test_the_house_evening_runs_on_the_firmware_as_on_the_plan(built):
    # The firmware, under the house rules of settings.toml, ends where the
    # plan's table ends, and loads its modules in no press.
    driver = plan.house_evening()
    ok, out = bench.firmware(driver.presses, 1024 * 1024, "house.nvm",
                             ["--mark", "--loads", "--sample", "25"] + bench.house_flags())
    assert ok, out[-3000:]
    ended = dict(word.split("=", 1) for word in bench.value(out, "TABLE"))
    table = driver.table
    assert ended["scores"] == "%d,%d" % tuple(table.game.scores)
    assert ended["tally"] == "0,1" and ended["screen"] == "hand"
    assert ended["actions"] == str(table.game.action_count)
    start, loads, quiet, after = bench.loads_by_press(out)
    assert {"ui/table.mpy", "ui/hand.mpy", "hw/settings.mpy"} <= set(start)
    assert "ui/menu.mpy" not in start  # not before the first long OK
    # No press loads a module: the menu loads while OK is held, its pages
    # while the table is quiet, the menu's cursor on their entries, one at a
    # time, and again after play has let them go (Stats at game over).
    assert len(loads) == len(bench.passes(out)[0]) and not [at for at in loads if at], loads
    pages = [name for at in sorted(quiet) for name in quiet[at]]
    assert {"ui/options.mpy", "ui/stats.mpy", "ui/export.mpy", "ui/confirm.mpy",
            "ui/pick.mpy"} <= set(pages)
    assert pages.count("ui/stats.mpy") >= 2 and pages.count("ui/menu.mpy") >= 2, pages
    # The preferences' format loads for each whole record (a new game, new
    # preferences) once the press's picture is sent, and goes with it.
    saved = [name for at in sorted(after) for name in after[at]]
    assert set(saved) == {"ui/prefs.mpy"} and len(saved) >= 3
    assert "ui/prefs.mpy" not in pages
    base = int(bench.value(out, "board"))
    assert base < int(bench.value(out, "first")) < int(bench.value(out, "peak"))


def test_the_evenings_heap_is_the_firmwares_own(built):
    # The run that tells the loads keeps lists of the files and modules it
    # has seen in the heap: the heap figures come from a run without them.
    driver = plan.house_evening()
    presses = driver.presses[:3]
    heap = bench.evening_heap(presses, bench.house_flags())
    ok, out = bench.firmware(presses, 1024 * 1024, "told.nvm",
                             ["--loads", "--sample", "25"] + bench.house_flags())
    assert ok, out[-3000:]
    told = int(bench.value(out, "first")) - int(bench.value(out, "board"))
    assert heap["board"] < heap["first"] <= heap["peak"]
    assert heap["first"] - heap["board"] + 2048 < told
    names = heap["names"]
    start, first, end = names["start"], names["first"], names["end"]
    assert 0 < start[0] < 300 < first[0] <= end[0] and first[0] * 4 < first[1]
    # n_pool: the names' tables, as names_step counts them.
    for count, _size, tables in (start, first, end):
        capacity, _next = bench.names_step(count)
        assert capacity == bench.NAMES_FIRST_TABLE * (2 ** tables - 1)


def test_the_names_tables_step_by_doubling():
    assert bench.names_step(0) == bench.names_step(20) == (20, 40)
    assert bench.names_step(21) == (60, 80)
    assert bench.names_step(1086) == bench.names_step(1260) == (1260, 1280)
    assert bench.names_step(1261) == (2540, 2560)


def test_a_functions_own_instructions_leave_out_what_it_calls(tmp_path):
    # callgrind's compressed names: "(id) name" the first time, from a
    # function's own lines or a call's; "(id)" alone after.
    path = tmp_path / "cg.1"
    path.write_text("\n".join([
        "positions: line", "events: Ir", "totals: 60",
        "fn=(1) mp_execute_bytecode", "10 5", "cfn=(2) qstr_find_strn", "calls=3 40", "12 30",
        "+2 4",
        "fn=(2)", "40 20", "* 7", "cfn=(3) strlen", "calls=1 9", "41 9",
        "fn=(4) qstr_find_strn_other", "1 100", ""]))
    assert bench.own_instructions(str(path), "qstr_find_strn") == 27
    assert bench.own_instructions(str(path), "mp_execute_bytecode") == 9
    assert bench.own_instructions(str(path), "strlen") == 0


@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind counts the instructions")
def test_callgrind_counts_every_mark(built):
    presses = [plan.Press(1, False, 300, "call"), plan.Press(plan.IDLE, False, 40, "idle")]
    spent = {bench.NAME_LOOKUP: []}
    out, dumps = bench.counted(lambda tool: bench.firmware(presses, bench.MARKED_HEAP, "cg.nvm",
                                                           ["--mark"], tool), spent)
    call, idle = bench.press_passes(presses, bench.passes(out, dumps)[0])
    assert call["bytes"] > 300 and 0 < call["cpu"] <= call["up"]["instr"] < call["work"]
    assert 0 < idle["work"] < call["work"]
    # The names looked up, dump by dump: a part of each dump's instructions,
    # most of them before the first press, as start-up loads the modules.
    looked = spent[bench.NAME_LOOKUP]
    assert len(looked) == len(dumps)
    assert all(0 <= own <= total for own, total in zip(looked, dumps))
    assert looked[0] > 0.9 * sum(looked) > 0
