"""The smallest board that runs code.py: stand-ins for the C modules only.

For the heap figure without the simulator's footprint. On the Pico
``board``, ``busio``, ``microcontroller``, ``supervisor``, ``keypad``,
``digitalio`` and ``pwmio`` are C modules that cost the Python heap next to
nothing; the simulator's versions are Python and hold about 70 KiB of the
unix port's heap. These stand-ins do only what code.py needs: pins are
names, the I2C bus counts bytes (``bench_bus``), ``microcontroller.nvm`` is
4 KiB of erased flash kept in a file (``Flash``), ``keypad`` replays the scripted
presses by virtual time, and the time moves on by ``poll_ms`` at every key
poll that finds nothing to do. ``install(script, end_ms)`` puts them into
``sys.modules``; the poll after ``end_ms`` raises ``SessionEnd``.

``session(argv)`` runs the scripted session on them (``bench_session_main.py
--minimal``, see ``bench_session``). Everything the session needs is in this
module and the two it shares with the press-by-press runs, and the presses
are kept 3 bytes each: what the bench itself holds in the heap is small
beside the firmware, and it is measured (``board_heap``) before code.py
starts.
"""

import gc
import os
import sys

import bench_hw
from bench_bus import CountingI2C
from bench_hw import DigitalInOut, _Module

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
    mark = False  # call ``marker()`` around every pass of the loop that gets a key event
    pass_open = False
    sent = (0, 0)  # the bus counters when the pass began
    heap = 0  # gc.mem_alloc() when the pass began


_buses = []  # the I2C buses code.py made (it makes one)


_ONE = (0,)


def _nothing(_):
    return False


def marker():
    """A call of the C function ``filter_iternext`` and nothing else: with
    ``valgrind --tool=callgrind --dump-before=filter_iternext`` every call
    starts a new dump, so the loop pass that handles a key event (from the
    poll that returns the event to the next poll) gets a dump of its own.
    The firmware itself never calls ``filter``. After each such pass a
    ``PASS transactions bytes collected`` line tells what it sent to the
    display and whether a garbage collection ran in it (1) or not (0)."""
    for _ in filter(_nothing, _ONE):
        pass


_clock = _Clock()
# The presses, 3 bytes each: key | long << 7, then the settle time after the
# release in ms (2 bytes, little-endian). The key changes are worked out from
# them as time goes (a list of (ms, key, pressed) tuples would take 24 KiB).
_script = [b""]


def _due():
    return _clock.press * 3 < len(_script[0]) and _clock.at <= _clock.now


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class _Events:
    overflowed = False

    def get_into(self, event):
        if _clock.pass_open:
            marker()  # the pass that handled the last key event ends here
            _clock.pass_open = False
            # The heap shrank during the pass: a garbage collection ran in it.
            collected = 1 if gc.mem_alloc() < _clock.heap else 0
            bus = _buses[-1] if _buses else None
            if bus is not None:
                print("PASS %d %d %d" % (bus.transactions - _clock.sent[0],
                                         bus.data_bytes - _clock.sent[1], collected))
            else:
                print("PASS 0 0 %d" % collected)
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
        if _clock.mark:
            if _buses:
                _clock.sent = (_buses[-1].transactions, _buses[-1].data_bytes)
            _clock.heap = gc.mem_alloc()
            marker()  # the pass that handles this event starts here
            _clock.pass_open = True
        return True

    def clear(self):
        pass


class Keys(bench_hw.Keys):
    """The press-by-press stand-in, with presses replayed by virtual time."""

    def __init__(self, pins, value_when_pressed=False, pull=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        self.events = _Events()


class PWMOut:
    def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
        self.frequency = frequency
        self.duty_cycle = duty_cycle

    def deinit(self):
        pass


class I2C(CountingI2C):
    def __init__(self, scl, sda, frequency=100000, timeout=255):
        CountingI2C.__init__(self)
        _buses.append(self)


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
    return default  # no settings.toml: every key at its default


def set_on_poll(function):
    _clock.on_poll = function


def read_script(path):
    """(expected [score0, score1, winner], presses as 3 bytes each, end_ms).

    SCRIPT: a first line ``expect score0 score1 winner``, then one press a
    line, ``key long settle_ms [label]``."""
    expect = None
    script = bytearray()
    end = START_MS
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if expect is None:
                expect = [int(x) for x in words[1:4]]
                continue
            key, long, settle = int(words[0]), int(words[1]), int(words[2])
            script.append(key | (0x80 if long else 0))
            script.append(settle & 0xFF)
            script.append(settle >> 8)
            end += (LONG_MS if long else SHORT_MS) + settle
    return expect, script, end


def install(script, end_ms, poll_ms=POLL_MS, on_poll=None, mark=False):
    """The stand-ins into sys.modules; returns the nvm.

    ``script``: the presses as ``read_script`` packs them; the first comes at
    ``START_MS``. The nvm is a ``Flash`` (outside the heap, as on the Pico),
    or with ``mark`` a plain bytearray: the marked passes then count no
    Python work of the stand-in for a journal write (C on the Pico)."""
    _script[0] = script
    _clock.press = 0
    _clock.down = False
    _clock.at = START_MS
    _clock.end = end_ms
    _clock.poll_ms = poll_ms
    _clock.on_poll = on_poll
    _clock.mark = mark
    _clock.pass_open = False
    board = _Board()
    busio = _Module()
    busio.I2C = I2C
    microcontroller = _Module()
    microcontroller.nvm = bytearray(b"\xff" * 4096) if mark else Flash(4096)
    supervisor = _Module()
    supervisor.ticks_ms = ticks_ms
    supervisor.reload = reload
    supervisor.get_setting = get_setting
    keypad = _Module()
    keypad.Keys = Keys
    keypad.Event = Event
    digitalio = _Module()
    digitalio.DigitalInOut = DigitalInOut
    pwmio = _Module()
    pwmio.PWMOut = PWMOut
    for name, module in (("board", board), ("busio", busio), ("microcontroller", microcontroller),
                         ("supervisor", supervisor), ("keypad", keypad),
                         ("digitalio", digitalio), ("pwmio", pwmio)):
        sys.modules[name] = module
    return microcontroller.nvm


def _live():
    gc.collect()
    return gc.mem_alloc()


def _forget(name):
    """Drop a module whose import raised. MicroPython takes it out of
    ``sys.modules`` then, but leaves it in the dict's slot (alive, for the
    collector) until the slot is reused: overwriting the entry frees it."""
    sys.modules[name] = None
    del sys.modules[name]


def session(argv):
    """``bench_session_main.py --minimal SCRIPT [SAMPLE] [--mark]``: the
    session on these stand-ins; prints ``SESSION name value`` lines."""
    mark = "--mark" in argv
    argv = [a for a in argv if a != "--mark"]
    expect, script, end = read_script(argv[2])
    presses = len(script) // 3
    sample = int(argv[3]) if len(argv) > 3 else 0
    nvm = install(script, end, POLL_MS, mark=mark)
    script = None
    peak = [0, 0, -1]  # peak live heap, polls, live heap at the first poll

    def on_poll():
        if not sample:
            return
        peak[1] += 1
        if peak[2] < 0 or peak[1] % sample == 0:
            used = _live()
            if peak[2] < 0:
                peak[2] = used
            if used > peak[0]:
                peak[0] = used

    set_on_poll(on_poll)
    import random
    random.seed(SEED)  # code.py draws the first dealer at random
    board_heap = _live()
    import bench_framebuf
    bench_framebuf.install()
    try:
        import code  # noqa: F401  (runs the firmware until the script ends)
    except SessionEnd:
        pass
    # Let the firmware go before checking, so the check never sets the peak.
    _forget("code")
    gc.collect()
    print("SESSION presses", presses)
    print("SESSION board_heap", board_heap)
    print("SESSION peak_live", peak[0])
    print("SESSION started_live", peak[2])
    from hw.storage import Storage
    saved = Storage(nvm).load()
    if saved is None:
        print("SESSION error nothing saved")
        return
    game = saved.game
    got = [game.scores[0], game.scores[1], -1 if game.winner is None else game.winner]
    print("SESSION final %d %d %d" % tuple(got))
    if got != expect:
        print("SESSION error expected %d %d %d" % tuple(expect))
        return
    print("SESSION ok 1")
