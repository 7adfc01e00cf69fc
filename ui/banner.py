"""The result banner after a scored hand: what happened and the points, for
``SHOW_MS`` or until any key; then the score screen with the next dealer
(or game over). A seat key closes it and does what it does on the score
screen (names trump, long: goes alone), so a call made while the banner
shows is not lost; at game over, or within ``_TAP_MS`` of the hand's end
(the last trick's key tapped twice), it only closes it (a new game is
chosen on the game-over screen itself).

When the hand may be set back (Robson ``setback``: it scored 2 or 4, and
the other team has points to lose), the banner offers SET BACK on the key
at the bottom of the picture, with the score it would leave, and waits for
it or for OK (keep the points), through the menu and a power cut alike
(``Table.home``); that key pressed within ``_TAP_MS`` of the hand's end
(a double tap) only gets the offer in words. When setting back would take
the game's win away, it says so (NO WIN). The page's
``hand`` is the scored hand it shows, ``since`` when it opened."""

from micropython import const

from ui import parts, score, screen
from ui.keys import OK, S
from ui.ticks import ticks_diff
from euchre_core.rules import LONE_DEFENSE, RENEGE

LIST_PAGE = False
# No triangle at the left or right edge: a message box may cover those too.
SIDE_MARKS = False
SHOW_MS = const(3000)
# A seat key this soon after the hand was scored only closes the banner:
# it is the last trick's key tapped twice, not the next hand's call (the
# cards are gathered and dealt before anyone calls).
_TAP_MS = const(500)


def show(table, page, hand, now_ms=0):
    page.hand = hand
    page.since = now_ms


def press(table, key, long, now_ms):
    tapped = ticks_diff(now_ms, table.page.since) < _TAP_MS
    if not table.game.set_back_takes:
        table.close()
        if key != OK and table.main_screen == "score" and not tapped:
            score.press(table, key, long, now_ms)
        return
    if key == OK:
        # Saved, so that a power cut does not offer it again.
        table.waiting.kept = table.game.action_count
        table.prefs_changed()
        table.close()
        return
    if table.side_of(key) != S or tapped:
        # A seat key, or the set-back key tapped as the hand ended (the
        # last trick's or the result's key twice): the offer, in words.
        table.say(table.key_letter(S) + ": SET BACK, OK: KEEP THE "
                  + ("WIN" if table.game.set_back_takes_win else "POINTS"), now_ms)
        return
    game = table.game
    if table.act(now_ms, game.set_back):
        table.close()
        hand = game.last_hand
        table.say("SET BACK: " + table.teams[1 - hand.scorer].decode() + " -"
                  + str(hand.taken), now_ms)


def draw(table, buf):
    # The top line is the hand screen's and the two bottom lines are the
    # score screen's that follows: only the middle changes as the hand ends
    # and again as the banner goes, so both changes reach the glass sooner.
    hand = table.page.hand
    game = table.game
    word = parts.KIND_WORDS.get(hand.kind, hand.kind.upper())
    parts.draw_team_names(table, buf)
    # The big word (rows 18..31), then the label's bar (rows 8..16) over the
    # dark rows the word leaves at its top: a dark row between them.
    screen.text2_center(buf, 2, word + " +" + str(hand.points), 2)
    screen.label_center(buf, 8, table.teams[hand.scorer] + b" SCORE")
    if hand.kind == LONE_DEFENSE:
        detail = table.names[hand.lone_defender] + b" DEF. ALONE"
    elif hand.kind == RENEGE:
        detail = b"PENALTY"
    elif hand.lone_seat is not None:
        # A blind loner (Robson), a lone call forced by the Canadian loner
        # rule: 21 characters fit the line, so a name of 9 or 10 letters
        # stays whole without FORCED (History says it), as two players
        # named alike are told apart by their last letters.
        name = table.names[hand.lone_seat]
        if hand.forced and len(name) <= 8:
            detail = name + b" FORCED ALONE"
        else:
            detail = name + (b" WENT BLIND" if hand.blind else b" WENT ALONE")
    elif hand.quick:
        # A quick result: only the tricks played before it are known, so
        # the line says when the result came (the hand screen's OK:RESULT).
        played = hand.tricks[0] + hand.tricks[1]
        if played:
            detail = (b"RESULT AFTER " + str(played).encode()
                      + (b" TRICK" if played == 1 else b" TRICKS"))
        else:
            detail = b"QUICK RESULT"
    else:
        taken = hand.tricks[hand.makers]
        detail = (str(taken) + (" TRICK TO " if taken == 1 else " TRICKS TO ")
                  + table.teams[hand.makers].decode()).encode()
    # Page 4 stays dark: the big word reaches its last row.
    screen.text_center(buf, 5, detail)
    if game.set_back_takes:
        # The points can still come off the other team instead, as far as
        # it has them: the offer shows the score that leaves (and when it
        # leaves nobody the win, that the game goes on).
        left = game.set_back_scores()[0]
        score_left = str(left[0]) + "-" + str(left[1])
        if not game.set_back_takes_win:
            line = "SET BACK TO " + score_left
        elif len(score_left) < 5:
            line = "SET BACK " + score_left + ": NO WIN"
        else:
            line = "SET BACK " + score_left + " NO WIN"  # two 2-digit scores: 21 characters
        screen.text_center(buf, 6, line)
        screen.marker(buf, S)
        screen.text_right(buf, 126, 7, "OK:KEEP")
    elif not game.over:
        parts.draw_score_footer(table, buf, parts.SHIFTS[table.shift])
    else:
        screen.text_center(buf, 6, "GAME OVER")
