"""The virtual Pico's modules behave as CircuitPython's do on the board:
nvm flash costs, the I2C bus's errors, settings.toml in both CircuitPython
flavours, keypad scanning and ticks."""

import pytest

import sim  # noqa: F401  (puts the virtual CircuitPython modules on sys.path)
import _vboard


@pytest.fixture
def machine(tmp_path):
    board = _vboard.Machine(str(tmp_path), nvm_path=str(tmp_path / "nvm.bin"))
    _vboard.install(board)
    yield board
    _vboard.install(None)


# --- microcontroller.nvm ---

def test_nvm_starts_erased_and_is_4_kib(machine):
    import microcontroller

    assert len(microcontroller.nvm) == 4096
    assert microcontroller.nvm[0:8] == bytearray(b"\xff" * 8)
    assert microcontroller.nvm[-1] == 0xFF


def test_writing_into_erased_flash_costs_no_erase(machine):
    import microcontroller

    nvm = microcontroller.nvm
    nvm[0:4] = b"GAME"
    nvm[4] = 7
    nvm[300:302] = b"\x01\x02"  # another flash page
    assert machine.nvm.erases == 0
    assert machine.nvm.writes == 3
    assert machine.nvm.bytes_written == 7
    assert machine.nvm.programmed == 3 * 256
    assert nvm[0:5] == bytearray(b"GAME\x07")


def test_overwriting_programmed_bytes_erases_the_sector(machine):
    import microcontroller

    nvm = microcontroller.nvm
    nvm[10:12] = b"ab"
    nvm[11:13] = b"xy"  # byte 11 is programmed already
    assert machine.nvm.erases == 1
    assert machine.nvm.programmed == 256 + 4096
    # The rest of the sector survives the erase (it is read and rewritten).
    assert nvm[10:13] == bytearray(b"axy")
    # Writing the same value again is still an erase: the rule only looks for 0xFF.
    nvm[10] = ord("a")
    assert machine.nvm.erases == 2


def test_nvm_lives_in_its_file(tmp_path, machine):
    import microcontroller

    microcontroller.nvm[100:103] = b"abc"
    data = (tmp_path / "nvm.bin").read_bytes()
    assert len(data) == 4096 and data[100:103] == b"abc"
    again = _vboard.Nvm(str(tmp_path / "nvm.bin"))
    assert again.data[100:103] == b"abc"


def test_nvm_checks_like_circuitpython(machine):
    import microcontroller

    nvm = microcontroller.nvm
    with pytest.raises(IndexError):
        nvm[4096]
    with pytest.raises(ValueError):
        nvm[0:2] = b"abc"
    with pytest.raises(ValueError):
        nvm[0] = 256
    with pytest.raises(NotImplementedError):
        nvm[0:10:2]
    assert machine.nvm.writes == 0


def test_power_cut_during_a_programming_write_keeps_a_prefix(tmp_path, machine):
    import microcontroller

    microcontroller.nvm[0:3] = b"old"
    machine.nvm.cut_power_during_write(nth=1, keep=2)
    with pytest.raises(_vboard.PowerCut):
        microcontroller.nvm[3:8] = b"12345"
    data = (tmp_path / "nvm.bin").read_bytes()
    assert data[0:8] == b"old12\xff\xff\xff"


def test_power_cut_during_an_erasing_write_can_lose_the_sector(tmp_path, machine):
    import microcontroller

    microcontroller.nvm[0:4] = b"keep"
    microcontroller.nvm[2000:2004] = b"tail"
    machine.nvm.cut_power_during_write(nth=2, keep=1000)
    microcontroller.nvm[4:6] = b"ok"  # 1st write: goes through
    with pytest.raises(_vboard.PowerCut):
        microcontroller.nvm[0:4] = b"new!"  # 2nd: erases, power fails while programming
    data = (tmp_path / "nvm.bin").read_bytes()
    assert data[0:6] == b"new!ok"  # the first 1000 bytes of the new image made it
    assert data[2000:2004] == b"\xff\xff\xff\xff"  # the rest is erased flash


# --- busio.I2C ---

def test_missing_display_reaches_the_firmware_as_value_error(tmp_path):
    board = _vboard.Machine(str(tmp_path), display="absent")
    _vboard.install(board)
    import adafruit_ssd1306
    import board as pins
    import busio

    i2c = busio.I2C(pins.GP5, pins.GP4)
    assert i2c.try_lock()
    with pytest.raises(OSError) as raised:
        i2c.writeto(0x3C, b"\x00")
    assert raised.value.errno == 19
    i2c.unlock()
    with pytest.raises(ValueError, match="No I2C device at address: 0x3c"):
        adafruit_ssd1306.SSD1306_I2C(128, 64, i2c, addr=0x3C)
    _vboard.install(None)


def test_wrong_address_is_not_found(machine):
    import adafruit_ssd1306
    import board as pins
    import busio

    i2c = busio.I2C(pins.GP5, pins.GP4)
    with pytest.raises(ValueError, match="0x3d"):
        adafruit_ssd1306.SSD1306_I2C(128, 64, i2c, addr=0x3D)
    assert i2c.try_lock()
    assert i2c.scan() == [0x3C]


def test_nothing_wired_means_no_pull_ups(tmp_path):
    board = _vboard.Machine(str(tmp_path), display="unplugged")
    _vboard.install(board)
    import board as pins
    import busio

    with pytest.raises(RuntimeError, match="No pull up"):
        busio.I2C(pins.GP5, pins.GP4)
    assert board.claimed == {}  # the pins are free again
    _vboard.install(None)


def test_i2c_pins_and_lock_rules(machine):
    import board as pins
    import busio

    with pytest.raises(ValueError, match="Invalid pins"):
        busio.I2C(pins.GP4, pins.GP5)  # SCL and SDA swapped
    with pytest.raises(ValueError, match="Invalid pins"):
        busio.I2C(pins.GP7, pins.GP4)  # SCL of I2C1 with SDA of I2C0
    i2c = busio.I2C(pins.GP5, pins.GP4)
    with pytest.raises(ValueError, match="GP4 in use"):
        busio.I2C(pins.GP5, pins.GP4)
    with pytest.raises(RuntimeError, match="requires lock"):
        i2c.writeto(0x3C, b"\x80\xaf")
    i2c.deinit()
    busio.I2C(pins.GP5, pins.GP4)  # free again after deinit


def test_board_has_no_default_i2c():
    import board

    assert not hasattr(board, "I2C")
    assert board.GP4.name == "GP4" and board.LED.number == 25
    assert repr(board.GP10) == "board.GP10"


# --- settings.toml ---

SETTINGS = """\
# a comment
NAME = "North \\u00e9\\t!"   # trailing comment
COUNT = 12
HEX = 0x3C
OCTAL = 011
NEGATIVE = -5
FLAG = true
RATIO = 1.5
BAD = twelve
EMPTY = ""
FIRST = 1
FIRST = 2
[table]
HIDDEN = 3
"""


def board_with_settings(tmp_path, flavour):
    (tmp_path / "settings.toml").write_text(SETTINGS)
    board = _vboard.Machine(str(tmp_path), flavour=flavour)
    _vboard.install(board)
    return board


def fresh_supervisor():
    """supervisor as a board of the current flavour imports it."""
    import importlib
    import sys

    sys.modules.pop("supervisor", None)
    return importlib.import_module("supervisor")


def test_circuitpython_10_getenv_returns_strings(tmp_path):
    board = board_with_settings(tmp_path, 10)
    assert board.getenv("NAME") == "North \u00e9\t!"
    assert board.getenv("COUNT") == "12"
    assert board.getenv("HEX") == "0x3C"
    assert board.getenv("FLAG") == "true"
    assert board.getenv("BAD") == "twelve"
    assert board.getenv("EMPTY") == ""
    assert board.getenv("FIRST") == "1"
    assert board.getenv("HIDDEN") is None
    assert board.getenv("MISSING", "dflt") == "dflt"
    _vboard.install(None)


def test_circuitpython_10_get_setting_is_typed(tmp_path):
    board = board_with_settings(tmp_path, 10)
    supervisor = fresh_supervisor()
    assert supervisor.get_setting("COUNT") == 12
    assert supervisor.get_setting("HEX") == 0x3C
    assert supervisor.get_setting("OCTAL") == 9  # strtol: a leading 0 is octal
    assert supervisor.get_setting("NEGATIVE") == -5
    assert supervisor.get_setting("FLAG") is True
    assert supervisor.get_setting("RATIO") == 1.5
    assert supervisor.get_setting("NAME") == "North \u00e9\t!"
    assert supervisor.get_setting("MISSING", 4) == 4
    with pytest.raises(ValueError, match="BAD"):
        supervisor.get_setting("BAD")
    assert board.flavour == 10
    _vboard.install(None)


def test_circuitpython_9_getenv_returns_ints(tmp_path):
    board = board_with_settings(tmp_path, 9)
    supervisor = fresh_supervisor()
    assert not hasattr(supervisor, "get_setting")
    assert board.getenv("COUNT") == 12
    assert board.getenv("HEX") == 60
    assert board.getenv("NAME") == "North \u00e9\t!"
    with pytest.raises(ValueError, match="BAD"):
        board.getenv("BAD")
    _vboard.install(None)


def test_no_settings_file_gives_defaults(tmp_path):
    board = _vboard.Machine(str(tmp_path))
    assert board.getenv("ANY", 5) == 5


# --- keypad and ticks ---

def make_keys(machine):
    import board as pins
    import keypad

    keys = keypad.Keys((pins.GP10, pins.GP11), value_when_pressed=False, pull=True)
    return keys


def drain(keys):
    import keypad

    found = []
    event = keypad.Event()
    while keys.events.get_into(event):
        found.append((event.key_number, event.pressed, event.timestamp))
    return found


def test_keys_report_at_the_next_scan_with_its_timestamp(machine):
    import board as pins

    keys = make_keys(machine)
    start = machine.ticks_ms()
    machine.set_button(pins.GP11, True, at_ms=5)
    machine.set_button(pins.GP11, False, at_ms=65)
    machine.clock_ms = 100
    assert drain(keys) == [(1, True, start + 20), (1, False, start + 80)]


def test_a_glitch_between_two_scans_is_not_seen(machine):
    import board as pins

    keys = make_keys(machine)
    machine.set_button(pins.GP10, True, at_ms=3)
    machine.set_button(pins.GP10, False, at_ms=9)
    machine.clock_ms = 100
    assert drain(keys) == []


def test_an_empty_poll_lets_time_pass(machine):
    keys = make_keys(machine)
    machine.poll_ms = 3
    assert keys.events.get() is None
    assert machine.clock_ms == 3


def test_full_queue_overflows(machine):
    import board as pins
    import keypad

    keys = keypad.Keys((pins.GP10,), value_when_pressed=False, max_events=2)
    for n in range(3):
        machine.set_button(pins.GP10, True, at_ms=40 * n + 10)
        machine.set_button(pins.GP10, False, at_ms=40 * n + 30)
    machine.clock_ms = 200
    assert len(keys.events) == 2
    assert keys.events.overflowed
    keys.events.clear()
    assert not keys.events.overflowed


def test_event_is_blinka_event_with_a_timestamp(machine):
    import keypad

    event = keypad.Event(3, False)
    assert event.key_number == 3 and event.released
    assert event.timestamp == machine.ticks_ms()
    assert event == keypad.Event(3, False, 0)  # timestamps are not compared
    assert type(event).__mro__[1].__module__ == "_blinka_keypad"


def test_ticks_start_65_seconds_before_the_wrap(machine):
    import supervisor

    assert supervisor.ticks_ms() == (1 << 29) - 65536
    machine.clock_ms = 65536
    assert supervisor.ticks_ms() == 0


def test_a_press_scheduled_before_a_later_release_keeps_time_order(machine):
    import board as pins

    keys = make_keys(machine)
    start = machine.ticks_ms()
    machine.set_button(pins.GP10, True, at_ms=10)
    machine.set_button(pins.GP10, False, at_ms=200)
    machine.set_button(pins.GP10, False, at_ms=90)  # an earlier release, told later
    machine.set_button(pins.GP10, True, at_ms=150)
    machine.clock_ms = 300
    assert drain(keys) == [(0, True, start + 20), (0, False, start + 100),
                           (0, True, start + 160), (0, False, start + 200)]


def test_i2c_reads_the_display_status(machine):
    import board as pins
    import busio

    i2c = busio.I2C(pins.GP5, pins.GP4)
    assert i2c.try_lock()
    status = bytearray(3)
    i2c.readfrom_into(0x3C, status, start=1, end=2)
    assert status == bytearray(b"\x00\x40\x00")  # bit 6: the display is off
    i2c.writeto_then_readfrom(0x3C, b"\x80\xaf", status, in_end=1)
    assert status[0] == 0x00  # on now
    before = machine.bus.transactions
    assert i2c.probe(0x3C) and not i2c.probe(0x3D)
    assert machine.bus.transactions == before  # probing is not a transfer
    with pytest.raises(OSError):
        i2c.readfrom_into(0x3D, status)
    assert machine.bus.nacks == 1
