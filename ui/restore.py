"""What only start-up does to the table once a saved game is replayed: the
questions it left unanswered asked again (``resumed``). firmware.start lets
this module go once the score is on the glass: the table never needs it
again. (The preferences record is read back by ``ui.prefs.load``.)"""


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
