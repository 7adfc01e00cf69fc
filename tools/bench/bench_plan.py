"""A realistic, seeded mix of hands, and the key presses that enter them.

Used by the 3-game session (section 4 and 5 of the table) and by the presses
per hand (section 6). The mix is a club table's evening, not a proof: about
one deal in sixteen is passed out, one call in twelve goes alone, now and
then a defender goes alone, and makers take 3-4 tricks most of the time.

A hand is entered either trick by trick (a seat key per trick) or with the
quick result (OK, then the soft key for made / march / euchred). The presses
are built from the UI's documented keys; ``bench.py`` replays them through
the real ``Table`` and checks that every hand was scored as planned, so a
press count here is one the firmware accepted.

Pure Python (CPython and MicroPython); the random numbers come from a small
LCG so both interpreters draw the same hands.
"""

KEY_OK = 4
# Quick-result soft keys: N made 3-4, E march, S euchred.
QUICK_MADE = 0
QUICK_MARCH = 1
QUICK_EUCHRED = 2


class Lcg:
    """Numerical Recipes' 32-bit LCG: the same numbers on every interpreter."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def below(self, n):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return (self.state >> 8) % n


def draw_hand(rng):
    """One deal: None (everybody passed) or (caller, alone, lone_defender, makers_tricks)."""
    if rng.below(16) == 0:
        return None
    caller = rng.below(4)
    alone = rng.below(12) == 0
    lone_defender = None
    if rng.below(40) == 0:
        lone_defender = (caller + 1 + 2 * rng.below(2)) % 4
    roll = rng.below(100)
    if alone:
        tricks = 5 if roll < 35 else (3 + rng.below(2) if roll < 85 else rng.below(3))
    elif lone_defender is not None:
        tricks = 5 if roll < 10 else (3 + rng.below(2) if roll < 50 else rng.below(3))
    else:
        tricks = 5 if roll < 15 else (3 + rng.below(2) if roll < 75 else rng.below(3))
    return (caller, alone, lone_defender, tricks)


def trick_winners(hand, rng):
    """Five seats that take the tricks, none of them a seat that sits out."""
    caller, alone, lone_defender, makers_tricks = hand
    makers = caller % 2
    maker_seats = (caller,) if alone else (makers, makers + 2)
    defender_seats = (lone_defender,) if lone_defender is not None else (1 - makers, 3 - makers)
    winners = [maker_seats[rng.below(len(maker_seats))] for _ in range(makers_tricks)]
    winners += [defender_seats[rng.below(len(defender_seats))] for _ in range(5 - makers_tricks)]
    # Shuffle so that a hand is not decided in its first tricks every time.
    for i in range(4, 0, -1):
        j = rng.below(i + 1)
        winners[i], winners[j] = winners[j], winners[i]
    return winners


def presses(hand, quick, rng):
    """The (key, long) presses that enter ``hand`` (None: a passed deal)."""
    if hand is None:
        return [(KEY_OK, False)]
    caller, alone, lone_defender, makers_tricks = hand
    keys = [(caller, alone)]
    if lone_defender is not None:
        keys.append((lone_defender, True))
    if quick:
        keys.append((KEY_OK, False))
        if makers_tricks == 5:
            keys.append((QUICK_MARCH, False))
        elif makers_tricks >= 3:
            keys.append((QUICK_MADE, False))
        else:
            keys.append((QUICK_EUCHRED, False))
    else:
        for seat in trick_winners(hand, rng):
            keys.append((seat, False))
    return keys


def with_mistake(hand, keys, rng):
    """``keys`` with a wrong trick press taken back by Undo (long OK, then OK)
    before one of the first four tricks: what a table does now and then."""
    caller, alone, lone_defender, _ = hand
    out = []
    first_trick = len(keys) - 5
    at = first_trick + rng.below(4)
    right = keys[at][0]
    sitting = [(caller + 2) % 4 if alone else -1,
               (lone_defender + 2) % 4 if lone_defender is not None else -1]
    wrong = [s for s in range(4) if s != right and s not in sitting]
    for i, key in enumerate(keys):
        if i == at:
            out.append((wrong[rng.below(len(wrong))], False))
            out.append((KEY_OK, True))
            out.append((KEY_OK, False))
        out.append(key)
    return out


def quick_tricks(hand):
    """The makers' tricks a quick result records (made 3-4 records 3)."""
    tricks = hand[3]
    if tricks == 5:
        return 5
    return 3 if tricks >= 3 else 0
