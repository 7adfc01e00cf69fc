"""The benchmark's pieces run and agree with what they claim (no timing here:
the figures themselves come from ``make bench``)."""

import os
import shutil
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(os.path.dirname(HERE), "tools", "bench")
if BENCH not in sys.path:
    sys.path.insert(0, BENCH)

REPO = os.path.dirname(HERE)


def needs(*paths):
    """Skip while a firmware piece the benchmark drives is not in the tree yet."""
    missing = [p for p in paths if not os.path.exists(os.path.join(REPO, p))]
    return pytest.mark.skipif(bool(missing), reason="not in the tree yet: " + ", ".join(missing))


UI = ("ui/table.py", "ui/screen.py", "ui/font.py", "hw/display.py",
      "hw/storage.py")
FIRMWARE = UI + ("code.py", "sim/cp/_vboard.py")

import bench  # noqa: E402
import bench_bus  # noqa: E402
import bench_naive  # noqa: E402
import bench_plan  # noqa: E402


def test_i2c_model_gives_the_spec_figure_for_a_full_frame():
    # SPEC 7: sending the 1 KiB frame takes about 23 ms at 400 kHz. The driver's
    # show(): six 2-byte command transactions and one of 1025 bytes.
    ms = bench.i2c_ms(7, 6 * 2 + 1025)
    assert 22.5 < ms < 24.0


def test_plan_is_the_same_on_every_run_and_quick_hands_take_three_presses():
    first = [bench_plan.draw_hand(bench_plan.Lcg(5)) for _ in range(1)]
    rng_a, rng_b = bench_plan.Lcg(11), bench_plan.Lcg(11)
    hands_a = [bench_plan.draw_hand(rng_a) for _ in range(50)]
    hands_b = [bench_plan.draw_hand(rng_b) for _ in range(50)]
    assert hands_a == hands_b and first
    rng = bench_plan.Lcg(3)
    for hand in hands_a:
        keys = bench_plan.presses(hand, True, rng)
        if hand is None:
            assert keys == [(bench_plan.KEY_OK, False)]
        elif hand[2] is None:
            assert len(keys) == 3
        winners = bench_plan.trick_winners(hand, rng) if hand else []
        if hand:
            caller, alone, lone_defender, tricks = hand
            assert sum(1 for s in winners if s % 2 == caller % 2) == tricks
            if alone:
                assert (caller + 2) % 4 not in winners


@needs(*UI)
def test_presses_per_hand_replays_through_the_table():
    results = bench.presses_per_hand(count=60, seed=1)
    assert set(results["quick"]["normal hand"]) == {3}
    assert set(results["tricks"]["normal hand"]) == {6}
    assert results["tricks"].keys() == results["quick"].keys()


@needs("ui/font.py")
def test_font_file_has_the_adafruit_layout():
    from ui import font
    data = bench_naive.font_file(font.SMALL, font.SMALL_FIRST, font.SMALL_COUNT, font.SMALL_W)
    assert len(data) == 2 + 256 * 5 and data[0] == 5 and data[1] == 8
    a = ord("A")
    assert data[2 + a * 5:2 + a * 5 + 5] == font.SMALL[font.small_index(a):font.small_index(a) + 5]
    assert data[2 + ord("a") * 5:2 + ord("a") * 5 + 5] == data[2 + a * 5:2 + a * 5 + 5]


@needs("ui/font.py")
def test_naive_screens_send_whole_frames_through_the_real_driver(tmp_path, monkeypatch):
    import adafruit_ssd1306
    from euchre_core import Game, Rules
    monkeypatch.chdir(tmp_path)
    from ui import font
    (tmp_path / "font5x8.bin").write_bytes(
        bench_naive.font_file(font.SMALL, font.SMALL_FIRST, font.SMALL_COUNT, font.SMALL_W))
    bus = bench_bus.CountingI2C()
    display = adafruit_ssd1306.SSD1306_I2C(128, 64, bus, addr=0x3C)
    game = Game(Rules(), dealer=0)
    game.call(1)
    for draw in (lambda: bench_naive.score_screen(display, game, ("A", "B", "C", "D")),
                 lambda: bench_naive.hand_screen(display, game, ("A", "B", "C", "D")),
                 lambda: bench_naive.menu_screen(display, bench_naive.MENU_ITEMS, 3)):
        before = (bus.transactions, bus.data_bytes)
        draw()
        assert (bus.transactions - before[0], bus.data_bytes - before[1]) == (7, 1037)
        assert any(display.buffer[1:])


@needs(*UI)
def test_firmware_path_steps_run_on_cpython(monkeypatch):
    import bench_hw
    import bench_ours
    import hw
    # hw/keys.py and hw/led.py import the C modules keypad and digitalio:
    # give them the benchmark's stand-ins for this test only.
    for name, module in bench_hw.stand_ins().items():
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("keys", "led"):
        monkeypatch.delitem(sys.modules, "hw." + name, raising=False)
        if hasattr(hw, name):
            monkeypatch.setattr(hw, name, getattr(hw, name))
    for kind in ("trick", "call", "score", "misdeal", "menu"):
        bus = bench_bus.CountingI2C()
        steps, _, firmware = bench_ours.build(kind, 1, bus=bus)
        sent = []
        downs = []
        for measured, label, step in steps:
            before = bus.data_bytes
            assert step(0) is False
            if measured:
                (downs if label == "down" else sent).append(bus.data_bytes - before)
        # The key-down pass draws nothing; the key-up pass sends the change.
        assert downs and not any(downs), (kind, downs)
        assert len(sent) == len(downs)
        assert all(0 < n <= 1037 + 6 * 2 * 8 for n in sent), (kind, sent)
    # The trick scenario ends where it should: one hand scored, no message shown.
    steps, _, firmware = bench_ours.build("trick", 1, bus=bench_bus.CountingI2C())
    for _, _, step in steps:
        step(0)
    assert len(firmware.table.game.history()) == 1
    assert firmware.table.message is None


@needs(*UI)
def test_session_script_ends_with_a_won_game():
    lines, expected, actions, hands, entries = bench.session_script(games=2, seed=9)
    assert expected[2] in (0, 1) and max(expected[:2]) >= 10
    assert len(actions) == 2 and hands > 0 and lines
    labels = [line.split()[3] for line in lines]
    assert labels.count("last-trick") + labels.count("quick-result") <= hands
    assert {"call", "trick", "new-game"} <= set(labels)
    # Some hands carry a wrong press taken back: each is one action and one undo.
    assert entries > sum(actions)


@needs(*FIRMWARE)
def test_micropython_runs_presses_and_a_session(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "BUILD", str(tmp_path / "bench"))
    bench.prepare()
    interp, emits, written = bench.mpy_versions()
    assert interp == emits and written == interp[0]
    steps = bench.parse_steps(bench.micropython(["bench_main.py", "trick:ours", "1"]).stdout)
    assert [s[0] for s in steps] == ["down", "trick"] * 4
    parts = bench.parse_steps(bench.micropython(["bench_main.py", "parts:ours", "1"]).stdout)
    assert [s[0] for s in parts[:6]] == ["press", "tick", "sync", "render", "show", "led"]
    # Only the show stage talks to the display.
    assert [s[2] > 0 for s in parts[:6]] == [False, False, False, False, True, False]
    model = bench.parse_steps(bench.micropython(["bench_main.py", "trick:ours", "1",
                                                 "model"]).stdout)
    assert [s[2:4] for s in model] == [s[2:4] for s in steps]
    lines, expected, _, _, entries = bench.session_script(games=1, seed=9)
    with open(os.path.join(bench.BUILD, "one.txt"), "w") as f:
        f.write("expect %d %d %d\n" % expected + "\n".join(lines) + "\n")
    ok, values, done = bench.run_session("one.txt", "1m")
    assert ok, done.stdout + done.stderr
    ok, minimal, done = bench.run_session("one.txt", "1m", minimal=True)
    assert ok, done.stdout + done.stderr
    assert minimal["final"] == values["final"]
    # The markers around key-event passes change nothing the firmware does.
    marked = bench.micropython(["bench_session_main.py", "--minimal", "one.txt", "--mark"],
                               heap="1m").stdout
    assert "SESSION ok 1" in marked
    # In a heap tight enough to need collecting, code.py collects while the
    # table is quiet: no collection lands in a pass that handles a key.
    marked = bench.micropython(["bench_session_main.py", "--minimal", "one.txt", "--mark"],
                               heap="200k").stdout
    assert "SESSION ok 1" in marked
    passes = [line.split() for line in marked.splitlines() if line.startswith("PASS ")]
    assert len(passes) > 100 and not [p for p in passes if p[3] != "0"]
    # One journal write per action or undo, no erase for them.
    assert int(values["journal_writes"]) == entries
    assert int(values["journal_erases"]) == 0
    assert values["final"] == "%d %d %d" % expected
    # The heap margin: every size from it up (8 KiB apart here) completes,
    # the next size down does not.
    step = 8 * 1024
    lowest = bench.completes_from("one.txt", 200 * 1024, minimal=True, step=step)
    assert lowest < 200 * 1024
    for heap in range(lowest, 200 * 1024 + 1, step):
        assert bench.run_session("one.txt", heap, minimal=True)[0], heap
    assert not bench.run_session("one.txt", lowest - step, minimal=True)[0]
    with pytest.raises(RuntimeError, match="fails with a"):
        bench.completes_from("one.txt", 32 * 1024, minimal=True, step=step)
    # The start-up, stage by stage, from a game saved mid-way: every stage
    # is reached in order, nothing is sent before the display's set-up, and
    # the loop's first pass sends the screen.
    lines, _, _, _, _ = bench.session_script()
    image, scores, saved_actions = bench.saved_game_image(lines)
    assert max(scores) == bench.STARTUP_FROM and saved_actions > 20
    with open(os.path.join(bench.BUILD, "saved.nvm"), "wb") as f:
        f.write(image)
    with open(os.path.join(bench.BUILD, "nothing.txt"), "w") as f:
        f.write("expect 0 0 -1\n")
    out = bench.micropython(["bench_session_main.py", "--minimal", "nothing.txt", "--startup",
                             "saved.nvm"], heap="256k").stdout
    stages = [line.split()[1:] for line in out.splitlines() if line.startswith("STAGE ")]
    assert [stage[0] for stage in stages] == [label for label, _ in bench.STARTUP_STAGES], out
    sent = [int(stage[2]) for stage in stages]
    assert sent[:4] == [0, 0, 0, 0] and sent[-1] - sent[-2] > 300, sent
    assert "restarting" not in out and "Traceback" not in out, out
    shutil.rmtree(bench.BUILD)
