"""The hand: makers and defenders with their tricks as pips, who called,
who is alone, and a triangle at the key of the seat that leads now; the
trump suit, large at the lower left, when the table records it.

A seat key: that seat took the trick (long, before the first trick: that
player goes alone). OK: the quick result.
"""

from ui import parts, screen
from euchre_core.actions import SUIT_NAMES
from ui.keys import OK

LIST_PAGE = False


def press(table, key, long, now_ms):
    game = table.game
    if key == OK:
        table.mode = "quick"
        return
    if not long:
        table.act(now_ms, game.trick, key)
        return
    # A defender or a maker (the caller stays the caller) goes alone.
    table.act(now_ms, game.go_alone, key)


def draw(table, buf):
    game = table.game
    makers = game.makers
    tricks = game.tricks
    scores = game.scores
    parts.draw_team_names(table, buf)
    for team in (0, 1):
        left = 6 if team == 0 else 70
        # Over the team's pips: its part in the hand, and its score at the right.
        screen.text(buf, left, 1, "MAKERS" if team == makers else "DEFEND")
        screen.number(buf, left + 53 - screen.number_width(scores[team]), 1, scores[team])
        for pip in range(5):
            x = left + pip * 11
            screen.pip(buf, x, 2, pip < tricks[team])
        lone = game.lone_seat if team == makers else game.lone_defender
        if lone is not None:
            tag = table.names[lone][:3] + b" ALONE"
            # Under the pips (rows 16..28), a dark row either side of its bar.
            if team == 0:
                screen.label(buf, left, 30, tag)
            else:
                screen.label(buf, 120 - screen.text_width(tag), 30, tag)
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
    screen.text_right(buf, 126, 7, "OK:RESULT")
    screen.marker(buf, table.side_of(leader))
