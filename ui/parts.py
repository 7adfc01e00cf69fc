"""Pieces that several screens draw: the score screen's bottom lines, the
team names, the soft-key labels. The list pages' own are ``ui.lists``."""

from micropython import const

from ui import screen
from ui.keys import N, S, W
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


def soft_labels(table, buf, labels, prompt, hint):
    """Labels beside the seat keys, each with its triangle, wherever the key
    is on the picture (``Table.side_of``): at the top, right, bottom, left.
    ``prompt`` in the middle, ``hint`` (the OK key) at the bottom right."""
    left = ()
    right = ()
    for seat in range(4):
        label = labels[seat]
        if not label:
            continue
        side = table.side_of(seat)
        screen.marker(buf, side)
        if side == N:
            screen.text_center(buf, 1, label)
        elif side == S:
            screen.text_center(buf, 6, label)
        else:
            # A long label of two words takes two lines.
            cut = label.rfind(b" ") if len(label) > 8 else -1
            words = (label[:cut], label[cut + 1:]) if cut > 0 else (label,)
            if side == W:
                left = words
            else:
                right = words
    widest = 0
    for words in (left, right):
        widest += max([screen.text_width(word) for word in words] or [0])
    # Two long one-line labels (two 10-letter names) would meet: one line apart.
    apart = widest > 116 - 4 and len(left) == 1 and len(right) == 1
    for i in range(len(left)):
        screen.text(buf, 6, 3 + i, left[i])
    for i in range(len(right)):
        screen.text_right(buf, 122, 3 + i + apart, right[i])
    screen.text_center(buf, 2, prompt)
    screen.text_right(buf, 126, 7, hint)
