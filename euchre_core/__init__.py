"""Table Euchre Scorekeeper: the hardware-free core.

The rules engine (``Rules``, ``Game``, ``hand_points``) and the table UI. It
imports no hardware module and no clock, so it runs unchanged on CPython,
MicroPython and CircuitPython.
"""

from euchre_core.game import Game, Hand, action_text, parse_action
from euchre_core.rules import FIELDS, Rules, hand_points, score_hand

__version__ = "0.1.0"
__repo__ = "table-euchre-scorekeeper"
