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
import shutil
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


# A drive whose code.py asks for a restart on its first run, as the
# firmware's recovery does after an error (supervisor.reload(), then code.py
# ends), and ends on its second: each run adds a line to runs.txt.
RESTARTING_CODE = '''
import supervisor
with open("runs.txt", "a") as runs:
    runs.write("run\\n")
with open("runs.txt") as runs:
    if len(runs.read().split()) == 1:
        supervisor.reload()
'''


def _restarting_drive(tmp_path):
    drive = tmp_path / "media" / "CIRCUITPY"
    (drive / "hw").mkdir(parents=True)
    (drive / "code.py").write_text(RESTARTING_CODE)
    # The launcher points the firmware's settings reader at settings.toml.
    (drive / "hw" / "__init__.py").write_text("")
    (drive / "hw" / "settings.py").write_text('SETTINGS_FILE = "settings.toml"\n')
    (drive / "settings.toml").write_text("")
    # The launcher's clock wraps as the firmware's does (ui.ticks, beside code.py).
    (drive / "ui").mkdir()
    (drive / "ui" / "__init__.py").write_text("")
    shutil.copy(str(ROOT / "ui" / "ticks.py"), str(drive / "ui" / "ticks.py"))
    return drive


@pytest.mark.parametrize("started", ["repository, relative", "elsewhere, relative", "elsewhere, absolute"])
def test_a_restart_asked_by_code_py_runs_it_again_wherever_the_launcher_was_started(tmp_path, started):
    drive = _restarting_drive(tmp_path)
    elsewhere = tmp_path / "home"  # a relative path from here means another file from the drive
    elsewhere.mkdir(parents=True)
    launcher = ROOT / "tools" / "ship_blinka.py"
    if started == "repository, relative":  # as the build guide writes it
        cwd, path = ROOT, os.path.join("tools", "ship_blinka.py")
    elif started == "elsewhere, relative":
        cwd, path = elsewhere, os.path.relpath(str(launcher), str(elsewhere))
    else:
        cwd, path = elsewhere, str(launcher)
    code = os.path.relpath(str(drive / "code.py"), str(cwd))
    done = subprocess.run([sys.executable, path, code, "--nvm", str(tmp_path / "nvm.bin")],
                          cwd=str(cwd), env=_env(), capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert "ship_blinka: restarting code.py" in out
    assert done.returncode == 0, out
    assert (drive / "runs.txt").read_text().split() == ["run", "run"], out


@pytest.mark.skipif(not (ROOT / "code.py").exists(), reason="code.py is not in this tree")
def test_the_firmware_restarts_after_an_error_when_started_as_the_build_guide_writes_it(tmp_path):
    # A copy of the firmware as on a drive, with pins the OS-agnostic board
    # does not have: opening the keys fails, an error the firmware restarts
    # from. Started from the repository with the launcher's relative path,
    # as the build guide writes it.
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    shutil.copy(str(ROOT / "code.py"), str(drive / "code.py"))
    for package in ("firmware", "hw", "ui", "euchre_core"):
        shutil.copytree(str(ROOT / package), str(drive / package),
                        ignore=shutil.ignore_patterns("__pycache__"))
    _settings(drive, EUCHRE_KEY_N="GP10")
    command = [sys.executable, os.path.join("tools", "ship_blinka.py"), str(drive / "code.py"),
               "--nvm", str(tmp_path / "nvm.bin")]
    run = subprocess.Popen(command, cwd=str(ROOT), env=_env(), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    seen = []
    try:
        for line in run.stdout:
            seen.append(line)
            if "euchre: error 2 in a row" in line:
                break
    finally:
        run.kill()
        run.wait(timeout=30)
        run.stdout.close()
    out = "".join(seen)
    assert "euchre: error 1 in a row: restarting" in out, out
    assert "ship_blinka: restarting code.py" in out
    assert "can't open file" not in out
    assert "euchre: error 2 in a row" in out, out
