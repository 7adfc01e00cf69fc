"""The firmware's hardware path on Adafruit Blinka, the way it runs on a Raspberry Pi.

Each check runs in a fresh interpreter with Blinka's own ``board``, ``busio``,
``digitalio``, ``keypad`` and ``microcontroller`` (never the simulator's), on
Blinka's OS-agnostic board: ``BLINKA_FORCEBOARD=OS_AGNOSTIC_BOARD`` and
``BLINKA_FORCECHIP=OS_AGNOSTIC``. Its pins read fixed levels: Dx_INPUT_TRUE and
friends read high (a key not pressed, with the pull-up), Dx_INPUT_FALSE reads
low (a key held down), Dx_INPUT_TOGGLE flips at every read.

That board's I2C has no wire behind it (no ``writeto``), so the scripts give it
the behaviour of a Linux I2C bus on which nothing answers: every transfer fails
with EREMOTEIO, as ``/dev/i2c-1`` does on a Pi with no display connected.
"""

import importlib.util
import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

EMPTY_BUS = '''
import errno
from adafruit_blinka.microcontroller.generic_agnostic_board import i2c as _agnostic_i2c

def _no_answer(self, address, *args, **kwargs):
    raise OSError(errno.EREMOTEIO, "Remote I/O error")

_agnostic_i2c.I2C.writeto = _no_answer
_agnostic_i2c.I2C.readfrom_into = _no_answer
'''

HW_CHECK = '''
import json, os, sys, time
sys.path[:0] = [{root!r}, {tools!r}]
import ship_blinka
ship_blinka.prepare({settings!r}, {nvm!r})
import board, busio, digitalio, keypad, microcontroller, supervisor
report = {{"origins": {{}}}}
for name in ("board", "busio", "digitalio", "keypad", "microcontroller"):
    report["origins"][name] = sys.modules[name].__file__
from hw import settings as fw_settings
settings = fw_settings.Settings()
report["errors"] = settings.errors
report["given"] = sorted(settings.given)
pins = [fw_settings.pin(settings, key, board) for key in fw_settings.KEY_PINS]
report["pins"] = [pin is not None for pin in pins]
from hw.keys import Keys, NONE
keys = Keys(pins)
events = []
deadline = time.monotonic() + 5
while len(events) < 6 and time.monotonic() < deadline:
    event = keys.get()
    if event != NONE:
        events.append(event)
report["events"] = events
from hw.led import Led
led = Led(fw_settings.pin(settings, "EUCHRE_LED", board))
led.show_code(2, 0)
led.tick(0)
led.tick(300)
from hw.clock import ticks_ms
from ui.ticks import ticks_diff
start = ticks_ms()
time.sleep(0.05)
report["elapsed_ms"] = ticks_diff(ticks_ms(), start)
from hw.display import open_display
i2c = busio.I2C(fw_settings.pin(settings, "EUCHRE_SCL", board), fw_settings.pin(settings, "EUCHRE_SDA", board),
                frequency=settings["EUCHRE_I2C_FREQUENCY"])
try:
    open_display(i2c, settings["EUCHRE_I2C_ADDRESS"])
    report["display"] = "opened"
except Exception as err:
    report["display"] = [type(err).__name__, str(err)]
from hw.storage import Storage
report["nvm_len"] = len(microcontroller.nvm)
print("REPORT " + json.dumps(report), flush=True)
os._exit(0)
'''

RUN_CODE = '''
import sys
sys.path.insert(0, {tools!r})
import ship_blinka
sys.exit(ship_blinka.main(sys.argv[1:]))
'''


def _load_launcher():
    spec = importlib.util.spec_from_file_location("ship_blinka", ROOT / "tools" / "ship_blinka.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _env():
    env = dict((k, v) for k, v in os.environ.items()
               if not k.startswith("EUCHRE_") and k not in ("PYTHONPATH", "CIRCUITPY"))
    env.update(BLINKA_FORCEBOARD="OS_AGNOSTIC_BOARD", BLINKA_FORCECHIP="OS_AGNOSTIC",
               PYTHONUNBUFFERED="1")
    return env


def _settings(tmp_path, **pins):
    lines = ['EUCHRE_SDA = "SDA"', 'EUCHRE_SCL = "SCL"', 'EUCHRE_NAME_N = "Ann"']
    lines += ['%s = "%s"' % (key, value) for key, value in pins.items()]
    path = tmp_path / "settings.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def _python(tmp_path, name, source, *args, timeout=90):
    script = tmp_path / name
    script.write_text(EMPTY_BUS + source)
    return subprocess.run([sys.executable, str(script)] + list(args), cwd=str(tmp_path), env=_env(),
                          capture_output=True, text=True, timeout=timeout)


def test_hw_adapters_run_on_blinkas_own_modules(tmp_path):
    settings = _settings(tmp_path, EUCHRE_KEY_N="Dx_INPUT_TRUE", EUCHRE_KEY_E="Dx_INPUT_TRUE_PULL_UP",
                         EUCHRE_KEY_S="Dx_INPUT_TRUE_PULL_DOWN", EUCHRE_KEY_W="Dx_INPUT_TOGGLE",
                         EUCHRE_KEY_OK="Dx_INPUT_FALSE", EUCHRE_LED="Dx_OUTPUT")
    source = HW_CHECK.format(root=str(ROOT), tools=str(ROOT / "tools"), settings=str(settings),
                             nvm=str(tmp_path / "nvm.bin"))
    done = _python(tmp_path, "check_hw.py", source)
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, done.stdout + done.stderr
    report = json.loads(lines[0][len("REPORT "):])
    for name, origin in report["origins"].items():
        assert "site-packages" in origin and "sim" not in pathlib.Path(origin).parts, (name, origin)
    assert report["errors"] == []
    assert "EUCHRE_KEY_OK" in report["given"] and "EUCHRE_NAME_N" in report["given"]
    assert report["pins"] == [True] * 5
    events = report["events"]
    # OK reads low from the start: one press and no release. W flips: press, release, ...
    assert events.count(4 << 1 | 1) == 1 and (4 << 1) not in events
    assert (3 << 1 | 1) in events and (3 << 1) in events
    assert all(event >> 1 in (3, 4) for event in events)
    assert 40 <= report["elapsed_ms"] < 1000
    assert report["display"] == ["ValueError", "No I2C device at address: 0x3c"]
    assert report["nvm_len"] == 4096


@pytest.mark.skipif(not (ROOT / "code.py").exists(), reason="code.py is not in this tree")
def test_code_py_runs_on_blinka_and_resumes_from_its_nvm_file(tmp_path):
    settings = _settings(tmp_path, EUCHRE_KEY_N="Dx_INPUT_TRUE", EUCHRE_KEY_E="Dx_INPUT_TRUE_PULL_UP",
                         EUCHRE_KEY_S="Dx_INPUT_TRUE_PULL_DOWN", EUCHRE_KEY_W="Dx_OUTPUT",
                         EUCHRE_KEY_OK="Dx_INPUT_TOGGLE", EUCHRE_LED="Dx_INPUT_FALSE")
    nvm = tmp_path / "nvm.bin"
    args = [str(ROOT / "code.py"), "--settings", str(settings), "--nvm", str(nvm), "--seconds", "3"]
    source = RUN_CODE.format(tools=str(ROOT / "tools"))
    first = _python(tmp_path, "run_code.py", source, *args)
    out = first.stdout + first.stderr
    assert first.returncode == 0, out
    assert "Traceback" not in out and "euchre: error" not in out, out
    assert "euchre: no display: No I2C device at address: 0x3c" in out
    assert "euchre: ready" in out
    assert "ship_blinka: stopped after 3 s" in out
    saved = nvm.read_bytes()
    assert len(saved) == 4096 and saved != b"\xff" * 4096
    second = _python(tmp_path, "run_code.py", source, *args)
    out = second.stdout + second.stderr
    assert second.returncode == 0 and "euchre: ready" in out, out
    assert "Traceback" not in out and "euchre: error" not in out, out
    # The saved game was read back, not replaced: the record written by the
    # first run is still the start of the file.
    assert nvm.read_bytes()[:32] == saved[:32]


def test_file_nvm_starts_erased_and_keeps_every_write(tmp_path):
    launcher = _load_launcher()
    path = tmp_path / "deep" / "nvm.bin"
    nvm = launcher.FileNvm(str(path))
    assert len(nvm) == 4096 and nvm[0] == 0xFF and bytes(nvm[0:4]) == b"\xff" * 4
    nvm[10:13] = b"abc"
    nvm[4095] = 7
    with pytest.raises(ValueError):
        nvm[0:2] = b"xyz"
    again = launcher.FileNvm(str(path))
    assert bytes(again[10:13]) == b"abc" and again[4095] == 7 and again[0] == 0xFF
    assert path.read_bytes()[10:13] == b"abc"


def test_supervisor_stand_in_counts_milliseconds_and_asks_for_a_restart():
    launcher = _load_launcher()
    restart = launcher._Restart()
    supervisor = launcher.make_supervisor(restart)
    first = supervisor.ticks_ms()
    second = supervisor.ticks_ms()
    assert 0 <= first < 1 << 29 and second - first >= 1
    assert restart.wanted is False
    supervisor.reload()
    assert restart.wanted is True
