"""code.py's start-up: the display driver trimmed, settings.toml read, the
parts built, the house rules.

Runs once at power-up. code.py calls ``read_settings`` (``hw.settings``,
every key's default, kind and checks, is loaded and let go inside it,
before most of what stays for the whole game is laid out: what is needed
only for a moment is best done first), then ``start`` to build the other
parts, and lets this module go before the table UI (the largest modules)
is loaded. Neither module is in the heap while the game is played: they
hand back the few values the loop needs.
"""

import sys
from collections import namedtuple

import board

from euchre_core import Rules
from ui.presses import Presses
from hw.clock import ticks_ms
from hw.keys import Keys
from hw.led import Led

try:
    from typing import Any, List, Tuple
except ImportError:
    pass

SHORT_MS = 500  # a press released sooner is a short press

# What read_settings hands to start: the parts made so far and the values
# the rest of the start-up needs from settings.toml.
Config = namedtuple("Config", ("led", "buzzer", "key_pins", "sda", "scl", "wires", "frequency",
                               "address", "long_ms", "options", "names", "teams", "contrast",
                               "sleep_s", "rotated", "errors", "controller", "reset_pin"))


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


def build_display(config: Any, hardware: "List[Any]", try_display: Any) -> Any:
    """(the I2C bus, the OLED): None for either that is missing (message on serial)."""
    from hw.display import choose, open_bus, reset_line  # code.py's own import: already loaded

    # The controller open_display builds, here and when code.py looks again,
    # and the output on the module's RES pin that it pulses first.
    reset = optional(reset_line, config.reset_pin, "EUCHRE_DISPLAY_RESET", "RES pin",
                     config.errors, hardware)
    choose(config.controller, reset)
    try:
        i2c = open_bus(config.scl, config.sda, config.frequency)
    except (ValueError, RuntimeError, OSError) as err:
        # RuntimeError: no pull-ups on SDA/SCL, i.e. nothing is wired there (yet).
        print("euchre: no display: I2C on " + config.wires + ": " + str(err))
        return None, None
    hardware.append(i2c)
    return i2c, try_display(i2c, config.address)


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
            except Exception:
                # Not there in this version of the library, or trimmed
                # already (KeyError from a module on the board, AttributeError
                # from a class, TypeError without an owner): nothing to free,
                # and saving memory must never stop the start-up.
                pass


def read_settings(hardware: "List[Any]") -> Any:
    """settings.toml read and checked (``hw.settings`` is let go before
    returning), the LED and the buzzer made as soon as their pins are known
    (so that a crash later in the start-up still has the LED for hw.stopped's
    blink code), and the rest of what ``start`` needs, as a ``Config``."""
    trim_driver()
    import hw.settings

    settings = hw.settings.Settings()
    errors = settings.errors
    pin = settings.pin("EUCHRE_LED", board)
    led = optional(Led, pin, "EUCHRE_LED", "LED on " + settings["EUCHRE_LED"], errors, hardware)
    pin = settings.pin("EUCHRE_BUZZER", board)
    buzzer = optional(new_buzzer, pin, "EUCHRE_BUZZER", "buzzer on " + settings["EUCHRE_BUZZER"],
                      errors, hardware)
    key_pins = []
    for pin_key in hw.settings.KEY_PINS:
        key_pins.append(settings.pin(pin_key, board))
    sda = settings.pin("EUCHRE_SDA", board)
    scl = settings.pin("EUCHRE_SCL", board)
    config = Config(led, buzzer, key_pins, sda, scl,
                    settings["EUCHRE_SDA"] + "/" + settings["EUCHRE_SCL"],
                    settings["EUCHRE_I2C_FREQUENCY"], settings["EUCHRE_I2C_ADDRESS"],
                    settings["EUCHRE_LONG_PRESS_MS"], settings.rules_options(), settings.names(),
                    settings.teams(), settings["EUCHRE_CONTRAST"], settings["EUCHRE_SLEEP_S"],
                    settings["EUCHRE_ROTATION"] == 180, errors, settings["EUCHRE_DISPLAY"],
                    settings.pin("EUCHRE_DISPLAY_RESET", board))
    del settings
    del sys.modules["hw.settings"]
    delattr(hw, "settings")
    return config


def start(config: Any, hardware: "List[Any]", try_display: Any) -> "Tuple[Any, ...]":
    """Build the other parts from ``read_settings``'s ``config``: each one is
    added to ``hardware`` as soon as it exists (to be released, and found
    again by hw.stopped after a crash in here); ``try_display(i2c, address)``
    opens the OLED.

    Returns (led, buzzer, keys, i2c, display, I2C address, bus pins, presses,
    rules, names, teams, contrast, sleep_s, rotated, errors): each part None
    when absent; bus pins (scl, sda, frequency) to build the bus again later
    when it could not be built (None when it was); errors the messages about
    wrong settings."""
    # The keys come before the display, so that even a display that crashes
    # the firmware leaves the OK key to try again (see hw.stopped).
    keys = Keys(config.key_pins, ticks_ms)
    hardware.append(keys)
    i2c, display = build_display(config, hardware, try_display)
    # A short press is released within half a second, or before a long press fires.
    long_ms = config.long_ms
    presses = Presses(5, long_ms=long_ms, short_ms=min(SHORT_MS, long_ms))
    errors = config.errors
    bus_pins = None if i2c is not None else (config.scl, config.sda, config.frequency)
    return (config.led, config.buzzer, keys, i2c, display, config.address, bus_pins, presses,
            make_rules(config.options, errors), config.names, config.teams, config.contrast,
            config.sleep_s, config.rotated, errors)
