"""The virtual board (sim/cp) under the MicroPython unix port, where the
benchmark runs the firmware: the real adafruit_ssd1306 driver draws through
it, keys scan, nvm counts erases and os.getenv reads settings.toml."""

import os
import subprocess
import sys
import sysconfig

import pytest

from sim.runner import CP_DIR, REPO

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

SCRIPT = r'''
import sys
sys.path.insert(0, SITE)
sys.path.insert(0, CP)
sys.path.append(REPO)  # the firmware's ui.ticks: the board's clock wraps where it says
import _vboard
_vboard.install(_vboard.Machine(ROOT, nvm_path=ROOT + "/nvm.bin", flavour=9))
import os, board, busio, keypad, microcontroller, supervisor
import adafruit_ssd1306

i2c = busio.I2C(board.GP5, board.GP4, frequency=400000)
oled = adafruit_ssd1306.SSD1306_I2C(128, 64, i2c)
oled.fill_rect(3, 5, 40, 20, 1)
oled.line(0, 63, 127, 0, 1)
oled.show()
glass = _vboard.machine.oled.frame()
same = all(glass[y * 128 + x] == (1 if oled.pixel(x, y) else 0)
           for y in range(64) for x in range(128))
print("pixels", same, sum(glass) > 800)

keys = keypad.Keys((board.GP10, board.GP11), value_when_pressed=False, pull=True)
_vboard.machine.set_button(board.GP11, True, 5)
event = keypad.Event()
got = False
while not got:
    got = keys.events.get_into(event)
print("key", event.key_number, event.pressed, event.timestamp - supervisor.ticks_ms() <= 0)

microcontroller.nvm[0:2] = b"ab"
microcontroller.nvm[1] = 0
print("nvm", _vboard.machine.nvm.writes, _vboard.machine.nvm.erases)
print("getenv", os.getenv("NAME"), os.getenv("COUNT"))
'''


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no MicroPython unix port in .venv")
def test_virtual_board_under_micropython(tmp_path):
    (tmp_path / "settings.toml").write_text('NAME = "Ann"\nCOUNT = 7\n')
    prelude = "SITE = %r\nCP = %r\nROOT = %r\nREPO = %r\n" % (
        sysconfig.get_paths()["purelib"], CP_DIR, str(tmp_path), REPO)
    script = tmp_path / "run.py"
    script.write_text(prelude + SCRIPT)
    result = subprocess.run([MICROPYTHON, "-X", "heapsize=4M", str(script)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "pixels True True",
        "key 1 True True",
        "nvm 2 1",
        "getenv Ann 7",
    ]
