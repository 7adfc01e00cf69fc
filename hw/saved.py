"""The saved game read back at power-up: ``Storage``'s other half.

``hw.storage`` writes the record and its journal (the layout is written
there, with its constants); this module reads them back, once a power-up,
into a ``Saved`` and the journal's place for the next entry, and sets an
unreadable image aside. Start-up lets it go once the score is on the glass
(``firmware.start``): a table plays all evening without this code in the
heap. What it found goes to the storage through ``Storage.found``, which
owns the journal's state.
"""

from collections import namedtuple

from micropython import const

from euchre_core import Rules
from euchre_core.actions import crc16
from euchre_core.game_forms import Previous
from hw.storage import (FIXED, FIXED_V1, FIXED_V2, MAGIC, MARKS, PIECE, RECORD_FORMAT, UNDO,
                        blank, entry_check)

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, Optional
    from hw.storage import Storage


# Said when the game New game replaced cannot be brought back: its header or
# rules cannot be read (here), or its log does not replay (start-up, once the
# score is on the glass).
UNREADABLE_PREVIOUS = "Saved game before New game unreadable: Undo cannot bring it back"

# What was found in nvm at power-up: the game's first dealer and actions, the
# preferences, the game New game replaced (a ``Previous`` with its log only,
# ``ended`` None until start-up replays it, or None), and the game's rules
# from the header of an older record (None in version 3: they are in the
# preferences).
Saved = namedtuple("Saved", ("dealer", "codes", "prefs", "previous", "rules"))


def load(store: "Storage") -> "Optional[Saved]":
    """The saved game as a ``Saved``, or None (blank, or unreadable: see messages)."""
    if store.nvm is None:
        if not store.messages:
            store.messages.append("No storage: game not saved")
        return None
    # Read in pieces, not as one 2 KiB copy of the record area.
    head = store.nvm[0:FIXED_V2]
    if store.blank_record(head):
        return None
    try:
        return _parse(store, head)
    except ValueError as err:
        store.messages.append(str(err) + _set_aside(store, store.nvm[0:store.record_size]))
        store.found(bytearray(), 0, 0, 0, True, False, reset_marks=True)
        return None


def _parse(store: "Storage", head: "Any") -> Saved:
    if head[0:4] != MAGIC:
        raise ValueError("Saved data not recognised: new game")
    version = head[4]
    if version == RECORD_FORMAT:
        fixed = FIXED
        rules_size = 0
        at = 6
    elif version == 2 or version == 1:
        fixed = FIXED_V2 if version == 2 else FIXED_V1
        rules_size = head[6]
        at = 7
    else:
        raise ValueError("Saved game from other firmware (v" + str(version) + "): new game")
    prefs_size = head[at]
    base_size = head[at + 1] | head[at + 2] << 8
    previous_size = head[at + 3] | head[at + 4] << 8 if version != 1 else 0
    start = fixed + rules_size + prefs_size
    end = start + base_size + previous_size
    # Sizes past the area, a wrong checksum or no seat as the dealer.
    damaged = end + 2 > store.record_size
    if not damaged:
        record = store.nvm[0:end + 2]
        crc = crc16(memoryview(record)[0:end])
        damaged = record[end] != crc >> 8 or record[end + 1] != crc & 0xFF or record[5] > 3
    if damaged:
        raise ValueError("Saved game damaged: new game")
    rules = None
    if rules_size:
        try:
            rules = Rules.from_bytes(bytes(record[fixed:fixed + rules_size]))
        except ValueError:
            raise ValueError("Saved rules unreadable: new game")
    previous = None
    if previous_size:
        previous = _previous(store, record[start + base_size:end])
    prefs = bytes(record[fixed + rules_size:start])
    log = bytearray(memoryview(record)[start:start + base_size])  # the actions: the first ``count`` bytes
    count = len(log)
    dealer = record[5]
    del record
    pos = end + 2
    pos += pos & 1
    seed = crc
    index = 0
    torn = False
    piece = b""  # nvm[piece_at:piece_at + len(piece)]
    piece_at = pos
    while pos + 2 <= store.record_size:
        if pos + 2 > piece_at + len(piece):
            piece_at = pos  # even, as PIECE and the area's size are
            piece = store.nvm[pos:min(pos + PIECE, store.record_size)]
        code = piece[pos - piece_at]
        check = piece[pos - piece_at + 1]
        if code == 0xFF and check == 0xFF:
            break
        if check != entry_check(code, index, seed):
            torn = True
            break
        if code == UNDO:
            if count:
                count -= 1
        elif count < len(log):
            log[count] = code
            count += 1
        else:
            log.append(code)
            count += 1
        pos += 2
        index += 1
    del piece
    if torn and not store.erased_from(pos + 2):
        # More than one torn entry cannot come from a power cut.
        store.messages.append("Saved game partly damaged: " + str(count) + " actions kept")
    log = log[0:count]
    # A torn entry leaves programmed bytes where the next entry would go;
    # else whether the rest is erased is read by the first rewrite.
    store.found(log, pos, index, seed, torn, False if torn else None)
    return Saved(dealer, bytes(log), prefs, previous, rules)


def _previous(store: "Storage", data: "Any") -> "Any":
    """The previous game of a record (see hw.storage's layout), a ``Previous``
    with its log only (``ui.restore.previous_kept`` replays it once the
    score is on the glass); None with a message when its header or its
    rules cannot be read."""
    try:
        if len(data) < 4 or data[0] > 3 or len(data) < 4 + data[3]:
            raise ValueError()
        rules = Rules.from_bytes(bytes(data[4:4 + data[3]]))
    except ValueError:
        store.messages.append(UNREADABLE_PREVIOUS)
        return None
    return Previous(rules, data[0], bytes(data[4 + data[3]:]), data[1], data[2], None)


def _set_aside(store: "Storage", image: "Any") -> str:
    """Keep an unreadable image in the aside area if it is still erased."""
    aside_start = store.record_size
    aside_end = store.size - MARKS
    length = min(len(image), aside_end - aside_start)
    if length <= 0 or not blank(store.nvm[aside_start:aside_start + length]):
        return ""
    store.nvm[aside_start:aside_start + length] = image[0:length]
    return " (old data kept)"


def set_aside_record(store: "Storage") -> str:
    """Keep the saved record aside (when it will not be resumed); a note for the message."""
    if store.nvm is None:
        return ""
    image = store.nvm[0:store.record_size]
    if blank(image[0:FIXED_V2]):
        return ""
    store.found(bytearray(), 0, 0, 0, True, False)
    return _set_aside(store, image)
