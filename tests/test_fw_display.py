"""hw/display.py: the real adafruit_ssd1306 driver, subclassed to send only
changed pages, talking to the simulator's SSD1306 model over a small I2C bus."""

import pathlib
import random
import sys

import pytest

# The simulator's busio/digitalio: adafruit_bus_device names them in annotations.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "sim" / "cp"))

from _ssd1306 import SSD1306  # noqa: E402  (the simulator's model of the chip)

from hw.display import Display, open_display  # noqa: E402


class Bus:
    """Just enough of busio.I2C for adafruit_bus_device, with one device on it."""

    def __init__(self, chip=None, address=0x3C):
        self.chip = chip
        self.address = address
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        if self.chip is None or address != self.address:
            raise OSError(19, "No such device")
        self.chip.i2c_write(buffer, start, len(buffer) if end is None else end)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if self.chip is None or address != self.address:
            raise OSError(19, "No such device")
        end = len(buffer) if end is None else end
        buffer[start:end] = self.chip.i2c_read(end - start)


@pytest.fixture
def chip():
    return SSD1306()


def ram(chip):
    return bytes(chip.ram)


def test_missing_display_is_the_documented_value_error():
    with pytest.raises(ValueError, match="No I2C device at address: 0x3c"):
        open_display(Bus(None), 0x3C)
    with pytest.raises(ValueError, match="0x3d"):
        open_display(Bus(SSD1306(), 0x3C), 0x3D)


def test_show_pages_sends_only_the_changed_pages(chip):
    display = Display(Bus(chip))
    rng = random.Random(7)
    for page_mask in (0x01, 0x80, 0x24, 0x0F, 0xA5, 0xFF, 0x00):
        before = ram(chip)
        picture = bytes(rng.randrange(256) for _ in range(1024))
        display.frame[:] = picture
        bytes_before = chip.data_bytes
        display.show_pages(page_mask)
        after = ram(chip)
        for page in range(8):
            want = picture if page_mask >> page & 1 else before
            assert after[page * 128:(page + 1) * 128] == want[page * 128:(page + 1) * 128], page
        assert chip.data_bytes - bytes_before == 128 * bin(page_mask).count("1")
        # The control byte swapped into the buffer is put back.
        assert bytes(display.frame) == picture
        assert display.buffer[0] == 0x40


def test_a_run_of_pages_is_one_transaction(chip):
    display = Display(Bus(chip))
    before = chip.transactions
    display.show_pages(0b00111100)
    # 6 one-byte command transactions (window) and one data transaction.
    assert chip.transactions - before == 7
    before = chip.transactions
    display.show_pages(0b10000001)
    assert chip.transactions - before == 14


def test_the_glass_shows_the_frame_upright_and_flipped(chip):
    display = Display(Bus(chip))
    display.fill(0)
    display.pixel(3, 5, 1)
    display.show_pages(0xFF)
    glass = chip.frame()
    assert glass[5 * 128 + 3] == 1 and sum(glass) == 1
    display.flip(True)
    display.show_pages(0xFF)
    glass = chip.frame()
    assert glass[(63 - 5) * 128 + (127 - 3)] == 1 and sum(glass) == 1
    display.flip(False)
    display.show_pages(0xFF)
    assert chip.frame()[5 * 128 + 3] == 1


def test_sleep_and_contrast_reach_the_chip(chip):
    display = Display(Bus(chip))
    display.pixel(0, 0, 1)
    display.show_pages(1)
    display.sleep(True)
    assert sum(chip.frame()) == 0
    display.sleep(False)
    assert sum(chip.frame()) == 1
    display.contrast(17)
    assert chip.contrast == 17


def test_unplugged_display_raises_oserror_to_the_caller(chip):
    bus = Bus(chip)
    display = Display(bus)
    bus.chip = None
    with pytest.raises(OSError):
        display.show_pages(0xFF)
    assert display.buffer[0] == 0x40
