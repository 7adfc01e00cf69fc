"""Short/long/stuck presses from key timings; runs on CPython and MicroPython."""

from ui.presses import (HOLDS_BACK_MS, LONG, ROLL_MS, SECOND, SHORT, STUCK, Presses, key_of,
                        kind_of)

_WRAP = 1 << 29


def _drain(presses, now_ms):
    found = []
    while True:
        result = presses.poll(now_ms)
        if not result:
            return found
        found.append((kind_of(result), key_of(result)))


def case_short_press_is_reported_on_release():
    presses = Presses()
    presses.down(2, 1000)
    assert _drain(presses, 1300) == []
    result = presses.up(2, 1499)
    assert (kind_of(result), key_of(result)) == (SHORT, 2)


def case_any_release_before_the_long_press_is_a_short_press():
    presses = Presses()
    presses.down(4, 0)
    assert _drain(presses, 599) == []
    assert presses.up(4, 599) == SHORT << 3 | 4
    presses = Presses(long_ms=2000)  # the longest EUCHRE_LONG_PRESS_MS
    presses.down(1, 0)
    assert _drain(presses, 1500) == []
    assert presses.up(1, 1500) == SHORT << 3 | 1


def case_a_long_press_not_yet_polled_is_told_on_release():
    # The loop was busy past the long press time: the release, timed by the
    # scanner, comes before the poll that would have fired it.
    presses = Presses()
    presses.down(2, 0)
    assert _drain(presses, 500) == []
    assert presses.up(2, 640) == LONG << 3 | 2
    assert _drain(presses, 700) == [] and not presses.held(2)


def case_long_press_fires_while_held_and_release_is_silent():
    presses = Presses()
    presses.down(4, 100)
    assert _drain(presses, 699) == []
    assert _drain(presses, 700) == [(LONG, 4)]
    assert _drain(presses, 900) == []
    assert presses.held(4)
    assert presses.up(4, 2000) == 0
    assert not presses.held(4)


def case_a_key_held_half_its_long_press_is_holding_until_the_long_press():
    presses = Presses()
    assert not presses.holding(4, 0)
    presses.down(4, 100)
    assert not presses.holding(4, 399)
    assert presses.holding(4, 400) and presses.holding(4, 699) and not presses.holding(3, 699)
    assert _drain(presses, 700) == [(LONG, 4)]
    assert not presses.holding(4, 800)  # fired: its screen is open
    assert presses.up(4, 900) == 0
    presses.down(1, 1000)
    assert presses.up(1, 1350) == SHORT << 3 | 1  # let go after half: a short press
    assert not presses.holding(1, 1400)
    presses = Presses(long_ms=1000)
    presses.down(0, 0)
    assert not presses.holding(0, 499) and presses.holding(0, 500)
    presses = Presses(long_ms=1001)  # half of it, rounded down
    presses.down(2, 0)
    assert not presses.holding(2, 499) and presses.holding(2, 500)


def case_stuck_key_reported_once_then_ignored_until_released():
    presses = Presses(stuck_ms=20000)
    presses.down(0, 0)
    assert _drain(presses, 600) == [(LONG, 0)]
    assert _drain(presses, 19999) == []
    assert _drain(presses, 20000) == [(STUCK, 0)]
    assert _drain(presses, 60000) == []
    assert presses.stuck(0)
    assert not presses.any_held()
    assert presses.up(0, 61000) == 0
    presses.down(0, 62000)
    assert presses.up(0, 62100) == SHORT << 3 | 0


def case_a_key_pressed_while_another_is_held_is_a_second_key():
    presses = Presses()
    presses.down(0, 0)
    presses.down(1, 100)
    presses.down(4, 200)
    assert not presses.held(1) and not presses.holding(4, 600) and presses.held(0)
    assert presses.up(1, 300) == SECOND << 3 | 1
    assert _drain(presses, 650) == [(LONG, 0)]  # the first key's long press
    assert _drain(presses, 900) == []  # never the second's
    assert presses.up(0, 950) == 0
    assert presses.up(4, 1000) == SECOND << 3 | 4  # released after the first: still second
    presses.down(1, 1100)  # every key up: a press again
    assert presses.up(1, 1200) == SHORT << 3 | 1
    # Let go before the key held first, or after it: told once, at its release.
    presses.down(2, 2000)
    presses.down(3, 2100)
    assert presses.up(2, 2200) == SHORT << 3 | 2
    assert presses.up(3, 2300) == SECOND << 3 | 3
    assert presses.up(3, 2400) == 0
    # A second key's contact bounce is nothing, like any other.
    presses.down(2, 3000)
    presses.down(3, 3100)
    assert presses.up(3, 3114) == 0
    assert presses.up(3, 3115) == 0  # a lost down: nothing
    presses.down(3, 3200)
    assert presses.up(3, 3215) == SECOND << 3 | 3
    assert presses.up(2, 3300) == SHORT << 3 | 2
    # A key down while only a second key is down: a second key as well.
    presses.down(0, 4000)
    presses.down(1, 4100)
    assert presses.up(0, 4200) == SHORT << 3 | 0
    presses.down(2, 4300)
    assert presses.up(2, 4400) == SECOND << 3 | 2
    assert presses.up(1, 4500) == SECOND << 3 | 1


def case_a_key_pressed_just_before_the_first_is_let_go_is_a_press():
    presses = Presses()
    presses.down(0, 0)
    presses.down(1, 100 - ROLL_MS)  # a roll: down ROLL_MS before 0 is let go
    assert presses.up(0, 100) == SHORT << 3 | 0
    assert presses.held(1) and presses.up(1, 200) == SHORT << 3 | 1
    presses.down(0, 1000)
    presses.down(1, 1000 - 1 + 100 - ROLL_MS)  # a millisecond earlier: second
    assert presses.up(0, 1100) == SHORT << 3 | 0
    assert presses.up(1, 1200) == SECOND << 3 | 1
    # The scanner's one millisecond: OK's release (after its long press) and
    # W's press come in key order, W first.
    presses.down(4, 2000)
    assert _drain(presses, 2600) == [(LONG, 4)]
    presses.down(3, 2800)
    assert presses.up(4, 2800) == 0
    assert presses.up(3, 2900) == SHORT << 3 | 3
    # Two keys just before: one rolls on, the other stays second.
    presses.down(0, 3000)
    presses.down(2, 3080)
    presses.down(1, 3070)
    assert presses.up(0, 3100) == SHORT << 3 | 0
    assert presses.up(2, 3150) == SECOND << 3 | 2
    assert presses.up(1, 3160) == SHORT << 3 | 1


def case_a_key_down_for_seconds_holds_no_other_back():
    presses = Presses()
    presses.down(0, 0)
    presses.down(1, HOLDS_BACK_MS - 100)  # pressed while 0 is held: second
    assert presses.up(1, HOLDS_BACK_MS - 50) == SECOND << 3 | 1
    presses.down(2, HOLDS_BACK_MS)  # 0 down 3 s: a jam, not a player's press
    assert presses.held(2) and presses.up(2, HOLDS_BACK_MS + 100) == SHORT << 3 | 2


def case_a_stuck_key_holds_no_other_back_and_a_second_key_can_stick():
    presses = Presses(stuck_ms=20000)
    presses.down(0, 0)
    presses.down(1, 0)  # a second key, jammed with the first
    assert _drain(presses, 20000) == [(STUCK, 0), (STUCK, 1)]  # one a poll
    presses.down(2, 21000)  # the stuck keys hold nothing back
    assert presses.held(2) and presses.up(2, 21100) == SHORT << 3 | 2
    assert presses.up(1, 30000) == 0 and presses.up(0, 30000) == 0


def case_timing_survives_the_tick_counter_wrapping():
    presses = Presses()
    start = _WRAP - 200
    presses.down(1, start)
    assert _drain(presses, (start + 300) % _WRAP) == []
    assert _drain(presses, (start + 600) % _WRAP) == [(LONG, 1)]
    presses = Presses()
    presses.down(2, _WRAP - 10)
    assert presses.up(2, 50) == SHORT << 3 | 2


def case_repeated_down_keeps_the_first_moment():
    presses = Presses()
    presses.down(0, 0)
    presses.down(0, 400)
    assert _drain(presses, 600) == [(LONG, 0)]


def case_configurable_long_press():
    presses = Presses(long_ms=1000)
    presses.down(0, 0)
    assert _drain(presses, 999) == []
    assert _drain(presses, 1000) == [(LONG, 0)]


def case_bad_timings_are_refused():
    for args in ((0, 600), (5, 600, 500), (9,), (5, 600, 20000, 600), (5, 600, 20000, -1),
                 (5, 0, 20000, 0)):
        try:
            Presses(*args)
        except ValueError:
            continue
        raise AssertionError("accepted " + repr(args))


def case_contact_bounce_is_not_a_press():
    presses = Presses(bounce_ms=15)
    # Closing chatter: down 2 ms, up, then held for real.
    presses.down(0, 1000)
    assert presses.up(0, 1002) == 0
    presses.down(0, 1004)
    assert presses.held(0)
    # Opening chatter after the real release: the release counts once.
    assert presses.up(0, 1090) == SHORT << 3 | 0
    presses.down(0, 1093)
    assert presses.up(0, 1096) == 0
    assert _drain(presses, 3000) == []
    # A quick tap of 15 ms is a finger.
    presses.down(1, 4000)
    assert presses.up(1, 4015) == SHORT << 3 | 1
    presses.down(1, 5000)
    assert presses.up(1, 5014) == 0


def case_bounce_filter_can_be_turned_off():
    presses = Presses(bounce_ms=0)
    presses.down(2, 0)
    assert presses.up(2, 0) == SHORT << 3 | 2
