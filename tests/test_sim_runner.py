"""The runner: lock-step key presses and virtual time, the console, crashes
reported as CircuitPython does, reloads with fresh modules, power cuts that
resume from the nvm file. A small firmware of the tests' own drives it."""

import os

import pytest

from sim import FirmwareHang, VirtualPico
from sim.runner import RELOAD_MS

# Counts presses with the real driver and keeps the count in nvm.
COUNTER = '''
import board, busio, keypad, microcontroller, supervisor, os
import adafruit_ssd1306
import tally

i2c = busio.I2C(board.GP5, board.GP4, frequency=400000)
oled = adafruit_ssd1306.SSD1306_I2C(128, 64, i2c, addr=0x3C)
keys = keypad.Keys((board.GP10, board.GP11, board.GP12, board.GP13, board.GP14),
                   value_when_pressed=False, pull=True)
event = keypad.Event()
count = microcontroller.nvm[0] if microcontroller.nvm[0] != 255 else 0
print("start", count, supervisor.runtime.run_reason.name, tally.loaded)
tally.loaded += 1
log = []
while True:
    if keys.events.get_into(event):
        log.append((event.key_number, event.pressed, event.timestamp))
        if event.pressed:
            count += 1
            microcontroller.nvm[0] = count
            oled.fill(0)
            oled.fill_rect(0, 0, count, 8, 1)
            oled.show()
            print("key", event.key_number, count)
            if event.key_number == 4:
                raise ValueError("OK pressed")
            if event.key_number == 3:
                supervisor.reload()
'''
TALLY = "loaded = 0\n"


@pytest.fixture
def pico():
    with VirtualPico(files={"code.py": COUNTER, "tally.py": TALLY}, settings="") as board:
        yield board


def test_presses_reach_the_firmware_in_virtual_time(pico):
    assert pico.state == "idle"
    start = pico.now_ms
    pico.press("N")
    pico.press("S")
    assert pico.namespace["count"] == 2
    assert pico.now_ms - start == 2 * (80 + 120)
    log = pico.namespace["log"]
    assert [(k, p) for k, p, _ in log] == [(0, True), (0, False), (2, True), (2, False)]
    # held 80 ms, seen by the 20 ms scans: 80 ms between press and release
    assert log[1][2] - log[0][2] == 80
    assert "key 0 1\nkey 2 2\n" in pico.serial


def test_picture_follows_the_firmware(pico):
    pico.press("E")
    pico.press("E")
    rows = pico.pixels()
    assert rows[0][:3] == [1, 1, 0] and rows[8][0] == 0
    assert "█" in pico.text().splitlines()[0]


def test_hold_and_script(pico):
    pico.down("N")
    pico.advance(700)
    assert pico.namespace["log"][-1][:2] == (0, True)
    pico.up("N")
    pico.advance(50)
    assert pico.namespace["log"][-1][:2] == (0, False)
    pico.run_script("E S:long E*2 wait:100")
    assert pico.namespace["count"] == 5


def test_script_errors_name_the_word(pico):
    with pytest.raises(ValueError, match="X:long"):
        pico.run_script("N X:long")
    assert pico.namespace["count"] == 0  # nothing ran


def test_exception_ends_code_py_like_circuitpython(pico):
    pico.press("OK")
    assert pico.state == "done"
    assert isinstance(pico.error, ValueError)
    assert pico.serial.endswith(
        "Traceback (most recent call last):\n"
        '  File "code.py", line 26, in <module>\n'
        "ValueError: OK pressed\n\nCode done running.\n")
    pico.advance(1000)  # nothing runs any more; time still passes
    pico.press("N")
    assert pico.namespace["count"] == 1
    # Ctrl-D: code.py runs again; the traceback is available to it
    pico.reload()
    assert pico.state == "idle"
    assert pico.machine.previous_traceback.endswith("ValueError: OK pressed\n")
    assert "start 1 REPL_RELOAD 0" in pico.serial


def test_supervisor_reload_restarts_with_fresh_modules(pico):
    pico.press("N")
    pico.press("W")  # the firmware calls supervisor.reload()
    assert pico.state == "idle"
    pico.advance(RELOAD_MS)
    # tally.loaded is 0 again: modules were imported afresh; the count came from nvm
    assert "soft reboot" in pico.serial
    assert "start 2 SUPERVISOR_RELOAD 0" in pico.serial
    assert pico.namespace["count"] == 2


def test_power_cut_and_boot_resume_from_nvm(pico):
    pico.press("N")
    pico.press("N")
    pico.power_cut()
    assert pico.state == "off"
    assert sum(pico.frame()) == 0  # the glass is dark
    pico.press("N")  # nobody is listening
    pico.boot()
    assert pico.namespace["count"] == 2
    assert "start 2 STARTUP" in pico.serial
    assert pico.nvm_bytes()[0] == 2


def test_power_cut_during_an_nvm_write(pico):
    pico.press("N")
    pico.nvm.cut_power_during_write(nth=1, keep=0)
    pico.press("N")  # count 2 is being written when the power fails
    assert pico.state == "off"
    pico.boot()
    # nvm[0] already held 1, so that write erased the sector and nothing came back
    assert pico.nvm_bytes()[0] == 0xFF
    assert pico.namespace["count"] == 0


def test_second_board_on_the_same_nvm_file(tmp_path):
    nvm = str(tmp_path / "board.nvm")
    files = {"code.py": COUNTER, "tally.py": TALLY}
    with VirtualPico(files=files, settings="", nvm_path=nvm) as first:
        first.press("S")
    with VirtualPico(files=files, settings="", nvm_path=nvm) as second:
        assert second.namespace["count"] == 1


def test_reset_button_keeps_the_display_powered(pico):
    pico.press("E")
    oled = pico.oled
    sent = oled.transactions
    pico.reset()
    assert pico.oled is oled and oled.transactions > sent  # same chip, not powered down
    assert pico.machine.reset_reason == "RESET_PIN"
    assert "start 1 STARTUP" in pico.serial
    pico.power_cut()
    pico.boot()
    assert pico.oled is not oled


HANG = '''
import keypad, board
keys = keypad.Keys((board.GP10,), value_when_pressed=False)
keys.events.get()
while True:
    pass
'''


def test_a_firmware_that_stops_polling_is_reported():
    with VirtualPico(files={"code.py": HANG}, settings="", timeout=0.5, boot=False) as pico:
        with pytest.raises(FirmwareHang):
            pico.boot()
        assert not pico._thread.is_alive()  # stopped, not left spinning


SETTINGS_CODE = '''
import os, time, board, digitalio
led = digitalio.DigitalInOut(board.LED)
led.switch_to_output(True)
time.sleep(0.25)
led.value = False
print(repr(os.getenv("NAME")), repr(os.getenv("LEVEL")), time.monotonic())
'''


def test_getenv_time_and_led_in_the_firmware_thread(monkeypatch):
    monkeypatch.setenv("NAME", "host value")
    with VirtualPico(files={"code.py": SETTINGS_CODE}, settings='NAME = "Ann"\nLEVEL = 3\n',
                     flavour=9) as pico:
        assert pico.state == "idle"  # time.sleep(0.25) is virtual: 100 ms have passed
        pico.advance(500)
        assert "'Ann' 3 0.25" in pico.serial
        assert pico.led == [(0, True), (250, False)]
        assert pico.state == "done"
    import os

    assert os.getenv("NAME") == "host value"  # the test's own thread is not routed


WATCHDOG = '''
import keypad, board, microcontroller, supervisor
from watchdog import WatchDogMode
print("run", supervisor.runtime.run_reason, microcontroller.cpu.reset_reason)
assert supervisor.runtime.run_reason is supervisor.RunReason.STARTUP
keys = keypad.Keys((board.GP10,), value_when_pressed=False)
dog = microcontroller.watchdog
dog.timeout = 2
dog.mode = WatchDogMode.RESET
fed = True
while True:
    event = keys.events.get()
    if event and event.pressed:
        fed = False  # the key stops the feeding, as a stuck loop would
    if fed:
        dog.feed()
'''


def test_watchdog_resets_a_board_that_stops_feeding_it():
    with VirtualPico(files={"code.py": WATCHDOG}, settings="") as pico:
        pico.advance(5000)
        assert pico.serial.count("run supervisor.RunReason.STARTUP") == 1  # fed: no reset
        pico.press("N")
        pico.advance(2000 + 1000 + 200)  # the timeout, then the restart
        assert ("run supervisor.RunReason.STARTUP microcontroller.ResetReason.WATCHDOG"
                in pico.serial)
        assert pico.state == "idle"


def test_main_py_runs_when_there_is_no_code_py(tmp_path):
    drive = str(tmp_path / "CIRCUITPY")
    with VirtualPico(drive, files={"main.py": "print('from main')\n"}, settings="") as pico:
        assert "main.py output:\nfrom main\n" in pico.serial
        assert pico.state == "done"


def test_next_code_file_runs_once():
    code = ("import supervisor\nprint('code')\n"
            "supervisor.set_next_code_file('other.py')\nsupervisor.reload()\n")
    with VirtualPico(files={"code.py": code, "other.py": "print('other')\n"},
                     settings="") as pico:
        pico.advance(1000)
        assert "code.py output:\ncode\n" in pico.serial
        assert "other.py output:\nother\n" in pico.serial
        assert pico.state == "done"


def test_a_long_advance_is_not_a_hang(pico):
    pico.timeout = 0.3  # far less real time than the advance below needs
    pico.advance(900000)
    assert pico.state == "idle" and pico.now_ms >= 900000


BOOT_PY = '''
import storage, usb_cdc
usb_cdc.enable(console=True, data=True)
storage.remount("/", readonly=False)
storage.getmount("/").label = "TABLE"
storage.remount("/", readonly=True)
print("boot done")
'''

CDC_CODE = '''
import usb_cdc, storage, supervisor
usb_cdc.data.write(b"csv,line\\n")
usb_cdc.console.write(b"on the console\\n")
try:
    storage.remount("/", readonly=False)
except RuntimeError as err:
    print("refused:", err)
print("typed", supervisor.runtime.serial_bytes_available)
'''


def test_boot_py_usb_and_storage_rules():
    with VirtualPico(files={"boot.py": BOOT_PY, "code.py": CDC_CODE}, settings="",
                     boot=False) as pico:
        pico.boot()
        assert pico.boot_out == "Boot.py output:\nboot done\n"
        assert pico.machine.drive["label"] == "TABLE"
        assert pico.machine.data_out == [b"csv,line\n"]
        assert "on the console\n" in pico.serial
        assert "refused: Cannot remount path when visible via USB." in pico.serial
        assert "typed 0" in pico.serial


def test_a_circuitpy_folder_runs_as_a_copy(tmp_path):
    drive = tmp_path / "drive"
    (drive / "lib").mkdir(parents=True)
    (drive / "lib" / "adafruit_ssd1306.mpy").write_bytes(b"C\x06")  # board-only bytecode
    (drive / "code.py").write_text("import sys\nprint('from the drive')\n")
    (drive / "boot.py").write_text("print('booting')\n")
    with VirtualPico(source=str(drive), settings="") as pico:
        assert "from the drive" in pico.serial
        assert pico.root != str(drive)
        assert not os.path.exists(os.path.join(pico.root, "lib"))
    assert sorted(os.listdir(drive)) == ["boot.py", "code.py", "lib"]  # nothing written there


RECOVER = '''
import traceback
def fail():
    raise KeyError("seat")
try:
    fail()
except Exception as err:
    traceback.print_exception(err)
print("still running")
'''


def test_print_exception_looks_like_circuitpython():
    with VirtualPico(files={"code.py": RECOVER}, settings="") as pico:
        assert ("Traceback (most recent call last):\n"
                '  File "code.py", line 6, in <module>\n'
                '  File "code.py", line 4, in fail\n'
                "KeyError: 'seat'\nstill running\n") in pico.serial


def test_damaged_nvm_reaches_the_next_boot(pico):
    pico.press("N")
    pico.press("N")
    pico.power_cut()
    pico.damage_nvm(0, 0x03)  # the count 2 becomes 1
    pico.boot()
    assert pico.namespace["count"] == 1
    assert pico.nvm.writes == 0


# Changes its own copy of a library module, as code.py trims the display driver's.
CHANGES_A_LIBRARY = '''
import adafruit_framebuf
del adafruit_framebuf.FrameBuffer.text
'''


def test_a_firmware_run_leaves_the_callers_library_modules_alone(monkeypatch):
    import sys

    # The caller had no copy of the library before, and one after.
    for name in ("adafruit_framebuf", "adafruit_ssd1306"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with VirtualPico(files={"code.py": CHANGES_A_LIBRARY}, settings=""):
        pass
    assert "adafruit_framebuf" not in sys.modules
    import adafruit_framebuf

    assert hasattr(adafruit_framebuf.FrameBuffer, "text")
    with VirtualPico(files={"code.py": CHANGES_A_LIBRARY}, settings=""):
        pass
    assert sys.modules["adafruit_framebuf"] is adafruit_framebuf
    assert hasattr(adafruit_framebuf.FrameBuffer, "text")


def test_the_display_plug_in_a_script_and_on_the_command_line(tmp_path, capsys):
    # Headless, as `python -m sim --unplugged --script "... plug ..."`: no module
    # at power-up (busio.I2C refused for want of pull-ups), then plugged in.
    from sim.__main__ import main

    code = main(["--unplugged", "--nvm", str(tmp_path / "n.bin"), "--serial", "--script",
                 "N N N N N N wait:3500 plug wait:10500 cut boot unplug N wait:200"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.count("No pull up found on SDA or SCL") == 1  # plugged in, it stays in
    assert "display found" in out and "display lost" in out
    with pytest.raises(ValueError, match="plug:1"):
        from sim.script import parse
        parse("plug:1")


def test_a_settings_file_that_names_another_display_chip_is_run_with_a_warning(tmp_path, capsys):
    # `python -m sim --display sh1106 --settings FILE`: the run is the board's
    # with that file (the firmware drives the chip the file names), said plainly.
    from sim.__main__ import main

    plain = tmp_path / "plain.toml"
    plain.write_text('EUCHRE_NAME_N = "Ann"\n')
    sh1106 = tmp_path / "sh1106.toml"
    sh1106.write_text('EUCHRE_DISPLAY = "sh1106"\n')
    runs = [(["--display", "sh1106", "--settings", str(plain)],
             'does not set EUCHRE_DISPLAY (the firmware then drives an SSD1306), but the chip '
             'on the bus is an SH1106 (--display sh1106)'),
            (["--settings", str(sh1106)],
             'sets EUCHRE_DISPLAY = "sh1106", but the chip on the bus is an SSD1306 (--display ssd1306)'),
            (["--display", "sh1106", "--settings", str(sh1106)], None)]
    for options, said in runs:
        code = main(options + ["--nvm", str(tmp_path / "n.bin"), "--fresh", "--script", "N"])
        err = capsys.readouterr().err
        assert code == 0  # a warning, not an error: the run goes on
        if said is None:
            assert "warning" not in err
        else:
            assert "python -m sim: warning: " + str(options[-1]) + " " + said in err
            assert "To match: --display" in err


def test_a_settings_file_that_is_not_all_utf8_runs_as_the_board_reads_it(tmp_path, capsys):
    # `python -m sim --settings FILE` hands the file over byte for byte: a
    # value an editor saved in another encoding is the firmware's to name.
    from sim.__main__ import main

    path = tmp_path / "latin1.toml"
    path.write_bytes(b'EUCHRE_NAME_W = "W\xe9st"\nEUCHRE_NAME_N = "Ann"\n')
    code = main(["--settings", str(path), "--nvm", str(tmp_path / "n.bin"), "--fresh",
                 "--serial", "--script", "wait:100"])
    out = capsys.readouterr().out
    assert code == 0
    assert 'EUCHRE_NAME_W: cannot read it (not UTF-8 text); using "West"' in out
    assert "EUCHRE_NAME_N" not in out and "euchre: ready" in out
