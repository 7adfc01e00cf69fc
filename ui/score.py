"""The score screen, between hands: both scores in big digits, the team
names, the target, the match tally, and a triangle at the dealer's key.

A seat key: that seat names trump (long: and goes alone). OK: everybody
passed, the deal moves left. Under the house rules that ask (ui.ask): the
dealer's partner's call asks "ordered up?" (Canadian loner), the dealer's
long press asks "blind?" (blind loner).
"""

from ui import ask, parts, screen
from ui.keys import OK

LIST_PAGE = False


def press(table, key, long, now_ms):
    game = table.game
    if key == OK:
        refusal = game.pass_refusal()
        if refusal and game.rules.stick_the_dealer:
            # Said short enough for the score screen's bottom band.
            table.say("STICK THE DEALER: " + table.names[game.dealer].decode() + " CALLS",
                      now_ms)
            return
        if refusal:
            table.say(table.with_names(refusal), now_ms)
            return
        # The marker and the dealer's name move: that is the feedback.
        game.pass_deal()
        return
    rules = game.rules
    if rules.canadian_loner and not long and key == (game.dealer + 2) % 4:
        ask.show(table, ask.IF_ORDERED_UP, key)
        return
    if rules.blind_loner and long and key == game.dealer:
        ask.show(table, ask.IF_BLIND, key)
        return
    ask.call(table, now_ms, key, long)


def draw(table, buf):
    game = table.game
    dx = parts.SHIFTS[table.shift]
    scores = game.scores
    parts.draw_team_names(table, buf, dx)
    for team in (0, 1):
        centre = (32 if team == 0 else 96) + dx - 1
        if scores[team] < 100:
            screen.big_number(buf, centre, 1, scores[team])
        else:
            screen.text_center(buf, 3, str(scores[team]), centre - 30, centre + 30)
    screen.fill(buf, 60 + dx, 68 + dx, 3, 0x18)
    parts.draw_score_footer(table, buf, dx)
    screen.marker(buf, table.side_of(game.dealer), dx)
