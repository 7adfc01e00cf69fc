"""The table UI: five keys in, a 128x64 frame out.

``Table`` is the whole scorekeeper as the players see it, without hardware
and without a clock: code.py (or the simulator, or a test) feeds it presses
and ticks with the time in milliseconds, asks it to ``render`` into the
display buffer, and sends only the pages it reports as changed.

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

Messages (a refused action, "UNDONE: ...") last 3.5 s or until the next
press; on the score screen they take the bottom band so the big digits and
the dealer marker stay in sight, elsewhere a box in the middle. A notice from
the hardware fills the screen until a key is pressed.

Rules changed on the device apply at once while the game has no action yet,
and otherwise from the next game (a game is always scored under one set of
rules, so its log replays exactly). They are saved, and win over
settings.toml until "From settings" is chosen in the Rules menu.

Pure Python: runs unchanged on CPython, MicroPython and CircuitPython.
"""

from micropython import const

from euchre_core import screen
from euchre_core.game import Game, action_text
from euchre_core.presses import ticks_diff
from euchre_core.rules import FIELDS, Rules, score_hand

KEY_N = const(0)
KEY_E = const(1)
KEY_S = const(2)
KEY_W = const(3)
KEY_OK = const(4)

# What the screen shows. The main screen (score, hand or game over) follows
# from the game itself; the others are layered on top of it.
MAIN = const(0)
QUICK = const(1)
BANNER = const(2)
MENU = const(3)
PICK = const(4)
ADJUST = const(5)
OPTIONS = const(6)
STATS = const(7)
HISTORY = const(8)
CONFIRM = const(9)

# What a seat picked on the PICK screen is for.
PICK_RENEGE = const(0)
PICK_REST = const(1)
PICK_DEALER = const(2)
PICK_NEW_GAME = const(3)

# Menu entries.
M_UNDO = const(0)
M_RENEGE = const(1)
M_REST = const(2)
M_ADJUST = const(3)
M_DEALER = const(4)
M_RULES = const(5)
M_STATS = const(6)
M_HISTORY = const(7)
M_DISPLAY = const(8)
M_EXPORT = const(9)
M_NEW_GAME = const(10)
M_RESET = const(11)
_MENU_LABELS = ("UNDO", "RENEGE", "REST OF TRICKS", "ADJUST SCORE", "SET DEALER",
                "RULES", "STATS", "HISTORY", "DISPLAY", "EXPORT TO USB",
                "NEW GAME", "RESET MATCH")

BANNER_MS = const(3000)
MESSAGE_MS = const(3500)
SHIFT_MS = const(60000)  # burn-in: move the score screen this often
# Horizontal offsets the score screen cycles through against burn-in.
_SHIFTS = (0, 1, 2, 1)

CONTRAST_LEVELS = (1, 32, 96, 160, 255)
SLEEP_CHOICES = (0, 60, 120, 300, 600, 1800)  # seconds; 0 = never

_PREFS_MAGIC = const(0x50)  # "P"
_PREFS_VERSION = const(1)
_FLAG_FLIPPED = const(1)
_FLAG_DEVICE_RULES = const(2)

_RULE_LABELS = {
    "target": "TARGET",
    "win_by_two": "WIN BY TWO",
    "defender_alone": "DEFEND ALONE",
    "loner_euchred_points": "LONER SET",
    "lone_march_points": "LONE MARCH",
    "renege_points": "RENEGE",
    "renege_alone_points": "RENEGE ALONE",
    "stick_the_dealer": "STICK DEALER",
    "lead": "FIRST LEAD",
}
_VALUE_LABELS = {
    "4": "4 PTS", "2_4": "2 OR 4", "off": "NO",
    "loner_left": "LONER+1", "dealer_left": "DEALER+1",
}
_KIND_WORDS = {
    "made": "MADE", "march": "MARCH", "lone_march": "LONER",
    "euchre": "EUCHRED", "lone_defense": "EUCHRED", "renege": "RENEGE",
}
_ACTION_WORDS = {
    "C": "CALL", "A": "ALONE", "D": "DEF ALONE", "T": "TRICK", "P": "PASS",
    "R": "RENEGE", "J": "ADJUST", "X": "DEALER", "F": "RESULT",
}
_SEATS = "NESW"
# Line widths of messages: in a box over the middle, in the score screen's
# bottom band (a full line, then two halves around the S marker), and for a
# notice filling the screen.
_BOX_LINES = (19, 19, 19)
_BAND_LINES = (21, 21)
_BAND_LINES_S = (21, 9, 9)
_NOTICE_LINES = (21, 21, 21, 21, 21)


def _clean(name, limit):
    """Upper case, drawable, at most ``limit`` characters, as bytes."""
    name = str(name).upper().strip()
    out = bytearray()
    for char in name[:limit]:
        code = ord(char)
        out.append(code if 32 <= code < 96 else 63)
    return bytes(out)


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
        self.names = [_clean(n, 10) or _SEATS[i].encode() for i, n in enumerate(names)]
        self.teams = [_clean(t, 9) or (b"N-S", b"E-W")[i] for i, t in enumerate(teams)]
        self.contrast = contrast
        self.flipped = bool(flipped)
        self.sleep_s = sleep_s
        self.awake = True
        self.tally = [0, 0]
        self.game_serial = 0
        self.prefs_serial = 0
        self._rand = rand
        self._out = out
        if game is None:
            game = Game(self.base_rules, dealer=self._random_seat(now_ms))
        self.game = game
        # The game replaced by New game / next game, kept so that Undo can
        # bring it back while the new one has no action yet.
        self._previous = None
        self._mode = MAIN
        self._cursor = 0
        self._top = 0
        self._items = []
        self._pick = PICK_RENEGE
        self._pending = [0, 0]  # Adjust score: points per team
        self._undo_pair = None  # (game, action count) after a two-team adjustment
        self._options = 0  # 0: rules, 1: display
        self._draft = None  # rules being edited
        self._display_changed = False  # display settings changed, not yet saved
        self._confirm = M_NEW_GAME
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
        self._work = bytearray(screen.FRAME)
        self._work_pages = [memoryview(self._work)[p * 128:(p + 1) * 128]
                            for p in range(8)]
        self._out_buf = None
        self._out_pages = None
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
        if self._mode == MAIN:
            return self.main_screen
        return ("main", "quick", "banner", "menu", "pick", "adjust", "options",
                "stats", "history", "confirm")[self._mode]

    @property
    def message(self):
        """The message on screen as one string, or None."""
        if self._notices:
            return self._notices[0]
        if self._message:
            return self._message
        return None

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
        self._message = None
        if key == KEY_OK and long:
            self._open_menu()
            return
        mode = self._mode
        if mode == MAIN:
            screen_now = self.main_screen
            if screen_now == "score":
                self._press_score(key, long, now_ms)
            elif screen_now == "hand":
                self._press_hand(key, long, now_ms)
            else:
                self._press_over(key, now_ms)
        elif mode == BANNER:
            self._mode = MAIN
        elif mode == QUICK:
            self._press_quick(key, now_ms)
        elif mode == MENU:
            self._press_menu(key, now_ms)
        elif mode == PICK:
            self._press_pick(key, now_ms)
        elif mode == ADJUST:
            self._press_adjust(key, now_ms)
        elif mode == OPTIONS:
            self._press_options(key, now_ms)
        elif mode in (STATS, HISTORY):
            self._press_list(key, now_ms)
        elif mode == CONFIRM:
            self._press_confirm(key, now_ms)

    def tick(self, now_ms):
        """Time passes: banners and messages expire, the display sleeps."""
        if self._mode == BANNER and ticks_diff(now_ms, self._banner_since) >= BANNER_MS:
            self._mode = MAIN
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
            self._shift = (self._shift + 1) % len(_SHIFTS)
            if self._mode == MAIN and self.main_screen == "score":
                self._stale = True

    def notice(self, text, now_ms):
        """A message from the hardware (stuck key, bad settings, damaged
        memory): shown until the next press, which does nothing else."""
        self._notices.append(str(text))
        self.awake = True
        self._last_press = now_ms
        self._stale = True

    def render(self, buf, spans=None):
        """Bring ``buf`` (1024 bytes, SSD1306 page order) up to date.

        Returns a bit mask of the pages that changed (bit p = page p), 0 when
        nothing did, so the display sends only those pages. With ``spans``
        (a bytearray of 16), also the columns that changed: for a changed
        page p, columns ``spans[2p]`` up to (not including) ``spans[2p + 1]``,
        so a display driver can send only those columns of each page."""
        if buf is not self._out_buf:
            self._out_buf = buf
            view = memoryview(buf)
            self._out_pages = [view[p * 128:(p + 1) * 128] for p in range(8)]
            self._stale = True
        if not self._stale or not self.awake:
            return 0
        self._stale = False
        self._compose(self._work)
        changed = 0
        work_pages = self._work_pages
        out_pages = self._out_pages
        for page in range(8):
            new = work_pages[page]
            old = out_pages[page]
            if new != old:
                if spans is not None:
                    # Byte by byte from each end: a change usually starts
                    # and ends within a few columns of the edges it touches,
                    # and this allocates nothing.
                    first = 0
                    while new[first] == old[first]:
                        first += 1
                    last = 127
                    while new[last] == old[last]:
                        last -= 1
                    spans[2 * page] = first
                    spans[2 * page + 1] = last + 1
                old[:] = new
                changed |= 1 << page
        return changed

    # ----- persistence ---------------------------------------------------------

    def prefs_bytes(self):
        """Display settings, match tally and rules, versioned, for the NVM."""
        game_rules = self.game.rules.to_bytes()
        next_rules = self.next_rules.to_bytes()
        flags = (_FLAG_FLIPPED if self.flipped else 0) | (
            _FLAG_DEVICE_RULES if self.device_rules else 0)
        head = bytes((_PREFS_MAGIC, _PREFS_VERSION, self.contrast & 0xFF, flags,
                      min(self.sleep_s, 0xFFFF) >> 8, min(self.sleep_s, 0xFFFF) & 0xFF,
                      min(self.tally[0], 255), min(self.tally[1], 255),
                      len(game_rules)))
        return head + game_rules + bytes((len(next_rules),)) + next_rules

    def load_prefs(self, data):
        """Restore what ``prefs_bytes`` saved; ValueError (and no change) on
        anything else. Call before ``load_game``: the game replays under the
        rules saved here."""
        data = bytes(data)
        if len(data) < 10 or data[0] != _PREFS_MAGIC:
            raise ValueError("Saved settings are not this scorekeeper's")
        if data[1] != _PREFS_VERSION:
            raise ValueError("Saved settings have version " + str(data[1])
                             + "; this firmware reads version " + str(_PREFS_VERSION))
        size = data[8]
        if len(data) < 10 + size or len(data) != 10 + size + data[9 + size]:
            raise ValueError("Saved settings are truncated")
        game_rules = Rules.from_bytes(data[9:9 + size])
        next_rules = Rules.from_bytes(data[10 + size:])
        self.contrast = data[2]
        self.flipped = bool(data[3] & _FLAG_FLIPPED)
        self.device_rules = bool(data[3] & _FLAG_DEVICE_RULES)
        self.sleep_s = data[4] << 8 | data[5]
        self.tally = [data[6], data[7]]
        self.next_rules = next_rules if self.device_rules else self.base_rules
        if self.game.action_count == 0 and self.game.rules != game_rules:
            self.game = Game(game_rules, dealer=self.game.start_dealer)
        self._stale = True

    def load_game(self, data):
        """Resume a game saved by ``Game.to_bytes`` under the current game's
        rules; ValueError when it is not one."""
        self.game = Game.from_bytes(self.game.rules, data)
        self._mode = MAIN
        self._stale = True

    def export_lines(self):
        """The game log as CSV lines for the USB serial console."""
        # Rarely used: loaded only when asked for, to keep the heap small.
        from euchre_core.ui_export import export_lines
        return export_lines(self)

    # ----- the score screen -------------------------------------------------

    def _press_score(self, key, long, now_ms):
        game = self.game
        if key == KEY_OK:
            refusal = game.pass_refusal()
            if refusal and game.rules.stick_the_dealer:
                # Said short enough for the score screen's bottom band.
                self._say("STICK THE DEALER: " + self.names[game.dealer].decode() + " CALLS",
                          now_ms)
                return
            if refusal:
                self._say(self._with_names(refusal), now_ms)
                return
            # The marker and the dealer's name move: that is the feedback.
            game.pass_deal()
            return
        self._act(now_ms, game.call, key, long)

    # ----- the hand screen ---------------------------------------------------

    def _press_hand(self, key, long, now_ms):
        game = self.game
        if key == KEY_OK:
            self._mode = QUICK
            return
        if not long:
            self._act(now_ms, game.trick, key)
            return
        if key % 2 != game.makers:
            self._act(now_ms, game.defend_alone, key)
            return
        # A maker decides to go alone after the call: take the call back and
        # make it again as a lone call, while that is still the last action.
        if game.lone_seat is not None:
            self._say(self.names[game.lone_seat].decode() + " IS ALREADY ALONE", now_ms)
        elif action_text(game.codes[-1])[0] != "C":
            self._say("Too late: going alone is before the first trick", now_ms)
        else:
            game.undo()
            self._act(now_ms, game.call, key, True)

    # ----- quick result -------------------------------------------------------

    def _quick_choices(self):
        """Per seat key: (makers' tricks to finish with, label) or None."""
        game = self.game
        makers_have = game.tricks[game.makers]
        lone_d = game.lone_defender is not None
        split = lone_d and game.rules.defender_alone == "2_4"
        made = (max(makers_have, 3), "MADE 3-4")
        march = (5, "MARCH 5")
        if split:
            euchred = (max(makers_have, 1), "SET 3-4")
            swept = (0, "SET 5")
            return (made, march, euchred, swept)
        return (made, march, (min(makers_have, 2), "EUCHRED"), None)

    def _quick_points(self, tricks):
        game = self.game
        scored = score_hand(game.rules, tricks, game.lone_seat is not None,
                            game.lone_defender is not None)
        return "+" + str(scored[1])

    def _press_quick(self, key, now_ms):
        if key == KEY_OK:
            self._mode = MAIN
            return
        choice = self._quick_choices()[key]
        if choice is None:
            self._mode = MAIN
            return
        self._mode = MAIN
        self._act(now_ms, self.game.finish, choice[0])

    # ----- game over ----------------------------------------------------------

    def _press_over(self, key, now_ms):
        dealer = key if key != KEY_OK else self._random_seat(now_ms)
        self._start_game(dealer, finished=True)
        self._say(self.names[dealer].decode() + " DEALS FIRST", now_ms)

    def _random_seat(self, now_ms):
        if self._rand is not None:
            return self._rand() % 4
        return now_ms % 4

    def _start_game(self, dealer, finished=False, reset_match=False):
        old = self.game
        self._previous = (old, self.tally[0], self.tally[1])
        if reset_match:
            self.tally = [0, 0]
        elif finished and old.winner is not None:
            self.tally[old.winner] += 1
        self.game = Game(self.next_rules, dealer=dealer)
        self.game_serial += 1
        self.prefs_serial += 1
        self._mode = MAIN

    # ----- actions, results, messages -----------------------------------------

    def _act(self, now_ms, action, *args):
        """Run one game action; show the refusal, or the result banner when
        the action scored a hand."""
        game = self.game
        last = game.last_hand
        number = last.number if last is not None else 0
        try:
            action(*args)
        except ValueError as err:
            self._say(self._with_names(str(err)), now_ms)
            return False
        hand = game.last_hand
        if hand is not None and hand.number != number:
            self._banner_hand = hand
            self._banner_since = now_ms
            self._mode = BANNER
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
        return word

    # ----- the menu -------------------------------------------------------------

    def _open_menu(self):
        if self._display_changed:
            # Display settings are live; leaving their page saves them.
            self._display_changed = False
            self.prefs_serial += 1
        # Held again while the menu shows: its title blinks, as feedback.
        self._menu_flash = self._mode == MENU and not self._menu_flash
        items = [M_UNDO]
        if self.game.in_hand:
            items.append(M_RENEGE)
            items.append(M_REST)
        items.append(M_ADJUST)
        if not self.game.in_hand and self.game.winner is None:
            items.append(M_DEALER)
        for item in (M_RULES, M_STATS, M_HISTORY, M_DISPLAY, M_EXPORT, M_NEW_GAME,
                     M_RESET):
            items.append(item)
        self._items = items
        self._cursor = 0
        self._top = 0
        self._mode = MENU

    def _undo_label(self):
        if self.game.action_count:
            return "UNDO " + self.describe(self.game.codes[-1])
        if self._previous is not None:
            return "UNDO NEW GAME"
        return "UNDO (NOTHING)"

    def _press_menu(self, key, now_ms):
        if key == KEY_N or key == KEY_S:
            step = 1 if key == KEY_S else -1
            self._cursor = (self._cursor + step) % len(self._items)
            return
        if key == KEY_W:
            self._mode = MAIN
            return
        item = self._items[self._cursor]
        self._mode = MAIN
        if item == M_UNDO:
            self._undo(now_ms)
        elif item == M_RENEGE:
            self._open_pick(PICK_RENEGE)
        elif item == M_REST:
            self._open_pick(PICK_REST)
        elif item == M_DEALER:
            self._open_pick(PICK_DEALER)
        elif item == M_ADJUST:
            self._pending = [0, 0]
            self._mode = ADJUST
        elif item == M_RULES:
            self._options = 0
            self._draft = self.next_rules
            self._cursor = 0
            self._top = 0
            self._mode = OPTIONS
        elif item == M_DISPLAY:
            self._options = 1
            self._cursor = 0
            self._top = 0
            self._mode = OPTIONS
        elif item == M_STATS:
            self._mode = STATS
        elif item == M_HISTORY:
            self._top = max(0, len(self.game.history()) - 7)
            self._mode = HISTORY
        elif item == M_EXPORT:
            lines = self.export_lines()
            out = self._out if self._out is not None else print
            for line in lines:
                out(line)
            self._say("SENT TO USB SERIAL: " + str(len(lines)) + " LINES", now_ms)
        elif item == M_NEW_GAME or item == M_RESET:
            self._confirm = item
            self._mode = CONFIRM

    def _undo(self, now_ms):
        game = self.game
        if game.action_count:
            what = self.describe(game.codes[-1])
            if self._undo_pair == (game, game.action_count):
                game.undo()
                what = "ADJUST SCORE"
            self._undo_pair = None
            game.undo()
            self._say("UNDONE: " + what, now_ms)
        elif self._previous is not None:
            self.game, self.tally[0], self.tally[1] = self._previous
            self._previous = None
            self.game_serial += 1
            self.prefs_serial += 1
            self._say("UNDONE: NEW GAME", now_ms)
        else:
            self._say("NOTHING TO UNDO", now_ms)

    # ----- seat pickers ------------------------------------------------------------

    def _open_pick(self, purpose):
        self._pick = purpose
        self._mode = PICK

    def _press_pick(self, key, now_ms):
        purpose = self._pick
        if key == KEY_OK:
            if purpose == PICK_NEW_GAME:
                key = self._random_seat(now_ms)
            else:
                self._mode = MAIN
                return
        self._mode = MAIN
        game = self.game
        if purpose == PICK_RENEGE:
            self._act(now_ms, game.renege, key)
        elif purpose == PICK_DEALER:
            if self._act(now_ms, game.set_dealer, key):
                self._say(self.names[key].decode() + " DEALS", now_ms)
        elif purpose == PICK_REST:
            defenders_have = game.tricks[1 - game.makers]
            if key % 2 == game.makers:
                self._act(now_ms, game.finish, 5 - defenders_have)
            else:
                self._act(now_ms, game.finish, game.tricks[game.makers])
        else:
            self._start_game(key, reset_match=self._confirm == M_RESET)
            self._say(self.names[key].decode() + " DEALS FIRST", now_ms)

    # ----- adjust score -----------------------------------------------------------

    def _press_adjust(self, key, now_ms):
        pending = self._pending
        if key == KEY_OK:
            self._mode = MAIN
            game = self.game
            done = 0
            for team in (0, 1):
                if pending[team]:
                    if not self._act(now_ms, game.adjust, team, pending[team]):
                        break
                    done += 1
            if done == 2:
                # Both teams changed in one go: one Undo takes back both.
                self._undo_pair = (game, game.action_count)
            return
        team = key % 2
        step = 1 if key < 2 else -1
        value = pending[team] + step
        if -8 <= value <= 8 and self.game.scores[team] + value >= 0:
            pending[team] = value
        else:
            self._say("That is as far as it goes", now_ms)

    # ----- rules and display options ---------------------------------------------

    def _option_rows(self):
        """(label, value text) per row of the options screen."""
        rows = []
        if self._options == 0:
            draft = self._draft
            for name, _, _ in FIELDS:
                value = getattr(draft, name)
                if value is True:
                    shown = "ON"
                elif value is False:
                    shown = "OFF"
                else:
                    shown = _VALUE_LABELS.get(value, str(value))
                rows.append((_RULE_LABELS.get(name, name.upper()), shown))
            rows.append(("FROM SETTINGS", ""))
        else:
            level = 1
            for i in range(len(CONTRAST_LEVELS)):
                if self.contrast >= CONTRAST_LEVELS[i]:
                    level = i + 1
            rows.append(("BRIGHTNESS", str(level) + "/" + str(len(CONTRAST_LEVELS))))
            rows.append(("FLIP 180", "ON" if self.flipped else "OFF"))
            sleep = self.sleep_s
            if not sleep:
                shown = "NEVER"
            elif sleep % 60:
                shown = str(sleep) + " S"
            else:
                shown = str(sleep // 60) + " MIN"
            rows.append(("SLEEP AFTER", shown))
        return rows

    def _press_options(self, key, now_ms):
        count = len(self._option_rows())
        if key == KEY_N or key == KEY_S:
            step = 1 if key == KEY_S else -1
            self._cursor = (self._cursor + step) % count
            return
        if key == KEY_W:
            if self._options == 0:
                self._save_rules(now_ms)
            elif self._display_changed:
                # Saved once on leaving, not at every step: each save of the
                # preferences costs a flash erase.
                self._display_changed = False
                self.prefs_serial += 1
            self._mode = MAIN
            return
        if self._options == 0:
            self._change_rule(self._cursor)
            if self._cursor >= len(FIELDS):
                self._say("AS IN SETTINGS.TOML (W SAVES)", now_ms)
        else:
            self._change_display(self._cursor)

    def _change_rule(self, row):
        if row >= len(FIELDS):
            self._draft = self.base_rules
            return
        name, _, choices = FIELDS[row]
        value = getattr(self._draft, name)
        if value in choices:
            value = choices[(choices.index(value) + 1) % len(choices)]
        else:
            value = choices[0]
        options = {name: value}
        self._draft = self._draft.replace(**options)

    def _save_rules(self, now_ms):
        draft = self._draft
        if draft == self.next_rules:
            return
        self.next_rules = draft
        self.device_rules = draft != self.base_rules
        self.prefs_serial += 1
        game = self.game
        if game.action_count == 0:
            self.game = Game(draft, dealer=game.start_dealer)
            self.game_serial += 1
            self._say("RULES SAVED", now_ms)
        else:
            self._say("RULES SAVED FOR THE NEXT GAME", now_ms)

    def _change_display(self, row):
        if row == 0:
            value = CONTRAST_LEVELS[0]
            for level in CONTRAST_LEVELS:
                if level > self.contrast:
                    value = level
                    break
            self.contrast = value
        elif row == 1:
            self.flipped = not self.flipped
        else:
            value = SLEEP_CHOICES[0]
            for choice in SLEEP_CHOICES:
                if choice > self.sleep_s:
                    value = choice
                    break
            self.sleep_s = value
        self._display_changed = True

    # ----- stats, history, confirm -------------------------------------------------

    def _press_list(self, key, now_ms):
        if self._mode == HISTORY and (key == KEY_N or key == KEY_S):
            last = max(0, len(self.game.history()) - 7)
            top = min(last, max(0, self._top + (1 if key == KEY_S else -1)))
            if top == self._top:
                self._say("NO MORE HANDS THAT WAY", now_ms)
            self._top = top
            return
        # Stats do not scroll: any key goes back to the game.
        self._mode = MAIN

    def _press_confirm(self, key, now_ms):
        if key == KEY_E or key == KEY_OK:
            self._open_pick(PICK_NEW_GAME)
        else:
            self._mode = MAIN

    # ----- drawing -----------------------------------------------------------------

    def _compose(self, buf):
        screen.clear(buf)
        if self._notices:
            self._draw_message(buf, screen.wrap(self._notices[0].upper(), _NOTICE_LINES),
                               True)
            return
        mode = self._mode
        if mode == MAIN:
            main = self.main_screen
            if main == "score":
                self._draw_score(buf)
            elif main == "hand":
                self._draw_hand(buf)
            else:
                self._draw_over(buf)
        elif mode == BANNER:
            self._draw_banner(buf)
        elif mode == QUICK:
            self._draw_quick(buf)
        elif mode == MENU:
            self._draw_menu(buf)
        elif mode == PICK:
            self._draw_pick(buf)
        elif mode == ADJUST:
            self._draw_adjust(buf)
        elif mode == OPTIONS:
            self._draw_options(buf)
        elif mode == STATS:
            self._draw_stats(buf)
        elif mode == HISTORY:
            self._draw_history(buf)
        elif mode == CONFIRM:
            self._draw_confirm(buf)
        if self._message:
            if mode == MAIN and self.main_screen == "score":
                south = self.game.dealer == KEY_S
                lines = screen.wrap(self._message, _BAND_LINES_S if south else _BAND_LINES)
                if " ".join(lines) == " ".join(self._message.split()):
                    self._draw_band(buf, lines)
                else:
                    # Too long for the band: the box, over the digits for a moment.
                    self._draw_message(buf, screen.wrap(self._message, _BOX_LINES), False)
            else:
                self._draw_message(buf, screen.wrap(self._message, _BOX_LINES), False)

    def _draw_band(self, buf, lines):
        """A message on the score screen: in lit bars over its two bottom
        lines, so the big digits and every marker stay in sight."""
        screen.clear_pages(buf, 6, 7)
        lit = not self._repeats & 1
        screen.text_center(buf, 6, lines[0], 0, 128, lit)
        if len(lines) == 2:
            screen.text_center(buf, 7, lines[1], 0, 128, lit)
        elif len(lines) == 3:
            # The dealer is S: the S marker keeps the middle of the last line.
            screen.text_center(buf, 7, lines[1], 1, 58, lit)
            screen.text_center(buf, 7, lines[2], 70, 127, lit)
        screen.marker(buf, self.game.dealer, _SHIFTS[self._shift])

    def _draw_message(self, buf, lines, notice):
        """A box over the lower part of the screen (all of it for a notice)."""
        count = len(lines)
        if notice:
            screen.text_center(buf, 0, "MESSAGE", inverse=True)
            top = 2
            screen.clear_pages(buf, 1, 7)
            for i in range(count):
                screen.text_center(buf, top + i, lines[i])
            screen.text_center(buf, 7, "ANY KEY: OK")
            return
        # A framed box over the middle, leaving the edge markers in sight.
        screen.clear_box(buf, 4, 124, 2, 5)
        screen.box(buf, 4, 124, 2, 5, False)
        if self._repeats & 1:
            screen.box(buf, 5, 123, 2, 5, False)
        for i in range(count):
            screen.text_center(buf, 3 + i, lines[i], 4, 124)

    def _draw_score(self, buf):
        game = self.game
        dx = _SHIFTS[self._shift]
        scores = game.scores
        screen.text(buf, 2 + dx, 0, self.teams[0])
        screen.text_right(buf, 126 + dx - 2, 0, self.teams[1])
        for team in (0, 1):
            centre = (32 if team == 0 else 96) + dx - 1
            if scores[team] < 100:
                screen.big_number(buf, centre, 1, scores[team])
            else:
                screen.text_center(buf, 3, str(scores[team]), centre - 30, centre + 30)
        screen.fill(buf, 60 + dx, 68 + dx, 3, 0x18)
        dealer = game.dealer
        screen.text_center(buf, 6, self.names[dealer] + b" DEALS", 4 + dx, 124 + dx)
        rules = game.rules
        screen.text(buf, 2 + dx, 7, "TO " + str(rules.target)
                    + (" BY 2" if rules.win_by_two else ""))
        screen.text_right(buf, 124 + dx, 7, "MATCH " + str(self.tally[0]) + "-"
                          + str(self.tally[1]))
        screen.marker(buf, dealer, dx)

    def _draw_hand(self, buf):
        game = self.game
        makers = game.makers
        tricks = game.tricks
        scores = game.scores
        for team in (0, 1):
            left = 6 if team == 0 else 70
            # Name and score stay clear of the N marker in the middle.
            if team == 0:
                screen.text(buf, 2, 0, self.teams[0][:6] + b" " + str(scores[0]).encode())
            else:
                screen.text_right(buf, 126, 0, str(scores[1]).encode() + b" "
                                  + self.teams[1][:6])
            role = "MAKERS" if team == makers else "DEFEND"
            screen.text(buf, left, 1, role)
            for pip in range(5):
                x = left + pip * 11
                screen.pip(buf, x, 2, pip < tricks[team])
            lone = game.lone_seat if team == makers else game.lone_defender
            if lone is not None:
                tag = self.names[lone][:3] + b" ALONE"
                if team == 0:
                    screen.text(buf, left, 4, tag, True)
                else:
                    screen.text_right(buf, 121, 4, tag, True)
        screen.text_center(buf, 5, self.names[game.caller] + b" CALLED", 6, 122)
        leader = game.leader
        screen.text_center(buf, 6, self.names[leader] + b" LEADS", 6, 122)
        # Page 7 stays the same from trick to trick: one page less to send.
        screen.text(buf, 2, 7, "TO " + str(game.rules.target))
        screen.text_right(buf, 126, 7, "OK:RESULT")
        screen.marker(buf, leader)

    def _draw_banner(self, buf):
        hand = self._banner_hand
        game = self.game
        word = _KIND_WORDS.get(hand.kind, hand.kind.upper())
        screen.text_center(buf, 0, self.teams[hand.scorer] + b" SCORE", inverse=True)
        screen.text2_center(buf, 2, word + " +" + str(hand.points))
        if hand.kind == "lone_defense":
            detail = self.names[hand.lone_defender] + b" DEF. ALONE"
        elif hand.kind == "renege" or hand.lone_seat is None:
            detail = (str(hand.tricks[hand.makers]) + " TRICKS TO "
                      + self.teams[hand.makers].decode()).encode()
        else:
            detail = self.names[hand.lone_seat] + b" WENT ALONE"
        if hand.kind == "renege":
            detail = b"PENALTY"
        screen.text_center(buf, 4, detail)
        scores = game.scores
        screen.text2_center(buf, 5, str(scores[0]) + "-" + str(scores[1]))
        if game.winner is None:
            screen.text_center(buf, 7, self.names[game.dealer] + b" DEALS NEXT")
        else:
            screen.text_center(buf, 7, "GAME OVER")

    def _draw_over(self, buf):
        game = self.game
        winner = game.winner
        name = self.teams[winner]
        if len(name) <= 5:
            screen.text2_center(buf, 0, name + b" WINS")
        else:
            screen.text2_center(buf, 0, name)
        scores = game.scores
        # The score, with the chart's legend: N-S thick line, E-W dotted.
        line = (self.teams[0][:5].decode() + " " + str(scores[0]) + "-" + str(scores[1])
                + " " + self.teams[1][:5].decode())
        width = screen.text_width(line) + (44 if game.skunk else 0)
        x = (128 - width) // 2
        screen.fill(buf, x - 8, x - 2, 2, 0x18)
        x = screen.text(buf, x, 2, line)
        for dot in range(x, x + 6, 2):
            screen.pixel(buf, dot, 19)
        if game.skunk:
            screen.text(buf, x + 9, 2, "SKUNK!", True)
        self._draw_chart(buf, 3, 6)
        tally = [self.tally[0], self.tally[1]]
        tally[winner] += 1
        screen.text(buf, 2, 7, "MATCH " + str(tally[0]) + "-" + str(tally[1]))
        screen.text_right(buf, 126, 7, "OK:NEXT")

    def _draw_chart(self, buf, page0, page1):
        """Both teams' scores after each hand: N-S solid, E-W dotted."""
        progress = self.game.progress()
        top = page0 * 8 + 1
        bottom = page1 * 8 + 7
        height = bottom - top
        peak = self.game.rules.target
        for pair in progress:
            peak = max(peak, pair[0], pair[1])
        steps = max(len(progress) - 1, 1)
        left = 14
        right = 124
        screen.text(buf, 2, page0, str(peak))
        screen.text(buf, 2, page1, "0")
        screen.vspan(buf, left - 2, top, bottom)
        screen.hline(buf, left - 2, right, bottom)
        screen.hline(buf, left, right, bottom - height * self.game.rules.target // peak, 4)
        # A staircase per team: the score only moves when a hand is scored.
        for team in (0, 1):
            step = 1 if team == 0 else 2
            prev_x = left
            prev_y = bottom
            for i in range(1, len(progress)):
                x = left + (right - left) * i // steps
                y = bottom - height * progress[i][team] // peak
                screen.hline(buf, prev_x, x, prev_y, step)
                if team == 0:
                    screen.hline(buf, prev_x, x, prev_y - 1)
                for py in range(min(prev_y, y), max(prev_y, y) + 1, step):
                    screen.pixel(buf, x, py)
                    if team == 0:
                        screen.pixel(buf, x + 1, py)
                prev_x = x
                prev_y = y

    def _soft_labels(self, buf, labels, prompt, hint):
        """Labels next to the seat keys: N on top, E right, S bottom, W left."""
        for seat in range(4):
            label = labels[seat]
            if not label:
                continue
            screen.marker(buf, seat)
            if seat == KEY_N:
                screen.text_center(buf, 1, label)
            elif seat == KEY_S:
                screen.text_center(buf, 6, label)
            else:
                # Long labels take two lines so the E and W labels never meet.
                cut = label.rfind(b" ") if len(label) > 8 else -1
                words = (label[:cut], label[cut + 1:]) if cut > 0 else (label,)
                for i in range(len(words)):
                    if seat == KEY_W:
                        screen.text(buf, 6, 3 + i, words[i])
                    else:
                        screen.text_right(buf, 122, 3 + i, words[i])
        screen.text_center(buf, 2, prompt)
        screen.text_center(buf, 5, hint)

    def _draw_quick(self, buf):
        game = self.game
        choices = self._quick_choices()
        labels = []
        for seat in range(4):
            choice = choices[seat]
            if choice is None:
                labels.append(b"BACK")
            else:
                labels.append((choice[1] + " " + self._quick_points(choice[0])).encode())
        makers = self.teams[game.makers]
        self._soft_labels(buf, labels, makers + b" TOOK?", "OK: BACK")

    def _draw_pick(self, buf):
        purpose = self._pick
        labels = self.names
        if purpose == PICK_RENEGE:
            prompt, hint = "WHO RENEGED?", "OK: BACK"
        elif purpose == PICK_REST:
            prompt, hint = "REST OF TRICKS TO?", "OK: BACK"
        elif purpose == PICK_DEALER:
            prompt, hint = "WHO DEALS?", "OK: BACK"
        else:
            prompt, hint = "WHO DEALS FIRST?", "OK: AT RANDOM"
        self._soft_labels(buf, labels, prompt, hint)

    def _draw_adjust(self, buf):
        pending = self._pending
        scores = self.game.scores
        teams = self.teams
        labels = (teams[0] + b" +1", teams[1] + b" +1", teams[0] + b" -1",
                  teams[1] + b" -1")
        self._soft_labels(buf, labels, b"", "OK: SAVE")
        # Each team's score as it will be, lit when it differs from now.
        for team in (0, 1):
            shown = teams[team][:4] + b" " + str(scores[team] + pending[team]).encode()
            screen.text_center(buf, 2, shown, team * 64, team * 64 + 64, pending[team] != 0)

    def _draw_list(self, buf, title, rows, cursor, hint):
        """A title bar and up to 7 rows of (label, value); ``cursor`` row
        inverted (None for none)."""
        screen.text(buf, 2, 0, title)
        screen.text_right(buf, 128, 0, hint)
        screen.hline(buf, 0, 128, 7, 2)
        count = len(rows)
        top = self._top
        if cursor is not None:
            if cursor < top:
                top = cursor
            elif cursor >= top + 7:
                top = cursor - 6
            self._top = top
        for line in range(min(7, count - top)):
            row = rows[top + line]
            selected = cursor == top + line
            if selected:
                screen.fill(buf, 0, 128, 1 + line)
            screen.text(buf, 3, 1 + line, row[0], selected)
            if row[1]:
                screen.text_right(buf, 125, 1 + line, row[1], selected)
        if top > 0:
            screen.marker(buf, screen.MARK_N)
        if top + 7 < count:
            screen.marker(buf, screen.MARK_S)

    def _draw_menu(self, buf):
        rows = []
        for item in self._items:
            if item == M_UNDO:
                rows.append((self._undo_label(), ""))
            else:
                rows.append((_MENU_LABELS[item], ""))
        self._draw_list(buf, "MENU", rows, self._cursor, "W:BACK")
        if self._menu_flash:
            screen.text(buf, 2, 0, "MENU", True)

    def _draw_options(self, buf):
        title = "RULES" if self._options == 0 else "DISPLAY"
        self._draw_list(buf, title, self._option_rows(), self._cursor, "E:SET W:OK")

    def _draw_stats(self, buf):
        stats = self.game.stats()
        screen.text(buf, 2, 0, "STATS")
        screen.text_right(buf, 126, 0, "W:BACK")
        screen.hline(buf, 0, 128, 7, 2)
        columns = (80, 112)
        for team in (0, 1):
            screen.text_center(buf, 1, self.teams[team][:5], columns[team] - 16,
                               columns[team] + 16)
        line = 2
        for label, key in (("MADE", "made"), ("MARCHES", "marches"),
                           ("EUCHRED", "euchred"), ("EUCHRES", "euchres"),
                           ("LONERS MADE", "loners"), ("RENEGES", "reneges")):
            screen.text(buf, 3, line, label)
            for team in (0, 1):
                value = str(stats[team][key])
                if key == "loners":
                    value = str(stats[team]["loners_made"]) + "/" + value
                screen.text_center(buf, line, value, columns[team] - 16,
                                   columns[team] + 16)
            line += 1

    def _draw_history(self, buf):
        hands = self.game.history()
        rows = []
        for hand in hands:
            word = _KIND_WORDS.get(hand.kind, hand.kind.upper())
            if hand.kind == "euchre" or hand.kind == "lone_defense":
                word = "SET"
            line = (str(hand.number) + " " + self.names[hand.caller][:4].decode()
                    + " " + word)
            rows.append((line[:13], "+" + str(hand.points) + " "
                         + self.teams[hand.scorer][:4].decode()))
        if not rows:
            rows.append(("NO HAND SCORED YET", ""))
        self._draw_list(buf, "HISTORY", rows, None, "W:BACK")

    def _draw_confirm(self, buf):
        if self._confirm == M_RESET:
            screen.text2_center(buf, 0, "RESET?")
            screen.text_center(buf, 5, "MATCH TALLY TO 0-0")
            screen.text_center(buf, 6, "AND A NEW GAME")
        else:
            screen.text2_center(buf, 0, "NEW GAME?")
            screen.text_center(buf, 5, "THIS GAME ENDS HERE")
            screen.text_center(buf, 6, "(UNDO BRINGS IT BACK)")
        screen.marker(buf, screen.MARK_E)
        screen.marker(buf, screen.MARK_W)
        screen.text(buf, 6, 3, "NO")
        screen.text_right(buf, 122, 3, "YES")
        screen.text_center(buf, 3, "OK: YES")
