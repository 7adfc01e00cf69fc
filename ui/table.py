"""The table UI: five keys in, a 128x64 frame out.

``Table`` is the whole scorekeeper as the players see it, without hardware
and without a clock: code.py (or the simulator, or a test) feeds it presses
and ticks with the time in milliseconds and asks it to ``render`` into the
display buffer when anything changed; the display then sends only the
columns that differ from what its glass shows.

Each screen is a module of this package, named in the screen registry's
``SCREENS`` (``ui.registry``, which also decides which of their modules
the heap holds when) and found through ``screen_module``. A screen
module has

* ``press(table, key, long, now_ms)``: a short or long press of a key (ui.keys);
* ``draw(table, buf)``: the screen into a cleared frame (ui.screen);
* ``LIST_PAGE``: True when it takes the seat keys by where they sit on the
  picture (the key at the top moves up, at the right chooses, at the left
  goes back), False when a seat key means its seat;

and, when it keeps state of its own, ``show(table, page, ...)``, which
fills the ``Page`` that ``Table.open`` makes for it; ``SIDE_MARKS =
False`` on a screen that draws no triangle at the left or right edge (a
message box then covers its edges too); ``ahead(table, page)`` on a screen
that opens pages: the page module the next press may open, or None.
Adding a screen is one module and its name in ``ui.registry.SCREENS``
(and, for a page of the menu, in its ``PAGE_MODULES``).

Who owns what. The table keeps the game, the match, the preferences,
the questions waiting for an answer (``Waiting``) and what it says
(``Said``: messages, notices, the idle hints); the screen open
over the game's own keeps its state in its ``Page`` (``Table.page``), made
as it opens and dropped as it closes, so nothing of a closed screen stays
behind. Screens change only through the table, by name, checked against
the registry's ``SCREENS``: ``open(name, ...)``; ``close()``, to a question still waiting
for its answer (who deals first after New game, a set-back offered, the
trump suit: ``Table.home``) or the game's own screen; ``back()``, a page the
menu opened back to the menu, on its entry (the menu's page waits under
it). The game is replaced only by ``Table.replace_game`` (a new game, Undo
of New game, rules applied before the first action, a game resumed), which
keeps the one Undo of New game brings back (a ``Previous``) and counts the
serials the firmware saves by.

One rule for every screen (README, controls): a screen answers the keys it
offers (a label or triangle beside the key, or a hint naming it); a key it
does not offer gets a message and does nothing else. Flipped 180 degrees
(Display), every label and triangle is drawn beside its own key
(``side_of``). Long OK opens the menu from every screen.

Messages (a refused action, "UNDONE: ...") last ``MESSAGE_MS`` or until the
next press; on the score screen they take the bottom band so the big digits
and the dealer marker stay in sight, elsewhere a box in the middle. A notice
from the hardware fills the screen until a key is pressed.

Rules changed on the device apply at once while the game has no action yet,
and otherwise from the next game (a game is always scored under one set of
rules, so its log replays exactly). They are saved, and win over
settings.toml until "From settings" is chosen in the Rules menu.
"""

from collections import namedtuple

from micropython import const

from ui import parts, score, screen
from ui.frame import ALL_PAGES, CONTRAST, SLEEP_S, WIDTH
from ui.keys import OK, S, SEATS
from ui.names import NAME_LENGTH, NAMES, TEAM_LENGTH, TEAMS, clean
from ui.ticks import ticks_diff
from euchre_core.basics import Refusal
from euchre_core.game import Game
from euchre_core.game_forms import Previous
from euchre_core.rules import Rules


def screen_module(name):
    """The module of the screen ``name``. The score screen's is imported
    with the table: start-up draws the first picture with it alone. Any
    other comes through the screen registry, which loads after that
    first picture (``registry``)."""
    if name == "score":
        return score
    return registry().module(name)


_registry = None  # ui.registry, once registry() has imported it


def registry():
    """The screen registry (``ui.registry``), imported at its first use
    and kept here: an ``import`` statement looks its name up among the
    interned names at each run, and the presses and quiet moments ask for
    the registry often."""
    global _registry
    if _registry is None:
        import ui.registry

        _registry = ui.registry
    return _registry


MESSAGE_MS = const(3500)
SHIFT_MS = const(60000)  # burn-in: move the score screen this often
# A preference changed on a page (brightness, flip, sleep, the table's
# switches) is saved when the page closes, or once the keys have rested
# this long: one flash erase for a run of changes; a power cut loses only
# the changes of the last SAVE_MS before it.
SAVE_MS = const(2000)

# Line widths of messages: in a box over the middle, in the score screen's
# bottom band (a full line, then with the S marker the line left of it,
# whole, or if that is too short two halves around the marker), and for a
# notice filling the screen.
_BOX_LINES = (19, 19, 19)
_BAND_LINES = (21, 21)
_BAND_LINES_S = (21, 10)
_BAND_HALVES_S = (21, 9, 9)
_NOTICE_LINES = (21, 21, 21, 21, 21)


# What settings.toml asked for (``Table.settings``): the house rules, the
# display's contrast and sleep time, the table's two switches.
Settings = namedtuple("Settings", ("rules", "contrast", "sleep_s", "trump", "skunk_double"))


class Said:
    """What the table says over the screen on view (``Table.said``).

    * ``text``: the message (upper case), or None; ``since``: when it was
      said; ``holds``: it stays until a press, which only takes it away;
      ``repeats``: the same text said again this many times in a row
      (drawn a little differently, so that every press shows); ``last``:
      the text said last; ``asks_pass``: it asks "all passed?" (the score
      screen's OK).
    * ``notices``: messages from the hardware, each until a press.
    * ``pressed``: when the last key was pressed; ``hint``: what the score
      screen's dealer line (and the hand screen's line under the pips, the
      game-over screen's key line) shows while nobody presses a key
      (``score.hint_step``).
    """

    def __init__(self, now_ms):
        self.text = None
        self.since = 0
        self.holds = False
        self.repeats = 0
        self.last = None
        self.asks_pass = False
        self.notices = []
        self.pressed = now_ms
        self.hint = 0


class Page:
    """The state of the screen open over the game's own: made as it opens
    (``Table.open``), dropped as it closes. Each screen module uses the
    fields it names; the rest keep the class's defaults, so a page holds
    only what its screen set.

    * ``name``: the screen, a name in ``ui.registry.SCREENS``.
    * ``kind``: what it is for: pick.FOR_*, score.IF_* (ask), options.RULES or
      options.DISPLAY; Reset match (1) or New game (0) on confirm.
    * ``seat``: the seat calling (ask).
    * ``rows``: the rows of a list page: the menu's entries, the rows of
      Stats or History (counted as it opens: the game cannot change while
      it shows); Adjust score's points per team.
    * ``cursor``, ``top``: the chosen row and the first row shown.
    * ``hand``, ``since``: the scored hand the banner shows, since when.
    * ``draft``: the rules being edited (Rules).
    * ``changed``: preferences changed here, not saved yet: saved as the
      page closes, or once the keys have rested (``Table.tick``).
    * ``flash``: the menu's title blinks (long OK while it shows).
    * ``under``: the menu a page it opened goes back to (``Table.back``).
    * ``undo``: (the last action's code, the Undo entry naming it) (menu).
    """
    kind = 0
    seat = 0
    rows = None
    cursor = 0
    top = 0
    hand = None
    since = 0
    draft = None
    changed = False
    flash = False
    under = None
    undo = None

    def __init__(self, name):
        self.name = name


class Waiting:
    """The questions the table has not answered, or answers that stand
    without an action (``Table.waiting``); saved with the preferences
    (ui.prefs) and asked again by ``Table.home`` (ui.restore's ``resumed``
    after a power cut).

    * ``new_game``: None, or what waits on "who deals first?": False New
      game, True Reset match (the menu opened over it offers to keep the
      old game instead).
    * ``kept``: the game's action count when the set-back the banner
      offered was answered OK (keep the points), else None.
    * ``suit_skipped``: the hand count when the trump suit of that hand was
      skipped (OK), else None.

    ``kept`` and ``suit_skipped`` are cleared when the count they name is
    reached anew (an undo, then a hand scored or a call made again) so that
    they never answer a new question.
    """

    def __init__(self):
        self.new_game = None
        self.kept = None
        self.suit_skipped = None


class Hooks:
    """What a test or the simulator plugs into the table (``Table.hooks``):
    ``rand``, a callable returning a non-negative int (the random first
    dealer), or None for the clock; ``out``, where Export prints lines, or
    None for ``print``; ``export``, the Export printing there now (a
    ui.export ``Export``, one line per ``Table.tick``), or None. The
    running export lives here, beside where it prints, not on the table:
    it is no state of the game or of a screen, only output under way."""

    def __init__(self, rand, out):
        self.rand = rand
        self.out = out
        self.export = None


class Table:
    """The scorekeeper's screens and keys over one ``Game``.

    ``rules``: the house rules from settings.toml; ``names``: four seat
    names N, E, S, W; ``teams``: names of N-S and E-W; ``contrast``
    (0..255), ``flipped``, ``sleep_s`` (0 = never): display preferences;
    ``trump`` (record and show the trump suit), ``skunk_double`` (a skunk
    counts two games in the match tally): the table's preferences;
    ``rand``, ``out``: the ``Hooks`` (the random first dealer, where Export
    prints lines); ``game``: a restored game.

    The game and the match (read by the firmware, which saves them):

    * ``game``: the ``Game`` being played.
    * ``previous``: the game New game replaced, which Undo brings back while
      the new one has no action: a ``Previous`` (euchre_core.game_forms),
      its log as the flash record keeps it and what restores it without a
      replay, or None.
    * ``tally``: [N-S, E-W], games won in this match (a skunk counts two
      with ``skunk_double``).
    * ``next_rules``: the next game's;
      ``device_rules``: True when the Rules menu chose them over settings.toml.
    * ``names``, ``teams``: as drawn (upper case bytes, ui.names).
    * ``game_serial``, ``prefs_serial``: count up when the game is replaced
      (``replace_game``) or the preferences change (``prefs_changed``), and
      nowhere else: the firmware saves a new record then.

    The display: ``contrast``, ``flipped``, ``sleep_s``, ``awake``; the
    table's ``trump`` and ``skunk_double``; ``settings``: what
    settings.toml said (a ``Settings``: the rules and these four).

    The screens: ``page``, the state of the screen open over the game's
    own (a ``Page``, None while the game's own shows), changed only by
    ``open``, ``close``, ``back`` and ``home``. What the table remembers
    beyond the game's log: ``waiting``, the questions not answered yet and
    the answers given without an action (a ``Waiting``, saved with the
    preferences); ``undo_pair``, (game, action count) right after an
    adjustment of both teams, undone together.

    * ``shift``: the score screen's burn-in offset (an index of parts.SHIFTS).
    * ``hooks``: the random first dealer, where Export prints and the export
      printing now (``Hooks``).
    """

    def __init__(self, rules=None, names=None, teams=None, contrast=CONTRAST,
                 flipped=False, sleep_s=SLEEP_S, rand=None, game=None, out=None,
                 now_ms=0, trump=False, skunk_double=False):
        if rules is None:
            rules = Rules()
        self.next_rules = rules
        self.device_rules = False
        if names is None:
            names = NAMES
        if teams is None:
            teams = TEAMS
        if len(names) != 4 or len(teams) != 2:
            raise ValueError("Need four seat names and two team names")
        self.names = [clean(n, NAME_LENGTH) or SEATS[i].encode() for i, n in enumerate(names)]
        self.teams = [clean(t, TEAM_LENGTH) or TEAMS[i].encode() for i, t in enumerate(teams)]
        self.contrast = contrast
        self.flipped = bool(flipped)
        self.sleep_s = sleep_s
        self.trump = bool(trump)
        self.skunk_double = bool(skunk_double)
        # What settings.toml asked for: saved beside the device's own choice,
        # so an edit of settings.toml after that choice wins at the next start.
        self.settings = Settings(rules, contrast, sleep_s, self.trump, self.skunk_double)
        self.awake = True
        self.tally = [0, 0]
        self.game_serial = 0
        self.prefs_serial = 0
        self.hooks = Hooks(rand, out)
        if game is None:
            game = Game(rules, dealer=self.random_seat(now_ms))
        self.game = game
        self.previous = None
        self.page = None
        self.waiting = Waiting()
        self.undo_pair = None
        self.shift = 0
        self.said = Said(now_ms)
        self._shift_since = now_ms
        self._drawn_in = None

    # ----- what the firmware and the tests use --------------------------------

    @property
    def main_screen(self):
        """"score", "hand" or "over": what the game itself shows."""
        if self.game.over:
            # Won, or (progressive) the last hand scored, a tie too.
            return "over"
        return "hand" if self.game.in_hand else "score"

    @property
    def screen_name(self):
        """The screen on view: a name in ``ui.registry.SCREENS``, or "notice"."""
        if self.said.notices:
            return "notice"
        page = self.page
        if page is None:
            return self.main_screen
        return page.name

    @property
    def message(self):
        """The message on screen as one string, or None."""
        if self.said.notices:
            return self.said.notices[0]
        if self.said.text:
            return self.said.text
        return None

    def side_of(self, key):
        """Where seat key 0..3 is on the picture as it is read, named as the
        keys are: N (top), E (right), S (bottom), W (left).

        The one owner of the flip's meaning for keys: the picture turns 180
        degrees (the firmware turns the display when ``flipped`` changes),
        the keys stay where they are, so the N key is then at the bottom of
        the picture and the E key on its left. Every label and triangle
        beside a key is drawn at ``side_of(key)``; the list pages take their
        keys by where they are on the picture."""
        return key ^ 2 if self.flipped else key

    def key_at(self, side):
        """The seat key beside ``side`` of the picture (the inverse of ``side_of``)."""
        return side ^ 2 if self.flipped else side

    def key_letter(self, side):
        """The letter printed on the key beside ``side`` of the picture."""
        return SEATS[self.key_at(side)]

    def press(self, key, long, now_ms):
        """A short or long press of key 0..4 (ui.keys: N, E, S, W, OK)."""
        self.said.pressed = now_ms
        self._drawn_in = None
        self.said.hint = 0
        if not self.awake:
            # The press that wakes the display does nothing else.
            self.awake = True
            return
        if self.said.notices:
            # A message from the hardware stays until it has been seen.
            self.said.notices.pop(0)
            return
        if key == OK and long:
            self.said.text = None
            self.said.asks_pass = False
            self.open("menu")
            return
        name = self.screen_name
        if self.said.text and (name == "over" or self.said.holds):
            # The message covers the screen's hint (or says the keys have
            # turned): this press only takes it away, and starts no game
            # the table has not seen offered.
            self.said.text = None
            return
        self.said.text = None
        unit = screen_module(name)
        if key < OK and unit.LIST_PAGE:
            key = self.side_of(key)
        game = self.game
        # A set-back the banner offers comes right after its hand: an action
        # other than it (Adjust score, Set dealer, from the menu) ends the
        # offer, and the table is told, and the way back; not when the game
        # is over (that is the news, and a box would hide its score).
        offered = game.may_set_back and self.question == "banner"  # (most presses: False)
        count = game.action_count
        unit.press(self, key, long, now_ms)
        if (offered and self.game is game and game.action_count > count
                and not game.may_set_back and not game.over and not game.last_hand.set_back):
            self.say("SET BACK OFFER ENDED: UNDO BRINGS IT BACK", now_ms)
        if self.page is None:
            # The game's own screen: a question may wait (a set-back offered).
            self.home()

    def prepare(self):
        """The table is quiet (the loop calls this at its quiet moments):
        load now what the next press may need (``ui.registry.prepare``).
        True when it collected the garbage and loaded a module."""
        return registry().prepare(self)

    def holding(self, key):
        """``key`` has been held half its long press (the loop calls this
        once a hold): what that long press opens is loaded now
        (``ui.registry.holding``). True when it collected the garbage and
        loaded the menu."""
        return registry().holding(self, key)

    # ----- screens: opened and closed only here ---------------------------------

    def open(self, name, *args):
        """Open screen ``name`` (a name in ``ui.registry.SCREENS``) over the one on view:
        a new ``Page`` for it, filled by its module's ``show(table, page,
        *args)`` when it has one. A screen opened from the menu goes back
        to it (``back``)."""
        screens = registry()
        if name not in screens.SCREENS:
            raise ValueError("no screen " + name)
        unit = screens.module(name)
        page = Page(name)
        old = self.page
        if old is not None and old.name == "menu" and name != "menu":
            page.under = old
        show = getattr(unit, "show", None)
        if show is not None:
            # Before the page changes: the menu's show looks at the one on view.
            show(self, page, *args)
        self._turn(page)

    def close(self):
        """The screen on view closes: to a question still waiting (``home``),
        else the game's own screen."""
        self.home()

    def back(self):
        """Back to the menu that opened the screen on view, on its entry;
        a screen the menu did not open closes (``close``). Only a screen
        calls it, on its own page."""
        under = self.page.under
        if under is None:
            self.close()
            return
        under.flash = False
        under.top = 0  # the list scrolls the entry into view
        self._turn(under)

    def _turn(self, page):
        """The one place the open screen changes: the page that closes
        keeps what was edited on it, however it is left (its module's
        ``leave(table, page)``, when it has one), and preferences changed
        on it are saved (once, not at every step: each save costs a flash
        erase)."""
        old = self.page
        if old is not None and old is not page:
            leave = getattr(screen_module(old.name), "leave", None)
            if leave is not None:
                leave(self, old)
        if old is not None and old.changed and old is not page:
            old.changed = False
            self.prefs_changed()
        self.page = page
        self._drawn_in = None
        if page is None and _registry is not None:
            # Back to play: the menu's pages are not needed until it opens.
            # No page's module loads before the registry does, so a game
            # resumed between hands comes home without loading it.
            _registry.release_pages()

    def home(self):
        """Close the screen on view: to a question the table has not
        answered yet (who deals first after New game, a set-back offered,
        the trump suit), else the game's own screen. The same questions
        come back after a power cut (ui.restore), so leaving one through
        the menu never drops it."""
        self._turn(None)
        question = self.question
        if question == "pick":
            self.open("pick", screen_module("pick").FOR_FIRST)
        elif question == "banner":
            # Since the press that led here (or the start): a tap then is
            # no answer to the offer (ui.banner).
            self.open("banner", self.game.last_hand, self.said.pressed)
        elif question == "suit":
            self.open("suit")

    @property
    def question(self):
        """The screen of the question the table has not answered yet (who
        deals first after New game: "pick"; a set-back offered: "banner";
        the trump suit: "suit"), or None."""
        game = self.game
        waiting = self.waiting
        if waiting.new_game is not None:
            return "pick"
        if game.may_set_back and waiting.kept != game.action_count:
            return "banner" if game.set_back_takes else None
        if (self.trump and game.in_hand and game.trump is None
                and waiting.suit_skipped != game.hand_count and not game.tricks_played):
            return "suit"
        return None

    def tick(self, now_ms):
        """Time passes: banners and messages expire, preferences changed on
        a page are saved (``SAVE_MS``), the display sleeps; a running
        Export prints its next line."""
        if self.hooks.export is not None:
            # Through the running object: its module may be dropped by now.
            self.hooks.export.tick(now_ms)
        page = self.page
        if (page is not None and page.name == "banner"
                and not self.game.set_back_takes
                and ticks_diff(now_ms, page.since) >= screen_module("banner").SHOW_MS):
            self.close()
        page = self.page
        if (page is not None and page.changed
                and ticks_diff(now_ms, self.said.pressed) >= SAVE_MS):
            page.changed = False
            self.prefs_changed()
        if (self.said.text and not self.said.holds
                and ticks_diff(now_ms, self.said.since) >= MESSAGE_MS):
            self.said.text = None
            self.said.asks_pass = False
            self._drawn_in = None
        hint = score.hint_step(ticks_diff(now_ms, self.said.pressed))
        if hint != self.said.hint:
            self.said.hint = hint
            # The game's own screen shows it, but for the hand's line under
            # the pips while it names a lone player instead.
            game = self.game
            if self.page is None and (self.main_screen != "hand" or (
                    game.lone_seat is None and game.lone_defender is None)):
                self._drawn_in = None
        if (self.awake and self.sleep_s
                and ticks_diff(now_ms, self.said.pressed) >= self.sleep_s * 1000
                and not self.said.notices):
            self.awake = False
        if ticks_diff(now_ms, self._shift_since) >= SHIFT_MS:
            self._shift_since = now_ms
            self.shift = (self.shift + 1) % len(parts.SHIFTS)
            # The score screen moves, and the banner's bottom lines with it.
            name = self.screen_name
            if name == "banner" or name == "score":
                self._drawn_in = None

    def notice(self, text, now_ms):
        """A message from the hardware (stuck key, bad settings, damaged
        memory): shown until the next press, which does nothing else."""
        self.said.notices.append(str(text))
        self.awake = True
        self.said.pressed = now_ms
        self._drawn_in = None

    def render(self, buf):
        """Draw the screen into ``buf`` (1024 bytes, SSD1306 page order) when
        something changed since it was last drawn there.

        Returns ALL_PAGES (every page may have changed) when it drew, 0 when it
        did not (nothing changed, or the display sleeps). The display then
        compares the pages with what its glass shows and sends only the
        columns that differ, so nothing is compared twice."""
        if buf is self._drawn_in or not self.awake:
            return 0
        self._drawn_in = buf
        self.draw(buf)
        return ALL_PAGES

    def draw(self, buf):
        """Draw the screen on view, with its message, into ``buf`` now."""
        screen.clear(buf)
        if self.said.notices:
            self._draw_notice(buf, screen.wrap(self.said.notices[0].upper(), _NOTICE_LINES))
            return
        name = self.screen_name
        unit = screen_module(name)
        unit.draw(self, buf)
        if not self.said.text:
            return
        if name == "score":
            south = self.side_of(self.game.dealer) == S
            words = " ".join(self.said.text.split())
            for widths in ((_BAND_LINES_S, _BAND_HALVES_S) if south else (_BAND_LINES,)):
                lines = screen.wrap(self.said.text, widths)
                if " ".join(lines) == words:
                    self._draw_band(buf, lines)
                    return
            # Too long for the band: the box, over the digits for a moment.
        self._draw_box(buf, screen.wrap(self.said.text, _BOX_LINES),
                       getattr(unit, "SIDE_MARKS", True))

    # ----- persistence ---------------------------------------------------------

    def prefs_bytes(self):
        """Display settings, match tally and rules, versioned, for the NVM
        (``ui.prefs``): loaded for a whole record, a few times an evening,
        and let go after it."""
        from ui import prefs

        try:
            return prefs.prefs_bytes(self)
        finally:
            registry().forget("ui", "prefs")

    # ----- what the screens use -------------------------------------------------

    def module(self, name):
        """A module of this package by name (``screen_module``)."""
        return screen_module(name)

    def random_seat(self, now_ms):
        """A seat at random: the first dealer of a new game."""
        rand = self.hooks.rand
        if rand is not None:
            return rand() % 4
        return now_ms % 4

    def start_game(self, dealer, reset_match=False):
        """A new game with ``dealer``; the one it replaces is kept for Undo,
        and counted in the match tally when it was won (from the game-over
        screen or from the menu's New game alike)."""
        old = self.game
        tally = self.tally
        # Kept as its log and what restores it without a replay (Game.ended),
        # not as the Game: a Game holds far more heap than an evening on the
        # board can spare.
        previous = Previous(old.rules, old.start_dealer, old.codes, tally[0], tally[1],
                            old.ended())
        if reset_match:
            tally = [0, 0]
        elif old.winner is not None:
            tally[old.winner] += self.games_won(old)
        self.replace_game(Game(self.next_rules, dealer=dealer), previous, tally)
        self.waiting.new_game = None

    def replace_game(self, game, previous, tally):
        """The one place the game is replaced (a new game, Undo of New game,
        rules applied to a game without actions, a game resumed): ``game``
        is played from now, ``previous`` (a ``Previous`` or None) is what
        Undo of New game brings back, ``tally`` the match's [N-S, E-W]. The
        firmware saves a new record; the screen is drawn again."""
        self.game = game
        self.previous = previous
        self.tally = tally
        self.undo_pair = None
        self.game_serial += 1
        self.prefs_serial += 1
        self._drawn_in = None

    def keep_previous(self, previous):
        """``previous`` for the game New game replaced, as start-up checked
        it: the same game, with what restores it without a replay, or None
        when it does not replay."""
        self.previous = previous

    def prefs_changed(self):
        """The preferences (display, table switches, rules) changed: the
        firmware saves a new record."""
        self.prefs_serial += 1

    def games_won(self, game):
        """What the game's win counts in the match tally: 2 for a skunk
        with ``skunk_double``, else 1."""
        return 2 if self.skunk_double and game.skunk else 1

    def act(self, now_ms, action, *args):
        """Run one game action; show the refusal, or the result banner when
        the action scored a hand. True when the game took it."""
        game = self.game
        hands = game.hand_count
        in_hand = game.in_hand
        try:
            action(*args)
        except ValueError as err:
            self.say(self.with_names(err), now_ms)
            return False
        # A question posed again where an answer was given (after an undo):
        # that answer is not this question's.
        waiting = self.waiting
        if game.hand_count > hands and waiting.kept == game.action_count:
            waiting.kept = None
            self.prefs_changed()
        if game.in_hand and not in_hand and waiting.suit_skipped == game.hand_count:
            waiting.suit_skipped = None
            self.prefs_changed()
        if game.hand_count > hands:
            self.open("banner", game.last_hand, now_ms)
        return True

    def with_names(self, err):
        """A refusal of the game in words, the seat it is about called by
        the player's name ("EAST sits out this hand"); any other error as
        it reads."""
        if isinstance(err, Refusal) and err.seat is not None:
            return err.reason % self.names[err.seat].decode()
        return str(err)

    def say(self, text, now_ms, holds=False):
        """Show a message (upper case) for ``MESSAGE_MS`` or until the next
        press; ``holds``: until the next press, which only takes it away."""
        self.said.holds = holds
        text = str(text).upper()
        # press() has just cleared the message; saying it again unchanged
        # would leave the screen as it was, and every press must show.
        self.said.repeats = self.said.repeats + 1 if text == self.said.last else 0
        self.said.last = text
        self.said.text = text
        self.said.since = now_ms
        self._drawn_in = None

    # ----- messages ----------------------------------------------------------------

    def _draw_band(self, buf, lines):
        """A message on the score screen: in lit bars over its bottom lines,
        so the big digits and every marker stay in sight. A one-line message
        takes the dealer's line only: the target and the match stay."""
        last = 6 if len(lines) == 1 else 7
        screen.clear_pages(buf, 6, last)
        lit = not self.said.repeats & 1
        screen.text_center(buf, 6, lines[0], 0, 128, lit)
        if len(lines) == 3:
            # The dealer is S: the S marker keeps the middle of the last line.
            screen.text_center(buf, 7, lines[1], 1, 58, lit)
            screen.text_center(buf, 7, lines[2], 70, 127, lit)
        elif last == 7:
            # Left of the S marker when the dealer is S, so it reads whole.
            south = self.side_of(self.game.dealer) == S
            screen.text_center(buf, 7, lines[1], 0, 60 if south else 128, lit)
        if last == 7:
            screen.marker(buf, self.side_of(self.game.dealer), parts.SHIFTS[self.shift])

    def _draw_notice(self, buf, lines):
        """A notice from the hardware, alone on the (cleared) screen."""
        screen.label_center(buf, 0, "MESSAGE")
        for i in range(len(lines)):
            screen.text_center(buf, 2 + i, lines[i])
        # The press only closes it: the hint says no more than that.
        screen.text_center(buf, 7, "ANY KEY: CLOSE")

    def _draw_box(self, buf, lines, side_marks):
        """A message in a framed box over the middle of the screen, as tall
        as its lines (pages 3..), a few dark rows inside its frame above and
        below them. ``side_marks``: the screen has triangles at its left and
        right edges, which stay in sight; else nothing is left beside the
        box. Said again, the frame is drawn twice as thick."""
        count = len(lines)
        last = 2 + count
        edge = 4 if side_marks else 0
        screen.clear_box(buf, edge, WIDTH - edge, 2, last + 1)
        screen.outline(buf, 4, 124, 20, last * 8 + 11, 1 + (self.said.repeats & 1))
        for i in range(count):
            screen.text_center(buf, 3 + i, lines[i], 4, 124)
