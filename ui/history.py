"""History, opened from the menu: a row per scored hand and per score
adjustment, the latest at the bottom, where it opens. Top (older) and
bottom (newer) scroll, as the bottom line says; the left key or OK goes
back."""

from micropython import const

from ui import lists, parts, screen
from ui.font import SUIT_CODES
from euchre_core import reports
from euchre_core.actions import SUIT_NAMES
from euchre_core.rules import EUCHRE, LONE_DEFENSE, MADE, RENEGE
from ui.keys import N, OK, S, SEATS, W
from ui.names import TEAMS

LIST_PAGE = True
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False

# Characters on a row of the list (lists.draw_list), the left text and the
# right one together: they then stand 4 pixels apart at least, and the
# right ones line up in columns.
_ROW_CHARS = const(20)
_TEAM_CHARS = const(4)


def show(table, page):
    """History, scrolled to its end (the latest rows): the page's ``rows``
    and ``top``.

    Its rows in order are counted here, once: a hand's as its number until
    it is first on view (then as the row ``draw`` wrote for it), a score
    adjustment's at once. A scroll then writes out only the row it brings."""
    game = table.game
    teams = _teams(table)
    adjustments = reports.adjustments(game)
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
    page.rows = rows
    page.top = max(0, len(rows) - lists.ROWS)


def press(table, key, long, now_ms):
    # ``key`` is the side of the picture the key sits on (Table.side_of).
    if key == W or key == OK:
        table.back()
        return
    page = table.page
    last = len(page.rows) - lists.ROWS
    if (key == N or key == S) and last > 0:
        if page.top == (0 if key == N else last):
            # At that end: which way the hands are, and the key that goes there.
            table.say("NO " + ("OLDER" if key == N else "NEWER") + " HANDS. "
                      + table.key_letter(S if key == N else N) + ":"
                      + ("NEWER" if key == N else "OLDER"), now_ms)
            return
        lists.scroll(table, key, last, now_ms, "HANDS")
        return
    # A key the page does not offer (the top and bottom ones when every
    # row fits): what it does offer, nothing else.
    table.say(lists.back_hint(table), now_ms)


def draw(table, buf):
    """A row per scored hand: its number, the player it is about and what
    happened (MADE, MARCH, EUCHRED: the caller; ALONE, a lone maker took 3
    or 4, LONER all 5, BLIND or FORCED for those loners; LONE DEF, a lone
    defender who euchred the makers; RENEGE: who reneged), and the points
    to a team; SETBACK names the team that set the other back and the
    points it lost. The trump suit after the number when it was recorded;
    a row per score adjustment, where it was made. The bottom line names
    the keys that scroll, older (top) and newer (bottom)."""
    page = table.page
    rows = page.rows
    top = page.top
    if not rows:
        lists.draw_list(table, buf, "HISTORY", [("NO HAND SCORED YET", "")], None, None)
        return
    teams = None
    for at in range(top, min(len(rows), top + lists.ROWS)):
        if isinstance(rows[at], int):
            if teams is None:
                teams = _teams(table)
            rows[at] = _hand_row(table, reports.hand(table.game, rows[at]), teams)
    lists.draw_list(table, buf, "HISTORY", rows, None, None)
    if top > 0:
        screen.text(buf, 2, 7, table.key_letter(N) + ":OLDER")
    if top + lists.ROWS < len(rows):
        screen.text_right(buf, 126, 7, table.key_letter(S) + ":NEWER")


def _teams(table):
    """The teams' names at one width, so the points line up: whole when
    both fit, else the seats' (N-S, E-W), never two cut alike."""
    teams = [name.decode() for name in table.teams]
    width = max(len(teams[0]), len(teams[1]))
    if width > _TEAM_CHARS:
        teams = list(TEAMS)
        width = len(teams[0])
    for team in (0, 1):
        teams[team] += " " * (width - len(teams[team]))
    return teams


def _player(table, seat, room):
    """A player's name in ``room`` characters: whole, or cut while the cut
    tells them from the others (3 letters at least), else their seat's
    letter."""
    name = table.names[seat]
    if len(name) <= room:
        return name.decode()
    cut = name[:room]
    if room >= 3:
        for other in range(4):
            if other != seat and table.names[other].startswith(cut):
                return SEATS[seat]
        return cut.decode()
    return SEATS[seat]


def _hand_row(table, hand, teams):
    kind = hand.kind
    seat = hand.caller
    right = "+" + str(hand.points) + " " + teams[hand.scorer]
    if hand.set_back:
        # The team that scored the hand set the other back.
        who = teams[hand.scorer].strip()
        word = "SETBACK"
        right = "-" + str(hand.taken) + " " + teams[1 - hand.scorer]
    else:
        who = None
        word = parts.KIND_WORDS.get(kind, kind.upper())
        if kind == RENEGE:
            seat = hand.reneger
        elif kind == LONE_DEFENSE:
            seat = hand.lone_defender
            word = "LONE DEF"
        elif hand.lone_seat is not None and kind != EUCHRE:
            # The lone maker, who need not be the caller; euchred, the
            # row says that, whatever the loner was.
            seat = hand.lone_seat
            word = "BLIND" if hand.blind else "FORCED" if hand.forced else (
                "ALONE" if kind == MADE else word)
        elif hand.lone_seat is not None:
            seat = hand.lone_seat
    number = str(hand.number)
    suit = 0 if hand.trump is None else 1
    # What happened whole; who, in the room left.
    room = _ROW_CHARS - len(right) - len(number) - suit - len(word) - 2
    if who is None:
        who = _player(table, seat, room)
    if len(who) > room:
        # A team that set the other back, not whole: the right side says
        # whom, and so who.
        left = " " + word
    else:
        left = " " + who + " " + word
    # Never into the right side. No game under 1000 hands reaches it: the
    # longest word (LONE DEF) and its space are 9 characters, and the
    # widest right side (a rule's points are 1-9: "+9" and a team of 4),
    # a hand number of 3 digits and the suit leave 9.
    left = left[:_ROW_CHARS - len(right) - len(number) - suit]
    if suit:
        # The suit's glyph is a byte outside ASCII: the row in bytes.
        at = SUIT_NAMES.index(hand.trump)
        return (number.encode() + SUIT_CODES[at:at + 1] + left.encode(), right)
    return (number + left, right)


def _adjust_row(adjustment, teams):
    points = adjustment[2]
    return ("ADJUST", ("+" if points > 0 else "") + str(points) + " " + teams[adjustment[1]])
