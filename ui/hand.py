"""The hand: makers and defenders with their tricks as pips, who called,
who is alone, and a triangle at the key of the seat that leads now; the
trump suit, large at the lower left, when the table records it.

A seat key: that seat took the trick (long, before the first trick: that
player goes alone; after it, the trick as well). OK: the quick result. The
line under the pips says what no label does: before the first trick, that
a held seat key goes alone; after it, that a held OK opens the menu (Undo
first); while nobody presses a key, it takes turns with what a seat key
does (the score screen's ``hint_step``). A player who is alone is named
there instead, whole (BLIND for a blind loner); when both teams have one
and their names cannot share the line with ALONE, each is named by the
letter on their seat key ("N ALONE").
"""

from micropython import const

from ui import parts, screen
from euchre_core.actions import SUIT_NAMES
from ui.keys import OK, SEATS

LIST_PAGE = False

# Characters the two lone tags under the pips share, a gap kept between them
# (columns 6..120); one tag alone has room for any name with ALONE, and a
# name of up to 7 letters with BLIND ALONE (else BLIND).
_TAGS_FIT = const(18)
_TAG_FITS = const(19)
_SHORTEST = const(3)  # letters of a name kept at least when two tags must share
_HINT_TRICK = b"SEAT KEY: TOOK TRICK"


def press(table, key, long, now_ms):
    game = table.game
    if key == OK:
        table.open("quick")
        return
    if not long or game.tricks_played:
        # After the first trick nobody may go alone: a long press is a
        # slow short one, as wherever no long press is offered.
        table.act(now_ms, game.trick, key)
        return
    # A defender or a maker (the caller stays the caller) goes alone.
    table.act(now_ms, game.go_alone, key)


def lone_tags(table):
    """The tags under the pips, N-S's and E-W's ("NAME ALONE", b"" when the
    team has nobody alone): whole names when they fit beside each other,
    else each name cut, but never so short that it reads as the partner's;
    else the letters of the two seat keys, as the word ALONE must stay."""
    game = table.game
    shown = [b"", b""]
    words = [b"", b""]
    cut = [0, 0]
    seats = []  # the lone players' seats, N-S's first
    names = table.names
    for team in (0, 1):
        lone = game.lone_seat if team == game.makers else game.lone_defender
        if lone is None:
            continue
        seats.append(lone)
        words[team] = b" ALONE"
        if lone == game.lone_seat and game.blind:
            words[team] = b" BLIND ALONE"
        name = names[lone]
        partner = names[(lone + 2) % 4]
        same = 0
        while same < len(name) and same < len(partner) and name[same] == partner[same]:
            same += 1
        shown[team] = name
        cut[team] = len(name) - max(_SHORTEST, same + 1)
    for team in (0, 1):
        if len(words[team]) > 6 and (shown[1 - team] or len(shown[team]) > _TAG_FITS - 12):
            words[team] = b" BLIND"  # BLIND ALONE has no room
    if len(seats) == 2 and not _fit(shown, cut, len(words[0]) + len(words[1])):
        # Even cut, the names do not fit with ALONE: a bar with a name and
        # no ALONE does not say two players are alone, nor does a name cut
        # to a partner's. The seat keys' letters (N ALONE, E BLIND) do.
        shown = [SEATS[seats[0]].encode(), SEATS[seats[1]].encode()]
    return [shown[0] + words[0], shown[1] + words[1]]


def _fit(shown, cut, words):
    """Cut the names ``shown``, each by at most ``cut`` letters, until both
    tags (their words ``words`` characters) fit beside each other; False
    when they cannot. With two 6-character words (ALONE, BLIND) the letters
    over are those above ``_SHORTEST`` of both names, so a fit leaves no
    choice of which name gives what: the order cut is of no account."""
    over = len(shown[0]) + len(shown[1]) + words - _TAGS_FIT
    for team in (0, 1):
        take = max(0, min(over, cut[team]))
        shown[team] = shown[team][:len(shown[team]) - take]
        over -= take
    return over <= 0


def draw(table, buf):
    game = table.game
    makers = game.makers
    tricks = game.tricks
    scores = game.scores
    parts.draw_team_names(table, buf)
    for team in (0, 1):
        left = 6 if team == 0 else 70
        # Over the team's pips: its part in the hand, and its score at the right.
        screen.text(buf, left, 1, b"MAKERS" if team == makers else b"DEFEND")
        screen.number(buf, left + 53 - screen.number_width(scores[team]), 1, scores[team])
        screen.pips(buf, left, 2, tricks[team], 5)
    if game.lone_seat is None and game.lone_defender is None:
        # Under the pips, where a lone tag would stand.
        if table.said.hint & 1:
            hint = _HINT_TRICK
        else:
            hint = parts.HINT_MENU if game.tricks_played else parts.HINT_ALONE
        screen.text_center(buf, 4, hint, 4, 124)
    else:
        tags = lone_tags(table)
        # Under the pips (rows 16..28), a dark row either side of its bar.
        if tags[0]:
            screen.label(buf, 6, 30, tags[0])
        if tags[1]:
            screen.label(buf, 120 - screen.text_width(tags[1]), 30, tags[1])
    trump = game.trump
    left = 6
    if trump is not None and table.trump:
        # Large (15x15) on pages 5 and 6, beside the two lines it is about.
        screen.suit(buf, 3, 5, SUIT_NAMES.index(trump))
        left = 20
    screen.text_center(buf, 5, table.names[game.caller] + b" CALLED", left, 122)
    leader = game.leader
    screen.text_center(buf, 6, table.names[leader] + b" LEADS", left, 122)
    # Page 7 stays the same from trick to trick: one page less to send.
    parts.draw_target(table, buf, 2)
    screen.text_right(buf, 126, 7, b"OK:RESULT")
    screen.marker(buf, table.side_of(leader))
