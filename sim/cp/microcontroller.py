"""``microcontroller`` (virtual): ``nvm``, ``cpu``, ``pin``, ``reset()``, ``watchdog``.

``nvm`` is the 4 KiB sector of the virtual board (sim/cp/_vboard.Nvm), which
counts flash erases by CircuitPython's rule for the RP2040 and RP2350.
"""

import _vboard
from _vboard import Pin, PINS


class _Pins:
    pass


pin = _Pins()
for _p in PINS:
    setattr(pin, "GPIO%d" % _p.number, _p)
del _p


class _Reason:
    """A named constant that prints as CircuitPython prints it."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "microcontroller.ResetReason." + self.name


class ResetReason:
    POWER_ON = _Reason("POWER_ON")
    BROWNOUT = _Reason("BROWNOUT")
    SOFTWARE = _Reason("SOFTWARE")
    DEEP_SLEEP_ALARM = _Reason("DEEP_SLEEP_ALARM")
    RESET_PIN = _Reason("RESET_PIN")
    WATCHDOG = _Reason("WATCHDOG")
    UNKNOWN = _Reason("UNKNOWN")
    RESCUE_DEBUG = _Reason("RESCUE_DEBUG")


class RunMode:
    NORMAL = "NORMAL"
    SAFE_MODE = "SAFE_MODE"
    UF2 = "UF2"
    BOOTLOADER = "BOOTLOADER"


class Processor:
    frequency = 125000000
    temperature = 27.0
    voltage = 3.3
    uid = bytearray(b"\xe6\x61\x38\x52\x83\x5f\x1a\x2e")

    @property
    def reset_reason(self):
        return getattr(ResetReason, _vboard.current().reset_reason)


cpu = Processor()
cpus = (cpu,)


class ByteArray:
    """``microcontroller.nvm``: index and slice access, step 1 only."""

    def __len__(self):
        return _vboard.NVM_SIZE

    def _range(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(_vboard.NVM_SIZE)
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            return start, max(start, stop)
        if index < 0:
            index += _vboard.NVM_SIZE
        if not 0 <= index < _vboard.NVM_SIZE:
            raise IndexError("bytearray index out of range")
        return index, index + 1

    def __getitem__(self, index):
        data = _vboard.current().nvm.data
        start, stop = self._range(index)
        if isinstance(index, slice):
            return bytearray(data[start:stop])
        return data[start]

    def __setitem__(self, index, value):
        board = _vboard.current()
        start, stop = self._range(index)
        if isinstance(index, slice):
            if isinstance(value, int):
                raise NotImplementedError("array/bytes required on right side")
            value = bytes(value)
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
        else:
            if not 0 <= value <= 255:
                raise ValueError("Array values should be single bytes.")
            value = bytes((value,))
        if value:
            board.nvm.write(start, value)


nvm = ByteArray()


def reset():
    board = _vboard.current()
    board.reset_reason = "SOFTWARE"
    raise _vboard.HardReset()


def on_next_reset(run_mode):
    """Recorded only: safe mode, UF2 and the bootloader are not simulated, so the
    next reset runs the firmware normally."""
    _vboard.current().next_run_mode = run_mode


def delay_us(delay):
    _vboard.current().sleep_ms(delay // 1000)


def disable_interrupts():
    pass


def enable_interrupts():
    pass


class _WatchDog:
    """``microcontroller.watchdog``: feed it or the virtual board resets."""

    def __init__(self):
        self._timeout = 0
        self._mode = None
        self.fed_ms = 0

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, value):
        if value <= 0 or value > 8.388:
            raise ValueError("timeout must be 0.0 - 8.388 seconds")
        self._timeout = value

    @property
    def mode(self):
        if self._mode is None:
            return None
        import watchdog
        return getattr(watchdog.WatchDogMode, self._mode)

    @mode.setter
    def mode(self, value):
        board = _vboard.current()
        if value is None:
            self._mode = None
            board.watchdog = None
            return
        if not self._timeout:
            raise ValueError("timeout must be set")
        self._mode = str(value)
        self.fed_ms = board.now()
        board.watchdog = _DogState(self)

    def feed(self):
        board = _vboard.current()
        if self._mode is None:
            raise ValueError("WatchDogTimer is not currently running")
        self.fed_ms = board.now()
        if board.watchdog is not None:
            board.watchdog.fed_ms = self.fed_ms

    def deinit(self):
        if self._mode == "RESET":
            raise ValueError("WatchDogTimer cannot be deinitialized once mode is set to RESET")
        self.mode = None


class _DogState:
    def __init__(self, dog):
        self.mode = dog._mode
        self.timeout = dog._timeout
        self.fed_ms = dog.fed_ms


watchdog = _WatchDog()
