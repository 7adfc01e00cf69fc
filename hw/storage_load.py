"""The power-up half of hw/storage.py: reading the saved record and its
journal, and setting an unreadable image aside.

Functions of the ``Storage`` (storage.py), each taking the store first,
called by its ``load`` and ``set_aside_record``. They run once,
when the board starts: storage.py imports this module on first use and
code.py lets it go once the saved game is loaded, so its code is not in the
heap while the game is played. The layout is described in storage.py.
"""

from collections import namedtuple

from micropython import const

from euchre_core import Game, Rules
from euchre_core.game import crc16
from hw.storage import FORMAT_VERSION, MAGIC, MARKS, _blank, entry_check

try:
    from typing import Any, Optional
except ImportError:
    pass

_UNDO = const(0xFF)
_FIXED = const(12)  # header bytes before rules, preferences, base actions, previous game
_FIXED_V1 = const(10)  # format 1: no previous game
_PIECE = const(64)  # nvm bytes read at a time when the journal is scanned

# What was found in nvm at power-up: a game to resume, the preferences, and
# the game New game replaced (``Table.previous``'s form, or None).
# (A tuple type: it holds nothing of this module, which may then be let go.)
Saved = namedtuple("Saved", ("game", "prefs", "previous"))


def load(store: Any) -> "Optional[Saved]":
    """The saved game and preferences, or None (blank, or unreadable: see messages)."""
    if store.nvm is None:
        if not store.messages:
            store.messages.append("No storage: game not saved")
        return None
    # Read in pieces, not as one 2 KiB copy of the record area: on a
    # heap cut up by the modules loaded before, that much in one piece
    # may not be free at start-up.
    head = store.nvm[0:_FIXED]
    if _blank(head):
        store._tail_erased = _erased_from(store, _FIXED)
        return None
    try:
        return _parse(store, head)
    except ValueError as err:
        store.messages.append(str(err) + _set_aside(store, store.nvm[0:store.record_size]))
        store._reset_marks = True
        return None


def _erased_from(store: Any, start: int) -> bool:
    """True when the record area holds only 0xFF from ``start`` to its end."""
    while start < store.record_size:
        stop = min(start + _PIECE, store.record_size)
        if not _blank(store.nvm[start:stop]):
            return False
        start = stop
    return True


def _parse(store: Any, head: Any) -> Saved:
    if head[0:4] != MAGIC:
        raise ValueError("Saved data not recognised: new game")
    version = head[4]
    if version != FORMAT_VERSION and version != 1:
        raise ValueError("Saved game from other firmware (v" + str(version) + "): new game")
    fixed = _FIXED if version == FORMAT_VERSION else _FIXED_V1
    rules_size = head[6]
    prefs_size = head[7]
    base_size = head[8] | head[9] << 8
    previous_size = head[10] | head[11] << 8 if version == FORMAT_VERSION else 0
    start = fixed + rules_size + prefs_size
    end = start + base_size + previous_size
    if end + 2 > store.record_size:
        raise ValueError("Saved game damaged: new game")
    record = store.nvm[0:end + 2]
    crc = crc16(memoryview(record)[0:end])
    if record[end] != crc >> 8 or record[end + 1] != crc & 0xFF:
        raise ValueError("Saved game damaged: new game")
    if record[5] > 3:
        raise ValueError("Saved game damaged: new game")
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
            piece_at = pos  # even, as _PIECE and the area's size are
            piece = store.nvm[pos:min(pos + _PIECE, store.record_size)]
        code = piece[pos - piece_at]
        check = piece[pos - piece_at + 1]
        if code == 0xFF and check == 0xFF:
            break
        if check != entry_check(code, index, seed):
            torn = True
            break
        if code == _UNDO:
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
    if torn and not _erased_from(store, pos + 2):
        # More than one torn entry cannot come from a power cut.
        store.messages.append("Saved game partly damaged: " + str(count) + " actions kept")
    game = Game(rules, dealer=dealer)
    kept = 0
    for at in range(count):
        code = log[at]
        try:
            game.apply(code)
        except ValueError:
            store.messages.append("Saved game damaged: " + str(kept) + " actions kept")
            torn = True
            break
        kept += 1
    store._game = game
    store._log = bytearray(game.codes)
    store._pos = pos
    store._index = index
    store._seed = seed
    # A torn entry leaves programmed bytes where the next entry would go.
    store._rewrite_needed = torn
    store._tail_erased = not torn and _erased_from(store, pos)
    return Saved(game, prefs, previous)


def _previous(store: Any, data: Any) -> Any:
    """The previous game of a record (see storage.py), in ``Table.previous``'s
    form, checked by replaying it; None with a message when it does not replay."""
    try:
        if len(data) < 4 or data[0] > 3 or len(data) < 4 + data[3]:
            raise ValueError()
        rules = Rules.from_bytes(bytes(data[4:4 + data[3]]))
        codes = bytes(data[4 + data[3]:])
        game = Game(rules, dealer=data[0])
        for code in codes:
            game.apply(code)
    except ValueError:
        store.messages.append("Saved game before New game unreadable: Undo cannot bring it back")
        return None
    return (rules, data[0], codes, data[1], data[2])


def _set_aside(store: Any, image: Any) -> str:
    """Keep an unreadable image in the aside area if it is still erased."""
    aside_start = store.record_size
    aside_end = store.size - MARKS
    length = min(len(image), aside_end - aside_start)
    if length <= 0 or not _blank(store.nvm[aside_start:aside_start + length]):
        return ""
    store.nvm[aside_start:aside_start + length] = image[0:length]
    return " (old data kept)"


def set_aside_record(store: Any) -> str:
    """Keep the saved record aside (when it will not be resumed); a note for the message."""
    if store.nvm is None:
        return ""
    image = store.nvm[0:store.record_size]
    if _blank(image[0:_FIXED]):
        return ""
    store._rewrite_needed = True
    store._tail_erased = False
    return _set_aside(store, image)
