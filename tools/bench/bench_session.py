"""A scripted session of the whole firmware on the virtual board, under MicroPython.

    micropython -X heapsize=N bench_session_main.py SCRIPT [SAMPLE]

Runs the unmodified ``code.py`` (precompiled, with ``hw/``, ``euchre_core/``
and the Adafruit libraries) on the simulator's virtual Pico (``sim/cp``,
precompiled into ``simcp/``). The buttons are scheduled from SCRIPT, one
press a line (``key long settle_ms``); every key poll that finds nothing to
do moves virtual time on by ``POLL_MS``; when the script is over the session
ends by raising ``SessionEnd`` (a BaseException, so code.py's recovery does
not catch it). SCRIPT's first line is ``expect score0 score1 winner``: the
saved game at the end must be exactly that, or the session failed.

With SAMPLE > 0, the live heap (``gc.mem_alloc()`` right after
``gc.collect()``) is sampled every SAMPLE key polls and at every key event;
that run is for the peak figure only (the collections change the timing).

Prints ``SESSION name value`` lines and ``SESSION ok 1`` at the end.
"""

import gc
import sys

POLL_MS = 10
START_MS = 3000
KEY_PINS = ("GP10", "GP11", "GP12", "GP13", "GP14")
SHORT_MS = 80
LONG_MS = 800


class SessionEnd(BaseException):
    pass


def main(argv):
    sys.path.insert(0, "simcp")
    import bench_framebuf
    bench_framebuf.install()
    import _vboard

    lines = open(argv[1]).read().split("\n")
    sample = int(argv[2]) if len(argv) > 2 else 0
    expect = [int(x) for x in lines[0].split()[1:]]
    machine = _vboard.Machine("circuitpy", nvm_path=None, poll_ms=POLL_MS)
    _vboard.install(machine)

    at = START_MS
    presses = 0
    for line in lines[1:]:
        if not line:
            continue
        key, long, settle = [int(x) for x in line.split()]
        pin = _vboard.pin_named(KEY_PINS[key])
        machine.set_button(pin, True, at)
        at += LONG_MS if long else SHORT_MS
        machine.set_button(pin, False, at)
        at += settle
        presses += 1
    end = at
    peak = [0, 0]

    def idle():
        machine.clock_ms += POLL_MS
        if sample:
            peak[1] += 1
            if peak[1] % sample == 0:
                gc.collect()
                used = gc.mem_alloc()
                if used > peak[0]:
                    peak[0] = used
        if machine.clock_ms >= end:
            raise SessionEnd()

    machine.on_idle = idle
    try:
        import code  # noqa: F401  (runs the firmware until the script ends)
    except SessionEnd:
        pass

    import microcontroller
    from hw.storage import Storage
    from euchre_core import Rules
    store = Storage(microcontroller.nvm)
    writes = machine.nvm.writes
    erases = machine.nvm.erases
    saved = store.load()
    gc.collect()
    out = (
        ("presses", presses),
        ("virtual_ms", machine.clock_ms),
        ("nvm_writes", writes),
        ("nvm_erases", erases),
        ("nvm_programmed", machine.nvm.programmed),
        ("i2c_transactions", machine.bus.transactions),
        ("i2c_bytes", machine.bus.bytes),
        ("heap_after", gc.mem_alloc()),
        ("peak_live", peak[0]),
    )
    for name, value in out:
        print("SESSION", name, value)
    if saved is None:
        print("SESSION error nothing saved")
        return
    game = saved.game
    winner = -1 if game.winner is None else game.winner
    got = [game.scores[0], game.scores[1], winner]
    print("SESSION final %d %d %d" % tuple(got))
    print("SESSION actions", game.action_count)
    if got != expect:
        print("SESSION error expected %d %d %d" % tuple(expect))
        return
    serial = machine.serial_text()
    if "Traceback" in serial:
        print("SESSION error firmware traceback:", serial[serial.find("Traceback"):][:300])
        return
    print("SESSION ok 1")
