"""The smallest board that runs code.py: stand-ins for the C modules only.

For the heap figure without the simulator's footprint. On the Pico
``board``, ``busio``, ``microcontroller``, ``supervisor``, ``keypad``,
``digitalio``, ``traceback`` and ``adafruit_bus_device`` are C modules that
cost the Python heap next to nothing; the simulator's versions are Python
and hold about 70 KiB of the unix port's heap. These stand-ins do only what
code.py needs with the default settings (no buzzer, so no ``pwmio``): pins
are names, the I2C bus counts transactions and bytes, ``microcontroller.nvm``
is 4 KiB of erased flash kept in a file (``Flash``), ``keypad`` replays the
scripted presses by virtual time, and the time moves on by ``poll_ms`` at
every key poll that finds nothing to do. ``bench_minimal.install(script,
end_ms)`` puts them into ``sys.modules``; the poll after ``end_ms`` raises
``SessionEnd``.

``session(argv)`` runs the scripted session on them (``bench_session_main.py
--minimal``, see ``bench_session``). Only what is alive while code.py runs
is in this module; reading the script, installing and the check at the end
are in ``bench_minimal``, which is let go before code.py starts and loaded
again after it ends, and the hooks of a measured session (the passes marked
for callgrind, the heap samples) are in ``bench_pass``, loaded only for
one. The presses are kept 3 bytes each. What the bench itself holds in the
heap is small beside the firmware, and it is measured (``board_heap``)
before code.py starts.
"""

import gc
import os
import sys

TICKS_START = 0x1FFF0000  # CircuitPython's ticks_ms starts 65.5 s before its wrap
POLL_MS = 10
START_MS = 3000  # the first press
SHORT_MS = 80  # how long a short press is held
LONG_MS = 800
SEED = 1


class SessionEnd(BaseException):
    pass


class Reload(BaseException):
    """supervisor.reload(): the firmware restarted itself (after an error)."""


class _Clock:
    now = 0
    poll_ms = 10
    end = 0
    on_poll = None  # called at each poll that finds nothing to do (heap sampling)
    press = 0  # index of the scripted press the next key change belongs to
    down = False  # True: the next change is that press's release
    at = 0  # when the next key change comes
    # With ``--mark`` (bench_pass): called just before the loop pass that
    # handles a key event, and at the next poll, just after it.
    pass_begins = None
    pass_ended = None
    pass_sent = None
    pass_open = False
    sent = (0, 0)  # the bus counters when the pass began
    heap = 0  # gc.mem_alloc() when the pass began
    # The heap sampled by ``bench_pass.sample_heap`` every ``sample`` polls:
    # the peak and the first figure (right after start-up), -1 before it.
    sample = 0
    polls = 0
    peak = 0
    started = -1
    # With ``--startup`` (bench_pass.stage): called with a label where the
    # start-up reaches a part of the board, to bracket its stages for callgrind.
    stage = None
    settings_read = False


_clock = _Clock()
_buses = []  # the I2C buses code.py made (it makes one)
# The presses, 3 bytes each: key | long << 7, then the settle time after the
# release in ms (2 bytes, little-endian). The key changes are worked out from
# them as time goes (a list of (ms, key, pressed) tuples would take 24 KiB).
_script = [b""]


def _due():
    return _clock.press * 3 < len(_script[0]) and _clock.at <= _clock.now


class Event:
    key_number = 0
    pressed = True


class _Events:
    overflowed = False

    def __len__(self):
        return 1 if _due() else 0

    def get_into(self, event):
        if _clock.stage is not None:
            _clock.stage("key poll")
        if _clock.pass_open:
            _clock.pass_open = False
            _clock.pass_ended()  # the pass that handled the last key event ends here
        if not _due():
            if _clock.on_poll is not None:
                _clock.on_poll()
            _clock.now += _clock.poll_ms
            if _clock.now >= _clock.end:
                raise SessionEnd()
            if not _due():
                return False
        i = _clock.press * 3
        script = _script[0]
        event.key_number = script[i] & 7
        if _clock.down:
            event.pressed = False
            _clock.down = False
            _clock.at += script[i + 1] | script[i + 2] << 8
            _clock.press += 1
        else:
            event.pressed = True
            _clock.down = True
            _clock.at += LONG_MS if script[i] & 0x80 else SHORT_MS
        if _clock.pass_begins is not None:
            _clock.pass_begins()  # the pass that handles this event starts here
            _clock.pass_open = True
        return True

    def clear(self):
        pass


class Keys:
    """``keypad.Keys``: the presses replayed by virtual time."""

    def __init__(self, pins, **options):
        if _clock.stage is not None:
            _clock.stage("keypad.Keys")
        self.events = _Events()

    def reset(self):
        pass

    def deinit(self):
        pass


class DigitalInOut:
    value = False

    def __init__(self, pin):
        pass

    def switch_to_output(self, value=False):
        self.value = value

    def deinit(self):
        pass


class I2C:
    """``busio.I2C`` with the display at 0x3C: counts what is sent (on the
    Pico the wire time is computed apart, see bench.py). The same counting
    as ``bench_bus.CountingI2C``, written again here on purpose: the session
    measures the heap, and loading bench_bus for it would count that too."""

    transactions = 0
    data_bytes = 0
    locked = False

    def __init__(self, scl, sda, **options):
        if _clock.stage is not None:
            _clock.stage("busio.I2C")
        _buses.append(self)

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        if address != 0x3C:
            raise OSError(19)  # ENODEV, as CircuitPython raises for no ACK
        if _clock.stage is not None and not self.transactions:
            _clock.stage("first I2C write")
        self.transactions += 1
        self.data_bytes += (len(buffer) if end is None else end) - start

    def deinit(self):
        pass


class I2CDevice:
    """``adafruit_bus_device.i2c_device.I2CDevice``: built into CircuitPython
    for the RP2040 (and found before lib/), so C there. What the driver uses
    of the built-in's methods; the probe at construction raises ValueError
    as the built-in does."""

    def __init__(self, i2c, device_address, probe=True):
        self._i2c = i2c
        self._address = device_address
        if probe:
            try:
                i2c.writeto(device_address, b"")
            except OSError:
                raise ValueError("No I2C device at address: 0x%x" % device_address)

    def __enter__(self):
        while not self._i2c.try_lock():
            pass
        return self

    def __exit__(self, *exc):
        self._i2c.unlock()
        if _clock.pass_open:
            _clock.pass_sent()  # the bytes of this lock are on the wire
        return False

    def write(self, buf, *, start=0, end=None):
        self._i2c.writeto(self._address, buf, start=start, end=end)


class _Board:
    """``board``: every GPn of the Pico and LED, each pin its own name."""

    def __getattr__(self, name):
        if name == "LED" or (name[:2] == "GP" and name[2:].isdigit() and int(name[2:]) < 29):
            return name
        raise AttributeError(name)


class Flash:
    """``microcontroller.nvm`` as on the Pico: flash, not heap (here a file
    that is gone when the session ends). As there, a slice read is a new
    bytearray in the heap and a slice write copies into the flash."""

    def __init__(self, size=4096):
        name = "nvm-%s.bin" % "".join("%02x" % b for b in os.urandom(6))
        self._file = open(name, "w+b")
        os.remove(name)  # the open file lives on
        self._size = size
        erased = b"\xff" * 256
        for _ in range(size // 256):
            self._file.write(erased)

    def __len__(self):
        return self._size

    def _span(self, index):
        if isinstance(index, int):
            return index, index + 1
        start = 0 if index.start is None else index.start
        stop = self._size if index.stop is None else index.stop
        if index.step is not None or not 0 <= start <= stop <= self._size:
            raise IndexError("nvm slice")
        return start, stop

    def __getitem__(self, index):
        start, stop = self._span(index)
        out = bytearray(stop - start)
        self._file.seek(start)
        self._file.readinto(out)
        return out[0] if isinstance(index, int) else out

    def __setitem__(self, index, values):
        start, stop = self._span(index)
        if isinstance(index, int):
            values = bytes((values,))
        if len(values) != stop - start:
            raise ValueError("nvm: the slice and the values differ in length")
        self._file.seek(start)
        self._file.write(values)


def ticks_ms():
    return (_clock.now + TICKS_START) & 0x1FFFFFFF


def reload():
    raise Reload()


def get_setting(key, default=None):
    if _clock.stage is not None and not _clock.settings_read:
        _clock.settings_read = True
        _clock.stage("settings.toml")
    return default  # no settings.toml: every key at its default


def _forget(name):
    """Drop a module: nothing else refers to it then. (MicroPython takes a
    module whose import raised out of ``sys.modules`` but leaves it in the
    dict's slot, alive for the collector, until the slot is reused:
    overwriting the entry frees it.)"""
    sys.modules[name] = None
    del sys.modules[name]


def session(argv):
    """``bench_session_main.py --minimal SCRIPT [SAMPLE] [--mark]``: the
    session on these stand-ins; prints ``SESSION name value`` lines."""
    import bench_minimal
    expect, presses, nvm = bench_minimal.prepare(argv)
    startup = _clock.stage is not None
    bench_minimal = None
    _forget("bench_minimal")
    gc.collect()
    board_heap = gc.mem_alloc()
    import bench_framebuf
    if startup:
        # The libraries are loaded by code.py, as on the board (install()
        # loads them to check the driver draws with adafruit_framebuf).
        bench_framebuf.hide()
        _clock.stage("code.py")
    else:
        bench_framebuf.install()
    try:
        import code  # noqa: F401  (runs the firmware until the script ends)
    except SessionEnd:
        pass
    if startup:
        return
    # Let the firmware go before checking, so the check never sets the peak.
    _forget("code")
    if "scorekeeper" in sys.modules:  # the firmware, as the bundle ships it
        _forget("scorekeeper")
    gc.collect()
    import bench_minimal
    bench_minimal.report(expect, presses, nvm, board_heap, _clock.peak, _clock.started)
