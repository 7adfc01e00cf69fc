"""Key down/up moments -> short presses, long presses and stuck keys.

Pure logic: time comes in as ``now_ms`` from a millisecond counter that wraps
(``ui.ticks``), so every interval is a wrap-safe difference.

* short: released before its long press fired. A player who lets go
  before the screen changed has made a press, whatever its length, and
  expects the press to do something; a press that did nothing would read as
  a dead key;
* long: fires while the key is still held, at ``long_ms`` (600 ms), so the
  player feels it happen; the release after it does nothing. A release that
  comes before the loop polled, though the key was held to ``long_ms``, is
  that long press (its moment is the scanner's, not the loop's);
* stuck: held longer than ``stuck_ms`` (20 s): reported once, then the key is
  ignored until it is released (a button jammed by a drink must not replay
  presses or block the other keys);
* second: a key that goes down while another is down (two players at
  once, a finger across two keys; a second key too) is ignored until it is
  released, and its release says so once (``SECOND``): only the key held
  first counts. Each player has a key, and the second would act on a
  screen the first one's press has changed, one nobody saw when they
  pressed. Two exceptions: a key that went down at most ``ROLL_MS`` (50 ms)
  before the first was let go, and is still down, is a press of its own
  (one hand rolling from key to key; the key scanner also reports a release
  and a press of the same millisecond in key order, not in time order); and
  a key down for ``HOLDS_BACK_MS`` (3 s) or more holds no other back (a
  jammed key, reported stuck only at ``stuck_ms``);
* bounce: down for less than ``bounce_ms`` (15 ms): nothing. The key scanner
  reports a change within a few milliseconds, so a contact that chatters as
  it closes or opens can come through as an extra down and up a few
  milliseconds long; no finger presses a key that briefly. Without this, a
  chattering release could count one trick twice.

The moments given to ``down`` and ``up`` should be when the key scanner saw
the change (``keypad`` events carry it), not when the loop got round to it:
a loop busy redrawing must not make a press look shorter than it was.

Results are small ints, so polling allocates nothing: ``kind << 3 | key``
with kind ``SHORT``, ``LONG``, ``STUCK`` or ``SECOND``, and 0 for nothing.
"""

from micropython import const

from ui.keys import LONG_MS
from ui.ticks import ticks_diff

SHORT = const(1)
LONG = const(2)
STUCK = const(3)
SECOND = const(4)

# State of one key.
_UP = const(0)
_DOWN = const(1)  # held, nothing fired yet
_FIRED = const(2)  # long press already fired; release does nothing
_IGNORED = const(3)  # reported stuck; ignored until released
_OVERLAP = const(4)  # went down while another key was held; ignored until released

ROLL_MS = const(50)  # a second key this recent when the first is let go: a press
HOLDS_BACK_MS = const(3000)  # a key down this long makes no other a second key


def kind_of(result):
    """SHORT, LONG, STUCK or SECOND from a result of ``Presses``."""
    return result >> 3


def key_of(result):
    """The key number from a result of ``Presses``."""
    return result & 7


class Presses:
    """Short/long/stuck/second-key detection for up to 8 keys (key numbers 0..7)."""

    def __init__(self, keys=5, long_ms=LONG_MS, stuck_ms=20000, bounce_ms=15):
        if not 0 < keys <= 8:
            raise ValueError("between 1 and 8 keys")
        if not 0 <= bounce_ms < long_ms < stuck_ms:
            raise ValueError("need 0 <= bounce_ms < long_ms < stuck_ms")
        self.long_ms = long_ms
        self.stuck_ms = stuck_ms
        self.bounce_ms = bounce_ms
        self._state = bytearray(keys)
        self._since = [0] * keys

    def down(self, key, now_ms):
        """The key went down (while another is down: a ``SECOND`` key)."""
        state = self._state
        if state[key] == _UP:
            state[key] = _DOWN
            for other in range(len(state)):
                if (other != key and (self.held(other) or state[other] == _OVERLAP)
                        and ticks_diff(now_ms, self._since[other]) < HOLDS_BACK_MS):
                    state[key] = _OVERLAP
            self._since[key] = now_ms
        # A second "down" without an "up" (a lost event) keeps the first moment.

    def up(self, key, now_ms):
        """The key went up: SHORT << 3 | key for a short press, LONG << 3 |
        key for a long press not yet polled, SECOND << 3 | key for a key
        that went down while another was down (and was not rolled onto),
        else 0."""
        states = self._state
        state = states[key]
        states[key] = _UP
        if state == _DOWN or state == _FIRED:
            # The key held first let go: a key pressed just before, still
            # down, is a press of its own (a roll, or the scanner's order);
            # one: any other stays a second key.
            for other in range(len(states)):
                if states[other] == _OVERLAP and ticks_diff(now_ms, self._since[other]) <= ROLL_MS:
                    states[other] = _DOWN
                    break
        if state == _DOWN or state == _OVERLAP:
            held = ticks_diff(now_ms, self._since[key])
            if held < self.bounce_ms:
                return 0
            if state == _OVERLAP:
                return SECOND << 3 | key
            return (LONG if held >= self.long_ms else SHORT) << 3 | key
        return 0

    def poll(self, now_ms):
        """A long press or stuck key due at now_ms, else 0. Call until it gives 0."""
        state = self._state
        for key in range(len(state)):
            key_state = state[key]
            if key_state == _UP or key_state == _IGNORED:
                continue
            held = ticks_diff(now_ms, self._since[key])
            if held >= self.stuck_ms:
                state[key] = _IGNORED
                return STUCK << 3 | key
            if key_state == _DOWN and held >= self.long_ms:  # a second key never fires
                state[key] = _FIRED
                return LONG << 3 | key
        return 0

    def holding(self, key, now_ms):
        """True once ``key`` has been held half its long press, nothing
        fired yet: its long press may come, and what it opens can load
        meanwhile."""
        return (self._state[key] == _DOWN
                and ticks_diff(now_ms, self._since[key]) >= self.long_ms >> 1)

    def held(self, key):
        """True while the key is down (and not written off as stuck)."""
        state = self._state[key]
        return state == _DOWN or state == _FIRED

    def any_held(self):
        """True while some key is ``held`` (the loop sleeps only when none is)."""
        for key in range(len(self._state)):
            if self.held(key):
                return True
        return False

    def stuck(self, key):
        return self._state[key] == _IGNORED

    def release_all(self):
        """Forget every key (after the key scanner was reset)."""
        for key in range(len(self._state)):
            self._state[key] = _UP
