"""Adjust score, opened from the menu: the seat keys are +1 and -1 for each
team (N/S: N-S, E/W: E-W), the scores shown as they will be; OK saves and
leaves."""

from ui import parts, screen
from ui.keys import OK

LIST_PAGE = False


def show(table):
    table.pending = [0, 0]
    table.mode = "adjust"


def press(table, key, long, now_ms):
    pending = table.pending
    if key == OK:
        table.mode = None
        game = table.game
        done = 0
        for team in (0, 1):
            if pending[team]:
                if not table.act(now_ms, game.adjust, team, pending[team]):
                    break
                done += 1
        if done == 2:
            # Both teams changed in one go: one Undo takes back both.
            table.undo_pair = (game, game.action_count)
        return
    team = key % 2
    step = 1 if key < 2 else -1
    value = pending[team] + step
    if -8 <= value <= 8 and table.game.scores[team] + value >= 0:
        pending[team] = value
    else:
        table.say("That is as far as it goes", now_ms)


def draw(table, buf):
    pending = table.pending
    scores = table.game.scores
    teams = table.teams
    labels = (teams[0] + b" +1", teams[1] + b" +1", teams[0] + b" -1",
              teams[1] + b" -1")
    parts.soft_labels(table, buf, labels, b"", "OK:SAVE")
    # Each team's score as it will be, lit when it differs from now.
    for team in (0, 1):
        shown = teams[team][:4] + b" " + str(scores[team] + pending[team]).encode()
        screen.text_center(buf, 2, shown, team * 64, team * 64 + 64, pending[team] != 0)
