"""code.py's start-up: the display driver trimmed, settings.toml read, the
parts built, the house rules.

Runs once at power-up. code.py imports it first and calls
``read_settings`` (``hw.settings``, every key's default, kind and checks, is
loaded and let go inside it, while the heap holds little else: what is
needed only for a moment is best done before what stays is laid out), then
``start`` to build the parts, and lets this module go before the table UI
(the largest modules) is loaded. Neither module is in the heap while the
game is played: they hand back the few values the loop needs.
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


def optional(builder: Any, pin: Any, key: str, label: str, errors: "List[str]",
             hardware: "List[Any]") -> Any:
    """An optional part (LED, buzzer) on ``pin``: None when absent or when it fails."""
    if pin is None:
        return None
    try:
        part = builder(pin)
    except (ValueError, RuntimeError, OSError) as err:
        errors.append(key + ": " + label + " failed (" + str(err) + ")")
        return None
    hardware.append(part)
    return part


def new_buzzer(pin: Any) -> Any:
    """Most boxes have no buzzer: hw.buzzer is loaded only for one that has."""
    import hw.buzzer

    return hw.buzzer.Buzzer(pin)


def build_display(scl: Any, sda: Any, wires: str, frequency: int, address: int,
                  hardware: "List[Any]", try_display: Any) -> Any:
    """(the I2C bus, the OLED): None for either that is missing (message on serial)."""
    try:
        i2c = busio.I2C(scl, sda, frequency=frequency)
    except (ValueError, RuntimeError, OSError) as err:
        # RuntimeError: no pull-ups on SDA/SCL, i.e. nothing is wired there.
        print("euchre: no display: I2C on " + wires + ": " + str(err))
        return None, None
    hardware.append(i2c)
    return i2c, try_display(i2c, address)


def make_rules(options: Any, errors: "List[str]") -> Rules:
    try:
        return Rules(**options)
    except ValueError as err:
        errors.append("house rules: " + str(err) + "; using the standard rules")
        return Rules()


def trim_driver() -> None:
    """Drop from the display driver's modules what the firmware never uses.

    The table writes bytes into the driver's buffer and draws nothing
    through ``adafruit_framebuf``: its other pixel formats, its font reader,
    its shapes and text, and the driver's SPI variant are compiled code the
    board would keep in its heap for nothing (about 2.7 KiB; 5.4 KiB on the
    64-bit unix port). The driver itself needs only ``FrameBuffer``'s
    set-up, ``rotation`` and ``fill`` (with ``MVLSBFormat.fill``). A name a
    later library version no longer has is skipped."""
    import adafruit_framebuf
    import adafruit_ssd1306

    unused = (
        (adafruit_framebuf, ("GS2HMSBFormat", "MHMSBFormat", "RGB565Format", "RGB888Format",
                             "BitmapFont")),
        (getattr(adafruit_framebuf, "FrameBuffer", None),
         ("pixel", "hline", "vline", "circle", "rect", "fill_rect", "line", "blit", "scroll",
          "text", "image")),
        (getattr(adafruit_framebuf, "MVLSBFormat", None), ("set_pixel", "get_pixel", "fill_rect")),
        (adafruit_ssd1306, ("SSD1306_SPI",)),
    )
    for owner, names in unused:
        for name in names:
            try:
                delattr(owner, name)
            except (AttributeError, TypeError):  # not there (or no owner) in this version
                pass


def read_settings() -> "Tuple[Any, ...]":
    """settings.toml read and checked, kept as the plain values ``start``
    needs; ``hw.settings`` is let go before returning."""
    trim_driver()
    import hw.settings

    settings = hw.settings.Settings()
    key_pins = []
    for pin_key in hw.settings.KEY_PINS:
        key_pins.append(settings.pin(pin_key, board))
    config = (settings.pin("EUCHRE_LED", board), "LED on " + settings["EUCHRE_LED"],
              settings.pin("EUCHRE_BUZZER", board), "buzzer on " + settings["EUCHRE_BUZZER"],
              key_pins, settings.pin("EUCHRE_SCL", board), settings.pin("EUCHRE_SDA", board),
              settings["EUCHRE_SDA"] + "/" + settings["EUCHRE_SCL"],
              settings["EUCHRE_I2C_FREQUENCY"], settings["EUCHRE_I2C_ADDRESS"],
              settings["EUCHRE_LONG_PRESS_MS"], settings.rules_options(), settings.names(),
              settings.teams(), settings["EUCHRE_CONTRAST"], settings["EUCHRE_SLEEP_S"],
              settings["EUCHRE_ROTATION"] == 180, settings.errors)
    del settings
    del sys.modules["hw.settings"]
    delattr(hw, "settings")
    return config


def start(config: "Tuple[Any, ...]", hardware: "List[Any]", try_display: Any) -> "Tuple[Any, ...]":
    """Build the parts from ``read_settings``'s values: each one is added to
    ``hardware`` as soon as it exists (to be released, and found again by
    hw.stopped after a crash in here); ``try_display(i2c, address)`` opens
    the OLED.

    Returns (led, buzzer, keys, i2c, display, I2C address, presses, rules,
    names, teams, contrast, sleep_s, rotated, errors): each part None when
    absent, errors the messages about wrong settings."""
    (led_pin, led_on, buzzer_pin, buzzer_on, key_pins, scl, sda, wires, frequency, address,
     long_ms, options, names, teams, contrast, sleep_s, rotated, errors) = config
    led = optional(Led, led_pin, "EUCHRE_LED", led_on, errors, hardware)
    buzzer = optional(new_buzzer, buzzer_pin, "EUCHRE_BUZZER", buzzer_on, errors, hardware)
    # The keys come before the display, so that even a display that crashes
    # the firmware leaves the OK key to try again (see hw.stopped).
    keys = Keys(key_pins)
    hardware.append(keys)
    i2c, display = build_display(scl, sda, wires, frequency, address, hardware, try_display)
    # A short press is released within half a second, or before a long press fires.
    presses = Presses(5, long_ms=long_ms, short_ms=min(SHORT_MS, long_ms))
    return (led, buzzer, keys, i2c, display, address, presses, make_rules(options, errors),
            names, teams, contrast, sleep_s, rotated, errors)
