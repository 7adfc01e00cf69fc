"""Stand-ins for the C modules ``keypad`` and ``digitalio`` that hw/keys.py and
hw/led.py import, for the press-by-press runs.

On the Pico these are C: a key event costs one ``get_into`` call and an LED
write one attribute store. The stand-ins do just that much in Python, so
the firmware's own Python around them (``hw.keys.Keys.get``,
``hw.led.Led.tick``) is counted as on the board. Installed into
``sys.modules`` by ``bench_ours`` before the firmware's hw modules load;
the whole-firmware session uses the simulator's full modules instead.
"""

import sys


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class EventQueue:
    def __init__(self):
        self.overflowed = False
        self.pending = []

    def get_into(self, event):
        if not self.pending:
            return False
        key_number, pressed = self.pending.pop(0)
        event.key_number = key_number
        event.pressed = pressed
        return True

    def clear(self):
        self.pending = []


class Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        self.events = EventQueue()

    def reset(self):
        pass

    def deinit(self):
        pass


class DigitalInOut:
    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False):
        self.value = value

    def deinit(self):
        pass


class _Module:
    pass


def stand_ins():
    """The stand-in modules by name."""
    keypad = _Module()
    keypad.BENCH = True
    keypad.Keys = Keys
    keypad.Event = Event
    digitalio = _Module()
    digitalio.BENCH = True
    digitalio.DigitalInOut = DigitalInOut
    return {"keypad": keypad, "digitalio": digitalio}


def install():
    """Put ``keypad`` and ``digitalio`` stand-ins into sys.modules (once)."""
    if getattr(sys.modules.get("keypad"), "BENCH", False):
        return
    for name, module in stand_ins().items():
        sys.modules[name] = module
