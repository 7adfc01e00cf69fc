"""The game log as CSV lines, for the USB serial console (menu: Export).

Kept apart from ui.py and imported only when a player exports, so the table
UI that is always loaded stays small. Pure Python."""

from euchre_core.game import Game


def export_lines(table):
    """One line per action with the state after it, replayed from the start
    of the game; names as the table shows them."""
    game = table.game
    names = table.names
    replay = Game(game.rules, dealer=game.start_dealer)
    lines = ["step,action,dealer,caller,alone,tricks_ns,tricks_ew,"
             "score_ns,score_ew,result"]
    step = 0
    for code in game.codes:
        before = replay.last_hand
        replay.apply(code)
        step += 1
        hand = replay.last_hand
        result = ""
        if hand is not None and hand is not before:
            # The hand just scored: report it as it ended, not the new deal.
            result = (hand.kind + " +" + str(hand.points) + " "
                      + table.teams[hand.scorer].decode())
            caller = hand.caller
            alone = hand.lone_seat
            tricks = hand.tricks
        else:
            caller = replay.caller
            alone = replay.lone_seat
            tricks = replay.tricks
        scores = replay.scores
        lines.append(",".join((
            str(step), table.describe(code), names[replay.dealer].decode(),
            "" if caller is None else names[caller].decode(),
            "" if alone is None else names[alone].decode(),
            str(tricks[0]), str(tricks[1]), str(scores[0]), str(scores[1]),
            result)))
    return lines
