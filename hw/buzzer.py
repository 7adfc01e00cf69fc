"""An optional piezo buzzer on a PWM pin: short clicks as key feedback.

Non-blocking: ``beep`` starts a tone, ``tick`` ends it when its time is up.
"""

from micropython import const

import pwmio

from ui.ticks import ticks_diff

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

_HALF = const(0x8000)

CLICK = (2400, 12)  # a key press was taken
HELD = (1800, 30)  # a long press fired


class Buzzer:
    # The sounds again, for a caller that holds the buzzer but not this module.
    CLICK = CLICK
    HELD = HELD

    def __init__(self, pin: "Any") -> None:
        self._pwm = pwmio.PWMOut(pin, frequency=2000, duty_cycle=0, variable_frequency=True)
        self._until = 0
        self._sounding = False

    def beep(self, sound: "tuple", now_ms: int) -> None:
        self._pwm.frequency = sound[0]
        self._pwm.duty_cycle = _HALF
        self._until = now_ms + sound[1]
        self._sounding = True

    def tick(self, now_ms: int) -> None:
        if self._sounding and ticks_diff(now_ms, self._until) >= 0:
            self._pwm.duty_cycle = 0
            self._sounding = False

    def deinit(self) -> None:
        self._pwm.deinit()
