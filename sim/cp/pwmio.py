"""``pwmio`` (virtual): a PWM output records (ms, frequency, duty_cycle) changes,
so tests can hear the buzzer."""

import _vboard


class PWMOut(_vboard.PinOwner):
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        board = _vboard.current()
        if not 0 <= duty_cycle <= 0xFFFF:
            raise ValueError("duty_cycle must be 0-65535")
        if frequency <= 0:
            raise ValueError("Invalid PWM frequency")
        self._claim(board, (pin,), "PWMOut")
        self._pin = pin
        self._duty = duty_cycle
        self._frequency = frequency
        self._variable = variable_frequency
        self._record()

    def _record(self):
        board = self._live()
        board.output(self._pin).record(board.now(), (self._frequency, self._duty))

    def _releasing(self):
        # A released pin goes quiet.
        self._board.output(self._pin).record(self._board.now(), (self._frequency, 0))

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        if not 0 <= value <= 0xFFFF:
            raise ValueError("duty_cycle must be 0-65535")
        self._duty = value
        self._record()

    @property
    def frequency(self):
        return self._frequency

    @frequency.setter
    def frequency(self, value):
        if not self._variable:
            raise AttributeError("Cannot change frequency on a fixed-frequency PWMOut")
        if value <= 0:
            raise ValueError("Invalid PWM frequency")
        self._frequency = value
        self._record()
