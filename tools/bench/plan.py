"""What the benchmark presses: seeded evenings at the table, as key scripts.

A script is a list of ``Press(key, long, settle_ms, label)``: the key goes
down, is held (80 ms, or 800 ms for a long press), comes up, and the table
is left alone for ``settle_ms``. ``label`` says what the press does, for
the report. Key numbers are the UI's: 0..3 the seat keys N, E, S, W, 4 OK;
``IDLE`` is no key at all, a loop pass measured with nothing to do.

The hands are a club table's evening, not a proof: about one deal in
sixteen is passed out, one call in twelve goes alone, now and then a
defender goes alone, makers take 3-4 tricks most of the time, and about
one hand in eight entered trick by trick has a wrong trick taken back with
the menu's Undo, and at game over the table looks at Stats and History
before the next game. Each is replayed through the rules engine (``Game``) to
know when a game is over and how many journal entries the firmware must
write (one per accepted action or undo): the benchmark checks that count
against the flash, so every press it times is one the firmware took.

The random numbers come from a small LCG: the same hands on every run.
"""

from collections import namedtuple

from euchre_core import Game, Rules

Press = namedtuple("Press", "key long settle label")

KEY_N, KEY_S, KEY_W, KEY_OK = 0, 2, 3, 4
IDLE = 7
QUICK_MADE, QUICK_MARCH, QUICK_EUCHRED = 0, 1, 2  # the quick result's soft keys (N, E, S)
SETTLE_MS = 300
BANNER_MS = 3500  # the result banner (3 s) passes before the next deal
# Export prints one line a pass of the loop: the quiet after it lets the
# whole block out before the next press.
EXPORT_MS = 1000


class Lcg:
    """Numerical Recipes' 32-bit LCG."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def below(self, n):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return (self.state >> 8) % n


def draw_hand(rng):
    """One deal: None (everybody passed) or (caller, alone, lone_defender, makers' tricks)."""
    if rng.below(16) == 0:
        return None
    caller = rng.below(4)
    alone = rng.below(12) == 0
    lone_defender = None
    if rng.below(40) == 0:
        lone_defender = (caller + 1 + 2 * rng.below(2)) % 4
    roll = rng.below(100)
    if alone:
        tricks = 5 if roll < 35 else (3 + rng.below(2) if roll < 85 else rng.below(3))
    elif lone_defender is not None:
        tricks = 5 if roll < 10 else (3 + rng.below(2) if roll < 50 else rng.below(3))
    else:
        tricks = 5 if roll < 15 else (3 + rng.below(2) if roll < 75 else rng.below(3))
    return (caller, alone, lone_defender, tricks)


def trick_winners(hand, rng):
    """Five seats that take the tricks, none of them a seat that sits out."""
    caller, alone, lone_defender, makers_tricks = hand
    makers = caller % 2
    maker_seats = (caller,) if alone else (makers, makers + 2)
    defender_seats = (lone_defender,) if lone_defender is not None else (1 - makers, 3 - makers)
    winners = [maker_seats[rng.below(len(maker_seats))] for _ in range(makers_tricks)]
    winners += [defender_seats[rng.below(len(defender_seats))] for _ in range(5 - makers_tricks)]
    for i in range(4, 0, -1):  # so that a hand is not decided in its first tricks
        j = rng.below(i + 1)
        winners[i], winners[j] = winners[j], winners[i]
    return winners


def quick_tricks(hand):
    """The makers' tricks a quick result records (made 3-4 records 3)."""
    return 5 if hand[3] == 5 else 3 if hand[3] >= 3 else 0


def hand_presses(hand, quick, rng, game, mistakes=False):
    """The presses that enter ``hand`` (None: a passed deal), each applied to
    ``game`` as the firmware applies it; with ``mistakes``, one hand in eight
    entered trick by trick has a wrong trick taken back. Returns (presses,
    journal entries)."""
    if hand is None:
        game.pass_deal()
        # OK asks "all passed?"; OK again passes the deal.
        return [Press(KEY_OK, False, SETTLE_MS, "misdeal-ask"),
                Press(KEY_OK, False, BANNER_MS, "misdeal")], 1
    caller, alone, lone_defender, tricks = hand
    out = [Press(caller, alone, SETTLE_MS, "call-alone" if alone else "call")]
    game.call(caller, alone)
    entries = 1
    if lone_defender is not None:
        out.append(Press(lone_defender, True, SETTLE_MS, "defend-alone"))
        game.go_alone(lone_defender)
        entries += 1
    if quick:
        soft = QUICK_MARCH if tricks == 5 else QUICK_MADE if tricks >= 3 else QUICK_EUCHRED
        out.append(Press(KEY_OK, False, SETTLE_MS, "quick-ok"))
        out.append(Press(soft, False, BANNER_MS, "quick-result"))
        game.finish(quick_tricks(hand), quick=True)
        return out, entries + 1
    winners = trick_winners(hand, rng)
    wrong_at = rng.below(4) if mistakes and rng.below(8) == 0 else -1
    for i, seat in enumerate(winners):
        if i == wrong_at:
            sitting = ((caller + 2) % 4 if alone else -1,
                       (lone_defender + 2) % 4 if lone_defender is not None else -1)
            wrong = [s for s in range(4) if s != seat and s not in sitting]
            out.append(Press(wrong[rng.below(len(wrong))], False, SETTLE_MS, "trick"))
            out.append(Press(KEY_OK, True, SETTLE_MS, "open-menu"))  # on Undo
            out.append(Press(KEY_OK, False, SETTLE_MS, "undo"))
            entries += 2
        last = i == 4
        out.append(Press(seat, False, BANNER_MS if last else SETTLE_MS,
                         "last-trick" if last else "trick"))
        game.trick(seat)
        entries += 1
    return out, entries


Evening = namedtuple("Evening", "presses hands entries actions")
# A hand as entered: the deal (None: passed), its presses, how many of the
# evening's presses end with it, then the game's scores and actions.
Hand = namedtuple("Hand", "deal keys ends_at scores actions won")


def look_back():
    """At game over, before the next game: Stats, then History scrolled up
    two rows, each opened from the menu (at game over: Undo, Rules, Stats,
    History, ...: a list page moves down with S, chooses with OK, goes back
    with W, to the menu; W there leaves it)."""
    out = [Press(KEY_OK, True, SETTLE_MS, "open-menu")]
    out += [Press(KEY_S, False, SETTLE_MS, "menu")] * 2
    out += [Press(KEY_OK, False, SETTLE_MS, "stats"), Press(KEY_W, False, SETTLE_MS, "back"),
            Press(KEY_OK, True, SETTLE_MS, "open-menu")]
    out += [Press(KEY_S, False, SETTLE_MS, "menu")] * 3
    out.append(Press(KEY_OK, False, SETTLE_MS, "history"))
    out += [Press(0, False, SETTLE_MS, "scroll")] * 2
    out += [Press(KEY_W, False, SETTLE_MS, "back")] * 2
    return out


def tour():
    """After the evening, from its last game-over screen: the next game (N
    deals), then each menu screen the evening does not open, once, from its
    menu (Undo, Adjust score, Set dealer, Rules, Stats, History, Display,
    Export, New game, Reset match): Adjust score, saved unchanged; Rules;
    Display; Export, its message left to the next long OK; New game? and
    Reset match?, answered no (each page goes back to the menu, and the next
    long OK opens it from the top). A screen's module stays loaded once opened,
    so the evening and this tour hold every screen the firmware has."""
    out = [Press(0, False, SETTLE_MS, "new-game")]
    for downs, leave in ((1, KEY_OK), (3, KEY_W), (6, KEY_W), (7, None), (8, KEY_W),
                         (9, KEY_W)):
        out.append(Press(KEY_OK, True, SETTLE_MS, "open-menu"))
        out += [Press(KEY_S, False, SETTLE_MS, "menu")] * downs
        out.append(Press(KEY_OK, False, EXPORT_MS if leave is None else SETTLE_MS, "tour"))
        if leave is not None:
            out.append(Press(leave, False, SETTLE_MS, "tour"))
    return out


def evening(seed, games=None, deals=None, quick=None):
    """Whole games until ``games`` are won, or ``deals`` deals. ``quick``:
    None a mix of quick results and tricks with mistakes; True or False all
    one way. Returns an ``Evening``: the presses, the ``Hand``s, the journal
    entries, the actions of each game won."""
    rng = Lcg(seed)
    game = Game(Rules(), dealer=0)
    presses, hands, entries, actions = [], [], 0, []
    while True:
        if game.winner is not None:
            actions.append(game.action_count)
            if len(actions) == games:
                return Evening(presses, hands, entries, actions)
            presses += look_back()
            presses.append(Press(0, False, BANNER_MS, "new-game"))  # N, on the game-over screen
            game = Game(Rules(), dealer=0)
        if deals is not None and len(hands) == deals:
            return Evening(presses, hands, entries, actions)
        deal = draw_hand(rng)
        entered_quick = rng.below(3) == 0 if quick is None else quick
        keys, added = hand_presses(deal, entered_quick, rng, game, mistakes=quick is None)
        presses += keys
        entries += added
        hands.append(Hand(deal, keys, len(presses), tuple(game.scores), game.action_count,
                          game.winner is not None))


def saved_midway(hands, points=8, game=1):
    """The first hand of the evening's ``game``-th game after which a team
    has ``points`` and the game goes on: where the start-up's board was
    switched off. From the second game on, the saved record also keeps the
    game New game replaced (Undo brings it back), as most of an evening's
    power-ups find it."""
    played = 1
    for hand in hands:
        if played == game and max(hand.scores) >= points and not hand.won:
            return hand
        if hand.won:
            played += 1
    raise ValueError("game %d of the evening reached no %d points" % (game, points))


TRICKS = (1, 2, 3, 2, 0)  # E, S, W, S, N: never five to one team, so tricks 1-4 never end a hand


def each_kind():
    """The presses measured kind by kind (the first of each kind is left out
    of the figures: it finds files and caches cold): trick presses, calls,
    the score screen after the result banner, misdeals, menu moves, and
    loop passes with nothing to do. The scores stay under 10."""
    out = []
    for _ in range(3):  # E-W call and are euchred: N-S +2
        out.append(Press(TRICKS[0], False, SETTLE_MS, "call"))
        out += [Press(seat, False, SETTLE_MS, "trick") for seat in TRICKS[:4]]
        out.append(Press(TRICKS[4], False, SETTLE_MS, "last-trick"))
        out.append(Press(KEY_OK, False, SETTLE_MS, "score"))  # OK takes the banner down
    for caller in (1, 0, 1, 0):  # made by quick result: +1 each
        out.append(Press(caller, False, SETTLE_MS, "call"))
        out.append(Press(KEY_OK, False, SETTLE_MS, "quick-ok"))
        out.append(Press(QUICK_MADE, False, SETTLE_MS, "quick-result"))
        out.append(Press(KEY_OK, False, SETTLE_MS, "score"))
    for _ in range(3):  # OK asks "all passed?", OK again passes the deal
        out.append(Press(KEY_OK, False, SETTLE_MS, "misdeal-ask"))
        out.append(Press(KEY_OK, False, SETTLE_MS, "misdeal"))
    # Loop passes with nothing to do: just after a key, and at a quiet table.
    out.append(Press(KEY_OK, False, SETTLE_MS, "misdeal-ask"))
    out.append(Press(KEY_OK, False, 100, "misdeal"))
    out += [Press(IDLE, False, 10, "idle-soon") for _ in range(2)]
    out.append(Press(IDLE, False, 4000, "idle-soon"))
    out += [Press(IDLE, False, 40, "idle") for _ in range(6)]
    out.append(Press(KEY_OK, True, SETTLE_MS, "open-menu"))
    out += [Press(2, False, SETTLE_MS, "menu") for _ in range(6)]  # S: the next item
    return out


def write(presses, path):
    with open(path, "w") as f:
        f.write("".join("%d %d %d %s\n" % (p.key, p.long, p.settle, p.label) for p in presses))


# --- the house-rules evening ---------------------------------------------------------

# settings.toml of a house-rules table: Canadian loner, the Robson set-back
# and blind loner, the trump suit recorded, a skunk counted double, and
# seat names of ten letters.
HOUSE_SETTINGS = (("EUCHRE_CANADIAN_LONER", "1"), ("EUCHRE_SETBACK", "1"),
                  ("EUCHRE_BLIND_LONER", "1"), ("EUCHRE_TRUMP", "1"),
                  ("EUCHRE_SKUNK_DOUBLE", "1"), ("EUCHRE_NAME_N", '"Alexandria"'),
                  ("EUCHRE_NAME_E", '"Bartholome"'), ("EUCHRE_NAME_S", '"Cassiopeia"'),
                  ("EUCHRE_NAME_W", '"Demetrious"'))
HOLD_MS, LONG_HOLD_MS, LONG_FIRES_MS = 80, 800, 600  # as standins holds a key; settings.toml


class Driver:
    """The table UI on CPython, pressed as the firmware will be: each press
    is recorded as a ``Press`` and applied to a ``ui.table.Table`` made as
    start-up makes it under ``HOUSE_SETTINGS``, so that the script reaches
    each screen it says it does (``opened``: the press index and the screen
    of each first opening) whatever order the menu lists its entries in."""

    def __init__(self):
        from euchre_core import Rules as HouseRules
        from ui.table import Table
        names = [value.strip('"') for key, value in HOUSE_SETTINGS if "_NAME_" in key]
        self.table = Table(HouseRules(canadian_loner=True, setback=True, blind_loner=True),
                           names, trump=True, skunk_double=True, rand=lambda: 0, out=len)
        self.now = 0
        self.presses = []
        self.seen = set()
        self.opened = []  # (press index, screen name) of each screen's first opening
        self.shown = []  # the screen each press leads to

    def screen(self):
        table = self.table
        name = table.screen_name
        page = table.page  # the state of the screen open over the game's own
        if name == "options":
            from ui import options
            name = "rules" if table.page.kind == options.RULES else "display"
        elif name == "confirm":
            name = "reset match?" if table.page.kind else "new game?"
        elif name == "pick":
            name = "pick %d" % table.page.kind
        return name

    def key(self, key, long=False, label="tour", settle=SETTLE_MS, expect=None):
        """One press; ``expect``: the screen it must lead to."""
        table = self.table
        self.now += LONG_FIRES_MS if long else HOLD_MS
        table.press(key, long, self.now)
        self.now += (LONG_HOLD_MS - LONG_FIRES_MS) if long else 0
        table.tick(self.now)
        self.now += settle
        table.tick(self.now)
        while table.hooks.export is not None:
            table.tick(self.now)  # the passes of the quiet after Export
        self.presses.append(Press(key, long, settle, label))
        name = self.screen()
        self.shown.append(name)
        if name not in self.seen:
            self.seen.add(name)
            self.opened.append((len(self.presses) - 1, name))
        if expect is not None and name != expect:
            raise ValueError("press %d (%s) shows %s, not %s"
                             % (len(self.presses) - 1, label, name, expect))
        return name

    def back(self, key, expect):
        """Leave a page the menu opened with ``key``: back to the menu, then W
        closes it, to ``expect``."""
        if self.key(key, label="back") == "menu":
            self.key(KEY_W, label="back")
        if self.screen() != expect:
            raise ValueError("press %d (back) shows %s, not %s"
                             % (len(self.presses) - 1, self.screen(), expect))

    def tricks(self, seats, last=True):
        """Tricks taken by ``seats``; with ``last``, the hand's fifth (the banner waits)."""
        for at, seat in enumerate(seats):
            end = last and at == len(seats) - 1
            self.key(seat, label="last-trick" if end else "trick",
                     settle=BANNER_MS if end else SETTLE_MS)

    def menu(self, item, label="tour", expect=None, settle=SETTLE_MS):
        """Long OK, then S down the list to ``item`` (ui.menu's ITEM_...), then OK."""
        table = self.table
        self.key(KEY_OK, True, "open-menu")
        down = table.page.rows.index(item)
        up = len(table.page.rows) - down  # the list runs round: N from the top is its bottom
        for _ in range(min(down, up)):
            self.key(KEY_S if down <= up else KEY_N, label="menu")
        return self.key(KEY_OK, label=label, expect=expect, settle=settle)

    def leave(self, key, then):
        """Back from a page the menu opened: ``key`` to the menu, W from it to ``then``."""
        self.key(key, label="back", expect="menu")
        self.key(KEY_W, label="back", expect=then)


def house_evening():
    """A house-rules evening (``HOUSE_SETTINGS``) that opens every screen:
    a forced loner (the dealer ordered up by his partner) with the Renege
    and Rest-of-tricks pickers looked at and left, a blind lone march, a
    euchre set back, Adjust score, every other page of the menu opened once
    (Rules, Stats, History, Display, New game?, Reset match?, Export), a
    march by quick result, a lone march, a march that wins the game, Stats
    at game over, the next game, Undo of it, another next game, a call
    answered "no" to "ordered up?" and three tricks. North deals first.
    Returns the ``Driver`` that played it: its presses, the screens'
    first openings, the table as the firmware must end."""
    from ui import menu
    N, E, S, W, OK = 0, 1, 2, 3, KEY_OK
    d = Driver()
    key = d.key

    def keep(then="score"):  # the result banner, when it offers a set-back: the points kept
        if d.screen() == "banner":
            key(OK, label="keep", expect=then)

    # North deals. South orders him up: alone, by the Canadian rule; spades.
    key(S, label="call", expect="ask")
    key(E, label="ask", expect="suit")
    key(N, label="suit", expect="hand")
    d.menu(menu.ITEM_RENEGE, "renege", expect="pick %d" % 0)
    d.leave(OK, "hand")
    d.menu(menu.ITEM_REST, "rest", expect="pick %d" % 1)
    d.leave(OK, "hand")
    d.tricks((E, W, S, E, W))  # euchred: E-W +2
    keep()
    # East deals and goes alone blind, hearts: a lone march.
    key(E, True, "call-alone", expect="ask")
    key(E, label="ask", expect="suit")
    key(E, label="suit", expect="hand")
    d.tricks((E, E, E, E, E))
    keep()
    # South deals. West calls, no suit recorded, is euchred: set back.
    key(W, label="call", expect="suit")
    key(OK, label="suit", expect="hand")
    d.tricks((N, S, W, N, S), last=True)
    key(S, label="set-back", expect="score")
    d.menu(menu.ITEM_ADJUST, "adjust", expect="adjust")
    key(N, label="adjust", expect="adjust")
    key(OK, label="adjust", expect="score")
    for item, leave in ((menu.ITEM_RULES, W), (menu.ITEM_STATS, W), (menu.ITEM_HISTORY, W),
                        (menu.ITEM_DISPLAY, W), (menu.ITEM_NEW_GAME, W),
                        (menu.ITEM_RESET, W), (menu.ITEM_EXPORT, None)):
        if item == menu.ITEM_EXPORT:
            d.menu(item, "export", settle=EXPORT_MS)
        else:
            d.menu(item, "tour")
        if leave is not None:
            d.leave(leave, "score")
    # West deals. North calls, no suit, marches by quick result.
    key(N, label="call", expect="suit")
    key(OK, label="suit", expect="hand")
    key(OK, label="quick-ok", expect="quick")
    key(E, label="quick-result", settle=BANNER_MS)
    keep()
    # North deals. East goes alone, clubs: a lone march.
    key(E, True, "call-alone", expect="suit")
    key(W, label="suit", expect="hand")
    d.tricks((E, E, E, E, E))
    keep()
    # East deals. His partner West calls in the second round, diamonds,
    # and E-W march: the game is won.
    key(W, label="call", expect="ask")
    key(W, label="ask", expect="suit")
    key(S, label="suit", expect="hand")
    d.tricks((W, E, W, E, W))
    keep("over")
    d.menu(menu.ITEM_STATS, "stats", expect="stats")
    d.leave(W, "over")
    key(N, label="new-game", expect="score")  # North deals the next game
    d.menu(menu.ITEM_UNDO, "undo", expect="over", settle=BANNER_MS)  # its message passes
    key(E, label="new-game", expect="score")  # East deals it after all
    # South calls, hearts; three tricks.
    key(S, label="call", expect="suit")
    key(S, label="suit", expect="hand")
    d.tricks((N, E, S), last=False)
    return d
