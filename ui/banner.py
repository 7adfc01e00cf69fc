"""The result banner after a scored hand: what happened and the points, for
``SHOW_MS`` or until any key; then the score screen with the next dealer
(or game over)."""

from micropython import const

from ui import parts, screen

LIST_PAGE = False
SHOW_MS = const(3000)


def press(table, key, long, now_ms):
    table.mode = None


def draw(table, buf):
    # The top line is the hand screen's and the two bottom lines are the
    # score screen's that follows: only the middle changes as the hand ends
    # and again as the banner goes, so both changes reach the glass sooner.
    hand = table.banner_hand
    game = table.game
    word = parts.KIND_WORDS.get(hand.kind, hand.kind.upper())
    parts.draw_team_names(table, buf)
    # The big word (rows 18..31), then the label's bar (rows 8..16) over the
    # dark rows the word leaves at its top: a dark row between them.
    screen.text2_center(buf, 2, word + " +" + str(hand.points), 2)
    screen.label_center(buf, 8, table.teams[hand.scorer] + b" SCORE")
    if hand.kind == "lone_defense":
        detail = table.names[hand.lone_defender] + b" DEF. ALONE"
    elif hand.kind == "renege":
        detail = b"PENALTY"
    elif hand.lone_seat is not None:
        detail = table.names[hand.lone_seat] + b" WENT ALONE"
    elif hand.quick:
        # A quick result: only the tricks played before it are known.
        taken = hand.tricks[hand.makers]
        if taken or hand.tricks[1 - hand.makers]:
            detail = b"QUICK: " + table.teams[hand.makers] + b" HAD " + str(taken).encode()
        else:
            detail = b"QUICK RESULT"
    else:
        taken = hand.tricks[hand.makers]
        detail = (str(taken) + (" TRICK TO " if taken == 1 else " TRICKS TO ")
                  + table.teams[hand.makers].decode()).encode()
    # Page 4 stays dark: the big word reaches its last row.
    screen.text_center(buf, 5, detail)
    if game.winner is None:
        parts.draw_score_footer(table, buf, parts.SHIFTS[table.shift])
    else:
        screen.text_center(buf, 6, "GAME OVER")
