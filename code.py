"""Table Euchre Scorekeeper: wiring only.

Reads settings.toml, reads the saved game, builds the adapters in ``hw/``
(``hw.start``, let go once done) and the table UI from ``euchre_core``, and
runs the loop: poll keys, turn them into short/long presses, tick, render,
send the changed pages, save.

The loop never sleeps and reads time only through ``supervisor.ticks_ms()``
(the simulator drives both).

Recovery: an unexpected exception is printed with its traceback on the serial
console, a crash mark is programmed into nvm (no erase) and the firmware
restarts itself with ``supervisor.reload()``; the game is resumed from nvm.
A restart loop is stopped by the crash streak (crashes since the last run
that stayed up for 30 s): from the 3rd crash in a row the saved game is set
aside and a fresh game starts; from the 5th the firmware stops restarting,
shows the error (LED blink code 5 without a screen) and waits for OK
(``hw.stopped``, loaded only then).
"""

import gc
import random
import sys
import traceback

import microcontroller
import supervisor

# The display driver is imported here, before anything is counted: a
# missing or broken library file stops code.py with its traceback and
# leaves the crash streak, and the saved game, as they were. The firmware's
# own modules are imported by run(), in the order that suits the heap.
from hw.display import ALL_PAGES, open_bus, open_display

try:
    from typing import Any, List, Optional
    from hw.keys import Keys
    from hw.storage import Storage
except ImportError:
    pass

SAFE_START_STREAK = 3  # crashes in a row before the saved game is set aside
STOP_STREAK = 5  # crashes in a row before restarting stops
HEALTHY_MS = 30000  # a run this long clears the crash streak
# A garbage collection takes several milliseconds on the board: done while
# the table is quiet, once a press's garbage (1-2 KB each) has added up, it
# does not land in the middle of a press.
IDLE_COLLECT_MS = 250
COLLECT_BYTES = 8192
DISPLAY_RETRY_MS = 10000

hardware = []  # type: List[Any]  # what to deinit when code.py ends
store = None  # type: Optional[Storage]
display = None  # type: Any
led = None  # type: Any
keys = None  # type: Optional[Keys]
table = None  # type: Any  # the running Table, for a debugger or the simulator's tests


def say(message: str) -> None:
    """Every message goes to the serial console, whatever else shows it."""
    print("euchre:", message)


def forget(package: Any, name: str) -> None:
    """Let a module go once it has done its work: nothing but
    ``sys.modules`` and its package refers to it then."""
    del sys.modules[package.__name__ + "." + name]
    delattr(package, name)


def try_display(i2c: Any, address: int) -> Any:
    try:
        found = open_display(i2c, address)
    except (ValueError, RuntimeError, OSError) as err:
        # adafruit_bus_device: ValueError("No I2C device at address: 0x3c")
        say("no display: " + str(err))
        return None
    return found


def try_bus(pins: Any) -> Any:
    """The display's I2C bus on ``pins`` (scl, sda, frequency), or None."""
    try:
        return open_bus(pins[0], pins[1], pins[2])
    except (ValueError, RuntimeError, OSError) as err:
        say("no display: I2C: " + str(err))
        return None


def random_number() -> int:
    """The random first dealer (CircuitPython seeds ``random`` from the hardware)."""
    return random.getrandbits(16)


def run() -> None:
    global store, display, led, keys, table
    from hw.clock import ticks_diff, ticks_ms

    started = ticks_ms()
    from hw.storage import Storage

    # Some boards (and Blinka) have no nvm: then the game is not saved, and says so.
    store = Storage(getattr(microcontroller, "nvm", None))
    streak = store.crash_streak()
    # What start-up needs only for a moment comes before most of what stays
    # for the whole game: settings.toml is read (hw.start; hw.settings is
    # let go at once), then the saved game (hw.storage_load, let go). The
    # rest is laid out after them, in the room they leave: the screen and
    # its fonts (the largest blocks), the parts, and last the table UI (the
    # largest modules), once hw.start is let go too. In the other order
    # their holes would be left between what stays, too small for the
    # table's larger blocks.
    import hw.start

    config = hw.start.read_settings(hardware)
    if streak >= SAFE_START_STREAK:
        store.messages.append("Restarted after errors: new game" + store.set_aside_record())
        saved = None
    else:
        saved = store.load()
    # Reading the saved record is done for this run (see hw.storage_load).
    forget(hw, "storage_load")
    from ui import screen  # noqa: F401
    from ui.presses import LONG, STUCK
    from ui.keys import LETTERS
    from hw.keys import NONE, RESET
    from hw.led import BAD_SAVE, BAD_SETTINGS, NO_DISPLAY, STUCK_KEY

    (led, buzzer, keys, i2c, display, address, bus_pins, presses, rules, names, teams,
     contrast, sleep_s, rotated, errors) = hw.start.start(config, hardware, try_display)
    del config
    forget(hw, "start")
    from ui.table import Table

    table = Table(
        rules,
        names,
        teams,
        contrast=contrast,
        sleep_s=sleep_s,
        rand=random_number,
        game=saved.game if saved is not None else None,
        now_ms=started,
    )
    if saved is not None:
        try:
            table.load_prefs(saved.prefs)
        except ValueError as err:
            store.messages.append(str(err) + ": display settings reset")
        table.previous = saved.previous  # what Undo of New game brings back
    store.adopt(table)
    # The table has what it needs: run() must not hold these for the whole game.
    del saved, names, teams

    now = ticks_ms()
    # Every wrong setting is named on the screen, one notice each (a press
    # clears one), as on the serial console.
    for message in errors:
        say(message)
        table.notice(message, now)
    for message in store.messages:
        say(message)
        table.notice(message, now)
    # With a screen the messages are on it and the LED only beats. Without one
    # the LED tells the most likely cause: a wrong setting (a wrong pin also
    # loses the display), then an unreadable save, then the display itself.
    blink_code = BAD_SETTINGS if errors else BAD_SAVE if store.messages else NO_DISPLAY
    del errors
    if led is not None and display is None:
        led.show_code(blink_code, now)

    frame = display.frame if display is not None else bytearray(1024)
    shown_contrast = -1
    shown_flip = -1
    shown_awake = True
    healthy = streak == 0
    last_retry = now
    store.sync(table)
    # gc.mem_alloc: MicroPython and CircuitPython (CPython counts references).
    heap_used = getattr(gc, "mem_alloc", None)
    # The start-up's garbage is collected at the first quiet moment, once
    # the score is on the glass (a collection takes the board milliseconds).
    collected = 0
    last_key = now
    say("ready")

    while True:
        now = ticks_ms()
        pressed = False
        event = keys.get()
        if event == RESET:
            presses.release_all()
        elif event != NONE:
            key = event >> 1
            last_key = now
            # The scanner's own time of the change: a press is as long as the
            # finger held it, however busy the loop was.
            seen = keys.ms if keys.ms >= 0 else now
            if event & 1:
                presses.down(key, seen)
            else:
                if presses.stuck(key) and led is not None and display is None:
                    led.show_code(blink_code, now)  # the stuck key is free again
                result = presses.up(key, seen)
                if result:
                    table.press(key, False, now)
                    pressed = True
                    if buzzer is not None:
                        buzzer.beep(buzzer.CLICK, now)
        result = presses.poll(now)
        while result:
            key = result & 7
            if result >> 3 == LONG:
                table.press(key, True, now)
                pressed = True
                if buzzer is not None:
                    buzzer.beep(buzzer.HELD, now)
            elif result >> 3 == STUCK:
                message = "Key " + LETTERS[key] + " stuck: ignored"
                say(message)
                table.notice(message, now)
                if led is not None and display is None:
                    led.show_code(STUCK_KEY, now)
            result = presses.poll(now)
        table.tick(now)
        # An action is saved before drawing: a press that crashes the
        # drawing still counts. A whole record (a new game, new preferences)
        # takes the board milliseconds the player would wait for: it is
        # written once the screen is sent.
        record_due = store.record_due(table)
        if not record_due:
            store.sync(table, pressed)

        if display is not None:
            # Every command can meet a loose wire, not only a redraw: the
            # sleep after a quiet spell, the wake, contrast and flip too.
            try:
                flip = 1 if rotated != bool(table.flipped) else 0
                redraw = 0
                if flip != shown_flip:
                    display.flip(flip == 1)
                    shown_flip = flip
                    redraw = ALL_PAGES
                if table.contrast != shown_contrast:
                    display.contrast(table.contrast)
                    shown_contrast = table.contrast
                if bool(table.awake) != shown_awake:
                    shown_awake = not shown_awake
                    display.sleep(not shown_awake)
                changed = table.render(frame) | redraw
                if changed:
                    display.show_pages(changed)
            except OSError as err:
                # A loose wire: keep the game going, look for the display again later.
                say("display lost: " + str(err))
                display = None
                last_retry = now
                if led is not None:
                    led.show_code(blink_code, now)
        else:
            table.render(frame)
            if ((i2c is not None or bus_pins is not None)
                    and ticks_diff(now, last_retry) >= DISPLAY_RETRY_MS):
                last_retry = now
                if i2c is None:
                    # No bus at power-up (no pull-ups: the module was not
                    # plugged in): build it again, the module may be there now.
                    i2c = try_bus(bus_pins)
                    if i2c is not None:
                        hardware.append(i2c)
                if i2c is not None:
                    display = try_display(i2c, address)
                if display is not None:
                    frame = display.frame
                    shown_flip = -1
                    shown_contrast = -1
                    shown_awake = True
                    if led is not None:
                        led.show_code(0, now)
                    say("display found")

        if record_due:
            store.sync(table, pressed)
        if led is not None:
            led.tick(now)
        if buzzer is not None:
            buzzer.tick(now)
        if not healthy and ticks_diff(now, started) >= HEALTHY_MS:
            store.mark_healthy()
            healthy = True
        if (heap_used is not None and ticks_diff(now, last_key) >= IDLE_COLLECT_MS
                and heap_used() - collected >= COLLECT_BYTES and not presses.any_held()
                and not keys.waiting()):
            gc.collect()
            collected = heap_used()


def main() -> None:
    try:
        run()
    except Exception as err:
        traceback.print_exception(err)
        streak = STOP_STREAK
        if store is not None:
            try:
                store.mark_crash()
                streak = store.crash_streak()
            except Exception as mark_err:  # flash trouble: stop rather than loop blindly
                say("crash mark: " + str(mark_err))
        say("error " + str(streak) + " in a row: " + ("stopping" if streak >= STOP_STREAK else "restarting"))
        if streak >= STOP_STREAK:
            # Shows the error and waits for OK held (loaded only now, into
            # the room the table leaves: the crash may have been for memory).
            global table
            table = None
            gc.collect()
            try:
                import hw.stopped
            except (MemoryError, ImportError) as load_err:
                # Nothing more to show (no room, or a module missing):
                # code.py ends here, and the board waits (the reset button
                # starts it again). Never a restart loop.
                say("cannot show the error: " + str(load_err))
                return
            hw.stopped.wait_for_ok(err, display, store, hardware)
        else:
            supervisor.reload()
    finally:
        for part in hardware:
            try:
                part.deinit()
            except Exception:  # already gone; the rest must still be released
                pass


main()
