"""``keypad`` (virtual): ``Keys`` scanning the virtual buttons, ``EventQueue``, ``Event``.

Scanning follows CircuitPython: the pins are sampled every ``interval``
seconds from the moment ``Keys`` was made, a change is reported at the first
scan that sees it (a press shorter than the scan interval can be missed), and
each event carries the ``supervisor.ticks_ms()`` of that scan. A poll that
finds the queue empty is the firmware's idle moment: the virtual board lets
time pass there (sim/cp/_vboard.Machine.idle).

``Event`` is Adafruit Blinka's own class where Blinka is installed (loaded by
path, because this module shadows Blinka's ``keypad``), with the
``timestamp`` that CircuitPython's events carry and Blinka's lack.
"""

import _vboard


def _blinka_event_class():
    try:
        import sys
        import importlib.util
    except ImportError:
        return None
    here = __file__.replace("\\", "/").rsplit("/", 1)[0]
    for folder in sys.path:
        if not folder or folder.replace("\\", "/") == here:
            continue
        path = folder + "/keypad.py"
        try:
            with open(path) as f:
                if "Melissa LeBlanc-Williams" not in f.read(400):
                    continue
        except OSError:
            continue
        spec = importlib.util.spec_from_file_location("_blinka_keypad", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module.Event
    return None


_BlinkaEvent = _blinka_event_class()

if _BlinkaEvent is not None:

    class Event(_BlinkaEvent):
        """A key transition: ``key_number``, ``pressed``/``released``, ``timestamp``."""

        def __init__(self, key_number=0, pressed=True, timestamp=None):
            super().__init__(key_number, pressed)
            self._timestamp = _vboard.current().ticks_ms() if timestamp is None else timestamp

        @property
        def timestamp(self):
            return self._timestamp

else:

    class Event:
        """A key transition: ``key_number``, ``pressed``/``released``, ``timestamp``."""

        def __init__(self, key_number=0, pressed=True, timestamp=None):
            self._key_number = key_number
            self._pressed = pressed
            self._timestamp = _vboard.current().ticks_ms() if timestamp is None else timestamp

        @property
        def key_number(self):
            return self._key_number

        @property
        def pressed(self):
            return self._pressed

        @property
        def released(self):
            return not self._pressed

        @property
        def timestamp(self):
            return self._timestamp

        def __eq__(self, other):
            return self._key_number == other.key_number and self._pressed == other.pressed

        def __hash__(self):
            return hash(self._key_number)

        def __repr__(self):
            return "<Event: key_number %d %s>" % (
                self._key_number, "pressed" if self._pressed else "released")


class EventQueue:
    def __init__(self, scanner, max_events):
        self._scanner = scanner
        self._events = []
        self._max = max_events
        self._overflowed = False

    def _record(self, key_number, pressed, timestamp):
        if len(self._events) >= self._max:
            self._overflowed = True
        else:
            self._events.append((key_number, pressed, timestamp))

    def _fill(self):
        scanner = self._scanner
        if scanner._board is None:
            raise ValueError("Object has been deinitialized.")
        scanner._scan()
        if not self._events:
            scanner._board.idle()
            scanner._scan()
        return self._events

    def get(self):
        events = self._fill()
        if not events:
            return None
        key_number, pressed, timestamp = events.pop(0)
        return Event(key_number, pressed, timestamp)

    def get_into(self, event):
        events = self._fill()
        if not events:
            return False
        key_number, pressed, timestamp = events.pop(0)
        event._key_number = key_number
        event._pressed = pressed
        event._timestamp = timestamp
        return True

    def clear(self):
        self._events = []
        self._overflowed = False

    def __len__(self):
        return len(self._fill())

    def __bool__(self):
        return len(self._fill()) > 0

    @property
    def overflowed(self):
        return self._overflowed


class Keys(_vboard.PinOwner):
    """One key per pin. Buttons to GND want ``value_when_pressed=False, pull=True``."""

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        board = _vboard.current()
        if not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        if interval <= 0:
            raise ValueError("interval must be > 0")
        self._claim(board, tuple(pins), "keypad.Keys")
        self._value_when_pressed = bool(value_when_pressed)
        # pull=True pulls against the pressed level: up when pressed reads low.
        self._pull_up = (not value_when_pressed) if pull else None
        self._interval = max(1, int(interval * 1000 + 0.5))
        self._debounce = debounce_threshold
        self._origin = board.now()
        self._last_scan = self._origin
        self._state = [False] * len(self._pins)
        self._stable = [0] * len(self._pins)
        self._events = EventQueue(self, max_events)
        board.scanners.append(self)
        # Keys already held when scanning starts are reported as presses.
        self._scan_at(self._origin)

    @property
    def events(self):
        return self._events

    @property
    def key_count(self):
        return len(self._pins)

    def _releasing(self):
        if self in self._board.scanners:
            self._board.scanners.remove(self)

    def reset(self):
        """Forget the keys' state: keys held now are reported again as presses."""
        if self._board is None:
            raise ValueError("Object has been deinitialized.")
        self._state = [False] * len(self._pins)
        self._stable = [0] * len(self._pins)

    def _pressed_at(self, index, ms):
        level = self._board.pin_level(self._pins[index], self._pull_up, ms)
        return level == self._value_when_pressed

    def _scan_at(self, ms):
        ticks = _vboard.ticks_add(self._board.ticks_start, ms)
        for index in range(len(self._pins)):
            pressed = self._pressed_at(index, ms)
            if pressed == self._state[index]:
                self._stable[index] = 0
                continue
            self._stable[index] += 1
            if self._stable[index] >= self._debounce:
                self._stable[index] = 0
                self._state[index] = pressed
                self._events._record(index, pressed, ticks)

    def _scan(self):
        """Run every scan due up to now. Only scans near a button change can
        report anything, so the others are skipped in one step."""
        board = self._board
        if board.dead:
            raise _vboard.PowerCut()
        now = board.now()
        interval = self._interval
        due = self._last_scan + interval
        while due <= now:
            change = None
            for pin in self._pins:
                at = board.next_button_change(pin)
                if at is not None and (change is None or at < change):
                    change = at
            unsettled = self._debounce > 1 and any(self._stable)
            if change is None and not unsettled:
                # Nothing can change before `now`: jump to the last due scan.
                due += (now - due) // interval * interval
                self._last_scan = due
                self._scan_at(due)
                return
            if change is not None and change > due and not unsettled:
                # Skip to the first scan at or after the change.
                steps = (change - due + interval - 1) // interval
                due += steps * interval
                if due > now:
                    break
            self._scan_at(due)
            self._last_scan = due
            due += interval
