"""The board-side storage and settings code runs under MicroPython too (the
interpreter CircuitPython is built on): no CPython-only feature slipped in."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_storage_and_settings_under_micropython():
    micropython = pathlib.Path(sys.executable).parent / "micropython"
    result = subprocess.run([str(micropython), "-X", "heapsize=256k", "tests/fw_mp_check.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("ok")


FORGET_SCRIPT = r"""
import gc
import sys
sys.path[:0] = [ROOT, ROOT + "/tools/bench", SITE]
import bench_board
import bench_minimal
import bench_traceback
sys.modules["traceback"] = bench_traceback  # the unix port has none
seen = []
GONE = ("settings", "start", "storage_load", "stopped")


def first_poll():
    if not seen:
        gc.collect()
        seen.append(gc.mem_alloc())
        seen.append(any(("hw." + name) in sys.modules or hasattr(sys.modules["hw"], name)
                        for name in GONE))


bench_minimal.install(b"", 5000, on_poll=first_poll)  # no presses: the loop polls for 2 s
import hw.settings
import hw.start
import hw.storage_load
# Each freed with its module, or not (code.py finds them already imported).
hw.settings.ballast = bytearray(1000000)
hw.start.ballast = bytearray(1000000)
hw.storage_load.ballast = bytearray(1000000)
del hw
import bench_framebuf
bench_framebuf.install()
try:
    import code
except bench_board.SessionEnd:
    pass
print("live", seen[0], "kept", seen[1])
"""


def run_on_stand_ins(tmp_path, script, heap):
    """``script`` under MicroPython with ROOT (this repository) and SITE (the
    installed libraries) defined first; its output, checked to end cleanly."""
    import sysconfig

    micropython = pathlib.Path(sys.executable).parent / "micropython"
    path = tmp_path / "run.py"
    path.write_text("ROOT = %r\nSITE = %r\n" % (str(ROOT), sysconfig.get_paths()["purelib"])
                    + script)
    result = subprocess.run([str(micropython), "-X", "heapsize=" + heap, str(path)],
                            cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_code_lets_the_start_up_modules_go_under_micropython(tmp_path):
    # hw/settings.py, hw/start.py and hw/storage_load.py are needed only to
    # start: by the first key poll nothing holds them any more, so
    # MicroPython's collector has freed them (hw/stopped.py is never loaded).
    out = run_on_stand_ins(tmp_path, FORGET_SCRIPT, "4m")
    words = out.split("live", 1)[1].split()
    assert words[2] == "False", out
    assert int(words[0]) < 1000000, out


TRIM_SCRIPT = r"""
import sys
sys.path[:0] = [ROOT, ROOT + "/tools/bench", SITE]
import bench_board
import bench_framebuf
import bench_minimal
bench_minimal.install(b"", 5000)
bench_framebuf.hide()  # adafruit_framebuf, as on CircuitPython
import adafruit_framebuf
import adafruit_ssd1306
import hw.start
hw.start.trim_driver()
hw.start.trim_driver()  # again (a second start-up in the same run): nothing left to drop
gone = [name for name in ("text", "pixel", "fill_rect", "circle") if hasattr(adafruit_framebuf.FrameBuffer, name)]
print("kept", gone, hasattr(adafruit_framebuf, "BitmapFont"), hasattr(adafruit_ssd1306, "SSD1306_SPI"))
import hw.display
display = hw.display.open_display(bench_board.I2C(None, None), 0x3C)
display.frame[300] = 0x5A
display.show_pages(hw.display.ALL_PAGES)
display.flip(True)
display.sleep(True)
display.sleep(False)
print("sent", bench_board._buses[-1].data_bytes)
"""


def test_the_driver_is_trimmed_twice_and_still_works_under_micropython(tmp_path):
    # On MicroPython and CircuitPython deleting a module attribute that is not
    # there raises KeyError (CPython: AttributeError): trim_driver skips it.
    out = run_on_stand_ins(tmp_path, TRIM_SCRIPT, "1m")
    assert "kept [] False False" in out, out
    sent = int(out.split("sent")[1].split()[0])
    assert sent >= 1024  # the driver's own clearing send, then the page with the change


def test_the_shipped_precompiled_firmware_plays_a_3_game_session_in_160k(tmp_path, monkeypatch):
    # What `make bundle` writes for the board (.mpy with CircuitPython's
    # header, a code.py source that runs scorekeeper.mpy), with MicroPython's first byte put back, is
    # what the benchmark runs: the whole 3-game session on stand-ins for the
    # C modules, in the heap the issue sets as the proxy for the board's.
    sys.path.insert(0, str(ROOT / "tools" / "bench"))
    import bench

    monkeypatch.setattr(bench, "BUILD", str(tmp_path / "bench"))
    bench.prepare()
    drive = tmp_path / "bench" / "bundle" / "CIRCUITPY"
    shipped = sorted(str(p.relative_to(drive)) for p in drive.rglob("*.mpy"))
    assert len(shipped) >= 25 and "ui/table.mpy" in shipped and "lib/adafruit_ssd1306.mpy" in shipped
    for rel in shipped:
        data = (drive / rel).read_bytes()
        assert data[:2] == b"C\x06", rel
        assert (tmp_path / "bench" / rel).read_bytes() == b"M" + data[1:], rel
    # code.py stays source; the firmware's own code.py runs as scorekeeper.mpy.
    assert (tmp_path / "bench" / "code.py").read_bytes() == (drive / "code.py").read_bytes()
    assert "scorekeeper.mpy" in shipped and not (tmp_path / "bench" / "code.mpy").exists()
    lines, expected, _actions, _hands, _entries = bench.session_script()
    (tmp_path / "bench" / "session.txt").write_text(
        "expect %d %d %d\n" % expected + "\n".join(lines) + "\n")
    ok, values, done = bench.run_session("session.txt", "160k", minimal=True)
    assert ok, done.stdout[-3000:] + done.stderr[-2000:]
    assert values["final"] == "%d %d %d" % expected and int(values["presses"]) == len(lines)
    assert "Traceback" not in done.stdout + done.stderr
    # Nothing but the staged .mpy files could have been loaded for the firmware.
    assert not [p for p in (tmp_path / "bench").rglob("*.py")
                if p.parts[-2] in ("euchre_core", "ui", "hw", "lib", "adafruit_bus_device")]
