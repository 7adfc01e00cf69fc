"""The game log as CSV lines, for the USB serial console (menu: Export)."""

from euchre_core.actions import SUIT_NAMES, SUIT_WORDS
from euchre_core.game import Game, action_text

# The console's other lines start with "euchre:"; the CSV block sits
# between these two, so it can be cut out of a console log.
BEGIN = "euchre: export begin"
END = "euchre: export end"


def export(table, out):
    """Print the block (BEGIN, the CSV lines, END) with ``out``; the number
    of CSV lines."""
    lines = export_lines(table)
    out(BEGIN)
    for line in lines:
        out(line)
    out(END)
    return len(lines)


def _field(text):
    # Names may hold a comma or a quote (settings.toml allows punctuation).
    if "," in text or '"' in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def export_lines(table):
    """One line per action with the state after it, replayed from the start
    of the game; names as the table shows them. A scored hand's result
    names a blind or forced (Canadian) loner and the trump suit when it was
    recorded; a set-back's names the points taken off. Every line's dealer
    is the dealer of the hand its action belongs to: a misdeal's, the deal
    passed; a set-back's, the hand set back."""
    game = table.game
    names = table.names
    replay = Game(game.rules, dealer=game.start_dealer)
    lines = ["step,action,dealer,caller,alone,tricks_ns,tricks_ew,"
             "score_ns,score_ew,result"]
    step = 0
    for code in game.codes:
        before = replay.hand_count
        dealt = replay.dealer
        replay.apply(code)
        step += 1
        result = ""
        if replay.hand_count > before:
            # The hand just scored: report it as it ended, not the new deal
            # (after a quick result, the tricks played before it).
            hand = replay.last_hand
            result = (hand.kind + " +" + str(hand.points) + " "
                      + table.teams[hand.scorer].decode())
            if hand.blind:
                result += " blind loner"
            if hand.forced:
                result += " forced loner"
            if hand.trump is not None:
                result += " trump " + SUIT_WORDS[SUIT_NAMES.index(hand.trump)]
            dealer = hand.dealer
            caller = hand.caller
            lone = (hand.lone_seat, hand.lone_defender)
            tricks = hand.tricks
        else:
            word = action_text(code)
            dealer = replay.dealer
            if word == "S":
                hand = replay.last_hand
                result = ("set back -" + str(hand.taken) + " "
                          + table.teams[1 - hand.scorer].decode())
                dealer = hand.dealer
            elif word == "P":
                # Everybody passed (or a misdeal): the deal that moved on.
                dealer = dealt
            caller = replay.caller
            lone = (replay.lone_seat, replay.lone_defender)
            tricks = replay.tricks
        alone = " & ".join(names[seat].decode() for seat in lone if seat is not None)
        scores = replay.scores
        lines.append(",".join((
            str(step), _field(table.describe(code)), _field(names[dealer].decode()),
            "" if caller is None else _field(names[caller].decode()), _field(alone),
            str(tricks[0]), str(tricks[1]), str(scores[0]), str(scores[1]),
            _field(result))))
    return lines
