"""What CircuitPython gives code.py in C, stood in for under the MicroPython unix port.

``install(script, end_ms, nvm_path)`` puts ``board``, ``busio``, ``keypad``,
``digitalio``, ``pwmio``, ``microcontroller``, ``supervisor``, ``traceback``
and ``adafruit_bus_device`` into ``sys.modules`` (CircuitPython's built-ins
are found before ``lib/``), and hides MicroPython's C ``framebuf``, which
CircuitPython does not have: the firmware builds the display driver on its
own ``hw.framebuf`` as on the board, and the naive yardstick draws with the
pure-Python ``adafruit_framebuf`` from ``lib/``, as it would there. Each does
only what the C module does for code.py, as cheaply as Python allows:

* ``keypad.Keys`` replays the script: each press goes down, is held, comes
  up, then the table is left alone (``IDLE``: no key, only a pass
  measured). Time is virtual: it moves on by ``POLL_MS`` at every key
  poll that finds nothing to do, so every run is the same. The first poll
  after ``end_ms`` raises ``SessionEnd``.
* ``busio.I2C`` counts the transactions and bytes written to the display
  (the wire time is worked out apart). ``I2CDevice`` locks it. It is not
  the simulator's bus (sim/cp), which every test uses: that one decodes
  each byte through a model of the chip, work the benchmark would count as
  the firmware's, and its modules would sit in the heap it measures.
* ``microcontroller.nvm`` is 4 KiB of flash kept in a file (out of the
  heap, as on the Pico), with CircuitPython's erase rule: a write over
  bytes that are all 0xFF programs them, any other erases the sector.

Measuring (``marking``): the stand-ins call ``mark()`` where a loop pass
begins (the poll that hands out a key event), where it takes and lets go
of the display's bus, and where it ends (the next poll). ``mark()`` is one
call of the C function ``filter_iternext``, and callgrind, run with
``--dump-before=filter_iternext``, writes its counts at every call: the
benchmark adds them up pass by pass. After each pass a line
``PASS marks transactions bytes allocated collected`` says what it did
(``marks``: E the bus taken, S let go, W and w around an nvm write,
C on the board: the work between them is not counted). In a start-up run
(``stages``) the first use of each part marks the end of a stage, with a
line ``STAGE name transactions bytes``; the second key poll (the loop's
first pass done) ends the run. With ``alloc`` (an uncounted run: asking
the heap walks it) a line ``ALLOC bytes name`` follows, the heap allocated
so far, garbage and all. With ``sample`` the live heap is sampled
at the first idle poll (``started``) and every ``sample`` idle polls
(``peak``).
"""

import gc
import sys

from ui.ticks import ticks_add  # the firmware's, from the drive's root

POLL_MS = 10
START_MS = 3000  # the first press
SHORT_MS = 80  # how long a press is held
LONG_MS = 800
IDLE = 7  # a script key: no key, the loop pass at that moment measured
TICKS_START = 0x1FFF0000  # CircuitPython's ticks_ms starts 65.5 s before its wrap
NVM_SIZE = 4096
FLASH_PAGE = 256


class SessionEnd(BaseException):
    """The script is over (a BaseException: code.py's recovery lets it through)."""


class Reload(BaseException):
    """supervisor.reload(): the firmware restarted itself after an error."""


# An exhausted iterator: each ``for`` over it is one call of filter_iternext,
# and allocates nothing.
_MARKER = filter(None, ())


def mark():
    """Close a callgrind dump here (see the module's doc)."""
    for _ in _MARKER:
        pass


class S:
    """The state of the stand-in board (class attributes: one lookup each)."""
    now = 0  # virtual ms since power-up
    end = 0
    script = b""  # 3 bytes a press: key | long << 7, settle ms (little-endian)
    press = 0  # the press the next key change belongs to
    down = False  # the next change is that press's release
    at = START_MS  # when the next key change is due
    bus = None
    marking = False
    open = False  # a marked pass is running
    marks = bytearray(64)
    nmarks = 0
    tx = 0
    nbytes = 0
    heap = 0
    stages = None  # names already reached, in a start-up run
    alloc = False  # tell the heap allocated at each stage (ALLOC lines)
    polls = 0
    sample = 0  # sample the live heap every this many idle polls (0: never)
    peak = 0
    started = -1


def _due():
    return S.press * 3 < len(S.script) and S.at <= S.now


def begin_pass():
    bus = S.bus
    S.tx = bus.transactions if bus else 0
    S.nbytes = bus.data_bytes if bus else 0
    S.nmarks = 0
    S.heap = gc.mem_alloc()
    S.open = True
    mark()


def _inside(kind):
    if S.nmarks < len(S.marks):
        S.marks[S.nmarks] = kind
        S.nmarks += 1
        mark()


def end_pass():
    mark()
    used = gc.mem_alloc()
    S.open = False
    bus = S.bus
    print("PASS", bytes(S.marks[:S.nmarks]).decode() or "-",
          (bus.transactions if bus else 0) - S.tx, (bus.data_bytes if bus else 0) - S.nbytes,
          used - S.heap, 1 if used < S.heap else 0)


def stage(name):
    """The first time ``name`` is reached in a start-up run: the end of a stage."""
    if S.stages is not None and name not in S.stages:
        S.stages.append(name)
        mark()
        bus = S.bus
        print("STAGE", name, bus.transactions if bus else 0, bus.data_bytes if bus else 0)
        if S.alloc:
            print("ALLOC", gc.mem_alloc(), name)


def _sample():
    S.polls += 1
    if S.started < 0 or S.polls % S.sample == 0:
        gc.collect()
        used = gc.mem_alloc()
        if S.started < 0:
            S.started = used
        S.peak = max(S.peak, used)


# --- keypad ------------------------------------------------------------------------


class Event:
    key_number = 0
    pressed = False


class _Events:
    overflowed = False

    def __len__(self):
        return 1 if _due() else 0

    def clear(self):
        pass

    def get_into(self, event):
        if S.open:
            end_pass()
        if S.stages is not None:
            if "first key poll" in S.stages:
                stage("second key poll")  # the loop's first pass is done
                raise SessionEnd()
            stage("first key poll")
        if not _due():
            if S.sample:
                _sample()
            S.now += POLL_MS
            if S.now >= S.end:
                raise SessionEnd()
            if not _due():
                return False
        i = S.press * 3
        key = S.script[i] & 7
        if key == IDLE:
            S.press += 1
            S.at += S.script[i + 1] | S.script[i + 2] << 8
            if S.marking:
                begin_pass()
            return False
        event.key_number = key
        event.pressed = not S.down
        if S.down:
            S.at += S.script[i + 1] | S.script[i + 2] << 8
            S.press += 1
        else:
            S.at += LONG_MS if S.script[i] & 0x80 else SHORT_MS
        S.down = not S.down
        if S.marking:
            begin_pass()
        return True


class Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        stage("keypad.Keys")
        print("KEYS", interval, debounce_threshold)
        self.events = _Events()

    def reset(self):
        pass

    def deinit(self):
        pass


# --- busio, adafruit_bus_device --------------------------------------------------------


class I2C:
    def __init__(self, scl, sda, frequency=100000, timeout=255):
        stage("busio.I2C")
        print("I2C", frequency)
        S.bus = self
        self.transactions = 0
        self.data_bytes = 0
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        # C on the board: as little as can count the bytes (its work is counted).
        if address != 0x3C:
            raise OSError(19)  # ENODEV: no ACK, as CircuitPython raises
        self.transactions += 1
        self.data_bytes += (len(buffer) if end is None else end) - start
        if (S.stages is not None and end is None and len(buffer) == 2 and buffer[1] == 0xAF
                and self.data_bytes > 1024):
            # The glass turned on once a whole frame crossed (the driver's
            # set-up turns it on and off before): it holds the first picture.
            stage("first pixel")

    def deinit(self):
        pass


class I2CDevice:
    def __init__(self, i2c, device_address, probe=True):
        self.i2c = i2c
        self.address = device_address
        if probe:
            stage("first I2C write")  # the probe: the first write on the bus
            try:
                i2c.writeto(device_address, b"")
            except OSError:
                raise ValueError("No I2C device at address: 0x%x" % device_address)

    def __enter__(self):
        while not self.i2c.try_lock():
            pass
        if S.open:
            _inside(69)  # E
        return self

    def __exit__(self, *exc):
        self.i2c.unlock()
        if S.open:
            _inside(83)  # S: what was written is on the wire
        return False

    def write(self, buf, *, start=0, end=None):
        self.i2c.writeto(self.address, buf, start=start, end=end)


# --- microcontroller.nvm -------------------------------------------------------------------


class Flash:
    """Counters: writes, erases, bytes programmed; 2-byte writes (journal
    entries), 1-byte writes (run marks) and longer ones (records), with the
    erases each caused."""

    def __init__(self, path):
        try:
            self.file = open(path, "r+b")
        except OSError:
            self.file = open(path, "w+b")
            for _ in range(NVM_SIZE // FLASH_PAGE):
                self.file.write(b"\xff" * FLASH_PAGE)
        self.scratch = bytearray(FLASH_PAGE)
        self.counts = {"writes": 0, "erases": 0, "programmed": 0, "journal": 0,
                       "journal_erases": 0, "records": 0, "record_erases": 0}

    def __len__(self):
        return NVM_SIZE

    def _span(self, index):
        if isinstance(index, int):
            return index, index + 1
        start = 0 if index.start is None else index.start
        stop = NVM_SIZE if index.stop is None else index.stop
        if index.step is not None or not 0 <= start <= stop <= NVM_SIZE:
            raise IndexError("nvm slice")
        return start, stop

    def __getitem__(self, index):
        start, stop = self._span(index)
        out = bytearray(stop - start)  # a new bytearray in the heap, as on the board
        self.file.seek(start)
        self.file.readinto(out)
        return out[0] if isinstance(index, int) else out

    def _erased(self, start, stop):
        while start < stop:
            self.file.seek(start)
            got = self.file.readinto(self.scratch)
            for i in range(min(got, stop - start)):
                if self.scratch[i] != 0xFF:
                    return False
            start += FLASH_PAGE
        return True

    def __setitem__(self, index, values):
        if S.open:
            _inside(87)  # W: C on the board, from here to w not counted
        start, stop = self._span(index)
        if isinstance(index, int):
            values = bytes((values,))
        if len(values) != stop - start:
            raise ValueError("nvm: the slice and the values differ in length")
        counts = self.counts
        erase = not self._erased(start, stop)
        counts["writes"] += 1
        if erase:
            counts["erases"] += 1
            counts["programmed"] += NVM_SIZE
        else:
            first = start - start % FLASH_PAGE
            counts["programmed"] += ((stop - 1) // FLASH_PAGE + 1) * FLASH_PAGE - first
        kind = "journal" if stop - start == 2 else "records" if stop - start > 2 else None
        if kind is not None:
            counts[kind] += 1
            if erase:
                counts["journal_erases" if kind == "journal" else "record_erases"] += 1
        self.file.seek(start)
        self.file.write(values)
        self.file.flush()
        if S.open:
            _inside(119)  # w


# --- the rest, and installing -----------------------------------------------------


def ticks_ms():
    return ticks_add(TICKS_START, S.now)


def reload():
    raise Reload()


class DigitalInOut:
    value = False
    direction = None
    pull = None

    def __init__(self, pin):
        pass

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value

    def switch_to_input(self, pull=None):
        pass

    def deinit(self):
        pass


class PWMOut:
    def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):
        self.duty_cycle = duty_cycle
        self.frequency = frequency

    def deinit(self):
        pass


class Board:
    """``board``: LED and every GPn of the Pico, each pin its own name."""

    def __getattr__(self, name):
        stage("settings read")  # code.py looks up its first pin once settings.toml is read
        if name == "LED" or (name[:2] == "GP" and name[2:].isdigit() and int(name[2:]) < 29):
            return name
        raise AttributeError(name)


class Missing:
    """A module CircuitPython does not have."""

    def __getattr__(self, name):
        raise ImportError("no module named 'framebuf' on CircuitPython")


class Module:
    def __init__(self, **names):
        for name, value in names.items():
            setattr(self, name, value)


def _print_exception(err, *args, **kwargs):
    sys.print_exception(err)


def install(script, end_ms, nvm_path):
    """The stand-ins into ``sys.modules``; returns the nvm."""
    S.script = script
    S.end = end_ms
    nvm = Flash(nvm_path)
    i2c_device = Module(I2CDevice=I2CDevice)
    for name, module in (
            ("framebuf", Missing()),
            ("board", Board()),
            ("busio", Module(I2C=I2C)),
            ("keypad", Module(Keys=Keys, Event=Event)),
            ("digitalio", Module(DigitalInOut=DigitalInOut)),
            ("pwmio", Module(PWMOut=PWMOut)),
            ("microcontroller", Module(nvm=nvm, reset=reload)),
            ("supervisor", Module(ticks_ms=ticks_ms, reload=reload)),
            ("traceback", Module(print_exception=_print_exception)),
            ("adafruit_bus_device", Module(i2c_device=i2c_device, spi_device=Module())),
            ("adafruit_bus_device.i2c_device", i2c_device),
            ("adafruit_bus_device.spi_device", Module())):
        sys.modules[name] = module
    return nvm
