"""hw/display.py: the real adafruit_ssd1306 driver, subclassed to send only
changed pages, talking to the simulator's SSD1306 model over the simulator's
I2C bus (``fw_support.i2c_with``)."""

import pathlib
import random
import sys

import pytest

# The simulator's busio/digitalio: adafruit_bus_device names them in annotations.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "sim" / "cp"))

import _vboard  # noqa: E402
from _ssd1306 import SSD1306  # noqa: E402  (the simulator's model of the chip)
from fw_support import i2c_with  # noqa: E402

from hw.display import WINDOW, Changes, Display, open_display  # noqa: E402
from ui.frame import ALL_PAGES  # noqa: E402


@pytest.fixture(autouse=True)
def no_board_left():
    yield
    _vboard.install(None)


@pytest.fixture
def chip():
    """An SSD1306 whose memory was cleared: after the pages a test sends,
    the memory then equals the frame byte for byte."""
    chip = SSD1306()
    chip.ram[:] = bytes(len(chip.ram))
    return chip


def ram(chip):
    return bytes(chip.ram)


def opened(chip):
    """A display as code.py has it after the loop's first pass: every page
    sent once (here blank), the glass on."""
    display = Display(i2c_with(chip))
    display.show_pages(0xFF)
    return display


def test_the_set_up_sends_no_blank_frame_and_the_glass_lights_with_the_first_picture(chip):
    # Garbage in the chip's memory, as after power-up.
    chip.ram[:] = bytes(random.Random(5).randrange(256) for _ in range(1024))
    display = Display(i2c_with(chip))
    # The driver's set-up: its commands, no 1 KiB blank frame, the glass off.
    assert chip.data_bytes == 0 and not chip.display_on
    display.frame[2 * 128 + 10:2 * 128 + 30] = b"\x7e" * 20
    # Pages sent one part at a time: off until every page holds the picture.
    display.show_pages(0x0F)
    assert not chip.display_on and chip.data_bytes == 4 * 128
    display.sleep(False)  # waking does not show a half-sent glass either
    assert not chip.display_on
    display.show_pages(0xF0)
    assert chip.display_on and ram(chip) == bytes(display.frame)
    assert chip.data_bytes == 1024
    # From then on only what changes crosses the wire.
    display.frame[2 * 128 + 12] = 0
    display.show_pages(0xFF)
    assert chip.data_bytes == 1025
    display.sleep(True)
    assert not chip.display_on
    display.sleep(False)
    assert chip.display_on


def test_the_drivers_whole_frame_show_lights_the_glass_too(chip):
    display = Display(i2c_with(chip))
    display.frame[5] = 1
    display.show()
    assert chip.display_on and ram(chip) == bytes(display.frame)


def test_missing_display_is_the_documented_value_error():
    with pytest.raises(ValueError, match="No I2C device at address: 0x3c"):
        open_display(i2c_with(None), 0x3C)
    with pytest.raises(ValueError, match="0x3d"):
        open_display(i2c_with(SSD1306(), 0x3C), 0x3D)


def segments(before, after, mask):
    """What should cross the wire: per page in ``mask``, each run of adjacent
    16-column pieces that differ, narrowed to its first and last differing
    column. A piece that did not change splits a run: sending 16 unchanged
    bytes would cost more than the next window's commands. A stretch inside
    the columns the previous one of this frame left the chip at on this page
    (a window runs on to the next page) is widened to them when that adds at
    most 8 bytes (about a window's commands on the wire), and the pieces it
    then covers are done."""
    found = []
    reach = None  # (page, left, right) where the chip's window goes on
    for page in range(8):
        if not mask >> page & 1:
            continue
        differs = [before[page * 128 + x] != after[page * 128 + x] for x in range(128)]
        piece = 0
        while piece < 8:
            if not any(differs[piece * 16:piece * 16 + 16]):
                piece += 1
                continue
            first = piece
            while piece < 8 and any(differs[piece * 16:piece * 16 + 16]):
                piece += 1
            columns = [x for x in range(first * 16, piece * 16) if differs[x]]
            left, right = columns[0], columns[-1]
            if (reach is not None and reach[0] == page and reach[1] <= left and right <= reach[2]
                    and (reach[2] - reach[1]) - (right - left) <= 8):
                left, right = reach[1], reach[2]
                piece = max(piece, (right + 1) // 16)
            found.append((page, left, right))
            reach = (page + 1, left, right)
    return found


def expected_bytes(before, after, mask):
    return sum(right - left + 1 for _, left, right in segments(before, after, mask))


def test_the_plan_is_the_reference_runs_each_with_a_window_where_the_chip_points_elsewhere():
    # The pure diff, no bus: frame against glass copy -> the runs, checked
    # run by run against the reference model above, over random edits.
    frame = bytearray(1024)
    changes = Changes(memoryview(frame))
    rng = random.Random(11)
    pointer = None  # (page, left, right) the chip's window points at
    for step in range(300):
        before = bytes(changes.glass) if step else None
        for _ in range(rng.randrange(0, 6)):
            x = rng.randrange(1024)
            width = rng.choice((1, 2, 5, 20, 40))
            for at in range(x, min(1024, x + width)):
                frame[at] = rng.randrange(256)
        mask = 0xFF if step == 0 else rng.randrange(256)
        count = changes.plan(mask)
        runs = changes.runs[:count]
        if step == 0:
            # Nothing known yet: every page whole, one window for all of them.
            want = [(page, 0, 127) for page in range(8)]
        else:
            want = segments(before, bytes(frame), mask)
        assert [(run >> 16 & 0xFF, run >> 8 & 0xFF, run & 0xFF) for run in runs] == want
        for run, seg in zip(runs, want):
            assert bool(run & WINDOW) == (seg != pointer), (step, seg, pointer)
            pointer = (seg[0] + 1, seg[1], seg[2]) if seg[0] < 7 else None
        for page in sorted({seg[0] for seg in want}):
            changes.sent(page)
        changes.done()
        assert changes.pointer == (-1 if pointer is None
                                   else pointer[0] << 16 | pointer[1] << 8 | pointer[2])
        for page in range(8):
            if mask >> page & 1:
                assert changes.glass[page * 128:(page + 1) * 128] == frame[page * 128:(page + 1) * 128]


def test_the_most_runs_a_frame_can_need_fit_the_plan():
    # Every other 16-column piece of every page changed: 4 runs a page.
    frame = bytearray(1024)
    changes = Changes(memoryview(frame))
    for page in range(8):
        changes.sent(page)
        for piece in range(0, 8, 2):
            frame[page * 128 + piece * 16 + 3] = 1
    assert changes.plan(0xFF) == 32 == len(changes.runs)


def test_show_pages_sends_only_the_changed_pages(chip):
    display = Display(i2c_with(chip))
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
        assert chip.data_bytes - bytes_before == expected_bytes(before, picture, page_mask)
        # The control byte swapped into the buffer is put back.
        assert bytes(display.frame) == picture
        assert display.buffer[0] == 0x40


def test_only_the_changed_columns_cross_the_wire(chip):
    display = opened(chip)
    rng = random.Random(3)
    for _ in range(40):
        before = bytes(display.frame)
        picture = bytearray(before)
        # Change a few bytes in a band of pages and columns, as a digit or a pip would.
        first = rng.randrange(8)
        last = min(7, first + rng.randrange(3))
        for _ in range(rng.randrange(1, 6)):
            page = rng.randrange(first, last + 1)
            x = rng.randrange(128)
            picture[page * 128 + x] ^= 1 << rng.randrange(8)
        display.frame[:] = picture
        sent = chip.data_bytes
        mask = sum(1 << p for p in range(first, last + 1))
        display.show_pages(mask)
        assert ram(chip) == bytes(picture)
        assert chip.data_bytes - sent == expected_bytes(before, picture, mask)
    # A digit's top and bottom changed on pages 1 and 5, the pages between
    # did not: 2 x 20 bytes, not 5 x 128.
    display.frame[1 * 128 + 40:1 * 128 + 60] = b"\xff" * 20
    display.frame[5 * 128 + 40:5 * 128 + 60] = b"\x0f" * 20
    sent = chip.data_bytes
    display.show_pages(0b00111110)
    assert chip.data_bytes - sent == 2 * 20
    # Nothing changed: nothing sent, not even a window.
    transactions = chip.transactions
    display.show_pages(0xFF)
    assert chip.transactions == transactions


def test_each_changed_stretch_of_a_page_is_sent_apart(chip):
    display = opened(chip)
    # Two marks far apart on one page: two windows, 2 bytes, not 101.
    display.frame[4 * 128 + 10] = 0x81
    display.frame[4 * 128 + 110] = 0x18
    sent = chip.data_bytes
    before = chip.transactions
    display.show_pages(1 << 4)
    assert chip.data_bytes - sent == 2
    assert chip.transactions - before == 2 * 2
    # Marks in neighbouring 16-column pieces stay one stretch: 20..40.
    display.frame[6 * 128 + 20] = 1
    display.frame[6 * 128 + 40] = 1
    sent = chip.data_bytes
    display.show_pages(1 << 6)
    assert chip.data_bytes - sent == 21
    assert ram(chip) == bytes(display.frame)


def test_the_same_columns_on_the_next_page_need_no_new_window(chip):
    display = Display(i2c_with(chip))
    # A big digit: columns 40..59 of pages 1-5 change. The window set for
    # page 1 runs to the last page, so the chip moves on to page 2 by itself.
    for page in range(1, 6):
        display.frame[page * 128 + 40:page * 128 + 60] = bytes(range(page, page + 20))
    before = chip.transactions
    display.show_pages(0b00111110)
    assert chip.transactions - before == 1 + 5
    assert ram(chip) == bytes(display.frame)
    # Other columns on the next page: a window again.
    display.frame[2 * 128 + 70] = 7
    display.frame[3 * 128 + 90] = 7
    before = chip.transactions
    display.show_pages(0b00001100)
    assert chip.transactions - before == 2 * 2
    assert ram(chip) == bytes(display.frame)
    # Inside the columns above, a few narrower: sent widened to them, with
    # no window (4 bytes more than the change, less than a window's 7).
    display.frame[4 * 128 + 40:4 * 128 + 60] = bytes(20)
    display.frame[5 * 128 + 42:5 * 128 + 58] = b"\x3c" * 16
    before, sent = chip.transactions, chip.data_bytes
    display.show_pages(0b00110000)
    assert chip.transactions - before == 1 + 2
    assert chip.data_bytes - sent == 20 + 20
    assert ram(chip) == bytes(display.frame)
    # Far narrower (the rest would cost more than a window): a window again.
    display.frame[2 * 128 + 40:2 * 128 + 60] = bytes(20)
    display.frame[3 * 128 + 50] = 1
    before, sent = chip.transactions, chip.data_bytes
    display.show_pages(0b00001100)
    assert chip.transactions - before == 2 * 2
    assert chip.data_bytes - sent == 20 + 1
    assert ram(chip) == bytes(display.frame)
    # After the driver's own whole-frame send the chip's pointer is elsewhere.
    display.show()
    display.frame[4 * 128 + 91] = 9
    display.show_pages(1 << 4)
    assert ram(chip) == bytes(display.frame)


def test_random_changes_always_leave_the_glass_equal_to_the_frame(chip):
    display = opened(chip)
    rng = random.Random(11)
    for _ in range(200):
        before = bytes(display.frame)
        for _ in range(rng.randrange(1, 40)):
            x = rng.randrange(1024)
            width = rng.choice((1, 1, 5, 20, 60))
            display.frame[x:x + width] = bytes(rng.randrange(256) for _ in range(len(display.frame[x:x + width])))
        mask = rng.randrange(256) | (0xFF if rng.random() < 0.5 else 0)
        picture = bytes(display.frame)
        sent = chip.data_bytes
        display.show_pages(mask)
        assert chip.data_bytes - sent == expected_bytes(before, picture, mask)
        glass = ram(chip)
        for page in range(8):
            want = picture if mask >> page & 1 else before
            assert glass[page * 128:(page + 1) * 128] == want[page * 128:(page + 1) * 128]
        # Pages left out stay as they were in the display's own copy too.
        display.frame[:] = glass


def test_a_run_of_pages_is_one_window_and_one_transaction_per_page(chip):
    display = Display(i2c_with(chip))
    display.frame[2 * 128:6 * 128] = b"\x55" * (4 * 128)
    before = chip.transactions
    display.show_pages(0b00111100)
    # One transaction for the window's commands, then one per page.
    assert chip.transactions - before == 1 + 4
    display.frame[0] = 1
    display.frame[7 * 128 + 127] = 1
    before = chip.transactions
    display.show_pages(0b10000001)
    assert chip.transactions - before == 2 * (1 + 1)


def test_the_glass_shows_the_frame_upright_and_flipped(chip):
    display = Display(i2c_with(chip))
    display.fill(0)
    display.pixel(3, 5, 1)
    display.show_pages(0xFF)
    glass = chip.frame()
    assert glass[5 * 128 + 3] == 1 and sum(glass) == 1
    display.flip(True)
    sent = chip.data_bytes
    display.show_pages(0xFF)
    # The SSD1306 applies a segment remap to data written after it: the whole
    # frame goes out again, although the picture did not change.
    assert chip.data_bytes - sent == 1024
    glass = chip.frame()
    assert glass[(63 - 5) * 128 + (127 - 3)] == 1 and sum(glass) == 1
    display.flip(False)
    display.show_pages(0xFF)
    assert chip.frame()[5 * 128 + 3] == 1


def test_sleep_and_contrast_reach_the_chip(chip):
    display = opened(chip)
    display.pixel(0, 0, 1)
    display.show_pages(1)
    display.sleep(True)
    assert sum(chip.frame()) == 0
    display.sleep(False)
    assert sum(chip.frame()) == 1
    display.contrast(17)
    assert chip.contrast == 17


def test_unplugged_display_raises_oserror_to_the_caller(chip):
    display = Display(i2c_with(chip))
    _vboard.machine.bus.devices.clear()  # the module's plug pulled
    display.frame[0] = 0xFF
    with pytest.raises(OSError):
        display.show_pages(0xFF)
    assert display.buffer[0] == 0x40


def test_after_a_whole_frame_show_only_changes_are_sent(chip):
    display = Display(i2c_with(chip))
    display.flip(True)
    display.fill(0)
    display.show()  # the driver's own full send after the flip
    display.frame[3 * 128 + 10] = 0xFF
    sent = chip.data_bytes
    display.show_pages(1 << 3)
    assert chip.data_bytes - sent == 1


class BuiltInI2CDevice:
    """CircuitPython's own ``adafruit_bus_device.i2c_device.I2CDevice`` (built
    into the firmware for the RP2040, and found before lib/): only these
    methods, none of the library's attributes (``i2c``, ``device_address``)."""

    __slots__ = ("_device",)
    library = None  # the library's I2CDevice, which this one stands in for

    def __init__(self, i2c, device_address, probe=True):
        self._device = BuiltInI2CDevice.library(i2c, device_address, probe=probe)

    def __enter__(self):
        self._device.__enter__()
        return self

    def __exit__(self, *exc):
        return self._device.__exit__(*exc)

    def readinto(self, buf, *, start=0, end=None):
        self._device.readinto(buf, start=start, end=end)

    def write(self, buf, *, start=0, end=None):
        self._device.write(buf, start=start, end=end)

    def write_then_readinto(self, out_buffer, in_buffer, **kwargs):
        self._device.write_then_readinto(out_buffer, in_buffer, **kwargs)


def test_works_with_circuitpythons_built_in_i2c_device(chip, monkeypatch):
    import adafruit_ssd1306

    BuiltInI2CDevice.library = adafruit_ssd1306.i2c_device.I2CDevice
    monkeypatch.setattr(adafruit_ssd1306.i2c_device, "I2CDevice", BuiltInI2CDevice)
    display = Display(i2c_with(chip))
    assert isinstance(display.i2c_device, BuiltInI2CDevice)
    display.frame[3 * 128 + 40:3 * 128 + 60] = b"\x3c" * 20
    display.show_pages(0xFF)
    assert ram(chip) == bytes(display.frame)


def test_the_trimmed_driver_still_drives_the_display(chip, monkeypatch):
    # firmware.start.trim_driver drops from the loaded driver modules what the
    # firmware never draws with. Fresh copies of the modules are trimmed here
    # (monkeypatch puts the test's own back afterwards), and a Display built
    # on them goes through everything code.py asks of it.
    for name in ("adafruit_framebuf", "adafruit_ssd1306", "hw.display", "firmware.start"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import hw

    monkeypatch.delattr(hw, "display", raising=False)
    import firmware

    monkeypatch.delattr(firmware, "start", raising=False)
    import adafruit_framebuf
    import adafruit_ssd1306
    import firmware.start

    before = set(dir(adafruit_framebuf.FrameBuffer))
    firmware.start.trim_driver()
    gone = before - set(dir(adafruit_framebuf.FrameBuffer))
    assert {"text", "circle", "line", "fill_rect", "pixel"} <= gone
    assert not hasattr(adafruit_framebuf, "BitmapFont")
    assert not hasattr(adafruit_ssd1306, "SSD1306_SPI")
    firmware.start.trim_driver()  # a second time (another start-up) changes nothing more

    import hw.display

    display = hw.display.open_display(i2c_with(chip), 0x3C)
    assert chip.data_bytes == 0 and not chip.display_on  # the set-up sends no blank frame
    display.frame[2 * 128 + 7:2 * 128 + 30] = b"\x5a" * 23
    display.show_pages(ALL_PAGES)
    assert ram(chip) == bytes(display.frame)
    display.contrast(40)
    display.flip(True)
    display.sleep(True)
    display.sleep(False)
    display.show_pages(ALL_PAGES)
    assert ram(chip) == bytes(display.frame)
