"""The smallest board that runs code.py: stand-ins for the C modules only.

For the heap figure without the simulator's footprint. On the Pico
``board``, ``busio``, ``microcontroller``, ``supervisor``, ``keypad``,
``digitalio`` and ``pwmio`` are C modules that cost the Python heap next to
nothing; the simulator's versions are Python and hold about 70 KiB of the
unix port's heap. These stand-ins do only what code.py needs: pins are
names, the I2C bus counts bytes (``bench_bus``), ``microcontroller.nvm`` is
a plain 4 KiB bytearray of erased flash, ``keypad`` replays the scripted
presses by virtual time, and the time moves on by ``poll_ms`` at every key
poll that finds nothing to do. ``install(schedule, end_ms)`` puts them into
``sys.modules``; the poll after ``end_ms`` raises ``SessionEnd``.
"""

import gc
import sys
from array import array

import bench_hw
from bench_bus import CountingI2C
from bench_hw import DigitalInOut, _Module

TICKS_START = 0x1FFF0000  # CircuitPython's ticks_ms starts 65.5 s before its wrap


class SessionEnd(BaseException):
    pass


class Reload(BaseException):
    """supervisor.reload(): the firmware restarted itself (after an error)."""


class _Clock:
    now = 0
    poll_ms = 10
    end = 0
    on_poll = None  # called at each poll that finds nothing to do (heap sampling)
    next = 0  # index of the next scheduled key change
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
# Key changes in time order, flat: ms, key, pressed (1/0), ... A flat int array
# keeps the schedule's own heap small (a list of tuples would take 24 KiB).
_schedule = [array("i")]


def _due():
    i = _clock.next * 3
    schedule = _schedule[0]
    return i < len(schedule) and schedule[i] <= _clock.now


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
        i = _clock.next * 3
        _clock.next += 1
        schedule = _schedule[0]
        event.key_number = schedule[i + 1]
        event.pressed = schedule[i + 2] == 1
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


def ticks_ms():
    return (_clock.now + TICKS_START) & 0x1FFFFFFF


def reload():
    raise Reload()


def get_setting(key, default=None):
    return default  # no settings.toml: every key at its default


def set_on_poll(function):
    _clock.on_poll = function


def install(schedule, end_ms, poll_ms=10, on_poll=None, mark=False):
    """The stand-ins into sys.modules; returns the nvm bytearray."""
    flat = array("i")
    for at, key, pressed in schedule:
        flat.append(at)
        flat.append(key)
        flat.append(1 if pressed else 0)
    _schedule[0] = flat
    _clock.next = 0
    _clock.end = end_ms
    _clock.poll_ms = poll_ms
    _clock.on_poll = on_poll
    _clock.mark = mark
    _clock.pass_open = False
    board = _Module()
    for number in range(29):
        setattr(board, "GP%d" % number, "GP%d" % number)
    board.LED = "LED"
    busio = _Module()
    busio.I2C = I2C
    microcontroller = _Module()
    microcontroller.nvm = bytearray(b"\xff" * 4096)
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
