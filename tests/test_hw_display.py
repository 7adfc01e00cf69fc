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

from hw.changes import JOIN, WINDOW, Changes  # noqa: E402
from hw.display import Display, open_display  # noqa: E402
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
    display.sleep(False)  # waking does not show the garbage
    assert not chip.display_on
    # The first picture goes out whole, whatever pages were asked for (the
    # glass copy is unknown): its window's commands in one write, the frame
    # in another, then the glass on.
    before = chip.transactions
    display.show_pages(0x0F)
    assert chip.display_on and ram(chip) == bytes(display.frame)
    assert chip.data_bytes == 1024 and chip.transactions - before == 3
    # From then on only what changes crosses the wire.
    display.frame[2 * 128 + 12] = 0
    display.show_pages(0xFF)
    assert chip.data_bytes == 1025
    display.sleep(True)
    assert not chip.display_on
    display.sleep(False)
    assert chip.display_on


def test_the_ssd1306_set_up_is_one_write_that_leaves_the_glass_off(chip):
    # The driver sends its set-up a command a write, and turns the glass on
    # and off again: here its commands go out in one write after the
    # address probe, and the glass is never turned on.
    Display(i2c_with(chip))
    assert chip.transactions == 2 and chip.data_bytes == 0
    assert (0xAF,) not in chip.commands and not chip.display_on
    # The driver's settings for a 128x64 panel on the charge pump.
    assert chip.charge_pump and chip.mux == 63 and chip.seg_remap and chip.com_remap
    assert (chip.contrast, chip.precharge, chip.vcomh, chip.com_pins) == (0xFF, 0xF1, 0x30, 0x12)


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


# The cost model, in data bytes on the wire: a transaction (the board's
# work for a write, about 0.4 ms, and its start, address and stop bits)
# costs 19; a run is a transaction of a control byte and its bytes, with a
# window's 12 command bytes in front (6 with page addressing) when it has
# its own.
TRANSACTION = 19


def reference(before, after, mask, pointer=None, known=0xFF, paged=False):
    """What should cross the wire, as a list of (page, left, right, how):
    how is "window" (the chip's window set first, columns left..right),
    "" (the chip points there already) or "join" (the bytes go on in the
    run before's transaction); and where the chip points after them.

    Page by page, each run of adjacent 16-column pieces that differ,
    narrowed to its first and last differing column (a page not ``known``:
    all of it). A stretch at most a new run's cost from the run before on
    its page (which has a window of its own, or is joined) is sent with it,
    the bytes between too. Else, a stretch inside the columns the chip
    points at is widened to them when the bytes added cost less than a
    window (and the pieces it covers are done); else it gets a window. With
    horizontal addressing, a stretch on the page after the run before
    (with a window of its own and first on its page, or joined) is joined
    to it when the bytes that adds (both from column 0, that one to 127)
    cost no more than the stretch alone: one window of every column."""
    window_cost = 6 if paged else 12
    run_cost = window_cost + TRANSACTION + 1
    out = []
    for page in range(8):
        if not mask >> page & 1:
            continue
        differs = [before[page * 128 + x] != after[page * 128 + x] for x in range(128)]
        if known >> page & 1 and not any(differs):
            continue
        piece = 0
        while piece < 8:
            if not known >> page & 1:
                left, right, piece = 0, 127, 8
            elif not any(differs[piece * 16:piece * 16 + 16]):
                piece += 1
                continue
            else:
                first = piece
                while piece < 8 and any(differs[piece * 16:piece * 16 + 16]):
                    piece += 1
                columns = [x for x in range(first * 16, piece * 16) if differs[x]]
                left, right = columns[0], columns[-1]
            last = out[-1] if out else None
            if (last and last[0] == page and last[3] and left - last[2] - 1 <= run_cost):
                run = out[-1] = (page, last[1], right, last[3])
            elif paged:
                run = (page, left, right, "window")
                out.append(run)
            else:
                if (pointer is not None and pointer[0] == page and pointer[1] <= left
                        and right <= pointer[2]
                        and (pointer[2] - pointer[1]) - (right - left) <= window_cost):
                    run = (page, pointer[1], pointer[2], "")
                    alone = TRANSACTION + 1 + (pointer[2] - pointer[1]) - (right - left)
                    piece = max(piece, (pointer[2] + 1) // 16)
                else:
                    run = (page, left, right, "window")
                    alone = run_cost
                if (last and last[0] == page - 1 and last[3]
                        and (len(out) < 2 or out[-2][0] != page - 1)
                        and last[1] + (127 - last[2]) + left + (run[2] - right) <= alone):
                    out[-1] = (last[0], 0, 127, last[3])
                    run = (page, 0, run[2], "join")
                out.append(run)
            if paged or page == 7:
                pointer = None
            elif run[3] == "join":
                pointer = (page + 1, 0, 127) if run[2] == 127 else None
            else:
                pointer = (page + 1, run[1], run[2])
    return out, pointer


def segments(before, after, mask, pointer=None):
    return [(page, left, right) for page, left, right, _ in reference(before, after, mask,
                                                                      pointer)[0]]


def expected_bytes(before, after, mask, pointer=None):
    return sum(right - left + 1 for _, left, right in segments(before, after, mask, pointer))


def transactions(runs):
    """Transactions on the wire for ``reference``'s runs: one for each run
    not joined, and one more for a window's commands when the run starts too
    near the frame's start to put them in front (page 0, left of column 12)."""
    return sum((how != "join") + (how == "window" and page == 0 and left < 12)
               for page, left, _, how in runs)


def test_the_plan_is_the_reference_runs_each_with_its_window_or_joined():
    # The pure diff, no bus: frame against glass copy -> the runs, checked
    # run by run against the reference model above, over random edits.
    flags = {"window": WINDOW, "": 0, "join": JOIN}
    for paged in (False, True):
        frame = bytearray(1024)
        changes = Changes(memoryview(frame), paged)
        rng = random.Random(11)
        pointer = None  # (page, left, right) the chip's window points at
        for step in range(400):
            before = bytes(changes.glass)
            for _ in range(rng.randrange(0, 6)):
                x = rng.randrange(1024)
                width = rng.choice((1, 2, 5, 20, 40, 130))
                for at in range(x, min(1024, x + width)):
                    frame[at] = rng.randrange(256)
            mask = 0xFF if step == 0 else rng.randrange(256)
            count = changes.plan(mask)
            want, pointer = reference(before, bytes(frame), mask, pointer,
                                      0 if step == 0 else 0xFF, paged)
            assert changes.runs[:count] == [page << 16 | left << 8 | right | flags[how]
                                            for page, left, right, how in want], step
            for page in sorted({run[0] for run in want}):
                changes.sent(page)
            changes.done()
            assert changes.pointer == (-1 if pointer is None
                                       else pointer[0] << 16 | pointer[1] << 8 | pointer[2])
            for page in range(8):
                if mask >> page & 1:
                    assert (changes.glass[page * 128:(page + 1) * 128]
                            == frame[page * 128:(page + 1) * 128])


def _all_sent(frame, paged=False):
    """A ``Changes`` over ``frame`` once every page of it was sent."""
    changes = Changes(memoryview(frame), paged)
    for page in range(8):
        changes.sent(page)
    return changes


def test_the_first_frame_is_one_window_and_one_transaction():
    # Nothing known yet: every page whole, joined from the first.
    frame = bytearray(1024)
    changes = Changes(memoryview(frame))
    assert changes.plan(0xFF) == 8
    assert changes.runs[:8] == [127 | WINDOW] + [p << 16 | 127 | JOIN for p in range(1, 8)]
    paged = Changes(memoryview(frame), True)
    assert paged.plan(0xFF) == 8
    assert paged.runs[:8] == [p << 16 | 127 | WINDOW for p in range(8)]


def test_a_gap_cheaper_than_a_new_run_is_sent():
    frame = bytearray(1024)
    changes = _all_sent(frame)
    # 32 unchanged bytes between two marks cost what a new run does (its
    # window's 12 command bytes, its transaction 19 and its control byte):
    # sent; 33 are not.
    frame[2 * 128 + 10] = frame[2 * 128 + 43] = 1
    frame[4 * 128 + 10] = frame[4 * 128 + 44] = 1
    assert changes.plan(0xFF) == 3
    assert changes.runs[:3] == [2 << 16 | 10 << 8 | 43 | WINDOW, 4 << 16 | 10 << 8 | 10 | WINDOW,
                                4 << 16 | 44 << 8 | 44 | WINDOW]
    # Page addressing: a window is 6 command bytes, a new run 26.
    paged = _all_sent(frame, True)
    frame[6 * 128 + 10] = frame[6 * 128 + 37] = 1
    frame[7 * 128 + 10] = frame[7 * 128 + 38] = 1
    assert paged.plan(0xC0) == 3
    assert paged.runs[:3] == [6 << 16 | 10 << 8 | 37 | WINDOW, 7 << 16 | 10 << 8 | 10 | WINDOW,
                              7 << 16 | 38 << 8 | 38 | WINDOW]


def test_a_screen_that_changes_on_every_page_is_one_transaction():
    frame = bytearray(1024)
    changes = _all_sent(frame)
    # Most of each row changed, a few columns at the ends not: whole rows,
    # one window of every column, one transaction to the last change.
    for page in range(8):
        frame[page * 128 + 3:page * 128 + 120] = b"\x11" * 117
    assert changes.plan(0xFF) == 8
    assert changes.runs[:8] == ([127 | WINDOW] + [p << 16 | 127 | JOIN for p in range(1, 7)]
                                + [7 << 16 | 119 | JOIN])
    for page in range(8):
        changes.sent(page)
    changes.done()
    assert changes.pointer == -1  # the chip is in the middle of a row
    # Two pages far apart are not joined; the pages between are not sent.
    frame[1 * 128 + 40] = frame[5 * 128 + 40] = 9
    assert changes.plan(0xFF) == 2
    assert changes.runs[:2] == [1 << 16 | 40 << 8 | 40 | WINDOW, 5 << 16 | 40 << 8 | 40 | WINDOW]


def test_the_most_runs_a_frame_can_need_fit_the_plan():
    # Runs after a page's first are more than 43 columns apart (else sent
    # together): 3 a page, and the first may be one widened to the chip's
    # window before them: at most 4 a page.
    frame = bytearray(1024)
    changes = _all_sent(frame)
    for page in range(8):
        for column in (0, 48, 96):
            frame[page * 128 + column] = 1
    assert changes.plan(0xFF) == 24
    assert len(changes.runs) == 32


def test_show_pages_sends_only_the_changed_pages(chip):
    display = opened(chip)
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
    # Two marks far apart on one page: two windows, 2 bytes, not 101,
    # each window's commands in front of its byte.
    display.frame[4 * 128 + 10] = 0x81
    display.frame[4 * 128 + 110] = 0x18
    sent = chip.data_bytes
    before = chip.transactions
    display.show_pages(1 << 4)
    assert chip.data_bytes - sent == 2
    assert chip.transactions - before == 2
    # Marks in neighbouring 16-column pieces stay one stretch: 20..40.
    display.frame[6 * 128 + 20] = 1
    display.frame[6 * 128 + 40] = 1
    sent = chip.data_bytes
    display.show_pages(1 << 6)
    assert chip.data_bytes - sent == 21
    assert ram(chip) == bytes(display.frame)


def test_the_same_columns_on_the_next_page_need_no_new_window(chip):
    display = opened(chip)
    # A big digit: columns 40..59 of pages 1-5 change. The window set for
    # page 1 runs to the last page, so the chip moves on to page 2 by itself.
    for page in range(1, 6):
        display.frame[page * 128 + 40:page * 128 + 60] = bytes(range(page, page + 20))
    before = chip.transactions
    display.show_pages(0b00111110)
    assert chip.transactions - before == 5
    assert ram(chip) == bytes(display.frame)
    # Other columns on the next page: a window again.
    display.frame[2 * 128 + 70] = 7
    display.frame[3 * 128 + 90] = 7
    before, commands = chip.transactions, chip.command_bytes
    display.show_pages(0b00001100)
    assert chip.transactions - before == 2
    assert chip.command_bytes - commands == 2 * 6
    assert ram(chip) == bytes(display.frame)
    # Inside the columns above, a few narrower: sent widened to them, with
    # no window (4 bytes more than the change, less than a window's cost).
    display.frame[4 * 128 + 40:4 * 128 + 60] = bytes(20)
    display.frame[5 * 128 + 42:5 * 128 + 58] = b"\x3c" * 16
    before, sent = chip.transactions, chip.data_bytes
    display.show_pages(0b00110000)
    assert chip.transactions - before == 2
    assert chip.data_bytes - sent == 20 + 20
    assert ram(chip) == bytes(display.frame)
    # Far narrower (the rest would cost more than a window's 12 command
    # bytes): a window again.
    display.frame[2 * 128 + 20:2 * 128 + 80] = b"\x81" * 60
    display.frame[3 * 128 + 50] = 1
    before, sent = chip.transactions, chip.data_bytes
    display.show_pages(0b00001100)
    assert chip.transactions - before == 2
    assert chip.data_bytes - sent == 60 + 1
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


def test_a_run_of_whole_pages_is_one_window_and_one_transaction(chip):
    display = opened(chip)
    display.frame[2 * 128:6 * 128] = b"\x55" * (4 * 128)
    before, sent = chip.transactions, chip.data_bytes
    display.show_pages(0b00111100)
    assert chip.transactions - before == 1
    assert chip.data_bytes - sent == 4 * 128
    assert ram(chip) == bytes(display.frame)
    # Nearly whole rows: sent whole, the few bytes more cost less than
    # the transactions they save.
    for page in range(1, 7):
        display.frame[page * 128 + 5:page * 128 + 122] = bytes(range(page, page + 117))
    before, sent = chip.transactions, chip.data_bytes
    display.show_pages(0xFF)
    assert chip.transactions - before == 1
    assert chip.data_bytes - sent == 5 * 128 + 122
    assert ram(chip) == bytes(display.frame)
    # The top left corner: no room before its byte in the buffer for the
    # window's commands, which go in a transaction of their own.
    display.frame[0] = 1
    display.frame[7 * 128 + 127] = 1
    before = chip.transactions
    display.show_pages(0b10000001)
    assert chip.transactions - before == 2 + 1
    assert ram(chip) == bytes(display.frame)
    assert display.buffer[0] == 0x40 and display.frame[0] == 1


def test_what_crosses_the_wire_is_the_reference_plan(chip):
    # The bytes and transactions the chip receives, against the reference
    # model's runs, over random pictures and edits (from a blank glass).
    display = opened(chip)
    rng = random.Random(23)
    pointer = None
    for _ in range(150):
        before = bytes(display.frame)
        for _ in range(rng.randrange(1, 12)):
            x = rng.randrange(1024)
            width = rng.choice((1, 3, 16, 40, 120, 300))
            display.frame[x:x + width] = bytes(rng.randrange(256)
                                               for _ in range(len(display.frame[x:x + width])))
        mask = rng.randrange(256)
        runs, after = reference(before, bytes(display.frame), mask, pointer)
        sent, tx = chip.data_bytes, chip.transactions
        display.show_pages(mask)
        assert chip.data_bytes - sent == sum(right - left + 1 for _, left, right, _ in runs)
        assert chip.transactions - tx == transactions(runs)
        pointer = after
        glass = ram(chip)
        for page in range(8):
            if not mask >> page & 1:
                display.frame[page * 128:(page + 1) * 128] = glass[page * 128:(page + 1) * 128]
        assert glass == bytes(display.frame)


def test_the_glass_shows_the_frame_upright_and_flipped(chip):
    display = Display(i2c_with(chip))
    display.fill(0)
    display.frame[3] = 1 << 5  # the pixel at column 3, row 5 (page 0)
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
    display.frame[0] = 1  # the pixel at the top left
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


def test_the_driver_is_built_on_the_drawing_free_base_and_trimmed(chip, monkeypatch):
    # hw.display builds the driver on hw.framebuf (the table draws its own
    # frames), so adafruit_framebuf is never loaded; firmware.start.trim_driver
    # drops the driver's SPI variant. Fresh copies of the modules are loaded
    # here (monkeypatch puts the test's own back afterwards), and a Display
    # built on them goes through everything code.py asks of it.
    for name in ("framebuf", "adafruit_framebuf", "adafruit_ssd1306", "hw.display", "firmware.start"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import hw

    monkeypatch.delattr(hw, "display", raising=False)
    import firmware

    monkeypatch.delattr(firmware, "start", raising=False)
    import firmware.start
    import hw.display
    import hw.framebuf

    import adafruit_ssd1306

    assert "adafruit_framebuf" not in sys.modules
    assert issubclass(adafruit_ssd1306.SSD1306_I2C, hw.framebuf.FrameBuffer)
    firmware.start.trim_driver()
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
