"""``digitalio`` (virtual): pins as inputs (buttons pull them to GND) or outputs
(the board's record of what each output did, e.g. the LED's blink code)."""

import _vboard


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


_PULL_UP = {Pull.UP: True, Pull.DOWN: False}


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut(_vboard.PinOwner):
    def __init__(self, pin):
        self._claim(_vboard.current(), (pin,), "DigitalInOut")
        self._pin = pin
        self._direction = Direction.INPUT
        self._pull = None
        self._value = False
        self.drive_mode = DriveMode.PUSH_PULL

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._live()
        self._direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self.value = value

    def switch_to_input(self, pull=None):
        self._live()
        self._direction = Direction.INPUT
        self._pull = pull

    @property
    def direction(self):
        return self._direction

    @direction.setter
    def direction(self, value):
        if value == Direction.OUTPUT:
            self.switch_to_output()
        else:
            self.switch_to_input()

    @property
    def pull(self):
        return self._pull

    @pull.setter
    def pull(self, value):
        if self._direction == Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        self._pull = value

    @property
    def value(self):
        board = self._live()
        if self._direction == Direction.OUTPUT:
            return self._value
        return board.pin_level(self._pin, _PULL_UP.get(self._pull), board.now())

    @value.setter
    def value(self, value):
        board = self._live()
        if self._direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(value)
        board.drive_pin(self._pin, self._value)
