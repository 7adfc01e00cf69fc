"""The loop: poll the keys, turn them into short and long presses, tick the
table, draw and send, save, and collect garbage when the table is quiet.

It never sleeps and reads time only through ``hw.clock.ticks_ms`` (the
simulator drives both). While the table is idle, nothing in it allocates
but a picture drawn again (the idle hints take turns every 3 s, a little
garbage each) and, at its quiet moments, what the next press may need,
loaded (``Table.prepare``: at the first, the screens a hand meets).
"""

import gc

from micropython import const

from firmware import say
from hw.clock import ticks_ms
from hw.keys import NONE, RESET, key_of_event, went_down
from hw.led import STUCK_KEY
from ui.keys import KEY_NAMES
from ui.presses import LONG, SECOND, STUCK, key_of, kind_of
from ui.ticks import ticks_diff

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any

# A garbage collection takes the board several milliseconds: it is done once
# the table has been quiet this long and the presses' garbage has added up to
# _COLLECT_BYTES, so that it never lands in the middle of a press.
_IDLE_COLLECT_MS = const(250)
_COLLECT_BYTES = const(8192)


def run(firmware: "Any", healthy_ms: int) -> None:
    """Run the game until an error; after ``healthy_ms`` of running a crash
    streak is cleared (``firmware.recovery`` sets it)."""
    table = firmware.table
    store = firmware.store
    keys = firmware.keys
    presses = firmware.presses
    glass = firmware.glass
    led = firmware.led
    buzzer = firmware.buzzer
    started = firmware.started
    healthy = firmware.streak == 0
    # gc.mem_alloc: MicroPython and CircuitPython (CPython counts references).
    heap_used = getattr(gc, "mem_alloc", None)
    collected = 0
    holding = -1  # the key last pressed while it is held, or -1
    ignored = -1  # a second key let go (ui.presses.SECOND), said once no key is held
    # The key whose long press (while it is still held) changed the game,
    # and how (``firmware.stuck``): a key that turns out stuck says what it did.
    fired = -1
    did = None
    last_key = ticks_ms()
    last_check = last_key
    say("ready")

    while True:
        now = ticks_ms()
        pressed = False
        event = keys.get()
        if event == RESET:
            presses.release_all()
            holding = -1
            fired = -1
        elif event != NONE:
            key = key_of_event(event)
            last_key = now
            # The scanner's own time of the change: a press is as long as the
            # finger held it, however busy the loop was.
            seen = keys.ms if keys.ms >= 0 else now
            if went_down(event):
                presses.down(key, seen)
                if presses.held(key):  # not a key pressed while another is held
                    holding = key  # its long press may come (see below)
            else:
                if key == holding:
                    holding = -1
                if key == fired:
                    fired = -1
                if presses.stuck(key) and led is not None and glass.display is None:
                    led.show_code(firmware.blink_code, now)  # the stuck key is free again
                result = presses.up(key, seen)
                if kind_of(result) == SECOND:
                    ignored = key  # only the key pressed first counts
                elif result:
                    # A long press is told on release when the key was let go
                    # before a pass polled it (the loop was busy drawing).
                    held_long = kind_of(result) == LONG
                    table.press(key, held_long, now)
                    pressed = True
                    if buzzer is not None:
                        buzzer.beep(buzzer.HELD if held_long else buzzer.CLICK, now)
        if ignored >= 0 and not presses.any_held():
            # Said once the key pressed first has done what it does (its
            # press must find the screen as its player saw it), and on the
            # glass only where nothing else is said: a message that waits
            # for the press that closes it, a notice, the first key's own,
            # a result just scored (the banner, game over), which the table
            # must read, and may be asked to answer, with nothing over it.
            message = "Two keys at once: " + KEY_NAMES[ignored] + " ignored"
            say(message)
            name = table.screen_name
            if table.awake and table.message is None and name != "banner" and name != "over":
                table.say(message, now)
            ignored = -1
        result = presses.poll(now)
        while result:
            key = key_of(result)
            kind = kind_of(result)
            if kind == LONG:
                game = table.game
                count = game.action_count
                table.press(key, True, now)
                pressed = True
                if table.game is not game:
                    fired = key
                    did = None
                elif game.action_count != count:
                    # The game's serial, not the game: a game kept here after
                    # a new one replaced it would hold its heap all evening.
                    fired = key
                    did = (table.game_serial, count,
                           game.codes[count] if game.action_count > count else -1)
                if buzzer is not None:
                    buzzer.beep(buzzer.HELD, now)
            elif kind == STUCK:
                # Its words load the first time a key sticks, after a
                # collection (a module needs room in one piece).
                gc.collect()
                from firmware import stuck

                message = stuck.notice(table, key, did if key == fired else False)
                say(message)
                table.notice(message, now)
                if led is not None and glass.display is None:
                    led.show_code(STUCK_KEY, now)
            result = presses.poll(now)
        # The key last pressed, held half its long press: what the long
        # press opens loads now (the menu, for OK), so that it finds it
        # loaded. Once a hold.
        if holding >= 0 and presses.holding(holding, now):
            if table.holding(holding) and heap_used is not None:
                collected = heap_used()
            holding = -1
        table.tick(now)
        # An action is saved before drawing: a press that crashes the drawing
        # still counts. A whole record (a new game, new preferences) takes the
        # board milliseconds the player would wait for: it is written once the
        # screen is sent.
        record_due = store.record_due(table)
        if not record_due:
            store.append(table, pressed)

        if glass.display is not None:
            if not glass.show(table, now) and led is not None:
                led.show_code(firmware.blink_code, now)
        else:
            glass.show(table, now)
            if glass.look_again(now) and led is not None:
                led.show_code(0, now)

        if record_due:
            store.rewrite(table)
        if led is not None:
            led.tick(now)
        if buzzer is not None:
            buzzer.tick(now)
        if not healthy and ticks_diff(now, started) >= healthy_ms:
            store.mark_healthy()
            healthy = True
        # gc.mem_alloc() walks the whole heap: asked once per _IDLE_COLLECT_MS
        # of quiet, not at every pass, so a press seldom waits for it.
        if (ticks_diff(now, last_key) >= _IDLE_COLLECT_MS
                and ticks_diff(now, last_check) >= _IDLE_COLLECT_MS
                and not presses.any_held() and not keys.waiting()):
            last_check = now
            # What the next press may need is loaded now (the first time,
            # the screens a hand meets), after a collection.
            if table.prepare():
                if heap_used is not None:
                    collected = heap_used()
            elif heap_used is not None and heap_used() - collected >= _COLLECT_BYTES:
                gc.collect()
                collected = heap_used()
