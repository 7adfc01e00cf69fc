"""The minimal session's driver: the script read, the stand-ins of
``bench_board`` installed, and the check at the end.

Loaded by ``bench_board`` before code.py starts and let go before it does
(so none of this is in the heap the firmware runs in), and loaded again
after the firmware has ended, for the report.
"""

import sys

import bench_board
from bench_board import LONG_MS, POLL_MS, SEED, SHORT_MS, START_MS, _clock


class _Module:
    pass


def read_script(path):
    """(expected [score0, score1, winner], presses as 3 bytes each, end_ms).

    SCRIPT: a first line ``expect score0 score1 winner``, then one press a
    line, ``key long settle_ms [label]``."""
    expect = None
    script = bytearray()
    end = START_MS
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if expect is None:
                expect = [int(x) for x in words[1:4]]
                continue
            key, long, settle = int(words[0]), int(words[1]), int(words[2])
            script.append(key | (0x80 if long else 0))
            script.append(settle & 0xFF)
            script.append(settle >> 8)
            end += (LONG_MS if long else SHORT_MS) + settle
    return expect, script, end


def install(script, end_ms, poll_ms=POLL_MS, on_poll=None, mark=False):
    """The stand-ins into sys.modules; returns the nvm.

    ``script``: the presses as ``read_script`` packs them; the first comes at
    ``START_MS``. The nvm is a ``Flash`` (outside the heap, as on the Pico),
    or with ``mark`` a plain bytearray: the marked passes then count no
    Python work of the stand-in for a journal write (C on the Pico)."""
    bench_board._script[0] = script
    _clock.press = 0
    _clock.down = False
    _clock.at = START_MS
    _clock.end = end_ms
    _clock.poll_ms = poll_ms
    _clock.on_poll = on_poll
    _clock.pass_open = False
    _clock.pass_begins = None
    if mark:
        import bench_pass
        _clock.pass_begins = bench_pass.begins
        _clock.pass_ended = bench_pass.ended
        _clock.pass_sent = bench_pass.sent
    busio = _Module()
    busio.I2C = bench_board.I2C
    microcontroller = _Module()
    microcontroller.nvm = bytearray(b"\xff" * 4096) if mark else bench_board.Flash(4096)
    supervisor = _Module()
    supervisor.ticks_ms = bench_board.ticks_ms
    supervisor.reload = bench_board.reload
    supervisor.get_setting = bench_board.get_setting
    keypad = _Module()
    keypad.Keys = bench_board.Keys
    keypad.Event = bench_board.Event
    digitalio = _Module()
    digitalio.DigitalInOut = bench_board.DigitalInOut
    traceback = _Module()
    traceback.print_exception = sys.print_exception  # code.py's only use of it
    # adafruit_ssd1306 imports both; the display needs only I2CDevice.
    i2c_device = _Module()
    i2c_device.I2CDevice = bench_board.I2CDevice
    bus_device = _Module()
    bus_device.i2c_device = i2c_device
    bus_device.spi_device = _Module()
    for name, module in (("board", bench_board._Board()), ("busio", busio),
                         ("microcontroller", microcontroller), ("supervisor", supervisor),
                         ("keypad", keypad), ("digitalio", digitalio),
                         ("traceback", traceback), ("adafruit_bus_device", bus_device),
                         ("adafruit_bus_device.i2c_device", i2c_device),
                         ("adafruit_bus_device.spi_device", bus_device.spi_device)):
        sys.modules[name] = module
    return microcontroller.nvm


def prepare(argv):
    """Read SCRIPT, install the stand-ins; (expected, presses, nvm)."""
    mark = "--mark" in argv
    argv = [a for a in argv if a != "--mark"]
    image = None
    if "--startup" in argv:
        # --startup NVM: no presses; the nvm holds the image saved in file
        # NVM; the stages of the start-up are marked (bench_pass.stage).
        at = argv.index("--startup")
        with open(argv[at + 1], "rb") as f:
            image = f.read()
        argv = argv[:at] + argv[at + 2:]
        mark = True
    expect, script, end = read_script(argv[2])
    _clock.sample = int(argv[3]) if len(argv) > 3 else 0
    on_poll = None
    if _clock.sample:
        import bench_pass
        on_poll = bench_pass.sample_heap
    nvm = install(script, end, POLL_MS, on_poll, mark)
    if image is not None:
        nvm[:len(image)] = image
        import bench_pass
        _clock.stage = bench_pass.stage
    import random
    random.seed(SEED)  # code.py draws the first dealer at random
    return expect, len(script) // 3, nvm


def report(expect, presses, nvm, board_heap, peak, started):
    """The ``SESSION name value`` lines, the saved game checked against ``expect``."""
    print("SESSION presses", presses)
    print("SESSION board_heap", board_heap)
    print("SESSION peak_live", peak)
    print("SESSION started_live", started)
    from hw.storage import Storage
    saved = Storage(nvm).load()
    if saved is None:
        print("SESSION error nothing saved")
        return
    game = saved.game
    got = [game.scores[0], game.scores[1], -1 if game.winner is None else game.winner]
    print("SESSION final %d %d %d" % tuple(got))
    if got != expect:
        print("SESSION error expected %d %d %d" % tuple(expect))
        return
    print("SESSION ok 1")
