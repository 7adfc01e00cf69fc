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


TRIM_SCRIPT = r"""
import sys
sys.path[:0] = [ROOT, ROOT + "/tools/bench", SITE]
import standins
standins.install(b"", 5000, "nvm.bin")  # framebuf hidden, as on CircuitPython
import hw.display
import adafruit_ssd1306
import firmware.start
firmware.start.trim_driver()
firmware.start.trim_driver()  # again (a second start-up in the same run): nothing left to drop
print("loaded", "adafruit_framebuf" in sys.modules, hasattr(adafruit_ssd1306, "SSD1306_SPI"))
display = hw.display.open_display(standins.I2C(None, None), 0x3C)
display.frame[300] = 0x5A
display.show_pages(hw.display.ALL_PAGES)
display.flip(True)
display.sleep(True)
display.sleep(False)
print("sent", standins.S.bus.data_bytes)
"""


def test_the_driver_on_its_drawing_free_base_is_trimmed_twice_and_works_under_micropython(tmp_path):
    # The driver is built on hw.framebuf, even where the interpreter has a
    # framebuf of its own, and adafruit_framebuf is never loaded. On
    # MicroPython and CircuitPython deleting a module attribute that is not
    # there raises KeyError (CPython: AttributeError): trim_driver skips it.
    out = run_on_stand_ins(tmp_path, TRIM_SCRIPT, "1m")
    assert "loaded False False" in out, out
    sent = int(out.split("sent")[1].split()[0])
    assert sent >= 1024  # the first frame goes out whole


# The heap the 3-game session is held to here: it guards the heap the
# firmware needs against growing unnoticed. The board's proxy target is
# bench.TARGET_HEAP; the benchmark reports the session against it.
SESSION_HEAP = 200 * 1024


def test_the_shipped_precompiled_firmware_plays_a_3_game_session(tmp_path, monkeypatch):
    # What `make bundle` writes for the board (.mpy with CircuitPython's
    # header, code.py as source), with MicroPython's first byte put back, is
    # what the benchmark runs: the whole 3-game session on stand-ins for the
    # C modules, in SESSION_HEAP.
    sys.path.insert(0, str(ROOT / "tools" / "bench"))
    import bench
    import plan

    monkeypatch.setattr(bench, "BUILD", str(tmp_path / "bench"))
    bench.build()
    drive = tmp_path / "bench" / "bundle" / "CIRCUITPY"
    shipped = sorted(str(p.relative_to(drive)) for p in drive.rglob("*.mpy"))
    assert len(shipped) >= 25 and "ui/table.mpy" in shipped and "lib/adafruit_ssd1306.mpy" in shipped
    assert "firmware/loop.mpy" in shipped
    for rel in shipped:
        data = (drive / rel).read_bytes()
        assert data[:2] == b"C\x06", rel
        assert (tmp_path / "bench" / rel).read_bytes() == b"M" + data[1:], rel
    # code.py stays source, as the repository has it.
    assert (tmp_path / "bench" / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    assert not (tmp_path / "bench" / "code.mpy").exists()
    presses, _, entries, actions = plan.evening(bench.SESSION_SEED, games=bench.SESSION_GAMES)
    ok, out = bench.firmware(presses, SESSION_HEAP)
    assert ok, out[-3000:]
    # Every planned action and undo reached the journal: no press was lost.
    bench.check_journal(out, entries, len(actions) - 1)
    # Nothing but the staged .mpy files could have been loaded for the firmware.
    assert not [p for p in (tmp_path / "bench").rglob("*.py")
                if p.parts[-2] in ("firmware", "euchre_core", "ui", "hw", "lib",
                                  "adafruit_bus_device")]


SCREENS_ON_DEMAND = """
import sys
sys.path.insert(0, ROOT)
from ui.table import Table
from ui.keys import N, S, OK
t = Table(rand=lambda: 0)
buf = bytearray(1024)
t.render(buf)
print("first picture", "ui.registry" in sys.modules, "ui.lists" in sys.modules,
      "ui.labels" in sys.modules, "ui.menu" in sys.modules)
from ui.registry import SCREENS
print("at start", sorted(n for n in SCREENS if "ui." + n in sys.modules))
t.press(N, False, 0)
t.press(OK, True, 0)
t.render(buf)
from ui import menu
t.page.cursor = t.page.rows.index(menu.ITEM_RULES)
t.press(OK, False, 0)
t.render(buf)
print("after", t.screen_name, sorted(n for n in SCREENS if "ui." + n in sys.modules))
t.press(OK, True, 0)
t.press(3, False, 0)
t.render(buf)
print("in play", t.screen_name, sorted(n for n in SCREENS if "ui." + n in sys.modules))
"""


def test_the_table_imports_a_screen_the_first_time_it_opens(tmp_path):
    # On the board: start-up and an evening that never opens Rules, Stats or
    # History do not hold them in the heap.
    out = run_on_stand_ins(tmp_path, SCREENS_ON_DEMAND, "256k")
    assert "at start ['score']" in out, out
    # The first picture needs neither the screen registry nor the list
    # pages, the labels beside the keys nor the menu's words for an action.
    assert "first picture False False False False" in out, out
    # (The loop loads the other screens a hand meets at its first quiet moment.)
    # The seat picker loads only for an entry that opens it.
    assert "after options ['menu', 'options', 'score']" in out, out
    # Back in play, the modules only the menu's pages use leave the heap (the
    # menu itself goes at the next quiet moment).
    assert "in play hand ['hand', 'menu', 'score']" in out, out
