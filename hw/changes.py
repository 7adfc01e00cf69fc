"""What the display must be sent: the frame against what its glass holds.

``Changes`` keeps a copy of the glass and, page (8-pixel row) by page,
gives the runs of columns to send, no bus here (``hw.display`` sends
them), so tests check the runs byte for byte. An unchanged page is passed
over whole; in a changed one it compares pieces of 16 columns
(memoryviews, in C; the first that differs found by halving the rest of
the page), a run of differing pieces is one stretch, narrowed byte by byte
at both ends; stretches are sent together or apart as costs least,
counting each I2C transaction as well as each byte.

The display loads it once its first picture is on the glass, sent whole:
the glass copy starts from that picture.
"""

from micropython import const

from ui.frame import ALL_PAGES, PAGES, WIDTH

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

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

    # The runs' flags (WINDOW, JOIN), for the sender, which does not import
    # this module before its first picture is on the glass.
    FLAGS = (WINDOW, JOIN)

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
