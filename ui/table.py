"""The table UI: five keys in, a 128x64 frame out.

``Table`` is the whole scorekeeper as the players see it, without hardware
and without a clock: code.py (or the simulator, or a test) feeds it presses
and ticks with the time in milliseconds and asks it to ``render`` into the
display buffer when anything changed; the display then sends only the
columns that differ from what its glass shows.

Keys: 0..3 are the seat keys N, E, S, W (one on each side of the box, as the
screen is seen from S); 4 is OK. A press is short or long (the long one fires
while the key is still held).

Screens (see docs/ui.md):

* score: both scores in big digits, team names, target, match tally, a marker
  at the edge next to the dealer's key and the dealer's name.
  seat = that seat names trump, seat long = names trump and goes alone,
  OK = everybody passed (the deal moves left), OK long = menu.
* hand: makers, caller, ALONE marks, tricks as pips, a marker next to the
  key of the seat that leads now. seat = that seat took the trick, seat long
  (before the first trick) = that player goes alone, OK = quick result.
* quick result: the seat keys become soft keys labelled next to them:
  N made 3-4, E march (all 5), S euchred, W back (adapted to lone hands).
* result banner, then the score screen with the next dealer.
* game over: winner, score, SKUNK, a chart of the game, match tally.
  seat = next game with that dealer, OK = next game, dealer at random.
* menu (OK long from anywhere, Undo pre-selected, so undo is long OK then
  OK): N/S move, E or OK choose, W back.

One rule for every screen (README, controls): a screen answers the keys it
offers (a label or triangle beside the key, or a hint naming it); a key it
does not offer gets a message and does nothing else. Flipped 180 degrees
(Display), every label and triangle is drawn beside its own key
(``side_of``), and the list pages (menu, rules, display, stats, history)
take the keys by where they sit on the turned picture.

Messages (a refused action, "UNDONE: ...") last 3.5 s or until the next
press; on the score screen they take the bottom band so the big digits and
the dealer marker stay in sight, elsewhere a box in the middle. A notice from
the hardware fills the screen until a key is pressed.

Rules changed on the device apply at once while the game has no action yet,
and otherwise from the next game (a game is always scored under one set of
rules, so its log replays exactly). They are saved, and win over
settings.toml until "From settings" is chosen in the Rules menu.

The board compiles each module from source when it is imported, and that
takes memory in proportion to the module's size, so the screens live in
modules of moderate size, as functions taking the table first: play
(score, hand, quick result, banner), over (game over), menu (menu,
undo); the rarely opened pages pick (seat pickers, adjust score,
confirm), options (rules, display), records (stats, history),
prefs (the saved preferences) and export are imported only when first
needed.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from micropython import const

from ui import menu, over, play, screen
from ui.names import NAME_LENGTH, TEAM_LENGTH, clean
from euchre_core.game import Game, action_text
from ui.presses import ticks_diff
from euchre_core.rules import Rules
from ui.play import SHIFTS

# Keys: the seat keys N, E, S, W, then OK.
_KEY_S = const(2)
_KEY_OK = const(4)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)
_QUICK = const(1)
_BANNER = const(2)
_MENU = const(3)
_PICK = const(4)
_ADJUST = const(5)
_OPTIONS = const(6)
_STATS = const(7)
_HISTORY = const(8)
_CONFIRM = const(9)
# What a seat picked on the PICK screen is for.
_PICK_RENEGE = const(0)
# Menu entries.
_M_NEW_GAME = const(10)


BANNER_MS = const(3000)
MESSAGE_MS = const(3500)
SHIFT_MS = const(60000)  # burn-in: move the score screen this often

_SEATS = "NESW"
_ACTION_WORDS = {
    "C": "CALL", "A": "CALL ALONE", "D": "DEF ALONE", "L": "ALONE", "T": "TRICK",
    "P": "PASS", "R": "RENEGE", "J": "ADJUST", "X": "DEALER", "F": "RESULT", "Q": "RESULT",
}
# Line widths of messages: in a box over the middle, in the score screen's
# bottom band (a full line, then two halves around the S marker), and for a
# notice filling the screen.
_BOX_LINES = (19, 19, 19)
_BAND_LINES = (21, 21)
_BAND_LINES_S = (21, 9, 9)
_NOTICE_LINES = (21, 21, 21, 21, 21)


class Table:
    """The scorekeeper's screens and keys over one ``Game``.

    ``rules``: the house rules from settings.toml; ``names``: four seat
    names N, E, S, W; ``teams``: names of N-S and E-W; ``contrast``
    (0..255), ``flipped``, ``sleep_s`` (0 = never): display preferences;
    ``rand``: a callable returning a non-negative int (the random first
    dealer); ``game``: a restored game; ``out``: where Export prints lines.
    """

    def __init__(self, rules=None, names=None, teams=None, contrast=255,
                 flipped=False, sleep_s=600, rand=None, game=None, out=None,
                 now_ms=0):
        self.base_rules = rules if rules is not None else Rules()
        self.next_rules = self.base_rules
        self.device_rules = False
        if names is None:
            names = ("NORTH", "EAST", "SOUTH", "WEST")
        if teams is None:
            teams = ("N-S", "E-W")
        if len(names) != 4 or len(teams) != 2:
            raise ValueError("Need four seat names and two team names")
        self.names = [clean(n, NAME_LENGTH) or _SEATS[i].encode() for i, n in enumerate(names)]
        self.teams = [clean(t, TEAM_LENGTH) or (b"N-S", b"E-W")[i] for i, t in enumerate(teams)]
        self.contrast = contrast
        self.flipped = bool(flipped)
        self.sleep_s = sleep_s
        # What settings.toml asked for: saved beside the device's own choice,
        # so an edit of settings.toml after that choice wins at the next start.
        self.settings_display = (contrast, sleep_s)
        self.awake = True
        self.tally = [0, 0]
        self.game_serial = 0
        self.prefs_serial = 0
        self._rand = rand
        self._out = out
        if game is None:
            game = Game(self.base_rules, dealer=self._random_seat(now_ms))
        self.game = game
        # The game replaced by New game / next game (rules, first dealer,
        # log, tally), kept so that Undo can bring it back while the new one
        # has no action yet.
        self._previous = None
        self._mode = _MAIN
        self._cursor = 0
        self._top = 0
        self._items = []
        self._pick = _PICK_RENEGE
        self._pending = [0, 0]  # Adjust score: points per team
        self._undo_pair = None  # (game, action count) after a two-team adjustment
        self._options = 0  # 0: rules, 1: display
        self._draft = None  # rules being edited
        self._display_changed = False  # display settings changed, not yet saved
        self._confirm = _M_NEW_GAME
        self._cancel_new = False  # the menu was opened on "who deals first?"
        self._banner_hand = None
        self._banner_since = 0
        self._message = None  # the text, upper case
        self._message_since = 0
        self._repeats = 0  # the same message said again: drawn a little differently
        self._last_said = None
        self._menu_flash = False
        self._notices = []
        self._last_press = now_ms
        self._shift = 0
        self._shift_since = now_ms
        self._out_buf = None
        self._stale = True

    # ----- what code.py and the tests use -----------------------------------

    @property
    def mode(self):
        """MAIN, QUICK, BANNER, MENU, ... (the main screen is ``main_screen``)."""
        return self._mode

    @property
    def main_screen(self):
        """"score", "hand" or "over": what the game itself shows."""
        if self.game.winner is not None:
            return "over"
        return "hand" if self.game.in_hand else "score"

    @property
    def screen_name(self):
        """The screen on view, for tests and the simulator."""
        if self._notices:
            return "notice"
        if self._mode == _MAIN:
            return self.main_screen
        return ("main", "quick", "banner", "menu", "pick", "adjust", "options",
                "stats", "history", "confirm")[self._mode]

    @property
    def previous(self):
        """The game New game replaced, for Undo while the new one has no
        action: (rules, first dealer, action bytes, tally N-S, tally E-W), or
        None. hw/storage.py saves it; code.py hands it back at power-up."""
        return self._previous

    @previous.setter
    def previous(self, kept):
        self._previous = kept

    @property
    def message(self):
        """The message on screen as one string, or None."""
        if self._notices:
            return self._notices[0]
        if self._message:
            return self._message
        return None

    def side_of(self, key):
        """Where seat key 0..3 is on the picture as it is read: MARK_N (top),
        MARK_E (right), MARK_S (bottom), MARK_W (left).

        The one owner of the flip's meaning for keys: the picture turns 180
        degrees (code.py turns the display when ``flipped`` changes), the
        keys stay where they are, so the N key is then at the bottom of the
        picture and the E key on its left. Every label and triangle beside a
        key is drawn at ``side_of(key)``; the list pages take their keys by
        where they are on the picture (``key_at``)."""
        return key ^ 2 if self.flipped else key

    def key_at(self, side):
        """The seat key beside ``side`` of the picture (the inverse of ``side_of``)."""
        return side ^ 2 if self.flipped else side

    def key_letter(self, side):
        """The letter printed on the key beside ``side`` of the picture."""
        return _SEATS[self.key_at(side)]

    def press(self, key, long, now_ms):
        """A short or long press of key 0..4 (N, E, S, W, OK)."""
        self._last_press = now_ms
        self._stale = True
        if not self.awake:
            # The press that wakes the display does nothing else.
            self.awake = True
            return
        if self._notices:
            # A message from the hardware stays until it has been seen.
            self._notices.pop(0)
            return
        if key == _KEY_OK and long:
            self._message = None
            menu.open_menu(self)
            return
        mode = self._mode
        if self._message and mode == _MAIN and self.main_screen == "over":
            # The message covers the screen's hint: this press only takes it
            # away, and starts no game the table has not seen offered.
            self._message = None
            return
        self._message = None
        if key < _KEY_OK and (mode == _MENU or _OPTIONS <= mode <= _HISTORY):
            # The list pages (menu, rules, display, stats, history) take the
            # seat keys by where they sit on the picture: the key at its top
            # moves up, at its right chooses, at its left goes back.
            key = self.side_of(key)
        if mode == _MAIN:
            screen_now = self.main_screen
            if screen_now == "score":
                play.press_score(self, key, long, now_ms)
            elif screen_now == "hand":
                play.press_hand(self, key, long, now_ms)
            else:
                over.press_over(self, key, now_ms)
        elif mode == _BANNER:
            self._mode = _MAIN
        elif mode == _QUICK:
            play.press_quick(self, key, now_ms)
        elif mode == _MENU:
            menu.press_menu(self, key, now_ms)
        elif mode == _PICK:
            import ui.pick
            ui.pick.press_pick(self, key, now_ms)
        elif mode == _ADJUST:
            import ui.pick
            ui.pick.press_adjust(self, key, now_ms)
        elif mode == _OPTIONS:
            # Rarely opened pages: compiled on the board only when first used.
            # This form of import allocates nothing once the module is
            # loaded ("from euchre_core import ..." does, on MicroPython).
            import ui.options
            ui.options.press_options(self, key, now_ms)
        elif mode in (_STATS, _HISTORY):
            import ui.records
            ui.records.press_list(self, key, now_ms)
        elif mode == _CONFIRM:
            import ui.pick
            ui.pick.press_confirm(self, key, now_ms)

    def tick(self, now_ms):
        """Time passes: banners and messages expire, the display sleeps."""
        if self._mode == _BANNER and ticks_diff(now_ms, self._banner_since) >= BANNER_MS:
            self._mode = _MAIN
            self._stale = True
        if self._message and ticks_diff(now_ms, self._message_since) >= MESSAGE_MS:
            self._message = None
            self._stale = True
        if (self.awake and self.sleep_s
                and ticks_diff(now_ms, self._last_press) >= self.sleep_s * 1000
                and not self._notices):
            self.awake = False
        if ticks_diff(now_ms, self._shift_since) >= SHIFT_MS:
            self._shift_since = now_ms
            self._shift = (self._shift + 1) % len(SHIFTS)
            # The score screen moves, and the banner's bottom lines with it.
            if self._mode == _BANNER or self._mode == _MAIN and self.main_screen == "score":
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

        Returns 0xFF (every page may have changed) when it drew, 0 when it
        did not (nothing changed, or the display sleeps). The display then
        compares the pages with what its glass shows and sends only the
        columns that differ (hw/display.py), so nothing is compared twice."""
        if buf is not self._out_buf:
            self._out_buf = buf
            self._stale = True
        if not self._stale or not self.awake:
            return 0
        self._stale = False
        self._compose(buf)
        return 0xFF

    # ----- persistence ---------------------------------------------------------

    def prefs_bytes(self):
        """Display settings, match tally and rules, versioned, for the NVM."""
        # In a module of its own (see prefs.py), loaded when first needed.
        import ui.prefs
        return ui.prefs.prefs_bytes(self)

    def load_prefs(self, data):
        """Restore what ``prefs_bytes`` saved; ValueError (and no change) on
        anything else. Call before ``load_game``: the game replays under the
        rules saved here."""
        import ui.prefs
        ui.prefs.load_prefs(self, data)

    def load_game(self, data):
        """Resume a game saved by ``Game.to_bytes`` under the current game's
        rules; ValueError when it is not one."""
        self.game = Game.from_bytes(self.game.rules, data)
        self._mode = _MAIN
        self._stale = True

    def export_lines(self):
        """The game log as CSV lines for the USB serial console."""
        # Rarely used: loaded only when asked for, to keep the heap small.
        from ui.export import export_lines
        return export_lines(self)

    # ----- new games ----------------------------------------------------------

    def _random_seat(self, now_ms):
        if self._rand is not None:
            return self._rand() % 4
        return now_ms % 4

    def _start_game(self, dealer, finished=False, reset_match=False):
        old = self.game
        # Kept as its log, replayed if Undo brings it back: the Game itself
        # would keep its history and undo marks in the heap (1.5 KiB on x86-64).
        self._previous = (old.rules, old.start_dealer, old.codes, self.tally[0], self.tally[1])
        if reset_match:
            self.tally = [0, 0]
        elif finished and old.winner is not None:
            self.tally[old.winner] += 1
        self.game = Game(self.next_rules, dealer=dealer)
        self.game_serial += 1
        self.prefs_serial += 1
        self._mode = _MAIN

    # ----- actions, results, messages -----------------------------------------

    def _act(self, now_ms, action, *args):
        """Run one game action; show the refusal, or the result banner when
        the action scored a hand."""
        game = self.game
        hands = game.hand_count
        try:
            action(*args)
        except ValueError as err:
            self._say(self._with_names(str(err)), now_ms)
            return False
        if game.hand_count > hands:
            self._banner_hand = game.last_hand
            self._banner_since = now_ms
            self._mode = _BANNER
        return True

    def _with_names(self, text):
        """The engine names seats by letter ("E sits out"); say who."""
        words = text.split(" ")
        for i in range(len(words)):
            word = words[i]
            letter = word[:1]
            if letter and letter in _SEATS and (len(word) == 1 or word[1:] in (":", ",", ".")):
                words[i] = self.names[_SEATS.index(letter)].decode() + word[1:]
        return " ".join(words)

    def _say(self, text, now_ms):
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
        if len(rest) == 1 and rest in _SEATS:
            return word + " " + self.names[_SEATS.index(rest)].decode()
        if words[0] == "J":
            return word + " " + self.teams[int(rest[0])].decode() + " " + rest[1:]
        if words[0] == "F":
            return word + " " + rest + "-" + str(5 - int(rest))
        if words[0] == "Q":
            # A quick result: the kind is known, not the tricks.
            return word + " " + ("EUCHRED", "MADE", "MARCH")[int(rest) // 3 + int(rest) // 5]
        return word

    # ----- drawing -----------------------------------------------------------------

    def _compose(self, buf):
        screen.clear(buf)
        if self._notices:
            self._draw_message(buf, screen.wrap(self._notices[0].upper(), _NOTICE_LINES),
                               True)
            return
        mode = self._mode
        if mode == _MAIN:
            main = self.main_screen
            if main == "score":
                play.draw_score(self, buf)
            elif main == "hand":
                play.draw_hand(self, buf)
            else:
                over.draw_over(self, buf)
        elif mode == _BANNER:
            play.draw_banner(self, buf)
        elif mode == _QUICK:
            play.draw_quick(self, buf)
        elif mode == _MENU:
            menu.draw_menu(self, buf)
        elif mode == _PICK:
            import ui.pick
            ui.pick.draw_pick(self, buf)
        elif mode == _ADJUST:
            import ui.pick
            ui.pick.draw_adjust(self, buf)
        elif mode == _OPTIONS:
            import ui.options
            ui.options.draw_options(self, buf)
        elif mode == _STATS:
            import ui.records
            ui.records.draw_stats(self, buf)
        elif mode == _HISTORY:
            import ui.records
            ui.records.draw_history(self, buf)
        elif mode == _CONFIRM:
            import ui.pick
            ui.pick.draw_confirm(self, buf)
        if self._message:
            if mode == _MAIN and self.main_screen == "score":
                south = self.side_of(self.game.dealer) == _KEY_S
                lines = screen.wrap(self._message, _BAND_LINES_S if south else _BAND_LINES)
                if " ".join(lines) == " ".join(self._message.split()):
                    self._draw_band(buf, lines)
                else:
                    # Too long for the band: the box, over the digits for a moment.
                    self._draw_message(buf, screen.wrap(self._message, _BOX_LINES), False)
            else:
                self._draw_message(buf, screen.wrap(self._message, _BOX_LINES), False)

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
            screen.marker(buf, self.side_of(self.game.dealer), SHIFTS[self._shift])

    def _draw_message(self, buf, lines, notice):
        """A box over the middle of the screen (all of it for a notice)."""
        count = len(lines)
        if notice:
            screen.label_center(buf, 0, "MESSAGE")
            top = 2
            screen.clear_pages(buf, 2, 7)
            for i in range(count):
                screen.text_center(buf, top + i, lines[i])
            screen.text_center(buf, 7, "ANY KEY: OK")
            return
        # A framed box as tall as its lines (pages 3..), a few dark rows
        # inside its frame above and below them; the edge markers stay in
        # sight. Said again, the frame is drawn twice as thick.
        last = 2 + count
        screen.clear_box(buf, 4, 124, 2, last + 1)
        screen.outline(buf, 4, 124, 20, last * 8 + 11, 1 + (self._repeats & 1))
        for i in range(count):
            screen.text_center(buf, 3 + i, lines[i], 4, 124)
