"""The presses the benchmark measures, on both paths, as lists of steps.

A scenario name is ``KIND:PATH``. KIND is one of:

* ``trick``: a seat key on the hand screen (tricks 1 to 4 of a hand);
* ``call``: a seat key on the score screen (trump named, to the hand screen);
* ``score``: the score screen drawn whole (after a hand's result banner);
* ``misdeal``: OK on the score screen, the deal passes left;
* ``menu``: a move in the menu;
* ``idle`` (ours only): a pass of the loop with nothing to do;
* ``parts`` (ours only): the key-up pass of trick presses, stage by stage;
  ``callparts`` and ``lastparts`` the same for a call and for the fifth
  trick (hand screen to the result banner);
* ``transaction`` (ours only): one write on the display's I2C bus, as
  ``show_pages`` makes them (C on the board: the stand-in bus's own cost);
* ``calibrate`` (naive only): the SPEC's reference redraw (fill, two lines
  of text, four 16x32 seven-segment digits by ``fill_rect``, ``show``).

PATH is ``naive`` (engine action, clear, redraw everything with framebuf,
full ``show()``) or ``ours`` (the firmware's table UI, renderer and
display that sends only the changed columns; see ``bench_ours``). Each
function returns ``(steps, bus)``; a step is ``(measured, label,
function(_))`` and returns False so that ``filter`` keeps nothing.
"""

from euchre_core import Game, Rules

NAMES = ("North", "East", "South", "West")
# Seats that win tricks 1..5 of the measured hands: never five to one team,
# so tricks 1 to 4 never end a hand.
TRICK_SEATS = (1, 2, 3, 2, 0)
KINDS = ("trick", "call", "score", "misdeal", "menu")


def build(name, repeat):
    kind, path = name.split(":")
    if path == "naive":
        return _naive(kind, repeat)
    import bench_ours
    steps, bus, _ = bench_ours.build(kind, repeat)
    return steps, bus


def _naive(kind, repeat):
    import bench_naive
    from bench_press import Rig
    rig = Rig()
    fb = rig.display
    game = Game(Rules(), dealer=0)
    steps = []

    def add(measured, label, function):
        def step(_):
            function()
            return False
        steps.append((measured, label, step))

    if kind == "calibrate":
        for _ in range(repeat):
            add(True, "calibrate", lambda: bench_naive.score_screen(fb, game, NAMES))
        return steps, rig.bus

    if kind == "trick":
        for _ in range(repeat):
            add(False, "call", lambda: (game.call(game.dealer ^ 1),
                                        bench_naive.hand_screen(fb, game, NAMES)))
            for seat in TRICK_SEATS[:4]:
                add(True, "trick", _bind(lambda s: (game.trick(s),
                                                    bench_naive.hand_screen(fb, game, NAMES)), seat))
            add(False, "last", lambda: (game.trick(TRICK_SEATS[4]),
                                        bench_naive.score_screen(fb, game, NAMES)))
    elif kind == "call":
        for _ in range(repeat):
            add(True, "call", lambda: (game.call(game.dealer ^ 1),
                                       bench_naive.hand_screen(fb, game, NAMES)))
            add(False, "result", lambda: (game.finish(3),
                                          bench_naive.score_screen(fb, game, NAMES)))
    elif kind == "score":
        for _ in range(repeat):
            add(False, "hand", lambda: (game.call(game.dealer ^ 1), game.finish(3)))
            add(True, "score", lambda: bench_naive.score_screen(fb, game, NAMES))
    elif kind == "misdeal":
        for _ in range(repeat):
            add(True, "misdeal", lambda: (game.pass_deal(),
                                          bench_naive.score_screen(fb, game, NAMES)))
    elif kind == "menu":
        where = [0]

        def move():
            where[0] = (where[0] + 1) % len(bench_naive.MENU_ITEMS)
            first = max(0, where[0] - 5)
            bench_naive.menu_screen(fb, bench_naive.MENU_ITEMS, where[0], first)
        add(False, "open", lambda: bench_naive.menu_screen(fb, bench_naive.MENU_ITEMS, 0))
        for _ in range(repeat):
            add(True, "menu", move)
    else:
        raise ValueError("unknown kind " + kind)
    return steps, rig.bus


def _bind(function, argument):
    return lambda: function(argument)
