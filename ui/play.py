"""The play screens: score, hand, quick result and the result banner.

Functions of the ``Table`` (ui.py), each taking the table first: the UI is
split into modules of moderate size because the board compiles each module
when it is first imported, and the memory that takes grows with its size.
Pure Python.
"""

from micropython import const

from ui import screen
from euchre_core.rules import score_hand

CHAR_W = const(6)  # a small character and its gap (screen.CHAR_W)
# Keys: the seat keys N, E, S, W, then OK.
_KEY_N = const(0)
_KEY_S = const(2)
_KEY_W = const(3)
_KEY_OK = const(4)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)
_QUICK = const(1)

# Horizontal offsets the score screen cycles through against burn-in.
SHIFTS = (0, 1, 2, 1)

KIND_WORDS = {
    "made": "MADE", "march": "MARCH", "lone_march": "LONER",
    "euchre": "EUCHRED", "lone_defense": "EUCHRED", "renege": "RENEGE",
}


def press_score(table, key, long, now_ms):
    game = table.game
    if key == _KEY_OK:
        refusal = game.pass_refusal()
        if refusal and game.rules.stick_the_dealer:
            # Said short enough for the score screen's bottom band.
            table._say("STICK THE DEALER: " + table.names[game.dealer].decode() + " CALLS",
                       now_ms)
            return
        if refusal:
            table._say(table._with_names(refusal), now_ms)
            return
        # The marker and the dealer's name move: that is the feedback.
        game.pass_deal()
        return
    table._act(now_ms, game.call, key, long)


def press_hand(table, key, long, now_ms):
    game = table.game
    if key == _KEY_OK:
        table._mode = _QUICK
        return
    if not long:
        table._act(now_ms, game.trick, key)
        return
    # A defender or a maker (the caller stays the caller) goes alone.
    table._act(now_ms, game.go_alone, key)


def quick_choices(table):
    """Per seat key: (makers' tricks to finish with, label) or None."""
    game = table.game
    makers_have = game.tricks[game.makers]
    lone_d = game.lone_defender is not None
    split = lone_d and game.rules.defender_alone == "2_4"
    made = (max(makers_have, 3), "MADE 3-4")
    march = (5, "MARCH 5")
    if split:
        # 1 or 2 tricks for the makers; with more already, the engine refuses.
        euchred = (min(max(makers_have, 1), 2), "SET 3-4")
        swept = (0, "SET 5")
        return (made, march, euchred, swept)
    return (made, march, (min(makers_have, 2), "EUCHRED"), None)


def quick_points(table, tricks):
    game = table.game
    scored = score_hand(game.rules, tricks, game.lone_seat is not None,
                        game.lone_defender is not None)
    return "+" + str(scored[1])


def press_quick(table, key, now_ms):
    if key == _KEY_OK:
        table._mode = _MAIN
        return
    choice = quick_choices(table)[key]
    if choice is None:
        table._mode = _MAIN
        return
    # A result the tricks already played rule out is not offered (its place
    # is blank): the engine's reason, and the quick screen stays. Only the
    # result is known, not how the rest of the tricks fell.
    if table.game.can_finish(choice[0]):
        table._mode = _MAIN
    table._act(now_ms, table.game.finish, choice[0], True)


def draw_score(table, buf):
    game = table.game
    dx = SHIFTS[table._shift]
    scores = game.scores
    screen.text(buf, 2 + dx, 0, table.teams[0])
    screen.text_right(buf, 126 + dx - 2, 0, table.teams[1])
    for team in (0, 1):
        centre = (32 if team == 0 else 96) + dx - 1
        if scores[team] < 100:
            screen.big_number(buf, centre, 1, scores[team])
        else:
            screen.text_center(buf, 3, str(scores[team]), centre - 30, centre + 30)
    screen.fill(buf, 60 + dx, 68 + dx, 3, 0x18)
    draw_score_footer(table, buf, dx)
    screen.marker(buf, table.side_of(game.dealer), dx)


def draw_score_footer(table, buf, dx):
    """The score screen's two bottom lines: the dealer, the target and the
    match (the result banner shows them too, in the same place)."""
    # Drawn piece by piece: no string is made for them at every press.
    game = table.game
    screen.text_pair_center(buf, 6, table.names[game.dealer], b" DEALS", 4 + dx, 124 + dx)
    draw_target(table, buf, 2 + dx)
    won = table.tally
    # "MATCH a-b" ends at column 123 + dx: seven characters and the numbers.
    x = 124 + dx - (7 * CHAR_W + 1 + screen.number_width(won[0]) + screen.number_width(won[1]))
    x = screen.number(buf, screen.text(buf, x, 7, b"MATCH "), 7, won[0])
    screen.number(buf, screen.text(buf, x, 7, b"-"), 7, won[1])


def draw_target(table, buf, x):
    """"TO 10" (and "BY 2") at the left of the bottom line. The words are
    set 4 columns apart, not a whole space: "TO 10 BY 2" then ends at
    column 51, clear of the S triangle (60..67 and the burn-in shift)."""
    rules = table.game.rules
    x = screen.number(buf, screen.text(buf, x, 7, b"TO") + 3, 7, rules.target)
    if rules.win_by_two:
        screen.text(buf, screen.text(buf, x + 3, 7, b"BY") + 3, 7, b"2")


def draw_team_names(table, buf):
    """The top line of the hand, quick result and banner: each team's name,
    whole (up to 9 letters), clear of the N triangle in the middle."""
    screen.text(buf, 2, 0, table.teams[0])
    screen.text_right(buf, 126, 0, table.teams[1])


def draw_hand(table, buf):
    game = table.game
    makers = game.makers
    tricks = game.tricks
    scores = game.scores
    draw_team_names(table, buf)
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
    screen.text_pair_center(buf, 5, table.names[game.caller], b" CALLED", 6, 122)
    leader = game.leader
    screen.text_pair_center(buf, 6, table.names[leader], b" LEADS", 6, 122)
    # Page 7 stays the same from trick to trick: one page less to send.
    draw_target(table, buf, 2)
    screen.text_right(buf, 126, 7, "OK:RESULT")
    screen.marker(buf, table.side_of(leader))


def draw_banner(table, buf):
    # The top line is the hand screen's and the two bottom lines are the
    # score screen's that follows: only the middle changes as the hand ends
    # and again as the banner goes, so both changes reach the glass sooner.
    hand = table._banner_hand
    game = table.game
    word = KIND_WORDS.get(hand.kind, hand.kind.upper())
    draw_team_names(table, buf)
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
        draw_score_footer(table, buf, SHIFTS[table._shift])
    else:
        screen.text_center(buf, 6, "GAME OVER")


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
        if side == _KEY_N:
            screen.text_center(buf, 1, label)
        elif side == _KEY_S:
            screen.text_center(buf, 6, label)
        else:
            # A long label of two words takes two lines.
            cut = label.rfind(b" ") if len(label) > 8 else -1
            words = (label[:cut], label[cut + 1:]) if cut > 0 else (label,)
            if side == _KEY_W:
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


def draw_quick(table, buf):
    game = table.game
    choices = quick_choices(table)
    labels = []
    for seat in range(4):
        choice = choices[seat]
        if choice is None:
            labels.append(b"BACK")
        elif not game.can_finish(choice[0]):
            # The tricks already played rule it out: not offered (the key
            # still answers, with the engine's reason).
            labels.append(b"")
        else:
            labels.append((choice[1] + " " + quick_points(table, choice[0])).encode())
    makers = table.teams[game.makers]
    # The hand screen's top line stays: fewer bytes to send on the way in
    # and out.
    draw_team_names(table, buf)
    soft_labels(table, buf, labels, makers + b" TOOK?", "OK:BACK")
