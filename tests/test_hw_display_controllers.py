"""The SH1106 and SSD1309 models (sim/cp) and hw/display.py's adapters for
them: each model decodes the bytes as its datasheet says, tells a wrong
driver from the right one, and each adapter leaves on the glass exactly the
frame it was given, upright and turned, sending only what changed."""

import pathlib
import random
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "sim" / "cp"))

from _sh1106 import SH1106  # noqa: E402
from _ssd1306 import SSD1306  # noqa: E402
from _ssd1309 import SSD1309  # noqa: E402

import _vboard  # noqa: E402
import hw.controllers  # noqa: E402
import hw.display  # noqa: E402
from fw_support import i2c_with  # noqa: E402


@pytest.fixture(autouse=True)
def no_board_left():
    yield
    _vboard.install(None)


def glass_of(frame, turned=False):
    """What the eye should see for a 1024-byte page-order frame: 64 rows of 128."""
    out = bytearray(128 * 64)
    for y in range(64):
        for x in range(128):
            out[y * 128 + x] = frame[(y >> 3) * 128 + x] >> (y & 7) & 1
    return bytes(reversed(out)) if turned else bytes(out)


def picture(seed):
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(1024))


def send(chip, *transactions):
    for data in transactions:
        chip.i2c_write(bytes(data), 0, len(data))


SH1106_SETUP = (0x00, 0xAE, 0xA1, 0xC8, 0xDA, 0x12, 0xAD, 0x8B, 0xAF)


def sh1106_pages(chip, frame, offset=2):
    """Each page written with page addressing at column ``offset``."""
    for page in range(8):
        column = offset
        send(chip, (0x00, 0xB0 | page, column & 0x0F, 0x10 | column >> 4),
             (0x40,) + tuple(frame[page * 128:(page + 1) * 128]))


def test_the_sh1106_shows_page_writes_at_its_column_offset():
    chip = SH1106()
    send(chip, SH1106_SETUP)
    frame = picture(1)
    sh1106_pages(chip, frame)
    assert bytes(chip.frame()) == glass_of(frame)
    assert not chip.unknown
    # Written from column 0 instead, the picture sits two columns to the left.
    chip = SH1106()
    send(chip, SH1106_SETUP)
    sh1106_pages(chip, frame, offset=0)
    glass = bytes(chip.frame())
    assert glass != glass_of(frame)
    want = glass_of(frame)
    assert all(glass[y * 128:y * 128 + 126] == want[y * 128 + 2:y * 128 + 128] for y in range(64))


def test_the_sh1106_fed_ssd1306_window_commands_shows_a_wrong_picture():
    # What adafruit_ssd1306 (and the SSD1306 adapter) send: horizontal
    # addressing, a column and a page window, then the 1 KiB frame.
    frame = picture(2)
    ssd1306 = SSD1306()
    sh1106 = SH1106()
    powered_up = bytes(sh1106.ram)
    for chip in (ssd1306, sh1106):
        send(chip, SH1106_SETUP, (0x00, 0x8D, 0x14, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7),
             (0x40,) + tuple(frame))
    assert bytes(ssd1306.frame()) == glass_of(frame)
    assert bytes(sh1106.frame()) != glass_of(frame)
    # The chip knows none of them; their arguments land as other commands:
    # 0x7F as display start line 63, so the picture is off by a row too.
    assert {code for code, _ in sh1106.unknown} == {0x8D, 0x20, 0x21, 0x22}
    assert sh1106.start_line == 63
    # The whole kilobyte went to one page (0, never changed): the others keep
    # what they held at power-up, random dots on the glass.
    assert sh1106.ram[:132] != powered_up[:132] and sh1106.ram[132:] == powered_up[132:]


def test_the_sh1106_column_stops_at_131_and_page_mode_keeps_the_page():
    chip = SH1106()
    chip.ram[:] = bytes(len(chip.ram))  # cleared: the bytes written stand out
    send(chip, (0x00, 0xB3, 0x02, 0x18), (0x40,) + (0xFF,) * 10)  # column 0x82 = 130
    assert chip.ram[3 * 132 + 130] == 0xFF and chip.ram[3 * 132 + 131] == 0xFF
    assert chip.col == 131 and chip.page == 3
    assert sum(chip.ram) == 2 * 0xFF


def test_the_sh1106_dc_dc_converter_and_the_turned_picture():
    chip = SH1106()
    send(chip, SH1106_SETUP)
    frame = picture(3)
    sh1106_pages(chip, frame)
    send(chip, (0x00, 0xAD, 0x8A))  # DC-DC off: dark
    assert sum(chip.frame()) == 0
    send(chip, (0x00, 0xAD, 0x8B))
    assert sum(chip.frame()) > 0
    # Segment and COM remap off: the panel shows RAM 129-x, turned.
    send(chip, (0x00, 0xA0, 0xC0))
    assert bytes(chip.frame()) == glass_of(frame, turned=True)


def test_the_ssd1309_needs_no_charge_pump_and_has_no_0x8d():
    chip = SSD1309()
    frame = picture(4)
    send(chip, (0x00, 0xA1, 0xC8, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7, 0xAF),
         (0x40,) + tuple(frame))
    assert bytes(chip.frame()) == glass_of(frame)  # lit without 0x8D
    send(chip, (0x00, 0x8D, 0x14))
    # 0x8D is unknown; 0x14 is then a command of its own (column high nibble).
    assert chip.unknown == [(0x8D, chip.transactions)]
    assert chip.page_mode_col == 0x40
    # The command lock: everything but 0xFD ignored while locked.
    send(chip, (0x00, 0xFD, 0x16, 0xAE))
    assert chip.display_on
    send(chip, (0x00, 0xFD, 0x12, 0xAE))
    assert not chip.display_on


def test_an_ssd1309_that_needs_its_reset_answers_only_after_the_pulse():
    chip = SSD1309(needs_reset=True)  # RES not driven since power-up
    assert not chip.answers()
    chip.res(True)
    assert chip.answers()
    send(chip, (0x00, 0xAF, 0xB2), (0x40, 0x5A))
    chip.res(False)  # driven low: in reset, its registers back to the reset values
    assert not chip.answers() and not chip.display_on and chip.page == 0
    assert chip.ram[2 * 128] == 0x5A  # the memory is not among them
    chip.res(True)
    assert chip.answers()
    assert SSD1309().answers() and SH1106().answers()


@pytest.mark.parametrize("model", [SSD1306, SH1106, SSD1309], ids=["ssd1306", "sh1106", "ssd1309"])
def test_each_chip_comes_up_with_random_dots_in_its_memory(model):
    # The datasheets give the display memory no reset value: a glass lit
    # before it is written shows dots, about half of them lit.
    chip = model()
    send(chip, (0x00, 0x8D, 0x14, 0xAF))  # the SSD1306's charge pump; unknown to the others
    lit = sum(chip.frame())
    assert chip.lit() and 128 * 64 // 4 < lit < 128 * 64 * 3 // 4
    # The same every time, so pictures and tests repeat.
    assert bytes(model().ram) == bytes(chip.ram)


CHIPS = (("ssd1306", SSD1306), ("sh1106", SH1106), ("ssd1309", SSD1309))


@pytest.fixture(params=CHIPS, ids=[name for name, _ in CHIPS])
def pair(request):
    """(chip model, the adapter open_display builds for it)."""
    name, model = request.param
    chip = model()
    hw.display.choose(name)
    try:
        yield chip, hw.display.open_display(i2c_with(chip), 0x3C)
    finally:
        hw.display.choose("ssd1306")


def test_the_diff_counts_the_window_commands_each_adapter_sends(pair):
    # hw.changes weighs a run's window by its command bytes; hw.display
    # writes them (each after a control byte 0x80, then the data's 0x40).
    import hw.changes

    chip, display = pair
    expected = hw.changes._PAGE_COMMANDS if display.PAGED else hw.changes._WINDOW_COMMANDS
    assert len(display._window) - 1 == expected
    assert display._window[-1] == 0x40 and display._window[0:-1:2] == b"\x80" * (expected // 2)


def test_each_adapter_is_the_one_chosen(pair):
    chip, display = pair
    expected = {"SSD1306": hw.display.Display.SETUP, "SH1106": hw.controllers.SH1106[0],
                "SSD1309": hw.controllers.SSD1309[0]}[chip.NAME]
    assert display.SETUP is expected
    assert display.PAGED == (chip.NAME == "SH1106")
    assert display.COLUMN_OFFSET == (2 if chip.NAME == "SH1106" else 0)


def test_each_adapter_leaves_the_frame_on_the_glass_sending_only_changes(pair):
    chip, display = pair
    # The set-up sends no frame and leaves the glass dark.
    assert chip.data_bytes == 0 and not chip.display_on
    rng = random.Random(9)
    display.show_pages(0xFF)
    assert chip.display_on and sum(chip.frame()) == 0
    for _ in range(60):
        for _ in range(rng.randrange(1, 12)):
            x = rng.randrange(1024)
            width = rng.choice((1, 3, 20, 60))
            piece = display.frame[x:x + width]
            display.frame[x:x + width] = bytes(rng.randrange(256) for _ in range(len(piece)))
        before = chip.data_bytes
        changed = sum(1 for a, b in zip(bytes(display.frame), display._changes.glass) if a != b)
        display.show_pages(0xFF)
        assert bytes(chip.frame()) == glass_of(display.frame)
        # Stretches are narrowed to their changed ends: never more than twice the change.
        assert changed <= chip.data_bytes - before <= max(2 * changed, 16 * 8)
    assert not chip.unknown, chip.unknown_text()


def test_each_adapter_turns_the_picture_and_sleeps(pair):
    chip, display = pair
    display.frame[:] = picture(5)
    display.show_pages(0xFF)
    display.flip(True)
    display.show_pages(0xFF)
    assert bytes(chip.frame()) == glass_of(display.frame, turned=True)
    display.flip(False)
    display.show_pages(0xFF)
    assert bytes(chip.frame()) == glass_of(display.frame)
    display.sleep(True)
    assert sum(chip.frame()) == 0
    display.sleep(False)
    assert bytes(chip.frame()) == glass_of(display.frame)
    display.contrast(33)
    assert chip.contrast == 33
    # The driver's own whole-frame send works on each too.
    display.frame[:] = picture(6)
    display.show()
    assert bytes(chip.frame()) == glass_of(display.frame)
    assert not chip.unknown, chip.unknown_text()


class ResetWire:
    """An output pin wired to the module's RES."""

    def __init__(self, chip):
        self.chip = chip
        self.levels = []

    @property
    def value(self):
        return self.levels[-1]

    @value.setter
    def value(self, level):
        self.levels.append(level)
        self.chip.res(level)


def test_the_reset_line_is_pulsed_before_each_open():
    chip = SSD1309(needs_reset=True)
    bus = i2c_with(chip)  # a chip held in reset does not answer on it
    try:
        hw.display.choose("ssd1309", None)
        with pytest.raises(ValueError, match="No I2C device"):
            hw.display.open_display(bus, 0x3C)
        wire = ResetWire(chip)
        hw.display.choose("ssd1309", wire)
        display = hw.display.open_display(bus, 0x3C)
        assert wire.levels == [False, True]
        display.frame[:] = picture(7)
        display.show_pages(0xFF)
        assert bytes(chip.frame()) == glass_of(display.frame)
    finally:
        hw.display.choose("ssd1306")
