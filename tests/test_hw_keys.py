"""hw/keys.py on the simulator's keypad: key numbers in pin order, press and
release, several keys at once, contact bounce, and a recovery when events
were lost."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "sim" / "cp"))

import _vboard  # noqa: E402

from hw.keys import NONE, RESET, event_of, key_of_event, went_down  # noqa: E402

PINS = ("GP10", "GP11", "GP12", "GP13", "GP14")


@pytest.fixture
def machine(tmp_path):
    board = _vboard.Machine(str(tmp_path))
    board.on_idle = lambda: None  # time moves only when the test says so
    _vboard.install(board)
    yield board
    _vboard.install(None)


def make_keys():
    from hw.keys import Keys

    return Keys([_vboard.pin_named(name) for name in PINS],
                lambda: _vboard.current().ticks_ms())


def drain(keys):
    events = []
    while True:
        event = keys.get()
        if event == NONE:
            return events
        assert event != RESET
        events.append((event >> 1, bool(event & 1)))


def test_presses_and_releases_come_as_key_number_and_state(machine):
    keys = make_keys()
    machine.set_button(_vboard.pin_named("GP12"), True, 10)
    machine.set_button(_vboard.pin_named("GP14"), True, 15)
    machine.set_button(_vboard.pin_named("GP12"), False, 60)
    found = []
    for _ in range(20):
        machine.clock_ms += 5
        found += drain(keys)
    assert found == [(2, True), (4, True), (2, False)]
    assert drain(keys) == []
    keys.deinit()


def test_lost_events_start_over_from_the_keys_real_state(machine):
    keys = make_keys()
    north = _vboard.pin_named("GP10")
    # 100 presses and releases without a poll: more than the queue holds.
    for i in range(100):
        machine.set_button(north, i % 2 == 0, 20 * (i + 1))
    east = _vboard.pin_named("GP11")
    machine.set_button(east, True, 20 * 101)
    machine.clock_ms = 20 * 102
    assert keys.get() == RESET  # the overflow is noticed and the queue cleared
    assert keys.overflows == 1
    # After reset() the keys still held are reported again as presses.
    found = []
    for _ in range(10):  # the firmware polls on; a few scans pass
        machine.clock_ms += 5
        found += drain(keys)
    assert found == [(1, True)]
    keys.deinit()


def test_a_bouncing_contact_gives_one_press_and_a_short_tap_still_counts(machine):
    keys = make_keys()
    north = _vboard.pin_named("GP10")
    # Closing: contact for 1 ms, open 1 ms, contact 2 ms, then held.
    for at, pressed in ((100, True), (101, False), (102, True), (104, False), (105, True),
                        (200, False), (201, True), (203, False)):
        machine.set_button(north, pressed, at)
    # A 25 ms tap later on.
    machine.set_button(north, True, 400)
    machine.set_button(north, False, 425)
    found = []
    timeline = []
    for _ in range(120):
        machine.clock_ms += 5
        for event in drain(keys):
            found.append(event)
            timeline.append(machine.clock_ms)
    assert found == [(0, True), (0, False), (0, True), (0, False)]
    assert timeline[0] - 105 <= 6 + 5  # three scans of settling, and a 5 ms poll
    keys.deinit()


def test_each_event_brings_the_moment_the_scanner_saw_it(machine):
    keys = make_keys()
    machine.set_button(_vboard.pin_named("GP11"), True, 100)
    machine.set_button(_vboard.pin_named("GP11"), False, 180)
    # The loop reads both events long after they happened.
    machine.clock_ms = 500
    assert keys.get() == 1 << 1 | 1
    down = keys.ms
    assert keys.get() == 1 << 1
    up = keys.ms
    # Two agreeing 1 ms scans after each change, in supervisor.ticks_ms time.
    start = machine.ticks_ms() - 500
    assert 101 <= down - start <= 103
    assert 181 <= up - start <= 183
    keys.deinit()


def test_waiting_tells_whether_events_are_queued(machine):
    keys = make_keys()
    assert not keys.waiting()
    machine.set_button(_vboard.pin_named("GP13"), True, 10)
    machine.clock_ms = 50
    assert keys.waiting()
    assert keys.get() == 3 << 1 | 1
    assert not keys.waiting()
    keys.deinit()


def test_a_key_down_when_scanning_starts_is_ignored_until_released(machine):
    # Held at power-up, or a pin that is always low: keypad reports it as a
    # press in its first scans; nobody made that press.
    east = _vboard.pin_named("GP11")
    machine.set_button(east, True, 0)
    keys = make_keys()
    found = []
    for _ in range(30):
        machine.clock_ms += 1
        found += drain(keys)
    machine.set_button(_vboard.pin_named("GP10"), True, machine.clock_ms + 5)
    machine.set_button(east, False, machine.clock_ms + 10)
    machine.set_button(east, True, machine.clock_ms + 40)
    for _ in range(20):
        machine.clock_ms += 5
        found += drain(keys)
    # E's release ends it; E's next press and N's press count.
    assert found == [(0, True), (1, True)]
    keys.deinit()


def test_an_event_carries_its_key_and_whether_it_went_down():
    for key in range(5):
        for pressed in (False, True):
            event = event_of(key, pressed)
            assert event >= 0 and event not in (NONE, RESET)
            assert key_of_event(event) == key and went_down(event) is pressed
    assert len({event_of(key, pressed) for key in range(5) for pressed in (False, True)}) == 10
