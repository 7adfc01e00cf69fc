"""The game log as CSV lines, for the USB serial console (menu: Export).

Export streams: the press starts an ``Export`` (``start``), and every pass
of the loop (``Table.tick``) prints one line of it (``Export.tick``), so
that a press never waits for more than one line, and the lines are never
all in the heap."""

from ui.menu import describe
from euchre_core.actions import SUIT_NAMES, SUIT_WORDS, action_text
from euchre_core.game import Game

# The console's other lines start with "euchre:"; the CSV block sits
# between BEGIN and END, so it can be cut out of a console log. A block
# cut short ends with CUT instead.
BEGIN = "euchre: export begin"
END = "euchre: export end"
CUT = "euchre: export cut short"
_TO = " TO THE USB SERIAL CONSOLE"
HEADER = "step,action,dealer,caller,alone,tricks_ns,tricks_ew,score_ns,score_ew,result"


def start(table, now_ms):
    """The menu's Export: the table's running export (``Hooks.export``)
    starts over the game as it is now, and the table says so. Chosen
    again while one runs, it starts over, the block cut short ended by CUT."""
    running = table.hooks.export
    if running is not None:
        running.cut()
    out = table.hooks.out
    table.hooks.export = Export(table, print if out is None else out)
    table.say("EXPORTING" + _TO, now_ms)


class Export:
    """The block (BEGIN, the CSV lines, END) printed with ``out`` one line
    per ``step``. It exports a snapshot: the game's log, rules and first
    dealer as they were when it started, replayed as it goes, so a press
    while it runs (an action, Undo, New game) changes nothing in it. It
    holds this module's code through its class: the menu's page modules
    are dropped back in play (``ui.registry.release_pages``), and the export
    goes on.

    A small class rather than a generator: its state is four fields, and
    a step is one call."""

    def __init__(self, table, out):
        game = table.game
        self.table = table
        self.out = out
        self.codes = bytes(game.codes)
        self.replay = Game(game.rules, dealer=game.start_dealer)
        # Lines printed so far: BEGIN, the header, then one per action.
        self.done = 0

    def cut(self):
        """End the block here, short of its END: another export takes over.
        A block not begun (nothing printed yet) or ended has nothing to cut."""
        if 0 < self.done <= len(self.codes) + 2:
            self.out(CUT)

    def tick(self, now_ms):
        """One line (``Table.tick``, every pass); once END is out, the
        export ends and the table says how many CSV lines went."""
        count = self.step()
        if count is not None:
            table = self.table
            table.hooks.export = None
            table.say(str(count) + (" LINE" if count == 1 else " LINES") + _TO, now_ms)

    def step(self):
        """Print the next line; the number of CSV lines (the header and one
        per action) once END is printed, else None."""
        done = self.done
        self.done = done + 1
        codes = self.codes
        if done == 0:
            self.out(BEGIN)
        elif done == 1:
            self.out(HEADER)
        elif done - 2 < len(codes):
            self.out(row(self.table, self.replay, codes[done - 2], done - 1))
        else:
            self.out(END)
            return len(codes) + 1
        return None


def _field(text):
    # Names may hold a comma or a quote (settings.toml allows punctuation).
    if "," in text or '"' in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def export_lines(table):
    """The CSV lines of the whole game at once (the header, then one per
    action, as ``Export`` prints them between BEGIN and END)."""
    lines = []
    export = Export(table, lines.append)
    while export.step() is None:
        pass
    return lines[1:-1]


def row(table, replay, code, step):
    """The line of action ``code``, number ``step``, applied now to
    ``replay``: the state after it; names as the table shows them. A scored
    hand's result names a blind or forced (Canadian) loner and the trump
    suit when it was recorded; a set-back's names the points taken off.
    Every line's dealer is the dealer of the hand its action belongs to: a
    misdeal's, the deal passed; a set-back's, the hand set back."""
    names = table.names
    before = replay.hand_count
    dealt = replay.dealer
    replay.apply(code)
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
    return ",".join((
        str(step), _field(describe(table, code)), _field(names[dealer].decode()),
        "" if caller is None else _field(names[caller].decode()), _field(alone),
        str(tricks[0]), str(tricks[1]), str(scores[0]), str(scores[1]),
        _field(result)))
