"""The rules engine's bytes at their edges: the saved rules with every
option at its extremes and at every length, and action bytes that are no
action (or no action now), refused word for word.

Plain functions like tests/cases_engine.py: pytest runs them on CPython
(tests/test_cases.py) and tests/mp_run.py runs them under MicroPython."""

from euchre_core import FIELDS, Rules
from euchre_core import transcript
from cases_common import N, E, S, W, raises


def case_rules_bytes_at_their_extremes():
    # Each option's last choice (target and hands: 99, saved as the number)
    # is read back; one past it is refused by name.
    counts = ("target", "hands")
    last = bytes([99 if row[0] in counts else len(row[2]) - 1 for row in FIELDS])
    assert len(last) == 13
    rules = Rules.from_bytes(last)
    assert rules.to_bytes() == last
    assert rules == Rules(target=99, win_by_two=True, defender_alone="off",
                          loner_euchred_points=4, lone_march_points=5, renege_points=3,
                          renege_alone_points=4, stick_the_dealer=True, lead="dealer_left",
                          canadian_loner=True, setback=True, blind_loner=True, hands=99)
    for i in range(len(FIELDS)):
        data = bytearray(last)
        data[i] += 1
        name = FIELDS[i][0]
        if name == "target":
            message = "target must be a whole number of points from 1 to 99, got 100"
        elif name == "hands":
            message = "hands must be a whole number from 0 to 99, got 100"
        else:
            message = "Saved rules hold an unknown value for " + name
        assert raises(Rules.from_bytes, bytes(data)) == message, name
    # Every length from the nine bytes of older firmware to all options: the
    # options left out are at their defaults, and each form saves back the same.
    for size in range(9, len(FIELDS) + 1):
        rules = Rules.from_bytes(last[:size])
        assert rules.to_bytes() == last[:size], size
        for row in FIELDS[size:]:
            assert getattr(rules, row[0]) == row[1], (size, row[0])
    # Only the later options at their defaults at the end are left out.
    assert Rules(blind_loner=True).to_bytes() == bytes([10, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])
    assert Rules(hands=4).to_bytes() == bytes([10, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 4])
    assert Rules(canadian_loner=True).to_bytes() == bytes([10, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    assert Rules(lead="dealer_left", setback=True).to_bytes() \
        == bytes([10, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1])
    assert Rules.from_bytes(bytes([10, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0])) == Rules()
    assert Rules.from_bytes(bytes([5, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1])) \
        == Rules(target=5, hands=1)
    assert raises(Rules.from_bytes, bytes([0] + [0] * 8)) \
        == "target must be a whole number of points from 1 to 99, got 0"
    assert raises(Rules.from_bytes, bytes([100] + [0] * 8)) \
        == "target must be a whole number of points from 1 to 99, got 100"
    assert raises(Rules.from_bytes, b"\x0a" * 8) == "Saved rules have the wrong length"
    assert raises(Rules.from_bytes, last + b"\x00") == "Saved rules have the wrong length"
    assert Rules().as_dict() == dict((row[0], row[1]) for row in FIELDS)


# (rules options, dealer, actions before, action byte, the exact message).
# The game must be unchanged after each.
BYTE_REFUSALS = (
    ({}, N, "", "x", "Not an action: 'x'"),
    ({}, N, "", -1, "Not an action: -1"),
    ({}, N, "", 0xFF, "Not an action: 255"),
    ({}, N, "", 256, "Not an action: 256"),
    ({}, N, "", None, "Not an action: None"),
    # A pass's argument is 0, the set-back (1) or trump | suit (4..7).
    ({}, N, "", 0x61, "These rules do not play set-backs"),
    ({"setback": True}, N, "", 0x61,
     "A set-back comes right after a hand that scored 2 or 4 points"),
    ({}, N, "", 0x62, "Not an action: 98"),
    ({}, N, "", 0x63, "Not an action: 99"),
    ({}, N, "", 0x65, "Nobody has named trump yet"),  # trump is hearts
    ({}, N, "CN =S", 0x67, "Trump is already spades: undo to change it"),
    ({}, N, "CN", 0x68, "Not an action: 104"),
    ({}, N, "CN", 0x6C, "Not an action: 108"),   # trump | 8
    ({}, N, "CN", 0x7F, "Not an action: 127"),
    # A call's argument: seat | alone 4 | ordered up 8 | blind 16, blind only
    # with alone and never ordered up.
    ({}, N, "", 0x12, "Not an action: 18"),      # blind, not alone
    ({}, N, "", 0x1A, "Not an action: 26"),      # blind and ordered up
    ({}, N, "", 0x1F, "Not an action: 31"),
    ({}, N, "", 0x14, "These rules do not allow a blind loner"),
    ({"blind_loner": True}, W, "", 0x14, "Only the dealer (W) can go alone blind"),
    ({}, N, "CE", 0x0B, "Trump is already named by E"),
    ({}, N, "CN", 0x28, "Not a seat: 8"),        # go alone
    ({}, N, "CN", 0x44, "Not a seat: 4"),        # trick
    ({}, N, "CN", 0x87, "Not a seat: 7"),        # renege
    ({}, N, "", 0xC4, "Not a seat: 4"),          # set the dealer
    ({}, N, "CN", 0x25, "E is a defender, not a maker"),  # maker E goes alone
    ({}, N, "CE", 0x2C, "Not a seat: 8"),        # 8 | the maker bit
    ({}, N, "", 0xFE, "Not an action: 254"),      # a finish with bit 4
    ({}, N, "CE", 0xF5, "Not an action: 245"),
    ({}, N, "", 0xE3, "Nobody has named trump yet"),
    ({}, N, "CE", 0xE6, "The makers take 0 to 5 tricks, not 6"),
    ({}, N, "CE", 0xEF, "The makers take 0 to 5 tricks, not 7"),  # quick 7
)


def case_action_bytes_refused_say_why():
    for options, dealer, before, code, message in BYTE_REFUSALS:
        game = transcript.parse(Rules(**options), before, dealer=dealer)
        saved = transcript.to_bytes(game)
        got = raises(game.apply, code)
        assert got == message, (before, code, got)
        assert transcript.to_bytes(game) == saved, (before, code)
