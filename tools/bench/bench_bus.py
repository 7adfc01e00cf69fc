"""A counting I2C bus for the timed and counted runs of the benchmark.

On the Pico ``busio.I2C.writeto`` is C code and the wire time is computed
separately (see ``bench.py``), so the bus used while instructions are being
counted must cost almost nothing: it only records how many transactions and
bytes went to each address. The bytes themselves are checked against the
simulator's SSD1306 model in a separate, untimed run.

Runs on CPython and MicroPython.
"""


class CountingI2C:
    """Just enough of ``busio.I2C`` for ``adafruit_bus_device`` and the SSD1306 driver."""

    def __init__(self, addresses=(0x3C,)):
        self.addresses = addresses
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
        if address not in self.addresses:
            raise OSError(19)  # ENODEV, as CircuitPython raises for no ACK
        if end is None:
            end = len(buffer)
        self.transactions += 1
        self.data_bytes += end - start

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if address not in self.addresses:
            raise OSError(19)

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0,
                              out_end=None, in_start=0, in_end=None):
        self.writeto(address, out_buffer, start=out_start, end=out_end)

    def scan(self):
        return list(self.addresses)

    def deinit(self):
        pass
