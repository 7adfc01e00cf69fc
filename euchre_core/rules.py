"""House rules and the euchre scoring table.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
Sources: a Swedish rules article ("Euchre regler"), the Dutch and Czech
encyclopedia articles on euchre, Hoyle, the 1888 Laws of Euchre, the Robson
rules and progressive euchre as it is played.
"""

from euchre_core.basics import Refusal, const, wrong

# What a rule's value is: how it is checked, saved, read from settings.toml
# and shown on the Rules page.
FLAG = const(0)    # True or False
WORD = const(1)    # one of its choices, a word
POINTS = const(2)  # points from 1 to 9 (the Rules page offers the choices)
SCORE = const(3)   # a score from 1 to 99, saved as the number
COUNT = const(4)   # a number of hands from 0 (off) to 99, saved as the number
_POINTS_MAX = const(9)
_COUNT_MAX = const(99)

# ``defender_alone``: a lone defender scores 2 for 3-4 tricks, 4 for all five.
DEFEND_2_4 = "2_4"

# Each rule, one row: (name, default, choices, kind, label, words). ``name``
# is the ``Rules`` keyword and, upper case after "EUCHRE_", its settings.toml
# key; ``choices`` lists what the device's Rules page offers, in its order;
# ``label`` is that page's, and ``words`` (a WORD rule's, else None) what it
# shows for each choice. Adding a house rule is adding its row (at the end:
# the saved form is in this order) and its scoring.
FIELDS = (
    ("target", 10, (5, 7, 10, 11, 15), SCORE, "TARGET", None),
    ("win_by_two", False, (False, True), FLAG, "WIN BY TWO", None),
    ("defender_alone", "4", ("4", DEFEND_2_4, "off"), WORD, "DEFEND ALONE",
     ("4 PTS", "2 OR 4", "NO")),
    ("loner_euchred_points", 2, (2, 4), POINTS, "LONER SET", None),
    ("lone_march_points", 4, (3, 4, 5), POINTS, "LONE MARCH", None),
    ("renege_points", 2, (2, 3), POINTS, "RENEGE", None),
    ("renege_alone_points", 2, (2, 3, 4), POINTS, "RENEGE ALONE", None),
    ("stick_the_dealer", False, (False, True), FLAG, "STICK DEALER", None),
    ("lead", "loner_left", ("loner_left", "dealer_left"), WORD, "FIRST LEAD",
     ("LONER+1", "DEALER+1")),
    # The house rules below may be left out of a saved form at their
    # defaults (``to_bytes``): a form that ends before them holds those.
    ("canadian_loner", False, (False, True), FLAG, "CANADIAN LONER", None),
    ("setback", False, (False, True), FLAG, "ROBSON SET BACK", None),
    ("blind_loner", False, (False, True), FLAG, "BLIND LONER", None),
    ("hands", 0, (0, 4, 8, 12, 16), COUNT, "PROGRESSIVE", None),
)

_FIRST_FIELDS = const(9)  # the rules saved by every version


def limits(kind):
    """(lowest, highest) value of a rule of ``kind`` SCORE, COUNT or POINTS."""
    return (0 if kind == COUNT else 1), (_POINTS_MAX if kind == POINTS else _COUNT_MAX)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


class Rules:
    """The house rules of one game; immutable by convention.

    >>> Rules(target=7, stick_the_dealer=True).target
    7
    """

    def __init__(self, **options):
        for name in options:
            if not any(field[0] == name for field in FIELDS):
                raise wrong("option", name)
        for name, default, choices, kind, _, _ in FIELDS:
            value = options.get(name, default)
            _check(name, value, choices, kind)
            setattr(self, name, value)

    def replace(self, **changes):
        """A copy with some options changed (validated like the constructor)."""
        options = self.as_dict()
        options.update(changes)
        return Rules(**options)

    def as_dict(self):
        return dict((field[0], getattr(self, field[0])) for field in FIELDS)

    def to_bytes(self):
        """One byte per option in ``FIELDS`` order (a SCORE or COUNT as the
        number, the others as the index of the value among the choices).
        The options after the first nine, at their defaults at the end, are
        left out, so rules that use none of them save nine bytes, which a
        reader of the first nine options alone reads too."""
        size = len(FIELDS)
        while size > _FIRST_FIELDS and getattr(self, FIELDS[size - 1][0]) == FIELDS[size - 1][1]:
            size -= 1
        out = bytearray(size)
        for i in range(size):
            name, _, choices, kind, _, _ = FIELDS[i]
            value = getattr(self, name)
            out[i] = value if kind == SCORE or kind == COUNT else choices.index(value)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """The rules ``to_bytes`` saved, by this firmware or an older one."""
        if not _FIRST_FIELDS <= len(data) <= len(FIELDS):
            raise wrong("length")
        options = {}
        for i in range(len(data)):
            name, _, choices, kind, _, _ = FIELDS[i]
            if kind == SCORE or kind == COUNT:
                options[name] = data[i]
            else:
                if data[i] >= len(choices):
                    raise wrong("saved", name)
                options[name] = choices[data[i]]
        return cls(**options)

    def __eq__(self, other):
        if not isinstance(other, Rules):
            return False
        for field in FIELDS:
            if getattr(self, field[0]) != getattr(other, field[0]):
                return False
        return True

    def __repr__(self):
        parts = []
        for field in FIELDS:
            name = field[0]
            value = getattr(self, name)
            if value != field[1]:
                parts.append(name + "=" + repr(value))
        return "Rules(" + ", ".join(parts) + ")"


def _check(name, value, choices, kind):
    if kind == FLAG:
        if value is not True and value is not False:
            raise wrong("flag", name, value)
    elif kind == WORD:
        if value not in choices or not isinstance(value, str):
            raise wrong("word", name, ", ".join(choices), value)
    else:
        low, high = limits(kind)
        if not _is_int(value) or not low <= value <= high:
            raise wrong("count" if kind == COUNT else "points", name, low, high, value)


# What a scored hand was, for banners, history and stats.
MADE = "made"
MARCH = "march"
LONE_MARCH = "lone_march"
EUCHRE = "euchre"
LONE_DEFENSE = "lone_defense"
RENEGE = "renege"


def check_alone(rules, defender=False, blind=False):
    """A ``Refusal`` unless ``rules`` let a defender go alone (``defender``)
    and allow a blind loner (``blind``)."""
    if defender and rules.defender_alone == "off":
        raise Refusal("These rules do not let a defender go alone")
    if blind and not rules.blind_loner:
        raise Refusal("These rules do not allow a blind loner")


def score_hand(rules, makers_tricks, maker_alone=False, defender_alone=False,
               blind=False):
    """(side, points, kind) for a hand played out; see ``hand_points``."""
    if not _is_int(makers_tricks) or not 0 <= makers_tricks <= 5:
        raise wrong("tricks", makers_tricks)
    check_alone(rules, defender_alone, blind)
    if makers_tricks == 5:
        if blind:
            return "makers", 5, LONE_MARCH  # Robson: a blind march scores 5
        if maker_alone:
            return "makers", rules.lone_march_points, LONE_MARCH
        return "makers", 2, MARCH
    if makers_tricks >= 3:
        return "makers", 1, MADE
    # Euchred. When several rows apply (a lone maker set by a lone defender)
    # the defenders score the largest of them. A blind loner
    # set gives the defenders 1 (Robson), instead of the usual rows.
    points = 1 if blind else 2
    kind = EUCHRE
    if maker_alone and not blind and rules.loner_euchred_points > points:
        points = rules.loner_euchred_points
    if defender_alone:
        # "4": the Dutch and Czech encyclopedias and Hoyle, 4 for 3 or more tricks.
        # "2_4": the Swedish rules article, 2 for 3-4 tricks and 4 for all five.
        lone = 4 if (rules.defender_alone == "4" or makers_tricks == 0) else 2
        kind = LONE_DEFENSE
        if lone > points:
            points = lone
    return "defenders", points, kind


def hand_points(rules, makers_tricks, maker_alone=False, defender_alone=False,
                blind=False):
    """Who scores a played-out hand and how much: ("makers" | "defenders", points).
    ``blind``: the maker went alone blind (a lone hand; ``blind_loner`` rule).

    >>> hand_points(Rules(), 5, maker_alone=True)
    ('makers', 4)
    """
    side, points, _ = score_hand(rules, makers_tricks, maker_alone, defender_alone, blind)
    return side, points


def decide_winner(rules, scores, hands_scored):
    """The team that has won with these scores, or None."""
    hands = rules.hands
    if hands:
        # Progressive euchre: no target; after the last hand the team
        # ahead wins, and a tie has no winner.
        if hands_scored >= hands and scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return None
    for team in (0, 1):
        mine = scores[team]
        theirs = scores[1 - team]
        if mine >= rules.target and mine > theirs:
            if not rules.win_by_two or mine - theirs >= 2:
                return team
    return None
