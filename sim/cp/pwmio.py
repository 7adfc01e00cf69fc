"""``pwmio`` (virtual): a PWM output records (ms, frequency, duty_cycle) changes,
so tests can hear the buzzer."""

import _vboard


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        board = _vboard.current()
        if not 0 <= duty_cycle <= 0xFFFF:
            raise ValueError("duty_cycle must be 0-65535")
        if frequency <= 0:
            raise ValueError("Invalid PWM frequency")
        board.claim(pin, "PWMOut")
        self._board = board
        self._pin = pin
        self._duty = duty_cycle
        self._frequency = frequency
        self._variable = variable_frequency
        self._record()

    def _live(self):
        if self._board is None:
            raise ValueError("Object has been deinitialized.")
        if self._board.dead:
            raise _vboard.PowerCut()
        return self._board

    def _record(self):
        board = self._live()
        board.output(self._pin).record(board.now(), (self._frequency, self._duty))

    def deinit(self):
        if self._board is not None:
            self._board.output(self._pin).record(self._board.now(), (self._frequency, 0))
            self._board.release(self._pin)
            self._board = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

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
