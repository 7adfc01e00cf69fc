"""History, opened from the menu: a row per scored hand and per score
adjustment, the latest at the bottom. Top and bottom scroll; the left key
or OK goes back."""

from micropython import const

from ui import parts
from ui.font import SUIT_CODES
from euchre_core.actions import SUIT_NAMES
from euchre_core.rules import EUCHRE, LONE_DEFENSE, MADE
from ui.keys import N, OK, S, W

LIST_PAGE = True
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False

# Characters on a row of the list (parts.draw_list), the left text and the
# right one together: they then stand 4 pixels apart at least, and the
# right ones line up in columns.
_ROW_CHARS = const(20)
_TEAM_CHARS = const(4)


def show(table):
    """History, scrolled to its end (the latest rows).

    Its rows in order are counted here, once: a hand's as its number until
    it is first on view (then as the row ``draw`` wrote for it), a score
    adjustment's at once. A scroll then writes out only the row it brings."""
    game = table.game
    teams = _teams(table)
    adjustments = game.adjustments()
    rows = []
    done = 0
    for number in range(1, game.hand_count + 1):
        while done < len(adjustments) and adjustments[done][0] < number:
            rows.append(_adjust_row(adjustments[done], teams))
            done += 1
        rows.append(number)
    while done < len(adjustments):
        rows.append(_adjust_row(adjustments[done], teams))
        done += 1
    table.items = rows
    table.top = max(0, len(rows) - parts.ROWS)
    table.mode = "history"


def press(table, key, long, now_ms):
    # ``key`` is the side of the picture the key sits on (Table.side_of).
    if key == W or key == OK:
        table.mode = None
        return
    if key == N or key == S:
        parts.scroll(table, key, max(0, len(table.items) - parts.ROWS), now_ms, "HANDS")
        return
    # A key the page does not offer: what it does offer, nothing else.
    table.say(parts.back_hint(table), now_ms)


def draw(table, buf):
    """A row per scored hand: its number, the player it is about (the one
    who reneged, or the lone maker, or the caller), what happened (ALONE:
    a lone maker took 3 or 4; BLIND and FORCED loners, whatever their
    result; SETBACK, the points taken off the other team), and the points
    to a team; the trump suit after the number when it was recorded; a row
    per score adjustment, where it was made."""
    rows = table.items
    if not rows:
        parts.draw_list(table, buf, "HISTORY", [("NO HAND SCORED YET", "")], None, None)
        return
    teams = None
    for at in range(table.top, min(len(rows), table.top + parts.ROWS)):
        if isinstance(rows[at], int):
            if teams is None:
                teams = _teams(table)
            rows[at] = _hand_row(table, table.game.hand(rows[at]), teams)
    parts.draw_list(table, buf, "HISTORY", rows, None, None)


def _teams(table):
    """The teams' names cut to one width, so the points line up."""
    width = min(_TEAM_CHARS, max(len(table.teams[0]), len(table.teams[1])))
    teams = [name.decode()[:width] for name in table.teams]
    for team in (0, 1):
        teams[team] += " " * (width - len(teams[team]))
    return teams


def _hand_row(table, hand, teams):
    word = parts.KIND_WORDS.get(hand.kind, hand.kind.upper())
    if hand.kind == EUCHRE or hand.kind == LONE_DEFENSE:
        word = "SET"
    seat = hand.caller
    if hand.reneger is not None:
        seat = hand.reneger
    elif hand.lone_seat is not None:
        # The lone maker, who need not be the caller.
        seat = hand.lone_seat
        if hand.kind == MADE:
            word = "ALONE"
        if hand.blind:
            word = "BLIND"
        elif hand.forced:
            word = "FORCED"
    right = "+" + str(hand.points) + " " + teams[hand.scorer]
    if hand.set_back:
        word = "SETBACK"
        right = "-" + str(hand.taken) + " " + teams[1 - hand.scorer]
    number = str(hand.number)
    suit = 0 if hand.trump is None else 1
    # The name as long as the row has room for, 3 letters at least.
    room = _ROW_CHARS - len(right) - len(number) - suit - len(word) - 2
    left = " " + table.names[seat].decode()[:max(3, room)] + " " + word
    left = left[:_ROW_CHARS - len(right) - len(number) - suit]
    if suit:
        # The suit's glyph is a byte outside ASCII: the row in bytes.
        at = SUIT_NAMES.index(hand.trump)
        return (number.encode() + SUIT_CODES[at:at + 1] + left.encode(), right)
    return (number + left, right)


def _adjust_row(adjustment, teams):
    points = adjustment[2]
    return ("ADJUST", ("+" if points > 0 else "") + str(points) + " " + teams[adjustment[1]])
