"""The 128x64 OLED over I2C (SSD1306, SH1106 or SSD1309), sending only what changed.

Dependencies: ``adafruit_ssd1306`` (and through it ``adafruit_bus_device``),
built on a ``busio.I2C`` bus from the configured pins, on ``hw.framebuf``'s
drawing-free base class rather than ``adafruit_framebuf`` (see there).

Why a subclass: the driver's ``show()`` sends the whole 1 KiB frame. The
table draws the whole screen into the driver's buffer (``frame``), and
``show_pages`` sends only the stretches of columns that differ from what the
glass holds. The diff is ``Changes``, apart from the bus: it keeps a copy of
the glass and, page (8-pixel row) by page, gives the runs to send. An
unchanged page is passed over whole; in a changed one it compares pieces of
16 columns (memoryviews, in C; the first that differs found by halving the
rest of the page), a run of differing pieces is one stretch, narrowed byte
by byte at both ends; stretches are sent together or apart as
costs least, counting each I2C transaction as well as each byte (see
``Changes``). ``show_pages`` sends each run in one transaction straight out
of the driver's own buffer: the column and page window's commands (when
the chip does not point there already), each after a control byte 0x80
(Co set: one command byte follows, then another control byte; SSD1306 and
SH1106 datasheets, I2C interface), then the data control byte 0x40 and the
run's bytes. The bytes just before the run in the buffer are swapped for
these for the duration of the write and put back. No copy of the frame, and
an unchanged frame allocates nothing.

The driver's set-up sends each command in a transaction of its own, turns
the glass on and sends a blank frame (1 KiB, about 23 ms at 400 kHz, before
the first picture can go out). Here the set-up (``init_display``) sends its
commands in one transaction and leaves the glass off: the glass copy is
unknown, so the first ``show_pages`` sends every page whole, and the glass
comes on once it holds a whole picture (``_dark``).

Three controllers, chosen by ``EUCHRE_DISPLAY`` (``choose``, once at
start-up), all 128x64 with the same frame and the same diff:

* SSD1306 (0.96-inch): the driver's set-up commands, sent in one
  transaction; column and page windows.
* SSD1309 (2.42-inch): SSD1306 commands, so the same windows, but no charge
  pump: its own set-up sends neither 0x8D nor 0xAD. Many modules need RES
  pulsed at power-up (``EUCHRE_DISPLAY_RESET``): every ``open_display``
  pulses it first.
* SH1106 (1.3-inch): 132 RAM columns, the panel on columns 2..129, page
  addressing only (SH1106 datasheet): each stretch is 0xB0|page,
  0x00|low nibble, 0x10|high nibble of its column + 2, then its bytes; its
  DC-DC converter is 0xAD 0x8B.

The SSD1306 is ``Display`` itself; the other two are the same class given
their differences as data (``hw.controllers``, loaded only for them).
"""

import sys
import time

from micropython import const

from hw import framebuf

# The driver's base class (hw.framebuf), registered before the driver's import
# looks for it: ``import framebuf`` finds a registered module first.
sys.modules["framebuf"] = framebuf
import adafruit_ssd1306  # noqa: E402  (after the base it is built on)

from ui.frame import ALL_PAGES, HEIGHT, PAGES, WIDTH

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, List

_CHUNK = const(16)  # columns compared at once (C speed) before byte by byte
# What a transaction costs, counted in data bytes on the wire (9 bit times
# each, with its acknowledge): the board's own work for each write, about
# 0.4 ms (160 bit times at 400 kHz), and the transaction's start, address
# and stop (11 bit times). Every choice of the plan below weighs bytes
# against transactions at this rate.
_TRANSACTION = const((160 + 11) // 9)
# A window's commands, each byte after a control byte 0x80 (Co set: one
# command byte, then another control byte), in front of the run's data
# control byte and bytes in one transaction: 0x21 left right 0x22 page 7.
_WINDOW_COMMANDS = const(12)
_PAGE_COMMANDS = const(6)  # page addressing: 0xB0|page and the column's two nibbles
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DATA = const(0x40)
_SET_PAGE = const(0xB0)  # page addressing: 0xB0 | page
_SET_HIGH_COLUMN = const(0x10)  # and 0x10 | the column's high nibble (0x00 | its low one)


WINDOW = const(1 << 24)  # a run's flag: the chip's window is set before its bytes
JOIN = const(1 << 25)  # a run's flag: its bytes go on in the run before's transaction
# Runs a frame can need: each of the 8 pages has at most 4 (a run ends at
# more than a 16-column piece that did not change).
_MAX_RUNS = const(32)


class Changes:
    """The frame against what the glass holds, and the runs that bring the
    glass up to date: no bus here, so tests check the runs byte for byte.

    ``plan(mask)`` fills ``runs`` with ``page << 16 | left << 8 | right``
    (columns ``left..right`` of ``page``) and a flag: ``WINDOW`` when the
    chip's window (columns ``left..right``, pages ``page..7``) is set before
    its bytes (page addressing: every run), ``JOIN`` when its bytes follow
    the run before's in one transaction; and gives their number. The sender
    calls ``sent(page)`` once a page's runs are on the glass and ``done()``
    after the last: until then a write cut short leaves the glass copy
    right and the chip's window unknown.

    The cost model: a run is a transaction of its bytes after a control
    byte, with its window's commands in front when it has one; a
    transaction costs as much as ``_TRANSACTION`` bytes. So, page by page:

    * a stretch of differing columns (16-column pieces, the first that
      differs found by halving what is left of the page, narrowed byte by
      byte at both ends) that is fewer bytes from the run before on its page
      than a new run costs is sent with it, the unchanged bytes between too;
    * a stretch inside the columns the chip's window already points at (a
      window runs on to the next page) is widened to them when the bytes
      added cost less than a window: no window then;
    * with horizontal addressing (not page addressing), a stretch on the page
      after the run before is joined to it (both widened to whole rows of
      the page, in a window of all 128 columns, so that the frame's bytes
      follow one another) when the bytes added cost less than it would
      alone: a screen that changes everywhere is one window and one
      transaction."""

    def __init__(self, frame: "Any", paged: bool = False) -> None:
        self.frame = frame  # the driver's buffer past its control byte (a view)
        self.glass = bytearray(WIDTH * PAGES)
        self.known = 0  # bit p set when page p of the glass copy is right
        self.pointer = -1  # page << 16 | left << 8 | right the chip's window points at, or -1
        self.paged = paged
        self.runs = [0] * _MAX_RUNS
        self._next = -1  # the pointer once the planned runs are sent
        # A window's cost, and a run's of its own: its window's commands, then
        # its bytes' transaction and control byte.
        self._window_cost = _PAGE_COMMANDS if paged else _WINDOW_COMMANDS
        self._run_cost = self._window_cost + _TRANSACTION + 1
        glass = memoryview(self.glass)
        self._glass_view = glass
        # Each page of both, made once: an unchanged page (most of them at
        # a press) is passed over without making a view. The 16-column
        # pieces of a changed page are sliced when compared: views of them
        # all, kept, would hold 256 small objects in the heap for good.
        self._frame_pages = [frame[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self._glass_pages = [glass[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]

    def plan(self, mask: int) -> int:
        """The runs for the pages whose bit is set in ``mask``; their number."""
        # Lookups made once: this runs at every press.
        frame = self.frame
        glass = self.glass
        glass_view = self._glass_view
        frame_pages = self._frame_pages
        glass_pages = self._glass_pages
        runs = self.runs
        paged = self.paged
        window_cost = self._window_cost
        run_cost = self._run_cost
        pointer = self.pointer
        self.pointer = -1  # unknown until done()
        known_pages = self.known
        count = 0
        for page in range(PAGES):
            if not mask >> page & 1:
                continue
            known = known_pages >> page & 1
            at = page * WIDTH
            end = at + WIDTH
            if known and frame_pages[page] == glass_pages[page]:
                continue
            chunk = at
            while chunk < end:
                if not known:
                    left = 0  # the glass copy is not right there: all of it
                    right = WIDTH - 1
                    chunk = end
                else:
                    # The first piece that differs from ``chunk`` on: the
                    # rest of the page compared, then that piece, then
                    # halves of what follows it, so that a page with one
                    # small change takes a few compares, not one a piece
                    # (each compare makes two views). The whole page (at
                    # ``at``) is known to differ already.
                    if chunk != at and frame[chunk:end] == glass_view[chunk:end]:
                        break
                    if frame[chunk:chunk + _CHUNK] == glass_view[chunk:chunk + _CHUNK]:
                        chunk += _CHUNK
                        span = end - chunk
                        while span > _CHUNK:
                            half = span >> 1 & -_CHUNK
                            if frame[chunk:chunk + half] == glass_view[chunk:chunk + half]:
                                chunk += half
                                span -= half
                            else:
                                span = half
                    # A run of differing pieces, ended by one that did not change.
                    left = chunk - at
                    chunk += _CHUNK
                    while (chunk < end and frame[chunk:chunk + _CHUNK]
                           != glass_view[chunk:chunk + _CHUNK]):
                        chunk += _CHUNK
                    right = chunk - at - 1
                    # Then byte by byte from both ends, by their index in
                    # the frame (the fewest steps a byte: this loop is the
                    # diff's busiest).
                    byte = at + left
                    while frame[byte] == glass[byte]:
                        byte += 1
                    left = byte - at
                    byte = at + right
                    while frame[byte] == glass[byte]:
                        byte -= 1
                    right = byte - at
                last = runs[count - 1] if count else 0
                if (count and last >> 16 & 0xFF == page and last & (WINDOW | JOIN)
                        and left - (last & 0xFF) - 1 <= run_cost):
                    # Sent with the run before on this page, in its window.
                    here = last & ~0xFF | right
                    runs[count - 1] = here
                elif paged:
                    here = page << 16 | left << 8 | right | WINDOW
                    runs[count] = here
                    count += 1
                else:
                    here = page << 16 | left << 8 | right
                    wide_left = pointer >> 8 & 0xFF
                    wide_right = pointer & 0xFF
                    if (pointer >> 16 == page and wide_left <= left and right <= wide_right
                            and wide_right - wide_left - right + left <= window_cost):
                        # Where the chip points: widened to its window, any
                        # change up to its right edge goes out with these bytes.
                        alone = _TRANSACTION + 1 + wide_right - wide_left - right + left
                        chunk = max(chunk, at + (wide_right + 1 & ~(_CHUNK - 1)))
                        here = pointer
                    else:
                        alone = run_cost
                        here |= WINDOW
                    # Joined to the page before instead: both from column 0,
                    # that one to its last, in one window of every column
                    # (this one's right kept: widened, it covers pieces
                    # passed over).
                    if (count and last >> 16 & 0xFF == page - 1 and last & (WINDOW | JOIN)
                            and (count < 2 or runs[count - 2] >> 16 & 0xFF != page - 1)
                            and ((last >> 8 & 0xFF) + WIDTH - 1 - (last & 0xFF) + left
                                 + (here & 0xFF) - right <= alone)):
                        runs[count - 1] = last & ~0xFFFF | WIDTH - 1
                        here = page << 16 | (here & 0xFF) | JOIN
                    runs[count] = here
                    count += 1
                # Where the chip points once these bytes are sent: the same
                # columns of the next page, when they end at the window's
                # right (horizontal addressing; not with page addressing).
                if paged or page == PAGES - 1:
                    pointer = -1
                elif here & JOIN:
                    pointer = (page + 1) << 16 | WIDTH - 1 if here & 0xFF == WIDTH - 1 else -1
                else:
                    pointer = (here & 0xFFFFFF) + 0x10000
        self._next = pointer
        return count

    def sent(self, page: int) -> None:
        """The planned runs of ``page`` are on the glass."""
        self._glass_pages[page][:] = self._frame_pages[page]
        self.known |= 1 << page

    def done(self) -> None:
        """Every planned run is on the glass: the chip's window is known again."""
        self.pointer = self._next

    def whole(self) -> None:
        """The whole frame went out another way (the driver's own send)."""
        self.glass[:] = self.frame
        self.known = ALL_PAGES
        self.pointer = -1

    def forget(self) -> None:
        """The glass copy and the window are no longer right (a flip)."""
        self.known = 0
        self.pointer = -1


class Display(adafruit_ssd1306.SSD1306_I2C):
    """``SSD1306_I2C`` with ``show_pages(mask)``; ``frame`` is the 1024-byte
    page-order buffer the renderer draws into (a view, not a copy).

    The class is the SSD1306; ``chip``, another controller's differences
    (a row of ``hw.controllers``: its ``SETUP``, ``PAGED`` and
    ``COLUMN_OFFSET``), makes it that controller."""

    # The set-up's commands, sent in one transaction (control byte 0x00: a
    # stream of commands), the glass left off. The SSD1306's are the
    # driver's own for a 128x64 panel on its charge pump, which the driver
    # sends one transaction a byte.
    SETUP = bytes((
        0x00,  # control byte: commands follow
        0xAE,  # glass off
        0x20, 0x00,  # horizontal addressing: the windows of show_pages
        0x40,  # start line 0
        0xA1,  # segment remap: column 0 at the left
        0xA8, HEIGHT - 1,  # multiplex: 64 rows
        0xC8,  # COM scan from the bottom: row 0 at the top
        0xD3, 0x00,  # display offset 0
        0xDA, 0x12,  # COM pins: alternative, as 64-row panels are wired
        0xD5, 0x80,  # clock divide and oscillator
        0xD9, 0xF1,  # pre-charge periods (internal VCC)
        0xDB, 0x30,  # VCOMH deselect level
        0x81, 0xFF,  # contrast (the firmware sets its own next)
        0xA4,  # the glass follows the RAM
        0xA6,  # not inverted
        0xAD, 0x30,  # internal IREF
        0x8D, 0x14,  # charge pump on
    ))
    # Page addressing (SH1106): RAM column of the panel's first column.
    PAGED = False
    COLUMN_OFFSET = 0

    def __init__(self, i2c: "Any", addr: int = 0x3C, chip: "Any" = None) -> None:
        if chip is not None:
            # Before the driver's set-up, which sends SETUP.
            self.SETUP, self.PAGED, self.COLUMN_OFFSET = chip
        self._changes = None  # type: Any  # made once the driver's buffer is
        self._dark = True  # off until every page has been sent once
        super().__init__(WIDTH, HEIGHT, i2c, addr=addr)
        # show_pages locks the bus through the driver's I2CDevice, then
        # writes to the bus itself: one lock a frame, not one a transaction.
        # (From the arguments: CircuitPython's built-in I2CDevice, which the
        # board uses instead of the library in lib/, does not expose them.)
        self._writeto = i2c.writeto
        self._address = addr
        self.frame = memoryview(self.buffer)[1:]
        self._changes = Changes(self.frame, self.PAGED)
        # A window's commands (SH1106: page and column), each after a control
        # byte 0x80, then the data's control byte: put in front of a run's
        # bytes in the driver's buffer for its write (``show_pages``).
        if self.PAGED:
            self._window = bytearray((0x80, _SET_PAGE, 0x80, 0, 0x80, _SET_HIGH_COLUMN, _DATA))
        else:
            self._window = bytearray((0x80, _SET_COL_ADDR, 0x80, 0, 0x80, WIDTH - 1,
                                      0x80, _SET_PAGE_ADDR, 0x80, 0, 0x80, PAGES - 1, _DATA))
        self._kept = bytearray(len(self._window))  # the buffer's bytes it covers meanwhile
        self._view = memoryview(self.buffer)

    def init_display(self) -> None:
        """The controller's set-up with the glass left off (see ``show``)."""
        with self.i2c_device:
            self.i2c_device.write(self.SETUP)

    def poweron(self) -> None:
        # The driver turns the glass on before its set-up: it stays off
        # here until it holds a whole picture (``_light``).
        if not self._dark:
            super().poweron()

    def show(self) -> None:
        """The driver's whole-frame send; the glass copy follows."""
        changes = self._changes
        if self.PAGED:
            # The driver's whole-frame send uses windows the chip does not have.
            changes.forget()
            self.show_pages(ALL_PAGES)
            return
        changes.pointer = -1
        super().show()
        changes.whole()
        self._light()

    def _light(self) -> None:
        """Turn the glass on once it holds a whole picture."""
        if self._dark and self._changes.known == ALL_PAGES:
            self._dark = False
            self.poweron()

    def show_pages(self, mask: int) -> None:
        """Send what changed in the pages whose bit is set in ``mask`` (bit p = page p)."""
        changes = self._changes
        count = changes.plan(mask)
        if count:
            runs = changes.runs
            buffer = self.buffer
            writeto = self._writeto
            address = self._address
            window = self._window
            size = len(window)
            kept = self._kept
            view = self._view
            paged = self.PAGED
            offset = self.COLUMN_OFFSET
            # The bus is locked once for all the transactions of the frame.
            with self.i2c_device:
                index = 0
                while index < count:
                    run = runs[index]
                    page = run >> 16 & 0xFF
                    left = run >> 8 & 0xFF
                    windowed = paged or run & WINDOW
                    if paged:
                        # Page addressing: the page, then the column's nibbles.
                        column = left + offset
                        window[1] = _SET_PAGE | page
                        window[3] = column & 0x0F
                        window[5] = _SET_HIGH_COLUMN | column >> 4
                    elif windowed:
                        window[3] = left
                        window[5] = run & 0xFF
                        window[9] = page
                    # buffer[0] is the driver's control byte; page p starts at
                    # buffer[1 + 128 p], so the data control byte goes at
                    # 128 p + left, just before column ``left``, and the
                    # window's commands before it: the bytes there are kept
                    # for the write and put back (no copy of the frame).
                    # Joined runs follow in the same write.
                    first = page
                    while index + 1 < count and runs[index + 1] & JOIN:
                        index += 1
                        run = runs[index]
                        page = run >> 16 & 0xFF
                    start = first * WIDTH + left
                    end = page * WIDTH + (run & 0xFF) + 2
                    if windowed and start + 1 < size:
                        # Too near the buffer's start for the commands: their own write.
                        writeto(address, window, end=size - 1)
                        windowed = False
                    at = start
                    if windowed:
                        at = start + 1 - size
                        kept[:] = view[at:start + 1]
                        buffer[at:start + 1] = window
                    else:
                        byte = buffer[start]
                        buffer[start] = _DATA
                    try:
                        writeto(address, buffer, start=at, end=end)
                    finally:
                        if windowed:
                            buffer[at:start + 1] = kept
                        else:
                            buffer[start] = byte
                    while first < page:
                        changes.sent(first)
                        first += 1
                    index += 1
                    if index == count or runs[index] >> 16 & 0xFF != page:
                        changes.sent(page)
        changes.done()
        if self._dark:
            self._light()

    def flip(self, flipped: bool) -> None:
        """Turn the picture 180 degrees; the caller redraws every page after it."""
        self._changes.pointer = -1
        self.rotate(not flipped)
        # The glass shows its memory the other way round now: whole pages next time.
        self._changes.forget()

    def sleep(self, asleep: bool) -> None:
        if asleep:
            self.poweroff()
        elif not self._dark:
            self.poweron()


# What open_display builds this run: (controller, RES pin's DigitalInOut or None).
_chosen = ["ssd1306", None]  # type: List[Any]


def choose(controller: str, reset: "Any" = None) -> None:
    """Pick the controller ("ssd1306", "sh1106" or "ssd1309", as
    ``EUCHRE_DISPLAY`` names them) that
    ``open_display`` builds from now on, and the output on the module's RES
    pin (``reset_line``) it pulses first, or None."""
    _chosen[0] = controller
    _chosen[1] = reset


def reset_line(pin: "Any") -> "Any":
    """The output driving the display's RES pin, held high (not in reset)."""
    import digitalio

    line = digitalio.DigitalInOut(pin)
    line.switch_to_output(value=True)
    return line


def open_bus(scl: "Any", sda: "Any", frequency: int) -> "Any":
    """The I2C bus on the display's pins. RuntimeError when SDA or SCL has no
    pull-up: no module is plugged in there (it brings the pull-ups), so
    code.py tries again later; ValueError for pins that are no I2C pair."""
    import busio

    return busio.I2C(scl, sda, frequency=frequency)


def open_display(i2c: "Any", addr: int) -> Display:
    """The chosen display at ``addr``, its RES pulsed first when it has one
    (``choose``); ValueError("No I2C device at address: ...") if it does not answer."""
    controller, reset = _chosen
    if reset is not None:
        reset.value = False
        time.sleep(0.001)  # RES low for at least 3 us starts the chip afresh
        reset.value = True
        time.sleep(0.001)
    if controller == "ssd1306":
        return Display(i2c, addr=addr)
    from hw import controllers

    return Display(i2c, addr=addr, chip=controllers.CHIPS[controller])
