"""``busio`` (virtual): ``I2C`` on the virtual board's wire.

Behaves as CircuitPython on the RP2040: the pins must be an SDA/SCL pair of
the same I2C peripheral ("Invalid pins"), a pin can have one owner ("GP4 in
use"), a bus without pull-ups is refused with the firmware's own message, the
bus must be locked for transfers, and an address nobody acknowledges raises
``OSError`` (errno 19), which adafruit_bus_device reports as
``ValueError("No I2C device at address: 0x3c")``.
"""

import _vboard


def _peripheral(pin, remainder):
    if pin.number % 2 != remainder:
        return -1
    return (pin.number >> 1) & 1


class I2C(_vboard.PinOwner):
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        board = _vboard.current()
        instance = _peripheral(sda, 0)
        if instance < 0 or instance != _peripheral(scl, 1):
            raise ValueError("Invalid pins")
        self._claim(board, (sda, scl), ("I2C SDA", "I2C SCL"))
        if not board.bus.pullups:
            self.deinit()
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
        self._locked = False
        self._frequency = frequency
        board.bus.frequency = frequency

    def _check(self, locked=True):
        self._live()
        if locked and not self._locked:
            raise RuntimeError("Function requires lock")

    @property
    def frequency(self):
        self._check(False)
        return self._frequency

    def try_lock(self):
        self._check(False)
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._check(False)
        self._locked = False

    def scan(self):
        self._check()
        return sorted(self._board.bus.devices)

    def probe(self, address):
        self._check()
        return address in self._board.bus.devices

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check()
        if end is None or end > len(buffer):
            end = len(buffer)
        self._board.bus.write(address, buffer, start, end)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check()
        if end is None or end > len(buffer):
            end = len(buffer)
        data = self._board.bus.read(address, end - start)
        for i in range(end - start):
            buffer[start + i] = data[i]

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0,
                              out_end=None, in_start=0, in_end=None):
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)


class SPI(_vboard.PinOwner):
    """An SPI bus with nothing on it (the scorekeeper uses none). The Adafruit
    libraries name ``busio.SPI`` in their annotations, so it must exist."""

    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        pins = [pin for pin in (clock, MOSI, MISO) if pin is not None]
        self._claim(_vboard.current(), pins, "SPI")
        self._locked = False

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        pass

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def write(self, buffer, *, start=0, end=None):
        pass

    def readinto(self, buffer, *, start=0, end=None, write_value=0):
        end = len(buffer) if end is None else end
        for i in range(start, end):
            buffer[i] = 0xFF  # nothing drives MISO: the line floats high

    def write_readinto(self, out_buffer, in_buffer, *, out_start=0, out_end=None,
                       in_start=0, in_end=None):
        self.readinto(in_buffer, start=in_start, end=in_end)
