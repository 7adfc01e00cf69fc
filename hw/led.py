"""The status LED: a short heartbeat blink, or a blink code when there is no screen.

Blink codes (count the blinks between pauses): 2 = no display, 3 = bad
settings.toml value, 4 = saved game unreadable, 5 = stopped after repeated
errors, 6 = a key is stuck (until it is released). Timing comes in as ``now_ms``; nothing here sleeps.
"""

from micropython import const

import digitalio

from ui.ticks import TICKS_PERIOD, ticks_diff

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

NO_DISPLAY = const(2)
BAD_SETTINGS = const(3)
BAD_SAVE = const(4)
STOPPED = const(5)
STUCK_KEY = const(6)

_HEARTBEAT_MS = const(3000)
_FLASH_MS = const(40)
_BLINK_MS = const(250)
_PAUSE_MS = const(1500)
# A pattern's time as a count up from 0: ticks_diff spans half the ticks'
# period, so a time before the pattern started reads as a late one.
_ELAPSED_MASK = (TICKS_PERIOD >> 1) - 1


def led_on(code: int, phase_ms: int) -> bool:
    """Whether the LED is lit ``phase_ms`` into its cycle (code 0 = heartbeat)."""
    if code <= 0:
        return phase_ms % _HEARTBEAT_MS < _FLASH_MS
    cycle = code * 2 * _BLINK_MS + _PAUSE_MS
    phase = phase_ms % cycle
    if phase >= code * 2 * _BLINK_MS:
        return False
    return phase // _BLINK_MS % 2 == 0


class Led:
    def __init__(self, pin: "Any") -> None:
        self._io = digitalio.DigitalInOut(pin)
        self._io.switch_to_output(value=False)
        self.code = 0
        self._start = 0
        self._lit = False

    def show_code(self, code: int, now_ms: int) -> None:
        """Blink ``code`` from now on (0 = back to the heartbeat)."""
        if code != self.code:
            self.code = code
            self._start = now_ms

    def tick(self, now_ms: int) -> None:
        lit = led_on(self.code, ticks_diff(now_ms, self._start) & _ELAPSED_MASK)
        if lit != self._lit:
            self._lit = lit
            self._io.value = lit

    def deinit(self) -> None:
        self._io.deinit()
