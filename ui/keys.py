"""The five keys, by the numbers the key scanner gives them, and how long
one is held for a long press.

The seat keys N, E, S, W sit one on each side of the box (named as the
screen is read from S) and OK is the fifth; settings.toml names their pins
in this order (``hw.settings.KEY_PINS``).
"""

from micropython import const

from euchre_core.actions import SEAT_NAMES

N = const(0)
E = const(1)
S = const(2)
W = const(3)
OK = const(4)

# How long a key is held before its long press fires, in ms (settings.toml's
# EUCHRE_LONG_PRESS_MS defaults to it; ui.presses tells the presses apart).
LONG_MS = const(600)

# A name per key number: the seats' letters (as the engine names them too),
# then OK, for messages and logs ("Key E stuck").
SEATS = SEAT_NAMES
KEY_NAMES = tuple(SEATS) + ("OK",)
