"""The players' and teams' names as the screens show them.

The limits are the screens': a seat's name is drawn beside other text on a
line of 21 characters, and a team's name whole in its half of the top line,
clear of the N marker. hw/settings.py refuses longer names in settings.toml.
"""

from micropython import const

NAME_LENGTH = const(10)
TEAM_LENGTH = const(9)

# The names a table starts with when none are given (settings.toml's
# defaults are these too).
NAMES = ("North", "East", "South", "West")
TEAMS = ("N-S", "E-W")


def clean(name, limit):
    """``name`` in upper case, at most ``limit`` characters, as bytes; a
    character the font lacks becomes "?"."""
    name = str(name).upper().strip()
    out = bytearray()
    for char in name[:limit]:
        code = ord(char)
        out.append(code if 32 <= code < 96 else 63)
    return bytes(out)
