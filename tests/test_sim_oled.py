"""The SSD1306 model against the real adafruit_ssd1306 driver.

Whatever the driver draws into its own framebuffer and sends, the model's
glass must show exactly that, upright or turned 180 degrees; and the model
must decode the chip's command set as the datasheet says.
"""

import os
import random
import struct
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sim  # noqa: F401  (puts the virtual CircuitPython modules on sys.path)
import _vboard
from _ssd1306 import SSD1306

W, H = 128, 64


@pytest.fixture
def board(tmp_path):
    machine = _vboard.Machine(str(tmp_path))
    _vboard.install(machine)
    yield machine
    _vboard.install(None)


@pytest.fixture
def font_dir(tmp_path, monkeypatch):
    """adafruit_framebuf's text() reads font5x8.bin from the working directory.
    The real font is not part of the repository, and any font of that format
    exercises the same drawing path: make one with random glyph columns."""
    rng = random.Random(5)
    glyphs = bytes(rng.randrange(256) for _ in range(256 * 5))
    folder = tmp_path / "font"
    folder.mkdir()
    (folder / "font5x8.bin").write_bytes(struct.pack("BB", 5, 8) + glyphs)
    monkeypatch.chdir(folder)
    return folder


def library_driver():
    """``adafruit_ssd1306`` as the library ships it, on ``adafruit_framebuf``
    (whose drawing these tests use), whatever ``hw.display`` registered as
    ``framebuf`` earlier in the run; the run's own modules are put back."""
    kept = {name: sys.modules.pop(name) for name in ("framebuf", "adafruit_ssd1306") if name in sys.modules}
    try:
        import adafruit_ssd1306

        return adafruit_ssd1306
    finally:
        sys.modules.pop("adafruit_ssd1306", None)
        sys.modules.update(kept)


def make_driver(board):
    import board as pins
    import busio

    i2c = busio.I2C(pins.GP5, pins.GP4, frequency=400000)
    return library_driver().SSD1306_I2C(W, H, i2c, addr=0x3C)


def driver_pixels(driver):
    return bytes(1 if driver.pixel(x, y) else 0 for y in range(H) for x in range(W))


def turned(frame):
    """The frame turned 180 degrees."""
    return bytes(reversed(frame))


def show(frame):
    rows = []
    for y in range(0, H, 2):
        rows.append("".join(" ▀▄█"[frame[y * W + x] | frame[(y + 1) * W + x] << 1] for x in range(W)))
    return "\n".join(rows)


SHAPES = st.lists(
    st.one_of(
        st.tuples(st.just("fill_rect"), st.integers(-10, 137), st.integers(-10, 73),
                  st.integers(0, 80), st.integers(0, 40), st.integers(0, 1)),
        st.tuples(st.just("line"), st.integers(-5, 132), st.integers(-5, 68),
                  st.integers(-5, 132), st.integers(-5, 68), st.integers(0, 1)),
        st.tuples(st.just("rect"), st.integers(-5, 127), st.integers(-5, 63),
                  st.integers(1, 60), st.integers(1, 40), st.integers(0, 1)),
        st.tuples(st.just("text"), st.text("ABCxyz0123 +-!", min_size=1, max_size=12),
                  st.integers(-6, 120), st.integers(-8, 60), st.integers(0, 1)),
        st.tuples(st.just("pixel"), st.integers(0, 127), st.integers(0, 63), st.integers(0, 1)),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shapes=SHAPES, upright=st.booleans(), invert=st.booleans())
def test_model_shows_what_the_driver_drew(tmp_path, font_dir, shapes, upright, invert):
    board = _vboard.Machine(str(tmp_path))  # a fresh board for every example
    _vboard.install(board)
    driver = make_driver(board)
    driver.rotate(upright)  # rotate(True) is the driver's normal orientation
    driver.invert(invert)
    for shape in shapes:
        kind = shape[0]
        if kind == "text":
            driver.text(shape[1], shape[2], shape[3], shape[4])
        else:
            getattr(driver, kind)(*shape[1:])
    driver.show()
    want = driver_pixels(driver)
    if invert:
        want = bytes(1 - p for p in want)
    if not upright:
        want = turned(want)
    got = bytes(board.oled.frame())
    _vboard.install(None)
    assert got == want, "model:\n%s\ndriver:\n%s" % (show(got), show(want))
    assert not board.oled.unknown


def test_text_draws_something_with_the_generated_font(board, font_dir):
    # Guards the test above against a font that draws nothing.
    driver = make_driver(board)
    driver.text("EUCHRE", 0, 0, 1)
    driver.show()
    assert sum(board.oled.frame()) > 20


def test_framebuf_rotation_of_the_driver_is_also_seen(board):
    driver = make_driver(board)
    driver.rotation = 2
    driver.fill_rect(0, 0, 10, 5, 1)
    driver.show()
    frame = board.oled.frame()
    # framebuf rotation 2 draws at the opposite corner of the buffer.
    assert frame[(H - 1) * W + W - 1] == 1 and frame[0] == 0


def test_init_sequence_and_counters(board):
    driver = make_driver(board)
    oled = board.oled
    assert oled.lit() and oled.seg_remap and oled.com_remap
    assert oled.mode == 0 and oled.contrast == 0xFF and oled.charge_pump
    # Every command and every frame byte crossed the wire, control bytes included.
    before = (oled.transactions, oled.bytes, oled.data_bytes)
    driver.show()
    assert oled.data_bytes - before[2] == 1024
    assert oled.transactions - before[0] == 7  # six one-byte commands, one frame
    assert oled.bytes - before[1] == 6 * 2 + 1025
    assert board.bus.bytes >= oled.bytes


def test_contrast_invert_power(board):
    driver = make_driver(board)
    driver.fill_rect(0, 0, 4, 4, 1)
    driver.show()
    oled = board.oled
    driver.contrast(0x10)
    assert oled.contrast == 0x10
    assert oled.pixel(0, 0) == 1 and oled.pixel(10, 10) == 0
    driver.invert(True)
    assert oled.pixel(0, 0) == 0 and oled.pixel(10, 10) == 1
    driver.invert(False)
    driver.poweroff()
    assert sum(oled.frame()) == 0 and not oled.lit()
    driver.poweron()
    assert oled.pixel(0, 0) == 1


def send(oled, *chunks):
    for chunk in chunks:
        oled.i2c_write(bytes(chunk), 0, len(chunk))


def test_panel_stays_dark_without_the_charge_pump():
    oled = SSD1306()
    send(oled, [0x00, 0xAF, 0xA5])  # display on, entire display on
    assert not oled.lit() and sum(oled.frame()) == 0
    send(oled, [0x00, 0x8D, 0x14])
    assert sum(oled.frame()) == W * H


def test_vertical_addressing_fills_columns_first():
    oled = SSD1306()
    send(oled, [0x00, 0x20, 0x01, 0x21, 10, 11, 0x22, 2, 3], [0x40, 1, 2, 3, 4])
    assert oled.ram[2 * W + 10] == 1 and oled.ram[3 * W + 10] == 2
    assert oled.ram[2 * W + 11] == 3 and oled.ram[3 * W + 11] == 4
    # A 5th byte wraps to the window's first page and column.
    send(oled, [0x40, 5])
    assert oled.ram[2 * W + 10] == 5 and oled.ram[3 * W + 10] == 2


def test_horizontal_window_wraps_inside_the_window():
    oled = SSD1306()
    oled.ram[:] = bytes(len(oled.ram))  # cleared: the bytes written stand out
    send(oled, [0x00, 0x20, 0x00, 0x21, 100, 102, 0x22, 6, 7], [0x40] + list(range(1, 7)))
    assert bytes(oled.ram[6 * W + 100:6 * W + 103]) == b"\x01\x02\x03"
    assert bytes(oled.ram[7 * W + 100:7 * W + 103]) == b"\x04\x05\x06"
    assert oled.ram[6 * W + 103] == 0 and oled.ram[7 * W + 99] == 0
    # A 7th byte wraps to the window's first page and column.
    send(oled, [0x40, 0x55])
    assert oled.ram[6 * W + 100] == 0x55


def test_page_addressing_uses_page_and_column_nibbles():
    oled = SSD1306()  # page addressing is the chip's power-on mode
    send(oled, [0x80, 0xB5, 0x80, 0x03, 0x80, 0x12], [0x40, 0xAA, 0xBB])
    assert oled.ram[5 * W + 0x23] == 0xAA and oled.ram[5 * W + 0x24] == 0xBB
    # Co=1 data bytes, one at a time
    send(oled, [0xC0, 0x11, 0xC0, 0x22])
    assert oled.ram[5 * W + 0x25] == 0x11 and oled.ram[5 * W + 0x26] == 0x22


def test_arguments_may_arrive_in_later_transactions():
    oled = SSD1306()
    send(oled, [0x80, 0x81], [0x80, 0x42])
    assert oled.contrast == 0x42


def test_start_line_and_offset_shift_the_picture():
    oled = SSD1306()
    send(oled, [0x00, 0x8D, 0x14, 0xAF, 0xA1, 0xC8, 0x20, 0x00], [0x40, 0x01])
    assert oled.pixel(0, 0) == 1
    send(oled, [0x00, 0x41])  # start line 1: RAM row 1 is now at the top
    assert oled.pixel(0, 63) == 1 and oled.pixel(0, 0) == 0
    send(oled, [0x00, 0x40, 0xD3, 0x3F])  # offset 63: the same as starting one line earlier
    assert oled.pixel(0, 1) == 1


def test_sequential_com_pins_interleave_the_rows():
    oled = SSD1306()
    oled.ram[:] = bytes(len(oled.ram))  # cleared: the bytes written stand out
    send(oled, [0x00, 0x8D, 0x14, 0xAF, 0xA1, 0xC8, 0x20, 0x00, 0xDA, 0x02], [0x40, 0x03])
    lit_rows = [y for y in range(H) if oled.pixel(0, y)]
    assert lit_rows != [0, 1] and len(lit_rows) == 2


def test_unknown_commands_are_recorded():
    oled = SSD1306()
    send(oled, [0x00, 0xAF, 0xFF, 0x20, 0x03])
    assert [code for code, _ in oled.unknown] == [0xFF, 0x2003]
    assert oled.display_on


def test_status_read_reports_display_off():
    oled = SSD1306()
    assert oled.i2c_read(1) == b"\x40"
    send(oled, [0x00, 0xAF])
    assert oled.i2c_read(1) == b"\x00"


def test_half_block_text_round_trip():
    from sim.picture import from_half_blocks, half_blocks

    rng = random.Random(3)
    frame = bytes(rng.randrange(2) for _ in range(W * H))
    assert from_half_blocks(half_blocks(frame)) == frame


def test_png_has_the_glass_size(board, tmp_path):
    from PIL import Image

    from sim.picture import save_png

    driver = make_driver(board)
    driver.fill_rect(0, 0, 1, 1, 1)
    driver.show()
    path = save_png(board.oled, str(tmp_path / "glass.png"), scale=3)
    img = Image.open(path)
    assert img.size == (W * 3 + 12, H * 3 + 12)
    lit = img.getpixel((6, 6))
    dark = img.getpixel((6 + 3 * 5, 6 + 3 * 5))
    assert sum(lit) > 3 * sum(dark)
    assert os.path.getsize(path) > 100
