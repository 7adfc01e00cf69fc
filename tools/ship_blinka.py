"""Run the scorekeeper's code.py on a Raspberry Pi or another Linux board, through Adafruit Blinka.

    python3 tools/ship_blinka.py [--settings settings.toml] [--nvm PATH] [--seconds N] [code.py]

Blinka provides ``board``, ``busio``, ``digitalio``, ``keypad``, ``pwmio`` and
``microcontroller`` on Linux, so the firmware's adapters in ``hw/`` run as they
are. Three things of CircuitPython are missing there, and this launcher adds
them before it runs ``code.py``, only when Blinka lacks them:

* ``settings.toml``: the firmware reads the drive's file itself
  (``hw.settings.SETTINGS_FILE``); the launcher points it at the one given
  with ``--settings``, by default the one beside ``code.py``.
* ``supervisor``: ``ticks_ms()`` counts milliseconds and wraps like the
  board's (``ui.ticks``); it also gives up the CPU for a millisecond, because the
  firmware's loop never sleeps and would otherwise keep a core busy.
  ``reload()`` restarts this launcher once code.py has finished, as the board
  restarts code.py: the same command line from the folder it was started
  in (the launcher moves into code.py's folder to run it, and a relative
  path on that command line means the folder it was started in).
* ``microcontroller.nvm``: 4 KiB kept in a file (erased flash reads 0xFF), so
  the game survives a power cut as on the Pico.

Blinka 10's ``keypad.Keys.deinit()`` waits for a scanning thread that never
ends; the launcher makes it return (the thread is a daemon and ends with the
process), so a restart or Ctrl-C does not hang.
"""

import argparse
import os
import sys
import threading
import time
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NVM_SIZE = 4096


class FileNvm:
    """``microcontroller.nvm`` kept in a file: indexing and slices, written through at once."""

    def __init__(self, path, size=NVM_SIZE):
        self._path = path
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        if not os.path.exists(path):
            with open(path, "wb") as handle:
                handle.write(b"\xff" * size)
        with open(path, "rb") as handle:
            self._data = bytearray(handle.read().ljust(size, b"\xff")[:size])

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, _step = index.indices(len(self._data))
            if len(value) != stop - start:
                raise ValueError("nvm slice assignment must keep the size")
            self._data[index] = value
        else:
            start, stop = index, index + 1
            self._data[index] = value
        with open(self._path, "r+b") as handle:
            handle.seek(start)
            handle.write(self._data[start:stop])
            handle.flush()
            os.fsync(handle.fileno())


class _Restart(object):
    wanted = False


def make_supervisor(restart):
    """The parts of CircuitPython's ``supervisor`` that the firmware uses."""
    from ui.ticks import ticks_add  # the firmware's, found beside code.py

    module = types.ModuleType("supervisor")
    origin = time.monotonic()

    def ticks_ms():
        time.sleep(0.001)
        return ticks_add(0, int((time.monotonic() - origin) * 1000))

    def reload():
        restart.wanted = True

    module.ticks_ms = ticks_ms
    module.reload = reload
    module.__doc__ = "supervisor for Linux boards, added by tools/ship_blinka.py"
    return module


def prepare(settings_path, nvm_path):
    """Fill in what Blinka lacks; returns the restart flag that supervisor.reload() sets."""
    restart = _Restart()
    if settings_path:
        import hw.settings

        hw.settings.SETTINGS_FILE = os.path.abspath(settings_path)
    try:
        import supervisor  # noqa: F401
    except ImportError:
        sys.modules["supervisor"] = make_supervisor(restart)
    import microcontroller

    if not hasattr(microcontroller, "nvm") or microcontroller.nvm is None:
        microcontroller.nvm = FileNvm(nvm_path)
    import keypad

    base = getattr(keypad, "_KeysBase", None)
    if base is not None and hasattr(base, "_scanning_loop"):
        base.deinit = lambda self: None
    return restart


def restart_command():
    """The command line this interpreter was started with, its options
    (``-u``, ``-X ...``) included where Python keeps them (3.10 and later)."""
    given = getattr(sys, "orig_argv", None)
    if given:
        return [sys.executable] + list(given[1:])
    return [sys.executable] + sys.argv


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run code.py on a Linux board through Blinka.")
    parser.add_argument("code", nargs="?", default=os.path.join(ROOT, "code.py"))
    parser.add_argument("--settings", default=None,
                        help="settings.toml to read (default: beside code.py)")
    parser.add_argument("--nvm", default=os.path.expanduser("~/.local/share/euchre-scorekeeper/nvm.bin"),
                        help="file that keeps the game (microcontroller.nvm)")
    parser.add_argument("--seconds", type=float, default=0,
                        help="stop after this many seconds (for checks; 0 = run until Ctrl-C)")
    args = parser.parse_args(argv)
    started_in = os.getcwd()
    code = os.path.abspath(args.code)
    folder = os.path.dirname(code)
    settings = args.settings or os.path.join(folder, "settings.toml")
    # adafruit_framebuf opens font5x8.bin from the working directory, as on the board.
    os.chdir(folder)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    restart = prepare(settings, args.nvm)
    if args.seconds:
        def stop():
            print("ship_blinka: stopped after %g s" % args.seconds, flush=True)
            os._exit(0)

        timer = threading.Timer(args.seconds, stop)
        timer.daemon = True
        timer.start()
    import runpy

    try:
        runpy.run_path(code, run_name="__main__")
    except KeyboardInterrupt:
        return 130
    if restart.wanted:
        print("ship_blinka: restarting code.py", flush=True)
        sys.stdout.flush()
        os.chdir(started_in)
        os.execv(sys.executable, restart_command())
    return 0


if __name__ == "__main__":
    sys.exit(main())
