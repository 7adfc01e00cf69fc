"""The five keys, by the numbers the key scanner gives them.

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

# A letter per key number: the seats (as the engine names them too), then
# OK, for messages and logs ("Key E stuck").
SEATS = SEAT_NAMES
LETTERS = SEATS + "O"
