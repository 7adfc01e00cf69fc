"""Adjust score, opened from the menu: the seat keys are +1 and -1 for each
team (N/S: N-S, E/W: E-W), the changes shown signed ("+1") and the score
as it will be below them (with WON when it ends the game); OK saves that
score (``saving_order``) and leaves (saved while the result banner offers
a set-back, it ends the offer: ``Table.press`` says so). A change is at most
ADJUST_MAX points either way (one action of the game's log) and takes no
score below 0: the message at the limit says which. The page's ``rows``:
the change per team."""

from micropython import const

from ui import screen
from ui.keys import OK
from ui.labels import soft_labels
from euchre_core.actions import ADJUST_MAX
from euchre_core.rules import decide_winner

LIST_PAGE = False
# Letters of a team's name beside its change: with " -8", 9 characters and
# a gap between the half lines. A longer name is written N-S or E-W there
# (the labels beside the keys spell it whole): a name cut short reads as a
# typing error, and two teams named alike would read alike.
_TEAM_LETTERS = const(6)
_SIDES = (b"N-S", b"E-W")


def show(table, page):
    page.rows = [0, 0]


def saving_order(game, pending):
    """The teams in the order their changes are saved. Each is one action,
    after which the engine decides the game: a change that would end it
    alone goes last, so that the score saved is the one the page shows
    (8-8 to 10-9 under win by two: E-W's +1 first, as N-S's +2 alone would
    win at 10-8). None when each change alone would end the game."""
    for first in (0, 1):
        scores = game.scores  # a copy, each time
        scores[first] += pending[first]
        if decide_winner(game.rules, scores, game.hand_count) is None:
            return (first, 1 - first)
    return None


def press(table, key, long, now_ms):
    pending = table.page.rows
    if key == OK:
        game = table.game
        order = saving_order(game, pending)
        if order is None:
            table.say("Each change alone wins the game: change only one", now_ms)
            return
        done = 0
        for team in order:
            if pending[team]:
                if not table.act(now_ms, game.adjust, team, pending[team]):
                    break
                done += 1
        if done == 2:
            # Both teams changed in one go: one Undo takes back both.
            table.undo_pair = (game, game.action_count)
        table.close()
        return
    team = key % 2
    step = 1 if key < 2 else -1
    value = pending[team] + step
    if not -ADJUST_MAX <= value <= ADJUST_MAX:
        table.say(str(ADJUST_MAX) + " points at most each time", now_ms)
    elif table.game.scores[team] + value < 0:
        table.say(table.teams[team].decode() + " stops at 0", now_ms)
    else:
        pending[team] = value


def draw(table, buf):
    pending = table.page.rows
    scores = table.game.scores
    teams = table.teams
    labels = (teams[0] + b" +1", teams[1] + b" +1", teams[0] + b" -1",
              teams[1] + b" -1")
    soft_labels(table, buf, labels, b"", "OK:SAVE")
    # Each team's change, signed (it is not a score), lit when not 0.
    for team in (0, 1):
        change = pending[team]
        name = teams[team] if len(teams[team]) <= _TEAM_LETTERS else _SIDES[team]
        shown = name + (b" +" if change >= 0 else b" ") + str(change).encode()
        screen.text_center(buf, 2, shown, team * 64, team * 64 + 64, change != 0)
    # The score as it stands, then as OK will save it, and whether that
    # ends the game (an adjustment is an action like a hand's).
    new = [scores[0] + pending[0], scores[1] + pending[1]]
    if not (pending[0] or pending[1]):
        line = b"SCORE %d-%d"
    elif decide_winner(table.game.rules, new, table.game.hand_count) is None:
        line = b"NEW SCORE %d-%d"
    else:
        line = b"NEW SCORE %d-%d: WON"
    screen.text_center(buf, 5, line % (new[0], new[1]))
