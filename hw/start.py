"""code.py's start-up: settings.toml read, the parts built, the house rules.

Runs once at power-up. code.py imports it, calls ``start`` and lets it go
before the table UI (the largest modules) is loaded, so that neither this
module nor ``hw.settings`` (every key's default, kind and checks) is in the
heap while the game is played: ``start`` hands back the few values the loop
needs.
"""

import sys

import board
import busio

from euchre_core import Rules
from euchre_core.presses import Presses
from hw.keys import Keys
from hw.led import Led

try:
    from typing import Any, List, Tuple
except ImportError:
    pass

SHORT_MS = 500  # a press released sooner is a short press


def optional(builder: Any, settings: Any, key: str, label: str, hardware: "List[Any]") -> Any:
    """An optional part (LED, buzzer): None when absent or when it fails."""
    pin = settings.pin(key, board)
    if pin is None:
        return None
    try:
        part = builder(pin)
    except (ValueError, RuntimeError, OSError) as err:
        settings.errors.append(key + ": " + label + " on " + settings[key] + " failed (" + str(err) + ")")
        return None
    hardware.append(part)
    return part


def new_buzzer(pin: Any) -> Any:
    """Most boxes have no buzzer: hw.buzzer is loaded only for one that has."""
    import hw.buzzer

    return hw.buzzer.Buzzer(pin)


def build_display(settings: Any, hardware: "List[Any]", try_display: Any) -> Any:
    """(the I2C bus, the OLED): None for either that is missing (message on serial)."""
    sda = settings.pin("EUCHRE_SDA", board)
    scl = settings.pin("EUCHRE_SCL", board)
    try:
        i2c = busio.I2C(scl, sda, frequency=settings["EUCHRE_I2C_FREQUENCY"])
    except (ValueError, RuntimeError, OSError) as err:
        # RuntimeError: no pull-ups on SDA/SCL, i.e. nothing is wired there.
        print("euchre: no display: I2C on " + settings["EUCHRE_SDA"] + "/" + settings["EUCHRE_SCL"]
              + ": " + str(err))
        return None, None
    hardware.append(i2c)
    return i2c, try_display(i2c, settings["EUCHRE_I2C_ADDRESS"])


def make_rules(settings: Any) -> Rules:
    try:
        return Rules(**settings.rules_options())
    except ValueError as err:
        settings.errors.append("house rules: " + str(err) + "; using the standard rules")
        return Rules()


def start(hardware: "List[Any]", try_display: Any) -> "Tuple[Any, ...]":
    """Read the settings and build the parts: each one is added to
    ``hardware`` as soon as it exists (to be released, and found again by
    hw.stopped after a crash in here); ``try_display(i2c, address)`` opens
    the OLED.

    Returns (led, buzzer, keys, i2c, display, I2C address, presses, rules,
    names, teams, contrast, sleep_s, rotated, errors): each part None when
    absent, errors the messages about wrong settings."""
    # hw.settings is needed only here: imported now, let go before returning.
    import hw.settings

    settings = hw.settings.Settings()
    led = optional(Led, settings, "EUCHRE_LED", "LED", hardware)
    buzzer = optional(new_buzzer, settings, "EUCHRE_BUZZER", "buzzer", hardware)
    key_pins = []
    for pin_key in hw.settings.KEY_PINS:
        key_pins.append(settings.pin(pin_key, board))
    # The keys come before the display, so that even a display that crashes
    # the firmware leaves the OK key to try again (see hw.stopped).
    keys = Keys(key_pins)
    hardware.append(keys)
    i2c, display = build_display(settings, hardware, try_display)
    long_ms = settings["EUCHRE_LONG_PRESS_MS"]
    # A short press is released within half a second, or before a long press fires.
    presses = Presses(5, long_ms=long_ms, short_ms=min(SHORT_MS, long_ms))
    parts = (led, buzzer, keys, i2c, display, settings["EUCHRE_I2C_ADDRESS"],
             presses, make_rules(settings), settings.names(), settings.teams(),
             settings["EUCHRE_CONTRAST"], settings["EUCHRE_SLEEP_S"],
             settings["EUCHRE_ROTATION"] == 180, settings.errors)
    del settings
    del sys.modules["hw.settings"]
    delattr(hw, "settings")
    return parts
