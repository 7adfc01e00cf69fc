"""Table Euchre Scorekeeper: the rules engine.

``Rules``, ``Game``, ``hand_points``, ``Refusal`` (the error of an action
the rules refuse) and the word of an action byte. It imports no hardware
module and no clock, so it runs unchanged on CPython (a bare one, with
nothing installed, too), MicroPython and CircuitPython. Layers, each
importing only those below it: ``wrong_words`` (the sentences for a value
the engine cannot take), ``basics`` (``const``, the seat letters,
``Refusal``, ``wrong``), ``rules`` (the house rules' rows, scoring),
``actions`` (the action byte), ``game_forms`` (the hand records, the
previous game), ``game``. The package does not import ``wrong_words``
(``wrong`` loads it, for a wrong value) nor three more, so that a table in
play does not hold them: ``reports`` (history, adjustments: the History
page imports it), ``hand_stats`` (the stats: the Stats page imports it)
and ``transcript`` (the text form and the saved form, for the tests and
the tools).
"""

from euchre_core.actions import action_text
from euchre_core.basics import Refusal
from euchre_core.game import Game
from euchre_core.game_forms import Hand
from euchre_core.rules import FIELDS, Rules, hand_points, score_hand

__version__ = "0.1.0"
