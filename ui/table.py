"""The table UI: five keys in, a 128x64 frame out.

``Table`` is the whole scorekeeper as the players see it, without hardware
and without a clock: code.py (or the simulator, or a test) feeds it presses
and ticks with the time in milliseconds and asks it to ``render`` into the
display buffer when anything changed; the display then sends only the
columns that differ from what its glass shows.

Each screen is a module of this package, named in ``SCREENS`` as
``screen_name`` reports it and found through ``screen_module``: the score
screen (with ``ask``, which its calls go through) and the banner are
imported with the table, the other screens a hand meets (``HAND_SCREENS``)
once the first picture is on the glass (``load_screens``, at the loop's
first quiet moment), the rest the first time they open (``Table.open``),
so that start-up and an evening's heap hold only the screens the table
uses. A screen module has

* ``press(table, key, long, now_ms)``: a short or long press of a key (ui.keys);
* ``draw(table, buf)``: the screen into a cleared frame (ui.screen);
* ``LIST_PAGE``: True when it takes the seat keys by where they sit on the
  picture (the key at the top moves up, at the right chooses, at the left
  goes back), False when a seat key means its seat;

and often ``show(table, ...)``, which ``Table.open`` calls to open it, and
``SIDE_MARKS = False`` on a screen that draws no triangle at the left or
right edge (a message box then covers its edges too).
Screens keep their state in the table's public attributes (``Table``
lists them) and change screen by setting ``table.mode`` or by
``table.open``. A screen that closes (``mode`` None) leaves the rest to the
table: a page of the menu goes back to the menu, any other screen to a
question still waiting for its answer (``Table.home``). Adding a screen is one module and its name in ``SCREENS``.

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

import gc

from micropython import const

from ui import ask, banner, parts, prefs, score, screen
from ui.frame import ALL_PAGES, CONTRAST, SLEEP_S, WIDTH
from ui.keys import OK, S, SEATS
from ui.names import NAME_LENGTH, NAMES, TEAM_LENGTH, TEAMS, clean
from ui.ticks import ticks_diff
from euchre_core.actions import SUIT_NAMES, SUIT_WORDS
from euchre_core.basics import Refusal
from euchre_core.game import Game, action_text
from euchre_core.rules import Rules

# Every screen by its name. The game's own screen (score, hand or over, by
# the state of the game) shows while ``Table.mode`` is None.
SCREENS = ("score", "hand", "over", "quick", "banner", "ask", "menu", "pick", "adjust",
           "options", "stats", "history", "confirm", "suit")

# The modules of this package imported so far: at first the score screen,
# which start-up shows, with ``ask``, which its calls go through, and the
# banner, whose offer the table itself checks.
_LOADED = {"score": score, "ask": ask, "banner": banner}

# The other screens every hand meets, loaded before a press needs them
# (``load_screens``).
HAND_SCREENS = ("hand", "quick", "over")


def load_screens(names):
    """Import the screens ``names`` that are not loaded yet. Loading a module
    needs room in one piece: the callers collect the garbage first."""
    for name in names:
        if name not in _LOADED:
            # __import__ returns the package, which the import gave the module.
            _LOADED[name] = getattr(__import__("ui." + name), name)


def screen_module(name):
    """The module of ``name`` in this package (a screen of ``SCREENS``, or
    ``export``), imported the first time it is asked for."""
    module = _LOADED.get(name)
    if module is None:
        # Mid-game the free heap is cut up by the garbage of the presses.
        gc.collect()
        load_screens((name,))
        module = _LOADED[name]
    return module


MESSAGE_MS = const(3500)
SHIFT_MS = const(60000)  # burn-in: move the score screen this often

_ACTION_WORDS = {
    "C": "CALL", "A": "CALL ALONE", "D": "DEF ALONE", "L": "ALONE", "T": "TRICK",
    "P": "PASS", "R": "RENEGE", "J": "ADJUST", "X": "DEALER", "F": "RESULT", "Q": "RESULT",
    "B": "BLIND ALONE", "S": "SET BACK", "=": "TRUMP",
}

# Line widths of messages: in a box over the middle, in the score screen's
# bottom band (a full line, then two halves around the S marker), and for a
# notice filling the screen.
_BOX_LINES = (19, 19, 19)
_BAND_LINES = (21, 21)
_BAND_LINES_S = (21, 9, 9)
_NOTICE_LINES = (21, 21, 21, 21, 21)

# The pages the menu opens that go back to it (the others act and close).
_MENU_PAGES = ("options", "stats", "history")


class Table:
    """The scorekeeper's screens and keys over one ``Game``.

    ``rules``: the house rules from settings.toml; ``names``: four seat
    names N, E, S, W; ``teams``: names of N-S and E-W; ``contrast``
    (0..255), ``flipped``, ``sleep_s`` (0 = never): display preferences;
    ``trump`` (record and show the trump suit), ``skunk_double`` (a skunk
    counts two games in the match tally): the table's preferences;
    ``rand``: a callable returning a non-negative int (the random first
    dealer); ``game``: a restored game; ``out``: where Export prints lines.

    The game and the match (read by the firmware, which saves them):

    * ``game``: the ``Game`` being played.
    * ``previous``: the game New game replaced, which Undo brings back while
      the new one has no action, as the flash record keeps it: (rules,
      first dealer, action bytes, tally N-S, tally E-W); or None.
    * ``tally``: [N-S, E-W], games won in this match (a skunk counts two
      with ``skunk_double``).
    * ``base_rules``: settings.toml's; ``next_rules``: the next game's;
      ``device_rules``: True when the Rules menu chose them over settings.toml.
    * ``names``, ``teams``: as drawn (upper case bytes, ui.names).
    * ``game_serial``, ``prefs_serial``: count up when the game is replaced
      or the preferences change: the firmware saves a new record then.

    The display: ``contrast``, ``flipped``, ``sleep_s``, ``awake``, and
    ``settings_display`` (settings.toml's contrast and sleep time); the
    table's ``trump`` and ``skunk_double``, and ``settings_table``
    (settings.toml's two).

    The screens' state, read and written by the screen modules:

    * ``mode``: the name of the screen open over the game's own, or None.
    * ``items``: the rows of the list page on view: the menu's entries, or
      the rows of Stats or History, counted as the page opened (the game
      cannot change while it is open); ``cursor``, ``top``: the chosen row
      and the first row shown of a list page; ``menu_flash``: the menu's title
      blinks; ``cancel_new``: New game waits on "who deals first?" (the
      menu opened over it offers to keep the old game instead);
      ``menu_item``: the menu's entry last chosen, its page's way back.
    * ``pick``: what the seat picker is for (pick.FOR_RENEGE, ...), None
      before it first opens.
    * ``pending``: Adjust score's points per team; ``undo_pair``: (game,
      action count) right after an adjustment of both teams, undone together.
    * ``options``: options.RULES or options.DISPLAY (None before either
      opened); ``draft``: the rules
      being edited; ``display_changed``: display settings not yet saved.
    * ``confirm_reset``: the question is Reset match, not New game.
    * ``banner_hand``: the hand the result banner shows; ``kept``: the
      set-back it offers was answered OK (keep the points).
    * ``asking``: the question before a call (ask.IF_ORDERED_UP, ask.IF_BLIND);
      ``call_seat``: the seat calling; ``suit_skipped``: the trump suit
      of this hand was skipped (OK).
    * ``shift``: the score screen's burn-in offset (an index of parts.SHIFTS).
    * ``pass_asked``: the score screen asks "all passed?" (the message on view).
    * ``hint``: what the score screen's dealer line (and the game-over
      screen's key line) shows while the table is idle (``score.hint_step``).
    * ``out``: where Export prints.
    """

    def __init__(self, rules=None, names=None, teams=None, contrast=CONTRAST,
                 flipped=False, sleep_s=SLEEP_S, rand=None, game=None, out=None,
                 now_ms=0, trump=False, skunk_double=False):
        self.base_rules = rules if rules is not None else Rules()
        self.next_rules = self.base_rules
        self.device_rules = False
        if names is None:
            names = NAMES
        if teams is None:
            teams = TEAMS
        if len(names) != 4 or len(teams) != 2:
            raise ValueError("Need four seat names and two team names")
        self.names = [clean(n, NAME_LENGTH) or SEATS[i].encode() for i, n in enumerate(names)]
        self.teams = [clean(t, TEAM_LENGTH) or (b"N-S", b"E-W")[i] for i, t in enumerate(teams)]
        self.contrast = contrast
        self.flipped = bool(flipped)
        self.sleep_s = sleep_s
        # What settings.toml asked for: saved beside the device's own choice,
        # so an edit of settings.toml after that choice wins at the next start.
        self.settings_display = (contrast, sleep_s)
        self.trump = bool(trump)
        self.skunk_double = bool(skunk_double)
        self.settings_table = (self.trump, self.skunk_double)
        self.awake = True
        self.tally = [0, 0]
        self.game_serial = 0
        self.prefs_serial = 0
        self.rand = rand
        self.out = out
        if game is None:
            game = Game(self.base_rules, dealer=self.random_seat(now_ms))
        self.game = game
        self.previous = None
        self.mode = None
        self.items = []
        self.cursor = 0
        self.top = 0
        self.menu_flash = False
        self.cancel_new = False
        self.menu_item = 0
        self.pick = None
        self.pending = [0, 0]
        self.undo_pair = None
        self.options = None
        self.draft = None
        self.display_changed = False
        self.confirm_reset = False
        self.banner_hand = None
        self.kept = False
        self.asking = 0
        self.call_seat = 0
        self.suit_skipped = False
        self.shift = 0
        self.pass_asked = False
        self.hint = 0
        self._banner_since = 0
        self._message = None  # the text, upper case
        self._holds = False  # the message stays until a press, which only takes it away
        self._message_since = 0
        self._repeats = 0  # the same message said again: drawn a little differently
        self._last_said = None
        self._notices = []
        self._last_press = now_ms
        self._shift_since = now_ms
        self._out_buf = None
        self._stale = True

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
        """The screen on view: a name in ``SCREENS``, or "notice"."""
        if self._notices:
            return "notice"
        if self.mode is None:
            return self.main_screen
        return self.mode

    @property
    def message(self):
        """The message on screen as one string, or None."""
        if self._notices:
            return self._notices[0]
        if self._message:
            return self._message
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
        self._last_press = now_ms
        self._stale = True
        self.hint = 0
        if not self.awake:
            # The press that wakes the display does nothing else.
            self.awake = True
            return
        if self._notices:
            # A message from the hardware stays until it has been seen.
            self._notices.pop(0)
            return
        if key == OK and long:
            self._message = None
            self.pass_asked = False
            self.open("menu")
            return
        name = self.screen_name
        if self._message and (name == "over" or self._holds):
            # The message covers the screen's hint (or says the keys have
            # turned): this press only takes it away, and starts no game
            # the table has not seen offered.
            self._message = None
            return
        self._message = None
        unit = screen_module(name)
        if key < OK and unit.LIST_PAGE:
            key = self.side_of(key)
        unit.press(self, key, long, now_ms)
        if self.mode is None:
            if name in _MENU_PAGES:
                # Back from a page of the menu: to the menu, on its entry.
                screen_module("menu").back(self)
            else:
                self.home()

    def home(self):
        """Close the screen on view: to a question the table has not
        answered yet (who deals first after New game, a set-back offered,
        the trump suit), else the game's own screen. The same questions
        come back after a power cut (``resumed``), so leaving one through
        the menu never drops it."""
        self.mode = None
        game = self.game
        if self.cancel_new:
            unit = screen_module("pick")
            unit.show(self, unit.FOR_FIRST)
        elif game.set_back_refusal() is None and not self.kept:
            self.banner_hand = game.last_hand
            if banner.offers_set_back(self):
                self.mode = "banner"
        elif (self.trump and game.in_hand and game.trump is None and not self.suit_skipped
              and game.tricks == [0, 0]):
            self.mode = "suit"

    def tick(self, now_ms):
        """Time passes: banners and messages expire, the display sleeps."""
        if (self.mode == "banner" and not banner.offers_set_back(self)
                and ticks_diff(now_ms, self._banner_since) >= banner.SHOW_MS):
            self.mode = None
            self._stale = True
        if (self._message and not self._holds
                and ticks_diff(now_ms, self._message_since) >= MESSAGE_MS):
            self._message = None
            self.pass_asked = False
            self._stale = True
        hint = score.hint_step(ticks_diff(now_ms, self._last_press))
        if hint != self.hint:
            self.hint = hint
            if self.mode is None and self.main_screen != "hand":
                self._stale = True
        if (self.awake and self.sleep_s
                and ticks_diff(now_ms, self._last_press) >= self.sleep_s * 1000
                and not self._notices):
            self.awake = False
        if ticks_diff(now_ms, self._shift_since) >= SHIFT_MS:
            self._shift_since = now_ms
            self.shift = (self.shift + 1) % len(parts.SHIFTS)
            # The score screen moves, and the banner's bottom lines with it.
            if self.mode == "banner" or self.mode is None and self.main_screen == "score":
                self._stale = True

    def notice(self, text, now_ms):
        """A message from the hardware (stuck key, bad settings, damaged
        memory): shown until the next press, which does nothing else."""
        self._notices.append(str(text))
        self.awake = True
        self._last_press = now_ms
        self._stale = True

    def render(self, buf):
        """Draw the screen into ``buf`` (1024 bytes, SSD1306 page order) when
        something changed since it was last drawn there.

        Returns ALL_PAGES (every page may have changed) when it drew, 0 when it
        did not (nothing changed, or the display sleeps). The display then
        compares the pages with what its glass shows and sends only the
        columns that differ, so nothing is compared twice."""
        if buf is not self._out_buf:
            self._out_buf = buf
            self._stale = True
        if not self._stale or not self.awake:
            return 0
        self._stale = False
        self.draw(buf)
        return ALL_PAGES

    def draw(self, buf):
        """Draw the screen on view, with its message, into ``buf`` now."""
        screen.clear(buf)
        if self._notices:
            self._draw_notice(buf, screen.wrap(self._notices[0].upper(), _NOTICE_LINES))
            return
        name = self.screen_name
        unit = screen_module(name)
        unit.draw(self, buf)
        if not self._message:
            return
        if name == "score":
            south = self.side_of(self.game.dealer) == S
            lines = screen.wrap(self._message, _BAND_LINES_S if south else _BAND_LINES)
            if " ".join(lines) == " ".join(self._message.split()):
                self._draw_band(buf, lines)
                return
            # Too long for the band: the box, over the digits for a moment.
        self._draw_box(buf, screen.wrap(self._message, _BOX_LINES),
                       getattr(unit, "SIDE_MARKS", True))

    # ----- persistence ---------------------------------------------------------

    def prefs_bytes(self):
        """Display settings, match tally and rules, versioned, for the NVM."""
        return prefs.prefs_bytes(self)

    def load_prefs(self, data):
        """Restore what ``prefs_bytes`` saved; ValueError (and no change) on
        anything else. Call before the saved actions replay: they replay
        under the rules saved here."""
        prefs.load_prefs(self, data)
        self._stale = True

    def resumed(self):
        """The game was just replayed from its saved form: a question it
        left unanswered is asked again (``home``): the power going while it
        waited must not take the choice away (keeping the points, skipping
        the suit are no action). Between hands, a question before a call
        (ordered up? blind?) is not saved: the score screen says that
        nothing was called."""
        self.home()
        self._stale = True
        if self.mode is None and self.main_screen == "score":
            self.say("RESUMED: NO CALL YET", self._last_press)

    def export_lines(self):
        """The game log as CSV lines for the USB serial console."""
        return screen_module("export").export_lines(self)

    # ----- what the screens use -------------------------------------------------

    def open(self, name, *args):
        """Open screen ``name``: its module's ``show(table, *args)``."""
        screen_module(name).show(self, *args)

    def module(self, name):
        """A module of this package by name (``screen_module``)."""
        return screen_module(name)

    def random_seat(self, now_ms):
        """A seat at random: the first dealer of a new game."""
        if self.rand is not None:
            return self.rand() % 4
        return now_ms % 4

    def start_game(self, dealer, reset_match=False):
        """A new game with ``dealer``; the one it replaces is kept for Undo,
        and counted in the match tally when it was won (from the game-over
        screen or from the menu's New game alike)."""
        old = self.game
        # Kept as its log, not as the Game: a Game holds its history and undo
        # marks, heap an evening on the board cannot spare
        # (tests/test_fw_micropython.py plays a session in a bounded heap).
        self.previous = (old.rules, old.start_dealer, old.codes, self.tally[0], self.tally[1])
        if reset_match:
            self.tally = [0, 0]
        elif old.winner is not None:
            self.tally[old.winner] += self.games_won(old)
        self.game = Game(self.next_rules, dealer=dealer)
        self.game_serial += 1
        self.prefs_serial += 1
        self.cancel_new = False
        self.mode = None

    def games_won(self, game):
        """What the game's win counts in the match tally: 2 for a skunk
        with ``skunk_double``, else 1."""
        return 2 if self.skunk_double and game.skunk else 1

    def act(self, now_ms, action, *args):
        """Run one game action; show the refusal, or the result banner when
        the action scored a hand. True when the game took it."""
        game = self.game
        hands = game.hand_count
        try:
            action(*args)
        except ValueError as err:
            self.say(self.with_names(err), now_ms)
            return False
        if game.hand_count > hands:
            self.banner_hand = game.last_hand
            self._banner_since = now_ms
            self.kept = False
            self.mode = "banner"
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
        self._holds = holds
        text = str(text).upper()
        # press() has just cleared the message; saying it again unchanged
        # would leave the screen as it was, and every press must show.
        self._repeats = self._repeats + 1 if text == self._last_said else 0
        self._last_said = text
        self._message = text
        self._message_since = now_ms
        self._stale = True

    def describe(self, code):
        """An action byte in words, with the table's names."""
        words = action_text(code)
        word = _ACTION_WORDS.get(words[0], words[0])
        rest = words[1:]
        if rest[-1:] == "^":
            # Ordered up in the first round (Canadian loner).
            word = "ORDER UP" + word[4:]
            rest = rest[:-1]
        if words[0] == "=":
            return word + " " + SUIT_WORDS[SUIT_NAMES.index(rest)].upper()
        if len(rest) == 1 and rest in SEATS:
            return word + " " + self.names[SEATS.index(rest)].decode()
        if words[0] == "J":
            return word + " " + self.teams[int(rest[0])].decode() + " " + rest[1:]
        if words[0] == "F":
            return word + " " + rest + "-" + str(5 - int(rest))
        if words[0] == "Q":
            # A quick result: the kind is known, not the tricks.
            return word + " " + ("EUCHRED", "MADE", "MARCH")[int(rest) // 3 + int(rest) // 5]
        return word

    # ----- messages ----------------------------------------------------------------

    def _draw_band(self, buf, lines):
        """A message on the score screen: in lit bars over its bottom lines,
        so the big digits and every marker stay in sight. A one-line message
        takes the dealer's line only: the target and the match stay."""
        last = 6 if len(lines) == 1 else 7
        screen.clear_pages(buf, 6, last)
        lit = not self._repeats & 1
        screen.text_center(buf, 6, lines[0], 0, 128, lit)
        if len(lines) == 2:
            screen.text_center(buf, 7, lines[1], 0, 128, lit)
        elif len(lines) == 3:
            # The dealer is S: the S marker keeps the middle of the last line.
            screen.text_center(buf, 7, lines[1], 1, 58, lit)
            screen.text_center(buf, 7, lines[2], 70, 127, lit)
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
        screen.outline(buf, 4, 124, 20, last * 8 + 11, 1 + (self._repeats & 1))
        for i in range(count):
            screen.text_center(buf, 3 + i, lines[i], 4, 124)
