"""A game's reports and its other forms: the text form, the saved form, the
history, the score adjustments and the stats.

What a table needs to play stays in ``game``; these are read only by the
menu's pages (Stats, History), the tests and the tools, so the package does
not import this module: a table in play does not hold its code. A page that
shows a report imports it, and the screen registry (``ui.table``) lets it go
with that page.

The text form is the log as words, one an action ("CN TN TE ..."):
"CN" N calls, "AN" N calls alone, "BN" N (the dealer) goes alone blind,
"CN^" / "AN^" N orders trump up in the first round, "=H" trump is hearts,
"DE" E defends alone, "LS" S (a maker) goes alone after the call, "TS" S
takes a trick, "P" all passed, "S" the last hand is set back, "RW" W
reneged, "J0+1" team 0 adjusted by +1, "XS" the deal moves to S, "F3" the
makers end the hand with 3 tricks, "Q3" a quick result: made (3-4), "Q5"
march, "Q0".."Q2" euchred. ``actions.action_text`` writes a word.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from euchre_core.actions import (ADJUST, ADJUST_MAX, ALONE, BLIND, CALL, DEFEND_ALONE,
                                 FINISH, LETTERS, MAKER, ORDERED_UP, PASS, QUICK, RENEGE,
                                 SEAT_NAMES, SET_BACK, SUIT_NAMES, TRICK, TRUMP, action_text,
                                 adjust_code, adjustment, crc16, kind_of)
from euchre_core.basics import const
from euchre_core.game import Game
from euchre_core.game_forms import (HAND_BLIND, HAND_BYTES, HAND_FORCED, KINDS, NOBODY,
                                    SET_BACK_SHIFT)
from euchre_core.rules import LONE_MARCH, MARCH
from euchre_core.rules import RENEGE as RENEGE_HAND

_FORMAT_MAGIC = const(0x45)  # "E"
_FORMAT_VERSION = const(1)
_HEADER = const(5)  # magic, version, start dealer, action count (2 bytes)


# ----- the text form ---------------------------------------------------------------

def text(game):
    """The log of ``game`` as words, one an action ("CN TN TE ...")."""
    return " ".join(action_text(code) for code in game.codes)


def parse(rules, words, dealer=0):
    """The game whose ``text`` is ``words``; ValueError for a word that is no action."""
    game = Game(rules, dealer=dealer)
    for word in words.split():
        game.apply(parse_action(word))
    return game


def parse_action(word):
    """The action byte of one word of ``text``; ValueError for any other word."""
    if not word:
        raise ValueError("Empty action")
    letter = word[0]
    rest = word[1:]
    if letter == "P" and not rest:
        return PASS << 5
    if letter == "S" and not rest:
        return PASS << 5 | SET_BACK
    if letter == "=" and len(rest) == 1 and rest in SUIT_NAMES:
        return PASS << 5 | TRUMP | SUIT_NAMES.index(rest)
    if letter == "J" and len(rest) >= 3 and rest[0] in "01" and rest[1] in "+-":
        if rest[2:].isdigit():
            points = int(rest[2:])
            if 1 <= points <= ADJUST_MAX:
                return adjust_code(int(rest[0]), -points if rest[1] == "-" else points)
    if letter in "FQ" and len(rest) == 1 and rest in "012345":
        return FINISH << 5 | int(rest) | (QUICK if letter == "Q" else 0)
    if letter in "CA" and len(rest) == 2 and rest[1] == "^" and rest[0] in SEAT_NAMES:
        return parse_action(word[:2]) | ORDERED_UP
    if len(rest) == 1 and rest in SEAT_NAMES:
        seat = SEAT_NAMES.index(rest)
        if letter == "A":
            return CALL << 5 | ALONE | seat
        if letter == "B":
            return CALL << 5 | BLIND | ALONE | seat
        if letter == "L":
            return DEFEND_ALONE << 5 | MAKER | seat
        if letter in "CDTRX":
            return LETTERS.index(letter) << 5 | seat
    raise ValueError("Unknown action: " + repr(word))


# ----- the saved form --------------------------------------------------------------

def to_bytes(game):
    """Magic, version, start dealer, action count, the actions, CRC-16."""
    codes = game.codes
    count = len(codes)
    out = bytearray(_HEADER + count + 2)
    out[0] = _FORMAT_MAGIC
    out[1] = _FORMAT_VERSION
    out[2] = game.start_dealer
    out[3] = count & 0xFF
    out[4] = count >> 8
    out[_HEADER:_HEADER + count] = codes
    crc = crc16(memoryview(out)[:_HEADER + count])
    out[-2] = crc >> 8
    out[-1] = crc & 0xFF
    return bytes(out)


def from_bytes(rules, data):
    """The game ``to_bytes`` saved, replayed under ``rules``; ValueError for
    anything else."""
    try:
        data = bytes(data)
    except TypeError:
        raise ValueError("A saved game is bytes")
    if len(data) < _HEADER + 2:
        raise ValueError("Saved game is truncated")
    if data[0] != _FORMAT_MAGIC:
        raise ValueError("Not a saved euchre game")
    if data[1] != _FORMAT_VERSION:
        raise ValueError("Saved game has format version " + str(data[1])
                         + "; this firmware reads version " + str(_FORMAT_VERSION))
    count = len(data) - _HEADER - 2
    if data[3] | data[4] << 8 != count:
        raise ValueError("Saved game is truncated or too long")
    crc = crc16(memoryview(data)[:-2])
    if data[-2] != crc >> 8 or data[-1] != crc & 0xFF:
        raise ValueError("Saved game is damaged (checksum mismatch)")
    if data[2] > 3:
        raise ValueError("Saved game names no valid dealer")
    game = Game(rules, dealer=data[2])
    try:
        game.extend(data[_HEADER:_HEADER + count])
    except ValueError as err:
        raise ValueError("Saved game does not replay under these rules: " + str(err))
    return game


# ----- the reports -----------------------------------------------------------------

def history(game):
    """The scored hands of ``game``, oldest first (``Hand`` tuples)."""
    return [game.hand(number) for number in range(1, game.hand_count + 1)]


def adjustments(game):
    """The score adjustments of ``game``, oldest first: (hands scored
    before it, team, points)."""
    # A hand ends at its fifth trick, a renege or a finish (a game replays
    # only valid logs, so nothing else is checked).
    found = []
    hands = 0
    tricks = 0
    for code in game.codes:
        kind = kind_of(code)
        if kind == CALL:
            tricks = 0
        elif kind == TRICK:
            tricks += 1
            if tricks == 5:
                hands += 1
        elif kind == RENEGE or kind == FINISH:
            hands += 1
        elif kind == ADJUST:
            team, points = adjustment(code)
            found.append((hands, team, points))
    return found


def _empty_stats():
    return {"made": 0, "marches": 0, "euchred": 0, "euchres": 0, "loners": 0,
            "loners_made": 0, "reneges": 0, "blind": 0, "blind_made": 0, "forced": 0,
            "forced_made": 0, "set_backs": 0}


def stats(game):
    """Per team, a dict: hands ``made``, ``marches``, ``euchred``
    (suffered), ``euchres`` (inflicted), ``loners`` tried and
    ``loners_made`` (3 or more tricks), ``reneges``; under the house
    rules, ``blind`` and ``forced`` loners played and made (``blind_made``,
    ``forced_made``), counted for the makers, and ``set_backs``, counted
    for the team that set the other back. Loners, made and euchred leave
    out the hands a renege ended.

    Counted from the hand records, read in place: a long game has tens of
    them, and Stats counts them as it opens."""
    hands = game.records
    result = (_empty_stats(), _empty_stats())
    for at in range(0, len(hands), HAND_BYTES):
        first = hands[at]
        team = first >> 2 & 1  # the caller's team: the makers
        scorer = first >> 4 & 1
        kind = KINDS[hands[at + 3] >> 4]
        extra = hands[at + 4]
        makers = result[team]
        # Blind and forced loners, by the makers, and set-backs, by the team
        # whose points came off the other team: of every hand, a renege too.
        if extra & HAND_BLIND:
            makers["blind"] += 1
            makers["blind_made"] += scorer == team
        if extra & HAND_FORCED:
            makers["forced"] += 1
            makers["forced_made"] += scorer == team
        if extra >> SET_BACK_SHIFT:
            result[scorer]["set_backs"] += 1
        if kind == RENEGE_HAND:
            result[1 - scorer]["reneges"] += 1
            continue
        alone = hands[at + 1] & 7 != NOBODY
        if alone:
            makers["loners"] += 1
        if scorer == team:
            makers["made"] += 1
            if kind == MARCH or kind == LONE_MARCH:
                makers["marches"] += 1
            if alone:
                makers["loners_made"] += 1
        else:
            makers["euchred"] += 1
            result[1 - team]["euchres"] += 1
    return result
