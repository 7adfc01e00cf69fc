"""The game kept safe in ``microcontroller.nvm`` (4 KiB of flash on the Pico).

Why it is laid out this way: on the RP2040 and RP2350 CircuitPython writes to
``nvm`` without erasing when every byte being overwritten is still 0xFF; any
other write reads, erases and rewrites the whole 4 KiB sector with interrupts
off. So the game is a *record* written once (one erase) followed by a
*journal* appended into erased space, one entry per accepted action, which
costs no erase and cannot damage what was written before.

Layout of the sector (``size`` = len(nvm), 4096 on the Pico)::

    [0, size/2)            record: header + journal
    [size/2, size - 64)    aside: a copy of an unreadable image, if there was room
    [size - 64, size)      run marks: one byte per crash / healthy run (see below)

Record header (format version 3)::

    0  "EUCS"  magic
    4  3       format version
    5  dealer  the game's first dealer
    6  P       length of the preferences bytes (``Table.prefs_bytes``)
    7  B       base action count, 2 bytes little-endian
    9  V       length of the previous game, 2 bytes little-endian (0: none)
    11 preferences, base actions (a snapshot taken at compaction), previous game
    .. CRC-16 of everything above, 2 bytes, then one 0x00 pad byte if needed
       so that journal entries are 2-aligned and never straddle a flash page.

The game's rules are saved once, in the preferences (which hold the rules of
the game and of the next one: ``ui.prefs``); ``firmware.house_rules`` replays
the actions under them. Storage keeps bytes: it builds no game.

The previous game is the one New game (or a seat key on the game-over
screen) replaced, which Undo brings back while the new game has no action
(``Table.previous``): its first dealer, the match tally before it (N-S,
E-W), the length of its rules bytes, the rules, its actions. It rides in the
record the new game writes anyway, so keeping it costs no erase; it is left
out when it would leave the journal less than ``_JOURNAL_ROOM`` bytes.

Older formats are still read, and the next rewrite turns them into version
3: version 2 has the game's rules in the header too (byte 6 their length,
the other fields one byte later, the rules before the preferences: a 12-byte
header); version 1 is version 2 without V and the previous game (10 bytes).

Journal entry, 2 bytes: ``code, check``. ``code`` is the engine's action byte
(0..0xFE) or 0xFF for "undo the last action". ``check`` is a 7-bit mix of the
code, the entry's index and the header's CRC, with the top bit always 0: erased
flash (0xFF 0xFF) therefore never reads as an entry, and a write torn by a
power cut (the check byte still 0xFF, or only some bits programmed) is detected
and dropped. A power cut loses at most the action being written.

When is the sector erased: a new game, a preferences change (rules set on the
device, contrast, flip, sleep timeout, match tally, New game's "who deals
first?" waiting or taken back, a set-back kept or a trump suit skipped), a
compaction when the
journal is full (about 1000 entries), and the first save after a damaged or
torn image: one or two erases per game (the README has what that means for
the flash's life).

The limit of a single sector: a rewrite erases it and programs it again
(some tens of milliseconds, interrupts off). A power cut inside that window
leaves the sector blank or with a record that fails its checksum, and the
game in it is lost (reported as damaged, or a fresh start when blank).
Rewrites are rare, and most come with a new game, when only the match tally
is at stake; appends, the everyday writes, never risk what is saved.

Run marks: each crash programs the next 0xFF byte of the last 64 to 0x00, and
a run that stays up after a crash programs 0x5A; neither needs an erase. The
crash streak (trailing 0x00 marks) lets ``firmware.recovery`` stop a restart loop.
"""

from micropython import const

from euchre_core.actions import crc16

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, List, Optional

MAGIC = b"EUCS"
RECORD_FORMAT = const(3)
MARKS = const(64)
_JOURNAL_ROOM = const(512)  # journal bytes a record keeps free at least, when it can
UNDO = const(0xFF)
_CRASH = const(0x00)
_HEALTHY = const(0x5A)
FIXED = const(11)  # header bytes before preferences, base actions, previous game
FIXED_V2 = const(12)  # format 2: the game's rules too, before the preferences
FIXED_V1 = const(10)  # format 1: as 2, without the previous game
PIECE = const(64)  # nvm bytes read at a time when the journal is scanned


def entry_check(code: int, index: int, seed: int) -> int:
    """The 7-bit check byte of journal entry ``index`` holding ``code``."""
    mix = (seed ^ (index * 0x9E37) ^ (code * 0x0101)) & 0xFFFF
    for _ in range(3):
        # mix * 0x6F4B mod 2**16 a byte of mix at a time: the whole product
        # can pass 2**30, a long int (a heap allocation) on the board.
        low = (mix & 0xFF) * 0x6F4B
        high = (mix >> 8) * 0x6F4B & 0xFF
        mix = ((low + (high << 8)) ^ (mix >> 7)) & 0xFFFF
    return (mix ^ (mix >> 8)) & 0x7F


def _erased(size: int) -> bytearray:
    """``size`` bytes of 0xFF, built in place: one allocation, not a bytes and its copy."""
    out = bytearray(size)
    view = memoryview(out)
    if size:
        out[0] = 0xFF
    filled = 1
    while filled < size:
        step = min(filled, size - filled)
        view[filled:filled + step] = view[0:step]
        filled += step
    return out


def _previous_bytes(previous: "Any") -> bytes:
    """The previous game as the record holds it (see the layout above)."""
    if previous is None:
        return b""
    kept = previous.rules.to_bytes()
    return (bytes((previous.dealer, min(previous.tally_ns, 255), min(previous.tally_ew, 255),
                   len(kept))) + kept + previous.codes)


def blank(data: "Any") -> bool:
    """Whether ``data`` is all 0xFF (erased flash): its least byte, found in
    C, without a Python loop over its bytes or a copy to compare with."""
    return not len(data) or min(data) == 0xFF


class Storage:
    """Saves the table's game and preferences in an nvm-like byte array.

    ``nvm`` needs ``len``, slice reads and slice assignment (``microcontroller.nvm``
    or the simulator's); None means there is nowhere to save.
    """

    def __init__(self, nvm: "Any") -> None:
        self.nvm = nvm
        self.size = len(nvm) if nvm is not None else 0
        self.record_size = self.size // 2
        self.messages: "List[str]" = []
        self.rewrites = 0
        self._log = bytearray()  # the actions as the journal now holds them
        self._pos = 0  # where the next journal entry goes
        self._index = 0  # number of the next journal entry
        self._seed = 0
        self._entry = bytearray(2)
        self._game: Any = None
        self._game_serial = -1
        self._prefs_serial = -1
        self._rewrite_needed = True
        # Every byte of the record area from _pos on is known to be erased:
        # a rewrite then needs to cover only what is programmed (see rewrite).
        # False until a record is found or written; None: a record was found
        # and its tail is not looked at yet (the first rewrite looks, not
        # the start-up).
        self._tail_erased: "Optional[bool]" = False
        self._reset_marks = False  # the marks area holds someone else's bytes
        if nvm is not None and self.size < 256:
            self.messages.append("Storage too small: game not saved")
            self.nvm = None

    # ----- power-up: reading the record back is hw.saved, blank flash here ---

    def found(self, log: "Any", pos: int, index: int, seed: int, rewrite: bool,
              tail_erased: "Optional[bool]", reset_marks: bool = False) -> None:
        """What ``hw.saved`` (or ``blank_record``) found at power-up, for
        the saves to go on from: the journal's actions (``log``), where its
        next entry goes (``pos``, entry number ``index``), its check seed
        (the header's CRC); ``rewrite``: the next save writes a whole record
        (a blank, unreadable or set-aside record, a torn entry); ``tail_erased``:
        the record area is erased from ``pos`` on (None: not known, the
        first rewrite reads it: not a start-up's work); ``reset_marks``:
        the marks area may hold someone else's bytes."""
        self._log = log
        self._pos = pos
        self._index = index
        self._seed = seed
        self._rewrite_needed = rewrite
        self._tail_erased = tail_erased
        self._reset_marks = reset_marks

    def blank_record(self, head: "Any" = None) -> bool:
        """True when the record's header is erased flash (a first power-on):
        there is no game to read back, so start-up does not load
        ``hw.saved``; the journal starts empty and the first save writes a
        whole record. False without storage (``hw.saved`` says so).
        ``head``: the header (``FIXED_V2`` bytes) when the caller has read
        it already (``hw.saved.load``, which parses it next)."""
        if self.nvm is None:
            return False
        if not blank(self.nvm[0:FIXED_V2] if head is None else head):
            return False
        self.found(bytearray(), 0, 0, 0, True, None)
        return True

    def erased_from(self, start: int) -> bool:
        """True when the record area holds only 0xFF from ``start`` to its
        end: read ``PIECE`` bytes at a time, not as one copy of the area."""
        while start < self.record_size:
            stop = min(start + PIECE, self.record_size)
            if not blank(self.nvm[start:stop]):
                return False
            start = stop
        return True

    def aside(self) -> bytes:
        """The image set aside earlier (all 0xFF when none)."""
        if self.nvm is None:
            return b""
        return bytes(self.nvm[self.record_size:self.size - MARKS])

    # ----- saving -----------------------------------------------------------

    def adopt(self, table: "Any") -> None:
        """Take the table's current game as what is saved (after ``hw.saved.load``).
        A game that kept fewer actions than were read (one did not replay)
        is written whole at the next ``sync``."""
        if table.game.codes != self._log:
            self._log = bytearray(table.game.codes)
            self._rewrite_needed = True
        self._game = table.game
        self._game_serial = table.game_serial
        self._prefs_serial = table.prefs_serial

    def record_due(self, table: "Any") -> bool:
        """Whether the next ``sync`` writes the whole record (a new game, new
        preferences, a full journal), not a journal entry: milliseconds of
        work on the board, which the loop does after drawing (``firmware.loop``)."""
        return (self.nvm is not None
                and (self._rewrite_needed or table.game_serial != self._game_serial
                     or table.prefs_serial != self._prefs_serial or table.game is not self._game))

    def sync(self, table: "Any", check_all: bool = False) -> None:
        """Save what changed in the table since the last call.

        Cheap when nothing changed (no allocation); ``check_all`` compares the
        whole action log, for calls after a key press.
        """
        if self.record_due(table):
            self.rewrite(table)
        else:
            self.append(table, check_all)

    def append(self, table: "Any", check_all: bool = False) -> None:
        """Journal the actions and undos since the last save (``sync`` when
        ``record_due`` is known to be False)."""
        if self.nvm is None:
            return
        game = table.game
        if not check_all and game.action_count == len(self._log):
            return
        codes = game.codes
        log = self._log
        # What the journal and the game have in common: all of the shorter
        # one after an action or an undo (one comparison, in C); else, the
        # log rewritten under it, found byte by byte.
        same = min(len(codes), len(log))
        if codes[:same] != log[:same]:
            same = 0
            while codes[same] == log[same]:
                same += 1
        undos = len(log) - same
        if undos == 0 and same == len(codes):
            return
        needed = 2 * (undos + len(codes) - same)
        if self._pos + needed > self.record_size:
            self.rewrite(table)
            return
        for _ in range(undos):
            self._append(UNDO)
        for code in codes[same:]:
            self._append(code)
        self._log = bytearray(codes)

    def _append(self, code: int) -> None:
        entry = self._entry
        entry[0] = code
        entry[1] = entry_check(code, self._index, self._seed)
        self.nvm[self._pos:self._pos + 2] = entry
        self._pos += 2
        self._index += 1

    def rewrite(self, table: "Any") -> None:
        """Start a new record holding the whole game (one sector erase).

        The write covers the whole record area, or, when all of it from the
        journal's end on is known to be erased, only up to the end of what
        is programmed (old or new): the flash then holds the same bytes after
        the one erase, and the heap needs a buffer of a few hundred bytes
        instead of the record area's 2 KiB."""
        game = table.game
        prefs = table.prefs_bytes()
        base = game.codes
        end = FIXED + len(prefs) + len(base)
        if end + 2 > self.record_size or len(prefs) > 255:
            # Cannot happen with the engine's sizes; keep the game and prefs in RAM.
            self.messages.append("Game too long to save")
            return
        previous = _previous_bytes(table.previous)
        if end + len(previous) + 3 + _JOURNAL_ROOM > self.record_size:
            previous = b""  # Undo still finds it in RAM until the power goes
        end += len(previous)
        size = self.record_size
        if self._tail_erased is None:
            self._tail_erased = self.erased_from(self._pos)
        if self._tail_erased and not self._reset_marks:
            size = min(size, max(self._pos, end + 3))
        record = _erased(size)
        record[0:4] = MAGIC
        record[4] = RECORD_FORMAT
        record[5] = game.start_dealer
        record[6] = len(prefs)
        record[7] = len(base) & 0xFF
        record[8] = len(base) >> 8
        record[9] = len(previous) & 0xFF
        record[10] = len(previous) >> 8
        start = FIXED + len(prefs)
        record[FIXED:start] = prefs
        record[start:start + len(base)] = base
        record[start + len(base):end] = previous
        crc = crc16(memoryview(record)[0:end])
        record[end] = crc >> 8
        record[end + 1] = crc & 0xFF
        pos = end + 2
        if pos & 1:
            record[pos] = 0
            pos += 1
        if self._reset_marks:
            # The sector held foreign data: start the run marks afresh too.
            whole = bytearray(self.nvm[0:self.size])
            whole[0:self.record_size] = record
            whole[self.size - MARKS:self.size] = b"\xff" * MARKS
            self.nvm[0:self.size] = whole
            self._reset_marks = False
        else:
            self.nvm[0:size] = record
        self.rewrites += 1
        self._log = bytearray(base)
        self._pos = pos
        self._index = 0
        self._seed = crc
        self._game = game
        self._game_serial = table.game_serial
        self._prefs_serial = table.prefs_serial
        self._rewrite_needed = False
        self._tail_erased = True

    # ----- run marks: the guard against a restart loop ------------------------

    def crash_streak(self) -> int:
        """Crashes since the last run that stayed up (0 when the sector is not ours)."""
        if self.nvm is None:
            return 0
        head = self.nvm[0:4]
        if head != MAGIC and not blank(head):
            return 0
        marks = self.nvm[self.size - MARKS:self.size]
        streak = 0
        used = 0
        for mark in marks:
            if mark == 0xFF:
                break
            if mark != _CRASH and mark != _HEALTHY:
                return 0
            streak = streak + 1 if mark == _CRASH else 0
            used += 1
        if not blank(marks[used:]):
            return 0
        return streak

    def mark_crash(self) -> None:
        self._mark(_CRASH)

    def mark_healthy(self) -> None:
        self._mark(_HEALTHY)

    def _mark(self, value: int) -> None:
        if self.nvm is None:
            return
        first = self.size - MARKS
        marks = self.nvm[first:self.size]
        free = -1
        for i in range(MARKS):
            if marks[i] == 0xFF:
                free = i
                break
        if free < 0:
            # Full: carry the streak (capped, it only matters up to a few)
            # over into a freshly erased area: one erase per 56+ marks.
            free = min(self.crash_streak(), 8)
            fresh = _erased(MARKS)
            for i in range(free):
                fresh[i] = _CRASH
            fresh[free] = value
            self.nvm[first:self.size] = fresh
            return
        self._entry[0] = value
        self.nvm[first + free:first + free + 1] = memoryview(self._entry)[0:1]
