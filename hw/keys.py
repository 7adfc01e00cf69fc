"""The five buttons through ``keypad.Keys`` (debounced in C on the board).

Key numbers follow the pins' order (``hw.settings.KEY_PINS``), as
``ui.keys`` names them: N, E, S, W, then OK.
The buttons connect the pin to GND, with the internal pull-ups on.

Scanning: every millisecond, and a change counts once two scans agree
(``debounce_threshold=2``; keypad integrates, so a bounce that flips one
scan only delays it). A press or release is seen at worst 2 ms after the
contact settles, instead of up to 20 ms with keypad's defaults. Two scans
are enough because chatter that still comes through is a press of a few
milliseconds, which ``ui.presses`` drops (below). The scan
runs in C from CircuitPython's 1 ms tick interrupt (supervisor_tick), so it
goes on while the loop is busy, even inside an I2C write; five pins a
millisecond cost next to nothing. The loop reads the event when it comes
round: at once from an idle table, after the drawing when a press comes
while the previous one is still being drawn.
A contact that chatters for longer can still come through as an extra down
and up a few milliseconds apart: ``ui.presses`` ignores presses
that short, timed by each event's own ``timestamp`` (``ms``), not by when
the loop read it.

A key already down when scanning starts (held at power-up, or wired to a
pin that is always low) is ignored until it is released: ``keypad``
reports it as a press in its first scans, and nobody made that press.
"""

import keypad
from micropython import const

from ui.ticks import ticks_diff

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, Callable, Optional, Sequence

SCAN_S = 0.001
DEBOUNCE_SCANS = 2

NONE = -1
RESET = -2  # events were lost; forget which keys were down, the held ones come again
# A key the scanner reports down this soon after it started (it needs
# DEBOUNCE_SCANS ms) was down already: held at power-up, or a pin always low.
SETTLE_MS = 8


def event_of(key: int, pressed: bool) -> int:
    """A key event as ``Keys.get`` gives it: ``key << 1 | pressed`` (an int,
    so polling allocates nothing)."""
    return key << 1 | (1 if pressed else 0)


def key_of_event(event: int) -> int:
    """The key number of an event of ``Keys.get`` (not NONE or RESET)."""
    return event >> 1


def went_down(event: int) -> bool:
    """True for a press of the key, False for its release."""
    return event & 1 == 1


class Keys:
    """Polls key events without allocating: one ``keypad.Event`` reused."""

    def __init__(self, pins: "Sequence[Any]", ticks_ms: "Optional[Callable[[], int]]" = None) -> None:
        """``ticks_ms``: the clock of the events' timestamps (supervisor.ticks_ms),
        to tell a key already down at the start; None: no such check."""
        try:
            self._keys = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True,
                                     interval=SCAN_S, debounce_threshold=DEBOUNCE_SCANS)
        except TypeError:
            # CircuitPython before 9 has no debounce_threshold: the default scan then.
            self._keys = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)
        self._event = keypad.Event()
        self._ticks_ms = ticks_ms
        self._made = ticks_ms() if ticks_ms is not None else 0
        self._settling = ticks_ms is not None  # still within SETTLE_MS of the scanner's start
        self._ignored = 0  # bit per key down at the start: ignored until released
        self.overflows = 0
        # When the scanner saw the last event (supervisor.ticks_ms), or -1
        # where events carry no time (Blinka): then the caller's clock.
        self.ms = -1

    def get(self) -> int:
        """The next event (``event_of``), NONE when there is none, or RESET."""
        events = self._keys.events
        got = events.get_into(self._event)
        if events.overflowed:
            # Events were lost: start over from the keys' real state, which
            # keypad reports again as fresh presses after reset().
            events.clear()
            self._keys.reset()
            self.overflows += 1
            return RESET
        if not got:
            clock = self._ticks_ms
            if self._settling and clock is not None and ticks_diff(clock(), self._made) >= SETTLE_MS:
                self._settling = False
            return NONE
        event = self._event
        self.ms = getattr(event, "timestamp", -1)
        key = event.key_number
        if (self._settling and event.pressed and self.ms >= 0
                and ticks_diff(self.ms, self._made) < SETTLE_MS):
            # Nobody's press: the key was down before the board started.
            self._ignored |= 1 << key
            return NONE
        if self._ignored >> key & 1:
            if not event.pressed:
                self._ignored &= ~(1 << key)
            return NONE
        return event_of(key, event.pressed)

    def waiting(self) -> bool:
        """True when key events are queued, not yet read with ``get``."""
        return len(self._keys.events) > 0

    def deinit(self) -> None:
        self._keys.deinit()
