"""Settings of the scorekeeper, read once from CircuitPython's ``settings.toml``.

``DEFAULTS`` is the single source of truth for every key and its default: the
wiring picture, the pin table, the ``settings.toml`` template and the firmware
all read it. Each row is ``(key, default, kind)`` with ``kind`` one of
``"pin"``, ``"int"``, ``"bool"``, ``"str"`` or, for a choice, the tuple of
its options as written in the file (``("0", "180")``). The
house rules' rows come from the engine's (``euchre_core.rules.FIELDS``), a
key for each rule: ``rule_key``, its kind and choices. What a key
means is written once, for the people who edit it: in the comment above it in
the ``settings.toml`` template (the firmware has no use for it on the board).

How values arrive: ``read_file`` reads ``settings.toml`` once, line by
line, as CircuitPython 10 reads it, and hands every value over as written
(bytes, UTF-8 or not). A value written as its key's default (``_written``:
the template's values, most of a file) is taken as the default, and no
string is made from it; any other is decoded (a value that is not UTF-8
is reported then) and converted. The board's own readers (``os.getenv``,
``supervisor.get_setting``) open the file again for each key and read it a
byte at a time up to that key (a bare value three times over), and every
key is read before the score can be drawn. A reader given to ``Settings``
may also hand over text, int and bool, as those readers do; every key
accepts all three. ``settings.toml`` on CircuitPython 9 knows only strings
and integers, so a yes/no key is written ``0`` or ``1``
(``true``/``false``/``yes``/``no`` are accepted as well).

A wrong value never stops the firmware: the key's default is used and a
message naming the key is collected in ``Settings.errors`` for the screen and
the serial console. The messages are written by ``hw.settings_words``, loaded
only when something is wrong: a good file's start-up loads no sentence.
"""

from micropython import const

import ui.frame
import ui.keys
import ui.names
from euchre_core.rules import COUNT, FIELDS, FLAG, SCORE, limits

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, Callable, Dict, List, Optional, Tuple

# Limits of the "int" keys: (lowest, highest); the house rules' are added
# with their rows.
_RANGES = {
    "EUCHRE_I2C_FREQUENCY": (10000, 1000000),
    "EUCHRE_CONTRAST": (1, 255),
    "EUCHRE_SLEEP_S": (0, 3600),
    "EUCHRE_LONG_PRESS_MS": (400, 2000),
}


def rule_key(name: str) -> str:
    """The settings.toml key of the house rule ``name`` (a ``Rules`` keyword)."""
    return "EUCHRE_" + name.upper()


def _rule_rows() -> "Tuple[Tuple[str, Any, Any], ...]":
    """A row of ``DEFAULTS`` for each house rule of the engine, in its order;
    the limits of its numbers into ``_RANGES``. The device's Rules page
    offers the same choices."""
    rows: "List[Tuple[str, Any, Any]]" = []
    for name, default, choices, kind, _label, _words in FIELDS:
        key = rule_key(name)
        setting: "Any"
        if kind == FLAG:
            setting = "bool"
        elif kind == SCORE or kind == COUNT:
            setting = "int"
            _RANGES[key] = limits(kind)
        else:
            setting = tuple([str(choice) for choice in choices])
        rows.append((key, default, setting))
    return tuple(rows)


# The house rules' rows, in the engine's order (``FIELDS``).
_RULE_ROWS = _rule_rows()

#: Every settings.toml key: (key, default, kind). What each one means is said
#: once, in the comment above it in the settings.toml template.
DEFAULTS = (
    ("EUCHRE_DISPLAY", "ssd1306", ("ssd1306", "sh1106", "ssd1309")),
    ("EUCHRE_DISPLAY_RESET", "", "pin"),
    ("EUCHRE_SDA", "GP4", "pin"),
    ("EUCHRE_SCL", "GP5", "pin"),
    ("EUCHRE_I2C_ADDRESS", 0x3C, ("0x3C", "0x3D")),
    ("EUCHRE_I2C_FREQUENCY", 400000, "int"),
    ("EUCHRE_ROTATION", 0, ("0", "180")),
    ("EUCHRE_CONTRAST", ui.frame.CONTRAST, "int"),
    ("EUCHRE_KEY_N", "GP10", "pin"),
    ("EUCHRE_KEY_E", "GP11", "pin"),
    ("EUCHRE_KEY_S", "GP12", "pin"),
    ("EUCHRE_KEY_W", "GP13", "pin"),
    ("EUCHRE_KEY_OK", "GP14", "pin"),
    ("EUCHRE_LED", "LED", "pin"),
    ("EUCHRE_BUZZER", "", "pin"),
    ("EUCHRE_NAME_N", ui.names.NAMES[0], "str"),
    ("EUCHRE_NAME_E", ui.names.NAMES[1], "str"),
    ("EUCHRE_NAME_S", ui.names.NAMES[2], "str"),
    ("EUCHRE_NAME_W", ui.names.NAMES[3], "str"),
    ("EUCHRE_TEAM_NS", ui.names.TEAMS[0], "str"),
    ("EUCHRE_TEAM_EW", ui.names.TEAMS[1], "str"),
) + _RULE_ROWS + (
    ("EUCHRE_TRUMP", False, "bool"),
    ("EUCHRE_SKUNK_DOUBLE", False, "bool"),
    ("EUCHRE_SLEEP_S", ui.frame.SLEEP_S, "int"),
    ("EUCHRE_LONG_PRESS_MS", ui.keys.LONG_MS, "int"),
)

#: Seat keys and the OK key in keypad order: key_number 0..3 = N, E, S, W; 4 = OK.
KEY_PINS = ("EUCHRE_KEY_N", "EUCHRE_KEY_E", "EUCHRE_KEY_S", "EUCHRE_KEY_W", "EUCHRE_KEY_OK")
NAME_KEYS = ("EUCHRE_NAME_N", "EUCHRE_NAME_E", "EUCHRE_NAME_S", "EUCHRE_NAME_W")
TEAM_KEYS = ("EUCHRE_TEAM_NS", "EUCHRE_TEAM_EW")

# Parts the box works without: an empty pin means "not fitted".
OPTIONAL_PINS = ("EUCHRE_LED", "EUCHRE_BUZZER", "EUCHRE_DISPLAY_RESET")

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _row(key: str) -> "Tuple[str, Any, Any]":
    for row in DEFAULTS:
        if row[0] == key:
            return row
    raise KeyError(key)


def default(key: str) -> "Any":
    """The default of a settings.toml key (e.g. a key's pin)."""
    return _row(key)[1]


def _shown(code: int) -> bool:
    """Whether the screen can show the character ``code``: the font has
    ASCII 32..95; a-z are shown in capitals."""
    return 32 <= code <= 95 or 97 <= code <= 122


def _convert(key: str, raw: "Any", default: "Any", kind: "Any") -> "Any":
    """Turn a raw settings value into the key's type. A value it cannot take
    raises ValueError as data: a word for what is wrong, then what the
    message needs (``hw.settings_words`` words it)."""
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, int) and raw in (0, 1):
            return raw == 1
        if isinstance(raw, str):
            word = raw.strip()
            if not word.isdigit():
                word = word.lower()  # a new string only for a word, not for 0 or 1
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
        raise ValueError("bool")
    if kind == "int":
        if isinstance(raw, bool) or not isinstance(raw, (int, str)):
            raise ValueError("number")
        if isinstance(raw, str):
            text = raw.strip()
            try:
                hexadecimal = text.startswith("0x") or text.startswith("0X")
                value = int(text, 16) if hexadecimal else int(text)
            except ValueError:
                raise ValueError("number")
        else:
            value = raw
        low, high = _RANGES[key]
        if not low <= value <= high:
            raise ValueError("range", value, low, high)
        return value
    if isinstance(kind, tuple):  # a choice: its options
        if isinstance(raw, bool) or not isinstance(raw, (int, str)):
            raise ValueError("choice")
        if isinstance(default, int):
            # 0x3C may arrive as "0x3C", "0x3c" or the integer 60.
            number: "Any" = raw
            if isinstance(raw, str):
                try:
                    number = int(raw.strip(), 0)
                except ValueError:
                    number = None
            for option in kind:
                if number == int(option, 0):
                    return number
        else:
            word = raw.strip().lower() if isinstance(raw, str) else str(raw)
            for option in kind:
                if word == option.lower():
                    return option
        raise ValueError("choice")
    # "pin" and "str": text. CircuitPython 9 hands over a bare number as int.
    # (Each new string is looked up among the interned names: str() of a
    # string would be one more, strip() of a stripped one is none.)
    if isinstance(raw, bool) or not isinstance(raw, (int, str)):
        raise ValueError("text")
    text = raw.strip() if isinstance(raw, str) else str(raw)
    if kind == "pin":
        if not text and key not in OPTIONAL_PINS:
            raise ValueError("pin")
        return text
    # Checked on the bytes, in C (min, max, in): the screen shows 32..122
    # but 96; a character past ASCII is two bytes or more over 122. Only a
    # wrong one is looked for among the characters, to name it.
    data = text.encode()
    if data and (min(data) < 32 or max(data) > 122 or 96 in data):
        for char in text:
            if not _shown(ord(char)):
                raise ValueError("glyph", char)
    if not text:
        raise ValueError("name")
    limit = ui.names.TEAM_LENGTH if key in TEAM_KEYS else ui.names.NAME_LENGTH
    if len(text) > limit:
        raise ValueError("long", limit)
    return text


#: settings.toml on the drive's root, the board's working directory.
SETTINGS_FILE = "settings.toml"

# The escapes of a quoted value that stand for another character (any other
# escaped character stands for itself: \" and \\).
_ESCAPES = {98: 8, 102: 12, 110: 10, 114: 13, 116: 9, 118: 11}  # b f n r t v
_READ_BYTES = const(256)  # bytes of the file read at a time
_HEX = b"0123456789abcdefABCDEF"


def _written(default: "Any") -> bytes:
    """A default as settings.toml may write it: text as it is, a number in
    decimal, a yes/no as 1 or 0 (the template's forms, which
    ``settings_words.toml_value`` writes too: that module is loaded only for
    a wrong value and imports nothing from here; a case checks the two
    agree). A value read as these bytes converts to
    the default (a case checks every key), so it is taken without converting:
    each string made is looked up among the interned names, and the file's
    values are mostly its defaults."""
    if isinstance(default, str):
        return default.encode()
    if isinstance(default, bool):
        return b"1" if default else b"0"
    return b"%d" % default


def _text(raw: "bytes | bytearray") -> str:
    try:
        return raw.decode()
    except ValueError:  # UnicodeError
        raise ValueError("utf8")


def _unescape(value: bytes) -> "Tuple[bytearray, int]":
    """The text of a quoted value with its escapes, and where its closing
    quote is."""
    out = bytearray()
    at = 1
    end = len(value)
    while at < end:
        code = value[at]
        if code == 34:
            return out, at
        at += 1
        if code == 92:  # a backslash
            if at == end:
                break
            code = value[at]
            at += 1
            if code in (117, 85):  # \uXXXX, \UXXXXXXXX
                size = 4 if code == 117 else 8
                digits = value[at:at + size]
                at += size
                char = b""
                if len(digits) == size and not digits.strip(_HEX):
                    try:
                        char = chr(int(digits, 16)).encode()
                    except ValueError:  # no such character: past U+10FFFF, a surrogate
                        pass
                if not char:
                    raise ValueError("escape")
                out.extend(char)
                continue
            code = _ESCAPES.get(code, code)
        out.append(code)
    raise ValueError("quote")


def _quoted(value: bytes) -> bytes:
    """A quoted value from its opening quote to the end of its line (the
    line stripped): its text, escapes undone; ValueError says what is wrong
    with it."""
    close = value.find(b'"', 1)
    if close > 0 and value.find(b"\\", 1, close) < 0:
        text = value[1:close]  # no escape (the usual case)
    else:
        escaped, close = _unescape(value)
        text = bytes(escaped)
    if close + 1 < len(value):  # only a comment may follow (the line is stripped)
        rest = value[close + 1:].lstrip()
        if rest[0] != 35:
            raise ValueError("after")
    return text


def parse(lines: "Any") -> "Dict[bytes, Any]":
    """The keys of settings.toml's root table from its lines (bytes; its
    comment and blank lines may be left out): {key (bytes): its value as written
    (bytes: a quoted value's text with its escapes undone, a bare value up
    to its comment), or a ValueError with a word for why it cannot be read
    (the sentence is ``hw.settings_words``'s)}.
    As CircuitPython reads the file: ``#`` comments, ``KEY = "text"`` with
    its escapes, a bare ``KEY = value`` up to a comment, the first of a
    repeated key, nothing after a ``[table]`` line."""
    found: "Dict[bytes, Any]" = {}
    first = True
    for line in lines:
        if first:
            first = False
            if line[:3] == b"\xef\xbb\xbf":
                line = line[3:]  # a UTF-8 byte order mark, as some editors write
        if not line or line[0] == 35:  # a comment (most lines)
            continue
        line = line.strip()
        if not line or line[0] == 35:
            continue
        if line[0] == 91:  # "[": a table, which CircuitPython does not read
            break
        equals = line.find(b"=")
        if equals < 0:
            continue
        # The key as written: not made a string (each new string is looked
        # up among the interned names); one that is not UTF-8 matches none.
        key = line[:equals].strip()
        if key in found:
            continue
        value = line[equals + 1:].strip()
        try:
            if value and value[0] == 34:  # a quote
                found[key] = _quoted(value)
            else:
                comment = value.find(b"#")
                bare = value[:comment].strip() if comment >= 0 else value
                if not bare:
                    raise ValueError("empty")
                found[key] = bare
        except ValueError as err:
            found[key] = err
    return found


def _lines(f: "Any") -> "Any":
    """The lines of a file open in binary mode that may hold a key, in
    order: a comment or blank line (most of the file) is passed over where
    it lies, without becoming an object. The file is read ``_READ_BYTES`` bytes
    at a time into one buffer, the part of a line a read cut off moved to
    its front: a file's own line reader takes one byte a call, and the
    whole file at once would need its size in one piece of a heap the
    modules loaded before it have cut up. A line longer than the buffer is
    joined from its pieces (a comment's are passed over)."""
    buf = bytearray(_READ_BYTES)
    view = memoryview(buf)
    size = 0  # bytes in buf
    long = None  # the pieces of a line longer than buf so far, or None
    comment = False  # in a comment longer than buf
    while True:
        got = f.readinto(view[size:])
        size += got or 0
        at = 0
        end = buf.find(b"\n", 0, size)
        while end >= 0:
            if long is not None:
                yield long + bytes(view[at:end])
                long = None
            elif comment:
                comment = False
            elif at < end and buf[at] != 35:
                yield bytes(view[at:end])
            at = end + 1
            end = buf.find(b"\n", at, size)
        if not got:
            # The end of the file: its last line has no newline.
            if long is not None:
                yield long + bytes(view[at:size])
            elif at < size and not comment and buf[at] != 35:
                yield bytes(view[at:size])
            return
        if at == 0 and size == _READ_BYTES:
            # No newline in the whole buffer: a long line goes on.
            if long is None and not comment and buf[0] == 35:
                comment = True
            elif not comment:
                long = (long or b"") + bytes(buf)
            size = 0
        else:
            view[:size - at] = view[at:size]
            size -= at


def read_file(path: "Optional[str]" = None) -> "Callable[[str], Any]":
    """A reader (see ``Settings``) of the settings file at ``path`` (by
    default ``SETTINGS_FILE``), read here once; no file: every key absent.
    A value as written (bytes, not yet checked as UTF-8), or one it cannot
    read handed over as its ValueError. A key is looked up by its bytes:
    one small bytes object a key, where a string made of the file's key
    would be looked up among the interned names, and missed."""
    found: "Dict[bytes, Any]" = {}
    try:
        with open(SETTINGS_FILE if path is None else path, "rb") as f:
            found = parse(_lines(f))
    except OSError:
        pass

    def read(key: str) -> "Any":
        return found.get(key.encode())

    return read


class Settings:
    """Every key of ``DEFAULTS`` read once and checked.

    ``reader(key)`` returns the raw value (bytes as written in the file,
    text, an int or a bool) or None when the key is absent; for a value it
    cannot read, it returns or raises a ValueError. The default reader is
    the file on the drive (``read_file``).
    """

    def __init__(self, reader: "Optional[Callable[[str], Any]]" = None) -> None:
        read = read_file() if reader is None else reader
        values: "Dict[str, Any]" = {}
        errors: "List[str]" = []
        given: "List[str]" = []  # keys found in settings.toml and accepted
        self.values = values
        self.errors = errors
        self.given = given
        for key, default, kind in DEFAULTS:
            values[key] = default
            try:
                raw = read(key)
                if isinstance(raw, ValueError):
                    raise raw
                if isinstance(raw, bytes):
                    if raw == _written(default):
                        given.append(key)  # the default as written: nothing to convert
                        continue
                    raw = _text(raw)
            except Exception as err:  # a value the reader cannot read; nothing may stop the start
                from hw import settings_words

                errors.append(settings_words.unreadable(key, err, default, kind))
                continue
            if raw is None:
                continue
            try:
                values[key] = _convert(key, raw, default, kind)
                given.append(key)
            except ValueError as err:
                from hw import settings_words

                errors.append(settings_words.wrong(key, raw, err, default, kind))
        self._check_pins()

    def _check_pins(self) -> None:
        # One pin wired to two jobs would make a key press look like I2C noise.
        seen: "Dict[str, str]" = {}
        for key, key_default, kind in DEFAULTS:
            if kind != "pin" or not self.values[key]:
                continue
            pin = self.values[key]
            if not pin.isupper():
                pin = pin.upper()  # a new string only for a name not written in capitals
            if pin in seen:
                from hw import settings_words

                # Named first: the key not at its default, the one edited.
                other = seen[pin]
                if pin == key_default and self.values[other].upper() != default(other):
                    key, other = other, key
                self.errors.append(settings_words.same_pin(key, self.values[key], other))
                for reset_key, reset_default, reset_kind in DEFAULTS:
                    if reset_kind == "pin":
                        self.values[reset_key] = reset_default
                return
            seen[pin] = key

    def __getitem__(self, key: str) -> "Any":
        return self.values[key]

    def rules_options(self) -> "Dict[str, Any]":
        """Keyword options for ``euchre_core.Rules`` from the house-rule keys."""
        options: "Dict[str, Any]" = {}
        # The keys of the rule rows, not rule_key again: each new string
        # is looked up among the interned names first.
        for field, row in zip(FIELDS, _RULE_ROWS):
            options[field[0]] = self.values[row[0]]
        return options

    def names(self) -> "Tuple[str, str, str, str]":
        v = self.values
        return (v[NAME_KEYS[0]], v[NAME_KEYS[1]], v[NAME_KEYS[2]], v[NAME_KEYS[3]])

    def teams(self) -> "Tuple[str, str]":
        return (self.values[TEAM_KEYS[0]], self.values[TEAM_KEYS[1]])

    def pin(self, key: str, board_module: "Any") -> "Any":
        """The board pin of a pin key (see the module's ``pin``)."""
        return pin(self, key, board_module)

    def use_default(self, key: str, reason: str) -> "Any":
        """Fall back to a key's default after a later check failed (e.g. no such pin)."""
        row = _row(key)
        default = row[1]
        self.values[key] = default
        from hw import settings_words

        self.errors.append(settings_words.fallback(key, reason, default, row[2]))
        return default


def board_pin(board_module: "Any", name: str) -> "Any":
    """The pin ``name`` of ``board_module`` ("GP14", any case), or None."""
    found = getattr(board_module, name, None)
    if found is None:
        for attr in dir(board_module):
            if attr.upper() == name.upper():
                return getattr(board_module, attr)
    return found


def pin(settings: "Settings", key: str, board_module: "Any") -> "Any":
    """The board pin named by a pin key, or None for an empty optional pin.

    An unknown pin name falls back to the key's default pin (and reports it).
    """
    name = settings[key]
    if not name:
        return None
    found = board_pin(board_module, name)
    if found is not None:
        return found
    default = settings.use_default(key, "no pin " + name + " on this board")
    if not default:
        return None
    return getattr(board_module, default, None)
