"""hw/led.py blink patterns: a short heartbeat, and countable blink codes."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "sim" / "cp"))

from hw.led import BAD_SAVE, BAD_SETTINGS, NO_DISPLAY, STOPPED, STUCK_KEY, led_on  # noqa: E402


def blinks(code, period_ms):
    """Rising edges of the LED over one period, sampled every ms."""
    count = 0
    lit = False
    for ms in range(period_ms):
        now = led_on(code, ms)
        if now and not lit:
            count += 1
        lit = now
    return count


def test_heartbeat_is_one_short_flash_every_three_seconds():
    assert blinks(0, 3000) == 1
    assert sum(led_on(0, ms) for ms in range(3000)) < 100


def test_each_code_blinks_its_number_then_pauses():
    codes = (NO_DISPLAY, BAD_SETTINGS, BAD_SAVE, STOPPED, STUCK_KEY)
    assert len(set(codes)) == 5
    for code in codes:
        period = code * 500 + 1500
        assert blinks(code, period) == code
        # The pause is dark, so the blinks can be counted.
        assert not any(led_on(code, ms) for ms in range(code * 500, period))
        assert led_on(code, period) == led_on(code, 0)
