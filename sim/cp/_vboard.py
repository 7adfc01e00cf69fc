"""The virtual Raspberry Pi Pico behind the simulator's CircuitPython modules.

One ``Machine`` is the board on the desk: its virtual clock, its GPIO pins and
the buttons wired to them, the 4 KiB ``microcontroller.nvm`` sector (backed by
a file), the I2C wire with the SSD1306 model on it, and the CIRCUITPY folder
with its ``settings.toml``. The modules ``board``, ``busio``, ``keypad``,
``microcontroller``, ``supervisor``, ``digitalio``, ``pwmio``, ``storage``,
``usb_cdc``, ``watchdog`` (and, under MicroPython, ``os``) beside this file
are thin views of the machine that ``install()`` made current, so the
firmware and the real Adafruit libraries run unchanged.

Plain classes only: this file also runs under the MicroPython unix port.
Its clock wraps where the firmware's ``ui.ticks`` says the board's does, so
the firmware's folder is on the path wherever it runs.
"""

from _sh1106 import SH1106
from _ssd1306 import SSD1306
from _ssd1309 import SSD1309
from ui.ticks import ticks_add

CONTROLLERS = ("ssd1306", "sh1106", "ssd1309")

# CircuitPython starts supervisor.ticks_ms() 65.5 s before its first wrap, so
# that code meets the wrap early (shared-bindings/supervisor: + 0x1fff0000).
TICKS_START = 0x1FFF0000

NVM_SIZE = 4096
FLASH_PAGE = 256

machine = None  # the board the modules talk to (set by install())


class PowerCut(BaseException):
    """The board lost power: nothing the firmware does after this reaches hardware.

    A BaseException so that the firmware's ``except Exception`` recovery does not
    swallow it."""


class Reload(BaseException):
    """``supervisor.reload()``: the runner starts code.py again (a soft reload)."""


class HardReset(BaseException):
    """``microcontroller.reset()`` (or the watchdog): the runner restarts the board."""


def install(board):
    global machine
    machine = board


def current():
    board = machine
    if board is None:
        raise RuntimeError("no virtual board is running")
    if board.dead:
        raise PowerCut()
    return board


class PinOwner:
    """What every virtual peripheral does with its pins, as CircuitPython does:
    claims them all or none ("GP4 in use"), refuses use after ``deinit``,
    releases them on ``deinit`` and as a context manager."""

    _board = None
    _pins = ()

    def _claim(self, board, pins, roles):
        claimed = []
        try:
            for i in range(len(pins)):
                board.claim(pins[i], roles[i] if isinstance(roles, tuple) else roles)
                claimed.append(pins[i])
        except ValueError:
            for pin in claimed:
                board.release(pin)
            raise
        self._board = board
        self._pins = tuple(pins)

    def _live(self):
        if self._board is None:
            raise ValueError("Object has been deinitialized.")
        if self._board.dead:
            raise PowerCut()
        return self._board

    def _releasing(self):
        """Called by ``deinit`` while the pins are still held."""

    def deinit(self):
        if self._board is not None:
            self._releasing()
            for pin in self._pins:
                self._board.release(pin)
            self._board = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class Pin:
    """A GPIO pin (``microcontroller.Pin``); ``board.GP4`` is ``microcontroller.pin.GPIO4``."""

    def __init__(self, number, name):
        self.number = number
        self.name = name

    def __repr__(self):
        return "board." + self.name

    def __hash__(self):
        return self.number

    def __eq__(self, other):
        return isinstance(other, Pin) and other.number == self.number


PINS = [Pin(n, "GP%d" % n) for n in range(30)]


def pin_named(name):
    """``Pin`` for "GP4", "LED", "A0"...; ValueError when the Pico has no such pin."""
    aliases = {"LED": 25, "VBUS_SENSE": 24, "SMPS_MODE": 23, "A0": 26, "A1": 27,
               "A2": 28, "A3": 29, "VOLTAGE_MONITOR": 29}
    if name in aliases:
        return PINS[aliases[name]]
    if name.startswith("GP") and name[2:].isdigit():
        number = int(name[2:])
        if number <= 28 and number not in (23, 24, 25):
            return PINS[number]
    raise ValueError("no pin named " + name)


class Nvm:
    """The flash sector behind ``microcontroller.nvm``, with CircuitPython's write rule.

    ports/raspberrypi/common-hal/nvm/ByteArray.c: when every byte being
    overwritten is still 0xFF (erased flash), the write only programs the
    256-byte flash page(s) it touches. Any other write reads the 4 KiB sector,
    erases it and programs it whole. Counters: ``writes`` (calls), ``erases``,
    ``programmed`` (bytes programmed into flash, 4096 per erase) and
    ``bytes_written`` (bytes the firmware asked to write).
    """

    def __init__(self, path=None):
        self.path = path
        self.data = bytearray(b"\xff" * NVM_SIZE)
        if path is not None:
            try:
                with open(path, "rb") as f:
                    stored = f.read(NVM_SIZE)
                self.data[: len(stored)] = stored
            except OSError:
                self._save()
        self.writes = 0
        self.erases = 0
        self.programmed = 0
        self.bytes_written = 0
        self._torn_at = 0  # power fails during this write (1 = the next one), 0 = never
        self._torn_keep = 0

    def _save(self):
        if self.path is not None:
            with open(self.path, "wb") as f:
                f.write(self.data)

    def reset_counters(self):
        self.writes = self.erases = self.programmed = self.bytes_written = 0

    def cut_power_during_write(self, nth=1, keep=0):
        """Make the power fail during the ``nth`` write from now, after ``keep``
        bytes reached the flash (of the data for a programming write, of the
        whole sector image for an erasing one)."""
        self._torn_at = nth
        self._torn_keep = keep

    def erased(self, start, end):
        data = self.data
        for i in range(start, end):
            if data[i] != 0xFF:
                return False
        return True

    def write(self, start, values):
        """Write ``values`` at ``start`` as the board's flash would."""
        end = start + len(values)
        self.writes += 1
        self.bytes_written += len(values)
        program_only = self.erased(start, end)
        torn = False
        if self._torn_at:
            self._torn_at -= 1
            torn = self._torn_at == 0
        if program_only:
            first = start - start % FLASH_PAGE
            self.programmed += ((end - 1) // FLASH_PAGE + 1) * FLASH_PAGE - first
            if torn:
                keep = min(self._torn_keep, len(values))
                self.data[start : start + keep] = values[:keep]
            else:
                self.data[start:end] = values
        else:
            self.erases += 1
            self.programmed += NVM_SIZE
            if torn:
                image = bytearray(self.data)
                image[start:end] = values
                keep = min(self._torn_keep, NVM_SIZE)
                self.data[:] = image[:keep] + b"\xff" * (NVM_SIZE - keep)
            else:
                self.data[start:end] = values
        self._save()
        if torn:
            raise PowerCut()


class Bus:
    """The I2C wire: devices by address, and what crossed it."""

    def __init__(self, pullups=True):
        self.devices = {}
        self.pullups = pullups
        self.transactions = 0
        self.bytes = 0  # bytes after the address byte, both directions
        self.nacks = 0
        self.frequency = 100000

    def device(self, address):
        dev = self.devices.get(address)
        # A chip held in reset does not acknowledge (``answers``; optional:
        # a device without it always answers).
        answers = getattr(dev, "answers", None)
        if dev is None or (answers is not None and not answers()):
            self.nacks += 1
            # CircuitPython on the RP2040 reports an address nobody acknowledges
            # as ENODEV; adafruit_bus_device turns that into ValueError.
            raise OSError(19, "No such device")
        return dev

    def write(self, address, data, start, end):
        dev = self.device(address)
        self.transactions += 1
        self.bytes += end - start
        dev.i2c_write(data, start, end)

    def read(self, address, nbytes):
        dev = self.device(address)
        self.transactions += 1
        self.bytes += nbytes
        return dev.i2c_read(nbytes)


class Output:
    """What an output pin did: (ms, value) changes, for LED codes and the buzzer."""

    def __init__(self):
        self.changes = []

    def record(self, ms, value):
        changes = self.changes
        if not changes or changes[-1][1] != value:
            changes.append((ms, value))
            if len(changes) > 2000:
                del changes[:1000]

    @property
    def value(self):
        return self.changes[-1][1] if self.changes else None


class Machine:
    """The virtual Pico. ``root`` is the CIRCUITPY folder (settings.toml lives there).

    flavour: 10 (``os.getenv`` returns strings, ``supervisor.get_setting`` typed)
    or 9 (``os.getenv`` returns int for integers). display: True (SSD1306 at
    ``address``), "absent" (the bus has pull-ups but nothing answers at the
    address) or "unplugged" (no pull-ups: ``busio.I2C`` refuses, as on a board
    with nothing on the pins; ``plug_display`` plugs it in later).
    controller: the display module's chip, "ssd1306" (0.96-inch), "sh1106"
    (1.3-inch) or "ssd1309" (2.42-inch). reset_wire: the pin name the
    module's RES is wired to (an SSD1309 module without a reset circuit of
    its own: it answers only once that pin has gone low and high), or None.
    """

    def __init__(self, root, nvm_path=None, flavour=10, display=True, address=0x3C,
                 ticks_start=TICKS_START, poll_ms=1, controller="ssd1306", reset_wire=None):
        self.root = root
        self.flavour = flavour
        self.ticks_start = ticks_start
        self.poll_ms = poll_ms
        self.clock_ms = 0
        self.time_source = None  # callable returning ms, in real-time mode
        self.on_idle = None  # called on a key poll that finds nothing to do
        self.dead = False
        self.nvm = Nvm(nvm_path)
        self.bus = Bus(pullups=display != "unplugged")
        self.reset_wire = pin_named(reset_wire).number if reset_wire else -1
        if controller == "sh1106":
            self.oled = SH1106()
        elif controller == "ssd1309":
            self.oled = SSD1309(needs_reset=reset_wire is not None)
        elif controller == "ssd1306":
            self.oled = SSD1306()
        else:
            raise ValueError("no display controller " + repr(controller) + ": one of "
                             + ", ".join(CONTROLLERS))
        self.address = address
        if display is True:
            self.bus.devices[address] = self.oled
        self.claimed = {}  # pin number -> owner description
        self.buttons = {}  # pin number -> [pressed now, [(ms, pressed), ...] pending]
        self.scanners = []
        self.outputs = {}  # pin number -> Output
        self.serial_out = []
        self.serial_in = bytearray()
        self.data_out = []  # usb_cdc.data
        self.run_reason = "STARTUP"
        self.reset_reason = "POWER_ON"
        self.previous_traceback = None
        self.drive = {"label": "CIRCUITPY", "usb_drive": True, "code_writable": False,
                      "console": True, "data": False}
        self.watchdog = None
        self.in_boot = False  # boot.py is running (storage and usb_cdc changes allowed)
        self.next_code_file = None

    # --- the display's plug ---
    def unplug_display(self):
        """Pull the OLED module's plug: its pull-ups go with it (a new
        ``busio.I2C`` is refused) and nothing answers at its address."""
        self.bus.pullups = False
        self.bus.devices.pop(self.address, None)

    def plug_display(self):
        """Plug the OLED module in: pull-ups on the bus, the chip freshly
        powered at its address."""
        self.bus.pullups = True
        self.oled.power_on()
        self.bus.devices[self.address] = self.oled

    # --- time ---
    def now(self):
        source = self.time_source
        if source is not None:
            return source()
        return self.clock_ms

    def ticks_ms(self):
        return ticks_add(self.ticks_start, self.now())

    def idle(self):
        """The firmware polled its keys and found nothing: let time pass."""
        if self.dead:
            raise PowerCut()
        hook = self.on_idle
        if hook is not None:
            hook()
        else:
            self.clock_ms += self.poll_ms
        self.check_watchdog()

    on_sleep = None  # replaces sleep_ms's own clock step when set

    def sleep_ms(self, ms):
        hook = self.on_sleep
        if hook is not None:
            hook(ms)
        else:
            self.clock_ms += ms
        self.check_watchdog()

    def check_watchdog(self):
        dog = self.watchdog
        if dog is not None and dog.mode is not None and dog.timeout:
            if self.now() - dog.fed_ms > dog.timeout * 1000:
                self.watchdog = None
                if dog.mode == "RAISE":
                    import watchdog
                    raise watchdog.WatchDogTimeout("watchdog timed out")
                self.reset_reason = "WATCHDOG"
                raise HardReset()

    # --- pins ---
    def claim(self, pin, owner):
        if pin.number in self.claimed:
            raise ValueError(pin.name + " in use")
        self.claimed[pin.number] = owner

    def release(self, pin):
        self.claimed.pop(pin.number, None)

    def release_all(self):
        """What CircuitPython does when code.py ends: every pin free, every scanner gone."""
        self.claimed = {}
        self.scanners = []
        self.watchdog = None

    def button(self, pin):
        state = self.buttons.get(pin.number)
        if state is None:
            state = [False, []]
            self.buttons[pin.number] = state
        return state

    def set_button(self, pin, pressed, at_ms=None):
        """Press (True) or release the button wired from ``pin`` to GND at ``at_ms``."""
        if at_ms is None:
            at_ms = self.now()
        pending = self.button(pin)[1]
        # Kept in time order: a press may be scheduled before a later release.
        i = len(pending)
        while i > 0 and pending[i - 1][0] > at_ms:
            i -= 1
        pending.insert(i, (at_ms, pressed))

    def button_down(self, pin, at_ms):
        """Whether the button on ``pin`` is held at ``at_ms`` (settles what is due)."""
        state = self.button(pin)
        pending = state[1]
        while pending and pending[0][0] <= at_ms:
            state[0] = pending.pop(0)[1]
        return state[0]

    def next_button_change(self, pin):
        state = self.buttons.get(pin.number)
        if state is None or not state[1]:
            return None
        return state[1][0][0]

    def pin_level(self, pin, pull_up, at_ms):
        """The level a pin reads: buttons pull it to GND; else the pull decides."""
        if self.button_down(pin, at_ms):
            return False
        return pull_up is not False

    def drive_pin(self, pin, value):
        """An output pin driven to ``value``: recorded, and the display
        module's RES follows it when wired there."""
        self.output(pin).record(self.now(), value)
        if pin.number == self.reset_wire:
            self.oled.res(value)

    def output(self, pin):
        out = self.outputs.get(pin.number)
        if out is None:
            out = Output()
            self.outputs[pin.number] = out
        return out

    # --- console ---
    def write_serial(self, text):
        self.serial_out.append(text)

    def serial_text(self):
        return "".join(self.serial_out)

    # --- settings.toml ---
    def settings_path(self):
        return self.root + "/settings.toml"

    def getenv(self, key, default=None):
        """``os.getenv`` as CircuitPython ``self.flavour`` answers it."""
        found = read_setting(self.settings_path(), key)
        if found is None:
            return default
        raw, quoted = found
        if quoted:
            return decode_string(raw, key)
        if self.flavour >= 10:
            return raw
        return parse_int(raw, key)

    def get_setting(self, key, default=None):
        """``supervisor.get_setting`` (CircuitPython 10): str, int, float or bool."""
        found = read_setting(self.settings_path(), key)
        if found is None:
            return default
        raw, quoted = found
        if quoted:
            return decode_string(raw, key)
        if raw == "true":
            return True
        if raw == "false":
            return False
        try:
            return parse_int(raw, key)
        except ValueError:
            pass
        try:
            return parse_float(raw)
        except ValueError:
            raise ValueError("invalid value for " + key + " in settings.toml: " + raw)


def read_setting(path, key):
    """(raw text, quoted) of ``key`` in the root table of settings.toml, or None.

    The subset CircuitPython reads: bare keys, basic strings on one line,
    comments; a ``[table]`` line ends the root table; the first of duplicate
    keys wins."""
    try:
        with open(path, "rb") as f:
            content = f.read()
    except OSError:
        return None
    text = content.decode("utf-8")
    for line in text.split("\n"):
        line = line.strip()
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            return None
        eq = line.find("=")
        if eq < 0:
            continue
        if line[:eq].strip() != key:
            continue
        value = line[eq + 1 :].strip()
        if value[:1] == '"':
            i = 1
            while i < len(value):
                c = value[i]
                if c == "\\":
                    i += 2
                    continue
                if c == '"':
                    rest = value[i + 1 :].strip()
                    if rest and rest[0] != "#":
                        raise ValueError("invalid value for " + key + " in settings.toml")
                    return value[1:i], True
                i += 1
            raise ValueError("unterminated string for " + key + " in settings.toml")
        hash_at = value.find("#")
        if hash_at >= 0:
            value = value[:hash_at].strip()
        return value, False
    return None


_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "v": "\v"}


def decode_string(raw, key):
    out = []
    i = 0
    while i < len(raw):
        c = raw[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = raw[i + 1 : i + 2]
        if e in _ESCAPES:
            out.append(_ESCAPES[e])
            i += 2
        elif e in ("u", "U"):
            width = 4 if e == "u" else 8
            digits = raw[i + 2 : i + 2 + width]
            try:
                out.append(chr(int(digits, 16)))
            except ValueError:
                raise ValueError("invalid escape for " + key + " in settings.toml")
            i += 2 + width
        else:
            raise ValueError("invalid escape for " + key + " in settings.toml")
    return "".join(out)


def parse_int(raw, key):
    """An integer as C's strtol(raw, base 0) reads it: 0x hex, a leading 0 octal."""
    text = raw
    sign = 1
    if text[:1] in ("+", "-"):
        sign = -1 if text[0] == "-" else 1
        text = text[1:]
    try:
        if text[:2] in ("0x", "0X") and len(text) > 2:
            value = int(text[2:], 16)
        elif len(text) > 1 and text[0] == "0":
            value = int(text[1:], 8)
        else:
            if not text or not text.isdigit():
                raise ValueError()
            value = int(text)
    except ValueError:
        raise ValueError("invalid syntax for integer " + key + " in settings.toml: " + raw)
    return sign * value


def parse_float(raw):
    if raw in ("inf", "+inf", "-inf", "nan", "+nan", "-nan"):
        return float(raw)
    if "." not in raw and "e" not in raw and "E" not in raw:
        raise ValueError(raw)
    return float(raw)
