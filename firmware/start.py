"""Start-up: settings.toml read, the parts built, the saved game resumed, the
table made and its first picture on the glass.

Order matters for what is left after a crash part-way: the LED comes as soon
as its pin is known (a crash later still gets its blink code), the keys
before the display (a display that crashes the firmware still leaves OK to
try again, see ``firmware.recovery``). Each part is added to
``firmware.hardware`` as soon as it exists.

The score goes on the glass as soon as the table is made: what the first
picture does not need (the presses' timing, the loop) loads after it.

What only start-up uses (the settings reader, the saved game's reader, the
house rules' precedence, the table's restore, this module) is let go when it ends
(``START_ONLY``): a module stays in the heap, its code and its long
strings, while anything refers to it, and the table must not pay for them
all evening. Nothing that runs after start-up
refers to them; the table's random first dealer is
``firmware.random_number`` for that reason.
"""

import sys

import board
from micropython import const

from firmware import random_number, say
from firmware.glass import Glass
from hw.clock import ticks_ms
from hw.display import choose, reset_line
from hw.keys import Keys
from hw.led import BAD_SAVE, BAD_SETTINGS, NO_DISPLAY, Led

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, Callable, List
    from hw.settings import Settings

# The modules only start-up uses, let go once it is done; and the
# preferences' format, which start-up reads back and a whole record's save
# loads again (``Table.prefs_bytes``).
START_ONLY = ("hw.settings", "hw.settings_words", "hw.saved", "firmware.house_rules",
              "ui.restore", "ui.prefs", "firmware.start")


def optional(builder: "Callable[[Any], Any]", settings: "Settings", key: str, label: str,
             hardware: "List[Any]") -> "Any":
    """An optional part (LED, buzzer) on the pin of ``key``: None when not
    fitted, or when it fails (the message names the key)."""
    pin = settings.pin(key, board)
    if pin is None:
        return None
    try:
        part = builder(pin)
    except (ValueError, RuntimeError, OSError) as err:
        settings.errors.append(key + ": " + label + " on " + settings[key] + " failed ("
                               + str(err) + ")")
        return None
    hardware.append(part)
    return part


def new_buzzer(pin: "Any") -> "Any":
    # hw.buzzer needs pwmio: loaded only for a box that has a buzzer.
    import hw.buzzer

    return hw.buzzer.Buzzer(pin)


def blink_code(errors: "List[str]", messages: "List[str]") -> int:
    """What the LED tells without a screen: the most likely cause first. A
    wrong setting (a wrong pin also loses the display), then an unreadable
    save, then the display itself."""
    if errors:
        return BAD_SETTINGS
    if messages:
        return BAD_SAVE
    return NO_DISPLAY


def let_go(names: "Any") -> None:
    """The modules ``names`` out of ``sys.modules`` and their packages: once
    nothing else refers to them, the next garbage collection frees them (an
    import later loads them again)."""
    for name in names:
        sys.modules.pop(name, None)
        package, _, leaf = name.rpartition(".")
        try:
            delattr(sys.modules[package], leaf)
        except (KeyError, AttributeError):  # not imported, or let go already
            pass


def trim_driver() -> None:
    """Drop from the display driver's module what the firmware never uses:
    its SPI variant (the glass is on I2C). Its drawing base is
    ``hw.framebuf`` already, which holds nothing to drop.

    Kept for the heap: the class dropped here is heap the table has for
    its screens (the README's benchmarks give the session's heap)."""
    import adafruit_ssd1306

    try:
        del adafruit_ssd1306.SSD1306_SPI
    except Exception:
        # Not there in this version of the library, or dropped already
        # (KeyError from a module on the board, AttributeError elsewhere):
        # nothing to free, and saving memory must never stop the start-up.
        pass


def read_saved(store: "Any", resume: bool) -> "Any":
    """The saved game to take up (an ``hw.saved.Saved``), or None when the
    record cannot be read (the messages say why); ``resume`` False sets the
    saved game aside instead. A start that would take up blank flash (a
    first power-on, ``Storage.blank_record``) does not call it: the saved
    game's reader is not loaded then."""
    from hw import saved

    if resume:
        return saved.load(store)
    store.messages.append("Restarted after errors: new game" + saved.set_aside_record(store))
    return None


def start(firmware: "Any", resume: bool) -> None:
    """Build every part into ``firmware`` (``firmware.store`` is there
    already); ``resume``: take up the saved game, else set it aside."""
    from firmware import house_rules
    from hw.settings import KEY_PINS, Settings

    hardware = firmware.hardware
    store = firmware.store
    trim_driver()
    settings = Settings()
    errors = settings.errors
    firmware.led = optional(Led, settings, "EUCHRE_LED", "LED", hardware)
    firmware.buzzer = optional(new_buzzer, settings, "EUCHRE_BUZZER", "buzzer", hardware)
    blank = resume and store.blank_record()
    saved = None if blank else read_saved(store, resume)

    key_pins = [settings.pin(key, board) for key in KEY_PINS]
    firmware.keys = Keys(key_pins, ticks_ms)
    hardware.append(firmware.keys)
    # The controller the glass opens (here and when it looks again), and the
    # output on the module's RES pin that it pulses first.
    reset = optional(reset_line, settings, "EUCHRE_DISPLAY_RESET", "RES pin", hardware)
    choose(settings["EUCHRE_DISPLAY"], reset)
    sda = settings.pin("EUCHRE_SDA", board)
    scl = settings.pin("EUCHRE_SCL", board)
    glass = Glass((scl, sda, settings["EUCHRE_I2C_FREQUENCY"]), settings["EUCHRE_I2C_ADDRESS"],
                  settings["EUCHRE_ROTATION"] == 180, hardware)
    firmware.glass = glass
    glass.connect(ticks_ms())

    # The table UI is loaded once the display's 1 KiB buffer is made, so
    # that its modules do not split the free heap where that buffer would go.
    from ui.table import Table

    rules = house_rules.from_settings(settings.rules_options(), errors)
    table = Table(rules, settings.names(), settings.teams(),
                  contrast=settings["EUCHRE_CONTRAST"], sleep_s=settings["EUCHRE_SLEEP_S"],
                  rand=random_number, game=house_rules.saved_game(rules, saved),
                  now_ms=firmware.started, trump=settings["EUCHRE_TRUMP"],
                  skunk_double=settings["EUCHRE_SKUNK_DOUBLE"])
    if saved is not None:
        house_rules.resume(table, saved, store.messages)
    store.adopt(table)
    firmware.table = table

    now = ticks_ms()
    # Every wrong setting is named on the screen, one notice each (a press
    # clears one), and on the serial console.
    for message in errors:
        say(message)
        table.notice(message, now)
    for message in store.messages:
        say(message)
        table.notice(message, now)
    firmware.blink_code = blink_code(errors, store.messages)
    if saved is None and not blank:
        # A record not taken up (set aside after errors, unreadable, someone
        # else's bytes) is replaced before anything is drawn: should the
        # picture be what crashes, the next start must count that crash (in
        # run marks of ours) and must not find the old record again.
        store.sync(table)
    # The first picture, before anything it does not need is loaded.
    table.tick(now)
    glass.show(table, now)
    if saved is not None:
        # The game New game replaced (Undo brings it back) is checked by
        # replaying it once the score is on the glass, not before.
        from ui import restore

        kept = restore.previous_kept(table)
        del restore
        if not kept:
            from hw.saved import UNREADABLE_PREVIOUS as message
            say(message)
            table.notice(message, now)
            store.messages.append(message)
            firmware.blink_code = blink_code(errors, store.messages)
    # Any other whole record (a first power-on's new game, a game that did
    # not replay whole, the previous game dropped) is written once the score
    # is on the glass, as the loop writes one after the screen it goes with:
    # a crash before it leaves the flash as this start found it.
    store.sync(table)
    if firmware.led is not None and glass.display is None:
        firmware.led.show_code(firmware.blink_code, now)
    # A press released before its long press fires is a short press. Loaded
    # once start-up's own modules are let go and nothing here refers to
    # them: the collection a full heap makes can free them for it.
    long_ms = settings["EUCHRE_LONG_PRESS_MS"]
    keys = len(KEY_PINS)
    del settings, house_rules
    let_go(START_ONLY)
    from ui.presses import Presses

    firmware.presses = Presses(keys, long_ms=long_ms)
