"""What the scorekeeper says about ``settings.toml``: the message for a value
it cannot take, and how a value is written in the file (the default a
message falls back to, and the shipped template's lines).

``hw.settings`` checks the file and raises its errors as data (a short
word for what is wrong, and what the words need); this module puts them
into words. It is loaded only for a file with something wrong in it: a good
file's start-up reads none of these sentences, and start-up lets the module
go with the reader.
"""

from micropython import const

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

# A value the file cannot give (``hw.settings.parse``), by its word.
_UNREADABLE = {
    "utf8": "not UTF-8 text",
    "escape": "a wrong \\u escape",
    "quote": "no closing quote",
    "after": "text after the closing quote",
    "empty": "no value",
}

# Characters the screen's font lacks, named in words: the message naming
# one is drawn in that same font.
_NO_GLYPH = {"`": "a backtick", "{": "a brace", "}": "a brace", "|": "a bar", "~": "a tilde"}


def toml_value(default: "Any", kind: "Any" = "") -> str:
    """How a value is written in settings.toml.

    Strings are quoted, yes/no is 0 or 1, and a hexadecimal choice such as the
    I2C address is a quoted "0x3C" (CircuitPython 9 reads only decimal integers).
    """
    if isinstance(default, bool):
        return "1" if default else "0"
    if isinstance(default, int):
        if isinstance(kind, tuple):
            for option in kind:
                if option.startswith("0x") and int(option, 16) == default:
                    return '"' + option + '"'
        return str(default)
    return '"' + default + '"'


def show(raw: "Any") -> str:
    """A wrong value as a message quotes it: cut to 12 characters, with
    letters the screen's font has."""
    text = repr(raw)
    return text if len(text) <= 12 else text[:9] + "..."


def char_name(char: str) -> str:
    name = _NO_GLYPH.get(char)
    return name if name is not None else "U+%04X" % ord(char)


def _using(default: "Any", kind: "Any") -> str:
    return "; using " + toml_value(default, kind)


def wrong(key: str, raw: "Any", err: ValueError, default: "Any", kind: "Any") -> str:
    """The message for ``raw``, a value of ``key`` that ``hw.settings``
    refused with ``err``: ValueError(what is wrong, its details); any other
    ValueError is said as it is."""
    why = err.args[0] if err.args else ""
    shown = show(raw)
    if why == "bool":
        said = shown + " is not 0 or 1"
    elif why == "number":
        said = shown + " is not a number"
    elif why == "range":
        value, low, high = err.args[1:]
        said = str(value) + " not in " + str(low) + ".." + str(high)
    elif why == "choice":
        said = shown + " is not one of " + ", ".join(kind)
    elif why == "text":
        said = shown + " is not text"
    elif why == "pin":
        said = "a pin is needed here"
    elif why == "glyph":
        said = shown + " has " + char_name(err.args[1]) + ", a letter the screen cannot show"
    elif why == "name":
        said = "a name is needed here"
    elif why == "long":
        said = shown + " is longer than " + str(err.args[1]) + " letters"
    else:  # not one of the checks' own: Python's (a text that cannot be encoded)
        said = shown + " cannot be used" + (" (" + str(err) + ")" if err.args else "")
    return key + ": " + said + _using(default, kind)


def unreadable(key: str, err: Exception, default: "Any", kind: "Any") -> str:
    """The message for a value of ``key`` the reader cannot give: ``err``
    from ``hw.settings.parse`` (its word) or from another reader."""
    why = str(err)
    return key + ": cannot read it (" + _UNREADABLE.get(why, why) + ")" + _using(default, kind)


def fallback(key: str, reason: str, default: "Any", kind: "Any") -> str:
    """The message for a key set back to its default after a later check
    (``reason``, e.g. no such pin on this board)."""
    return key + ": " + reason + _using(default, kind)


def same_pin(key: str, written: str, other: str) -> str:
    """The message for a pin that ``other`` has too: every pin goes back
    to its default."""
    return key + ": " + written + " is also " + other + "; every pin at its default"
