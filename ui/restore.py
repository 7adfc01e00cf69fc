"""What only start-up does to the table once a saved game is replayed: the
questions it left unanswered asked again (``resumed``), and, once the score
is on the glass, the game New game replaced checked (``previous_kept``).
firmware.start lets this module go then: the table never needs it again.
(The preferences record is read back by ``ui.prefs.load``.)"""

from euchre_core.game import Game
from euchre_core.game_forms import Previous


def resumed(table):
    """The game was just replayed from its saved form: a question it left
    unanswered is asked again (``Table.home``): the power going while it
    waited must not take the choice away (keeping the points, skipping the
    suit are no action). Between hands, a question before a call (ordered
    up? blind?) is not saved: the score screen says that nothing was
    called."""
    table.home()
    if table.page is None and table.main_screen == "score" and table.game.action_count:
        # A game under way: what was pressed before the power went may
        # have been a call (ordered up? blind?) that is not saved. A game
        # without actions has nothing to resume: its first dealer's line
        # says all.
        table.say("RESUMED: NO CALL YET", table.said.pressed)


def previous_kept(table):
    """The game New game replaced, as the saved record kept it (its log
    only), checked by replaying it: kept with what that replay ended with
    (``Game.ended``: Undo of New game then brings it back without a replay
    in the press), or dropped when it does not replay, or finds no room
    (Undo cannot bring it back; the record is written again without it).
    False when it was dropped. A game of tens of actions replays in
    milliseconds of the board's work: start-up does it once the first
    picture is sent, not before."""
    previous = table.previous
    if previous is None or previous.ended is not None:
        return True
    try:
        game = Game(previous.rules, dealer=previous.dealer)
        game.extend(previous.codes)
    except (ValueError, MemoryError):
        table.keep_previous(None)
        table.prefs_changed()
        return False
    table.keep_previous(Previous(previous.rules, previous.dealer, previous.codes,
                                 previous.tally_ns, previous.tally_ew, game.ended()))
    return True
