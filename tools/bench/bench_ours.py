"""The firmware's own path, press by press: the body of code.py's loop.

``code.py`` runs its loop inside ``run()`` and never returns, so the
benchmark repeats the body of one pass here, calling the same firmware
objects in the same order: ``hw.keys.Keys.get`` and ``Presses`` turn the key
event into a press, ``Table.press`` and ``Table.tick`` act on it,
``Storage.sync`` appends the action to nvm (before drawing, as code.py
does), ``Table.render`` draws into the display buffer,
``Display.show_pages`` sends the changed pages, the LED ticks. Keep
``iteration`` in step with code.py's loop; the benchmark also counts the
real code.py press by press through the session (``bench_board``), and the
two agree within a few per cent.

A measured key press is two passes, each measured on its own: the key going
down (label ``down``) and the key coming up 120 ms later under the press's
label. A short press fires on release, so the key-up pass is what stands
between the finger and the pixel; both passes together are all the work the
firmware does for that press. Long presses (the menu) and presses
between measured ones run the same way, unmeasured.
"""

from euchre_core import Rules
from ui.presses import LONG, STUCK, Presses
from ui.table import Table
from hw.display import ALL_PAGES, Display
from hw.storage import Storage

NAMES = ("North", "East", "South", "West")
TEAMS = ("N-S", "E-W")
KEY_OK = 4
SHORT_HOLD_MS = 120
LONG_HOLD_MS = 650
GAP_MS = 400


class Firmware:
    """Table, presses, keys, LED, display and storage wired as code.py wires them."""

    def __init__(self, bus, nvm=None, rules=None, dealer=0):
        import sys
        if sys.implementation.name == "micropython":
            import bench_hw
            bench_hw.install()
        import hw.keys
        from hw.keys import NONE, Keys
        from hw.led import Led
        self.no_event = NONE
        self.reset_event = getattr(hw.keys, "RESET", -2)
        self.display = Display(bus, addr=0x3C)
        if nvm is None:
            nvm = bytearray(b"\xff" * 4096)
        self.store = Storage(nvm)
        self.keys = Keys((10, 11, 12, 13, 14))
        self.events = self.keys._keys.events  # the stand-in's queue, to feed events
        self.led = Led(25)
        self.presses = Presses(5, long_ms=600)
        self.table = Table(rules if rules is not None else Rules(), NAMES, TEAMS,
                           contrast=207, sleep_s=600, rand=lambda: dealer)
        self.store.adopt(self.table)
        self.frame = self.display.frame
        self.shown_flip = -1
        self.shown_contrast = -1
        self.shown_awake = True
        self.now = 1000
        self.store.sync(self.table)
        self.iteration(None, False)

    def iteration(self, key, down):
        """One pass of code.py's loop; ``key`` None: no key event this pass."""
        now = self.now
        table = self.table
        presses = self.presses
        if key is not None:
            self.events.pending.append((key, down))
        pressed = False
        event = self.keys.get()
        if event == self.reset_event:
            presses.release_all()
        elif event != self.no_event:
            key = event >> 1
            seen = self.keys.ms if self.keys.ms >= 0 else now
            if event & 1:
                presses.down(key, seen)
            else:
                result = presses.up(key, seen)
                if result:
                    table.press(key, False, now)
                    pressed = True
        result = presses.poll(now)
        while result:
            key = result & 7
            if result >> 3 == LONG:
                table.press(key, True, now)
                pressed = True
            elif result >> 3 == STUCK:
                table.notice("stuck", now)
            result = presses.poll(now)
        table.tick(now)
        self.store.sync(table, pressed)
        display = self.display
        flip = 1 if bool(table.flipped) else 0
        redraw = 0
        if flip != self.shown_flip:
            display.flip(flip == 1)
            self.shown_flip = flip
            redraw = ALL_PAGES
        if table.contrast != self.shown_contrast:
            display.contrast(table.contrast)
            self.shown_contrast = table.contrast
        if bool(table.awake) != self.shown_awake:
            self.shown_awake = not self.shown_awake
            display.sleep(not self.shown_awake)
        changed = table.render(self.frame) | redraw
        if changed:
            display.show_pages(changed)
        self.led.tick(now)

    def press(self, key, long=False):
        """Key down, held, key up, then a pause, in loop iterations."""
        self.iteration(key, True)
        if long:
            self.now += 610
            self.iteration(None, False)  # the long press fires while held
            self.now += LONG_HOLD_MS - 610
        else:
            self.now += SHORT_HOLD_MS
        self.iteration(key, False)
        self.now += GAP_MS
        self.iteration(None, False)

    def measured_down(self, key):
        """A short press, first half: the pass with the key-down event."""
        self.iteration(key, True)
        self.now += SHORT_HOLD_MS

    def measured_up(self, key):
        """A short press, second half: the pass with the key-up event, where
        the press fires, the screen is drawn and sent (press-to-pixel)."""
        self.iteration(key, False)

    def after_measured(self):
        self.now += GAP_MS
        self.iteration(None, False)


    def up_in_stages(self, key):
        """The key-up pass of a short press cut into its stages, in code.py's
        order, each a function so each can be measured on its own (the
        "parts" scenario). The flip/contrast/awake checks are left out
        (nothing changes there during a press)."""
        state = [0, False]

        def press():
            # ``key``: a key number, or a one-item list filled in by an earlier step.
            pressed = key[0] if isinstance(key, list) else key
            self.events.pending.append((pressed, False))
            event = self.keys.get()
            result = self.presses.up(event >> 1, self.now)
            if result:
                self.table.press(pressed, False, self.now)
                state[1] = True
            result = self.presses.poll(self.now)
            while result:
                result = self.presses.poll(self.now)

        def tick():
            self.table.tick(self.now)

        def sync():
            self.store.sync(self.table, state[1])

        def render():
            state[0] = self.table.render(self.frame)

        def show():
            if state[0]:
                self.display.show_pages(state[0])

        def led():
            self.led.tick(self.now)

        return (("press", press), ("tick", tick), ("sync", sync), ("render", render),
                ("show", show), ("led", led))


TRICK_SEATS = (1, 2, 3, 2, 0)
STAGES = ("press", "tick", "sync", "render", "show", "led")


def build(kind, repeat, bus=None):
    from bench_press import Rig
    if bus is None:
        bus = Rig.bus_only()
    fw = Firmware(bus)
    table = fw.table
    steps = []

    def add(measured, label, function):
        def step(_):
            function()
            return False
        steps.append((measured, label, step))

    def measured(label, key):
        # Two measured steps: "down" (the key going down), then the key-up
        # pass under the press's own label.
        add(True, "down", lambda: fw.measured_down(key))
        add(True, label, lambda: fw.measured_up(key))
        add(False, "gap", fw.after_measured)

    def caller():
        return (table.game.dealer + 1) % 4

    if kind == "trick":
        for _ in range(repeat):
            add(False, "call", lambda: fw.press(caller()))
            for seat in TRICK_SEATS[:4]:
                measured("trick", seat)
            add(False, "last", lambda: fw.press(TRICK_SEATS[4]))
            add(False, "banner", lambda: fw.press(KEY_OK))
    elif kind == "call":
        for _ in range(repeat):
            seat = [0]  # the caller, known only when the step runs
            add(True, "down", _caller_down(fw, caller, seat))
            add(True, "call", _bind_up(fw, seat))
            add(False, "gap", fw.after_measured)
            add(False, "quick", lambda: (fw.press(KEY_OK), fw.press(0), fw.press(KEY_OK)))
    elif kind == "score":
        for _ in range(repeat):
            add(False, "hand", lambda: (fw.press(caller()), fw.press(KEY_OK), fw.press(0)))
            measured("score", KEY_OK)  # dismisses the result banner
    elif kind == "misdeal":
        for _ in range(repeat):
            measured("misdeal", KEY_OK)
    elif kind == "parts":
        # Trick presses, stage by stage.
        for _ in range(repeat):
            add(False, "call", lambda: fw.press(caller()))
            for seat in TRICK_SEATS[:4]:
                add(False, "down", _bind_down(fw, seat))
                for label, function in fw.up_in_stages(seat):
                    add(True, label, function)
                add(False, "gap", fw.after_measured)
            add(False, "last", lambda: fw.press(TRICK_SEATS[4]))
            add(False, "banner", lambda: fw.press(KEY_OK))
    elif kind == "callparts":
        # Calls (score screen to hand screen), stage by stage.
        for _ in range(repeat):
            seat = [0]  # the caller, known only when the step runs
            add(False, "down", _caller_down(fw, caller, seat))
            for label, function in fw.up_in_stages(seat):
                add(True, label, function)
            add(False, "gap", fw.after_measured)
            add(False, "quick", lambda: (fw.press(KEY_OK), fw.press(0), fw.press(KEY_OK)))
    elif kind == "lastparts":
        # The fifth trick (hand screen to the result banner), stage by stage.
        for _ in range(repeat):
            add(False, "call", lambda: fw.press(caller()))
            for seat in TRICK_SEATS[:4]:
                add(False, "trick", _bind_press(fw, seat))
            add(False, "down", _bind_down(fw, TRICK_SEATS[4]))
            for label, function in fw.up_in_stages(TRICK_SEATS[4]):
                add(True, label, function)
            add(False, "gap", fw.after_measured)
            add(False, "banner", lambda: fw.press(KEY_OK))
    elif kind == "idle":
        # A pass of the loop with no key event and nothing to draw: what the
        # firmware does between presses, and the most a press waits for it.
        for _ in range(repeat):
            add(True, "idle", lambda: fw.iteration(None, False))
            add(False, "time", _advance(fw, 10))
    elif kind == "transaction":
        # One write on the display's bus, the kind show_pages makes: what
        # each I2C transaction costs the CPU (in C on the board; the stand-in
        # bus here is Python, so this is an upper bound).
        nop = bytearray((0x00, 0xE3))  # a command that changes nothing
        i2c = bus
        # show_pages holds the bus once for all the writes of a frame.
        add(False, "lock", i2c.try_lock)
        for _ in range(repeat):
            add(True, "transaction", lambda: i2c.writeto(0x3C, nop))
        add(False, "unlock", i2c.unlock)
    elif kind == "menu":
        add(False, "open", lambda: fw.press(KEY_OK, long=True))
        for _ in range(repeat):
            measured("menu", 2)  # S moves down
    else:
        raise ValueError("unknown kind " + kind)
    return steps, bus, fw


def _advance(fw, ms):
    def advance():
        fw.now += ms
    return advance


def _bind_press(fw, seat):
    def press():
        fw.press(seat)
    return press


def _bind_down(fw, seat):
    def down():
        fw.iteration(seat, True)
        fw.now += SHORT_HOLD_MS
    return down


def _caller_down(fw, caller, seat):
    def down():
        seat[0] = caller()
        fw.iteration(seat[0], True)
        fw.now += SHORT_HOLD_MS
    return down


def _bind_up(fw, seat):
    def up():
        fw.measured_up(seat[0])
    return up
