"""Game over: the winner (or, progressive euchre, a tie), both scores,
SKUNK, a chart of the game and the match tally (a skunk counts two games
with ``skunk_double``).

A seat key: the next game, that seat deals. OK: the next game, the dealer
drawn at random (a new game is a new draw for the deal). While nobody
presses a key, the line naming the seat keys takes turns with the held OK
(the menu, where Undo takes a wrong last hand back).
"""

from ui import parts, screen
from ui.keys import OK

LIST_PAGE = False
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False


def press(table, key, long, now_ms):
    dealer = key if key != OK else table.random_seat(now_ms)
    # The score screen's dealer line says who deals first.
    table.start_game(dealer)


def draw(table, buf):
    game = table.game
    winner = game.winner
    if winner is None:
        # Progressive euchre: the last hand left the scores level.
        screen.text2_center(buf, 0, b"TIE GAME")
    elif len(table.teams[winner]) <= 5:
        screen.text2_center(buf, 0, table.teams[winner] + b" WINS")
    else:
        screen.text2_center(buf, 0, table.teams[winner])
    scores = game.scores
    # A line per team, whole names: the chart's legend (N-S thick, E-W
    # dotted), the name, the score, and SKUNK beside the team that has 0.
    for team in (0, 1):
        page = 2 + team
        if team == 0:
            screen.fill(buf, 2, 9, page, 0x18)
        else:
            for dot in range(2, 10, 2):
                screen.pixel(buf, dot, page * 8 + 3)
        screen.text(buf, 12, page, table.teams[team])
        screen.number(buf, 84 - screen.number_width(scores[team]), page, scores[team])
        if game.skunk and team != winner:
            screen.label(buf, 91, page * 8 - 1, "SKUNK!")
    draw_chart(table, buf, 4, 5)
    # While the table looks at the result, this line takes turns with the
    # way to Undo (a wrong last hand), as the score screen's dealer line does.
    screen.text_center(buf, 6, parts.HINT_MENU if table.said.hint & 1 else "SEAT KEY: NEXT DEALER")
    tally = [table.tally[0], table.tally[1]]
    if winner is not None:
        tally[winner] += table.games_won(game)
    screen.text(buf, 2, 7, parts.match_text(tally))
    screen.text_right(buf, 126, 7, "OK:RANDOM")


def draw_chart(table, buf, page0, page1):
    """Both teams' scores after each hand: N-S solid, E-W dotted."""
    progress = table.game.progress()
    top = page0 * 8 + 1
    bottom = page1 * 8 + 7
    height = bottom - top
    rules = table.game.rules
    # Progressive euchre has no target: no line for it.
    target = 0 if rules.hands else rules.target
    peak = max(target, 1)
    for pair in progress:
        peak = max(peak, pair[0], pair[1])
    steps = max(len(progress) - 1, 1)
    left = 14
    right = 124
    screen.text(buf, 2, page0, str(peak))
    screen.text(buf, 2, page1, "0")
    screen.vspan(buf, left - 2, top, bottom)
    screen.hline(buf, left - 2, right, bottom)
    if target:
        screen.hline(buf, left, right, bottom - height * target // peak, 4)
    # A staircase per team: the score only moves when a hand is scored.
    for team in (0, 1):
        step = 1 if team == 0 else 2
        prev_x = left
        prev_y = bottom
        for i in range(1, len(progress)):
            x = left + (right - left) * i // steps
            y = bottom - height * progress[i][team] // peak
            screen.hline(buf, prev_x, x, prev_y, step)
            if team == 0:
                screen.hline(buf, prev_x, x, prev_y - 1)
            for py in range(min(prev_y, y), max(prev_y, y) + 1, step):
                screen.pixel(buf, x, py)
                if team == 0:
                    screen.pixel(buf, x + 1, py)
            prev_x = x
            prev_y = y
