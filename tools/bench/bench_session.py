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

The virtual board itself (the simulator's modules, the SSD1306 model, the
nvm image) lives in the same heap here but is C code and hardware on the
Pico: its live heap is measured before code.py starts (``board_heap``) so
the firmware's own share can be told apart.

Every nvm write is classed by what it is: a 2-byte journal entry (one
accepted action or undo) or a record (a new game, preferences, compaction),
with the erases each caused.

    micropython -X heapsize=N bench_session_main.py --minimal SCRIPT [SAMPLE] [--mark]

runs the same session on ``bench_board``'s stand-ins for the C modules
instead of the simulator, for the firmware's own heap figure (the entry
script hands it to ``bench_board.session`` without loading this module,
whose simulator driving would only add to the heap there); with
``--mark`` every loop pass that handles a key event is bracketed for
callgrind (``bench_pass.marker``), to count the real code.py's work per
press. A script line may carry a label after ``settle_ms`` (ignored here).

    micropython -X heapsize=N bench_session_main.py --modules

prints the live heap each firmware module adds when imported, in the order
code.py imports them (``MODULE name bytes``).

Prints ``SESSION name value`` lines and ``SESSION ok 1`` at the end.
"""

import gc
import sys

# Timing of the script, as in bench_board (not imported: the virtual board's
# heap figure would carry the stand-in board too).
POLL_MS = 10
START_MS = 3000
SHORT_MS = 80
LONG_MS = 800
SEED = 1
KEY_PINS = ("GP10", "GP11", "GP12", "GP13", "GP14")
# The virtual CircuitPython modules the firmware imports (C modules on the Pico).
BOARD_MODULES = ("_vboard", "_ssd1306", "board", "busio", "microcontroller", "supervisor",
                 "keypad", "digitalio", "pwmio", "traceback", "random")
# The firmware's modules, roughly in the order code.py pulls them in
# ("euchre_core" is the package with the rules engine: rules.py and game.py).
FIRMWARE_MODULES = ("adafruit_framebuf", "adafruit_bus_device.i2c_device", "adafruit_ssd1306",
                    "euchre_core", "ui.presses",
                    "ui.font", "ui.screen", "ui.table",
                    "hw.settings", "hw.clock", "hw.display", "hw.keys", "hw.storage",
                    "hw.led", "hw.buzzer")


def live():
    gc.collect()
    return gc.mem_alloc()


def modules():
    sys.path.insert(0, "simcp")
    import _vboard
    _vboard.install(_vboard.Machine("circuitpy", nvm_path=None))
    for name in BOARD_MODULES:
        __import__(name)
    base = live()
    print("MODULE (virtual board and bench) %d" % base)
    import bench_framebuf
    bench_framebuf.hide()  # as on CircuitPython: the driver takes adafruit_framebuf
    before = live()
    import adafruit_framebuf  # noqa: F401
    print("MODULE adafruit_framebuf %d" % (live() - before))
    for name in FIRMWARE_MODULES[1:]:
        before = live()
        try:
            __import__(name)
        except ImportError as err:
            print("MODULE %s missing(%s)" % (name, err))
            continue
        print("MODULE %s %d" % (name, live() - before))
    print("MODULE total-firmware %d" % (live() - base))


class SessionEnd(BaseException):
    pass


def main(argv):
    if argv[1] == "--modules":
        modules()
        return
    if argv[1] == "--minimal":
        import bench_board
        bench_board.session(argv)
        return
    sys.path.insert(0, "simcp")
    import _vboard

    lines = open(argv[1]).read().split("\n")
    sample = int(argv[2]) if len(argv) > 2 else 0
    expect = [int(x) for x in lines[0].split()[1:]]
    machine = _vboard.Machine("circuitpy", nvm_path=None, poll_ms=POLL_MS)
    _vboard.install(machine)
    for name in BOARD_MODULES:
        __import__(name)
    import random
    random.seed(SEED)  # code.py draws the first dealer at random
    nvm = machine.nvm
    kinds = {"journal": [0, 0], "record": [0, 0]}  # writes, erases
    plain_write = nvm.write

    def classed_write(start, values):
        erases = nvm.erases
        try:
            return plain_write(start, values)
        finally:
            counts = kinds["journal" if len(values) == 2 else "record"]
            counts[0] += 1
            counts[1] += nvm.erases - erases

    nvm.write = classed_write

    at = START_MS
    presses = 0
    for line in lines[1:]:
        if not line:
            continue
        key, long, settle = [int(x) for x in line.split()[:3]]
        pin = _vboard.pin_named(KEY_PINS[key])
        machine.set_button(pin, True, at)
        at += LONG_MS if long else SHORT_MS
        machine.set_button(pin, False, at)
        at += settle
        presses += 1
    end = at
    peak = [0, 0]
    board_heap = live()
    import bench_framebuf
    bench_framebuf.install()

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

    # Let the firmware go before checking, so the check never sets the peak.
    sys.modules.pop("code", None)
    sys.modules.pop("scorekeeper", None)  # the firmware, as the bundle ships it
    from hw.storage import Storage
    writes = machine.nvm.writes
    erases = machine.nvm.erases
    gc.collect()
    saved = Storage(machine.nvm.data).load()
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
        ("board_heap", board_heap),
        ("peak_live", peak[0]),
        ("journal_writes", kinds["journal"][0]),
        ("journal_erases", kinds["journal"][1]),
        ("record_writes", kinds["record"][0]),
        ("record_erases", kinds["record"][1]),
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
