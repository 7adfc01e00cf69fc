"""Pieces that several screens draw: the score screen's bottom lines, the
team names. The question screens' labels beside the keys are
``ui.labels``, the list pages' own pieces ``ui.lists``."""

from micropython import const

from ui import screen
from euchre_core.actions import ADJUST, SET_DEALER, kind_of
from euchre_core.rules import EUCHRE, LONE_DEFENSE, LONE_MARCH, MADE, MARCH, RENEGE

# Horizontal offsets the score screen cycles through against burn-in
# (``Table.shift`` is the index of the one in use).
SHIFTS = (0, 1, 2, 1)

# The dealer line (page 6, 120 columns: 20 characters) has room for
# " FIRST" after "NAME DEALS" this long (a name of up to 8 letters).
_FIRST_FITS = const(14)

# What the held keys do, said where no label says it (the score, hand and
# game-over screens).
HINT_MENU = b"HOLD OK: MENU, UNDO"
HINT_ALONE = b"HOLD SEAT KEY: ALONE"


# A scored hand's kind (``Hand.kind``) as the banner and History say it.
KIND_WORDS = {
    MADE: "MADE", MARCH: "MARCH", LONE_MARCH: "LONER",
    EUCHRE: "EUCHRED", LONE_DEFENSE: "EUCHRED", RENEGE: "RENEGE",
}


def draw_score_footer(table, buf, dx, line=None):
    """The score screen's two bottom lines: the dealer (or ``line`` in its
    place), the target and the match (the result banner shows them too, in
    the same place)."""
    # A line is drawn as one string: making it costs the board less than
    # drawing its pieces one call at a time.
    if line is None:
        line = dealer_line(table)
    screen.text_center(buf, 6, line, 4 + dx, 124 + dx)
    draw_target(table, buf, 2 + dx)
    screen.text_right(buf, 124 + dx, 7, match_text(table.tally))


def dealer_line(table):
    """"NAME DEALS", and " FIRST" after it until the game's first call or
    misdeal."""
    game = table.game
    line = table.names[game.dealer] + b" DEALS"
    if len(line) <= _FIRST_FITS and first_deal(game):
        # The draw for the first deal (at power-up, or a new game's), or
        # the dealer set by hand, is said here until the first call or misdeal.
        line += b" FIRST"
    return line


def first_deal(game):
    """True while the game has had no call and no misdeal: only score
    adjustments and dealers set by hand."""
    if game.hand_count or game.in_hand:
        return False
    for code in game.codes:
        kind = kind_of(code)
        if kind != ADJUST and kind != SET_DEALER:
            return False
    return True


def match_text(won):
    """The match tally as the bottom lines show it: "MATCH 2-1"."""
    return b"MATCH %d-%d" % (won[0], won[1])


def draw_target(table, buf, x):
    """"TO 10" (and "BY 2") at the left of the bottom line. The words are
    set 4 columns apart, not a whole space: "TO 10 BY 2" then ends at
    column 51, clear of the S triangle (60..67 and the burn-in shift).
    Progressive euchre (``hands``) has no target: "HAND 3 OF 8" (or
    "HAND 12/16", as narrow) stands there, the hand in play or next."""
    game = table.game
    rules = game.rules
    hands = rules.hands
    # One line of words 3 columns apart (after each word's own blank one).
    if hands:
        line = (b"HAND %d OF %d" if hands < 10 else b"HAND %d/%d") % (
            min(game.hand_count + 1, hands), hands)
    elif rules.win_by_two:
        line = b"TO %d BY 2" % rules.target
    else:
        line = b"TO %d" % rules.target
    screen.text_spaced(buf, x, 7, line, 3)


def draw_team_names(table, buf, dx=0):
    """The top line of the score screen (moved ``dx`` against burn-in), the
    hand, quick result and banner: each team's name, whole, clear of the N
    triangle in the middle. Being the same on all of them, it is not sent
    again as the screens change."""
    screen.text(buf, 2 + dx, 0, table.teams[0])
    screen.text_right(buf, 126 + dx, 0, table.teams[1])
