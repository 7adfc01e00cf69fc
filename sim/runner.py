"""Run the unmodified firmware (code.py, firmware/, hw/, ui/, euchre_core/) on the virtual Pico.

``VirtualPico`` boots a CIRCUITPY folder on a virtual board and runs code.py
in a worker thread, in lock step with the caller: the firmware runs until it
polls its keys with nothing to do, then the caller presses keys and lets
virtual time pass. Runs are therefore deterministic and much faster than
real time. With ``realtime=True`` the firmware runs freely and virtual time
follows the wall clock (the terminal front end).

    with VirtualPico() as pico:          # boots the repository's firmware
        pico.press("N")                  # short press of the North seat key
        pico.hold("OK", 800)             # long press
        pico.run_script("S S N OK:long OK")
        pico.pixels()                    # what the glass shows
        pico.png("out.png")
        pico.power_cut(); pico.boot()    # resume from the same nvm file

The virtual CircuitPython modules (sim/cp) come first on ``sys.path``. While
a board runs, ``os.getenv``, ``time.sleep``/``time.monotonic`` and ``print`` are
routed to the board only for the firmware's own thread (as are
``traceback.print_exception``, printed as CircuitPython prints it, and ``open``
and ``os.stat`` of relative or top-level paths, which land in the CIRCUITPY
folder).
"""

import os
import shutil
import sys
import tempfile
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
CP_DIR = os.path.join(HERE, "cp")
REPO = os.path.dirname(HERE)
# The host's clock, kept before the firmware thread's time is routed to the board.
_real_sleep = time.sleep
_real_monotonic = time.monotonic

if CP_DIR not in sys.path:
    sys.path.insert(0, CP_DIR)

import _vboard  # noqa: E402  (sim/cp is on the path from here on)
from _vboard import HardReset, PowerCut, Reload  # noqa: E402

# What a CIRCUITPY drive holds, copied from the repository.
FIRMWARE_FILES = ("code.py", "boot.py", "settings.toml")
FIRMWARE_DIRS = ("firmware", "hw", "ui", "euchre_core")

# Modules the firmware run loads: forgotten at each (re)start, as on a board.
_VIRTUAL_MODULES = ("board", "busio", "keypad", "microcontroller", "supervisor", "digitalio",
                    "pwmio", "storage", "usb_cdc", "watchdog")
# ("framebuf": the name hw.display registers its driver base under.)
_LIBRARY_PREFIXES = ("adafruit_ssd1306", "adafruit_framebuf", "adafruit_bus_device", "framebuf")

KEYS = ("N", "E", "S", "W", "OK")
DEFAULT_WIRING = {"N": "GP10", "E": "GP11", "S": "GP12", "W": "GP13", "OK": "GP14"}
SHORT_MS = 80  # a tap: held this long
LONG_MS = 800  # a long press: held past the firmware's 600 ms
GAP_MS = 120  # after a release, before the next key
BOOT_MS = 100  # virtual time the firmware runs after power-on before the caller goes on
RELOAD_MS = 300  # a soft reload (supervisor.reload()) takes about this long on a Pico
RESET_MS = 1000  # and a reset (microcontroller.reset(), the watchdog) this long


class FirmwareHang(RuntimeError):
    """The firmware did not come back to polling its keys in real time."""


class _ThreadRouter:
    """Sends os.getenv, time, files and print of firmware threads to their board.

    CPython's os, time and builtins cannot be shadowed by files on sys.path
    the way board or busio can, so their functions are wrapped: a call from a
    firmware thread goes to its board, any other call to the original."""

    def __init__(self):
        self.boards = {}  # thread ident -> VirtualPico
        self.count = 0
        self.saved = None

    def board(self):
        return self.boards.get(threading.get_ident())

    def install(self):
        self.count += 1
        if self.count > 1:
            return
        import builtins
        import traceback as traceback_module
        self.saved = (os.getenv, time.sleep, time.monotonic, time.monotonic_ns,
                      builtins.open, os.stat, os.listdir, builtins.print,
                      traceback_module.print_exception)
        real_print_exception = self.saved[8]
        real_getenv, real_sleep, real_monotonic, real_monotonic_ns = self.saved[:4]
        real_open, real_stat, real_listdir, real_print = self.saved[4:8]
        router = self

        def getenv(key, default=None):
            pico = router.board()
            if pico is None:
                return real_getenv(key, default)
            return pico.machine.getenv(key, default)

        def sleep(seconds):
            pico = router.board()
            if pico is None:
                return real_sleep(seconds)
            pico.machine.sleep_ms(int(seconds * 1000))

        def monotonic():
            pico = router.board()
            if pico is None:
                return real_monotonic()
            return pico.machine.now() / 1000.0

        def monotonic_ns():
            pico = router.board()
            if pico is None:
                return real_monotonic_ns()
            return pico.machine.now() * 1000000

        def on_drive(path):
            # The firmware's "/" and working directory are the CIRCUITPY root.
            pico = router.board()
            if pico is None or not isinstance(path, str):
                return path
            if not path.startswith("/"):
                return os.path.join(pico.root, path)
            if path.count("/") == 1:  # "/settings.toml", "/font5x8.bin"
                return pico.root + path
            return path

        def open_(file, *args, **kwargs):
            return real_open(on_drive(file), *args, **kwargs)

        def stat(path, *args, **kwargs):
            return real_stat(on_drive(path), *args, **kwargs)

        def listdir(path="."):
            return real_listdir(on_drive(path))

        builtins.open = open_
        os.stat = stat
        os.listdir = listdir
        os.getenv = getenv
        time.sleep = sleep
        time.monotonic = monotonic
        time.monotonic_ns = monotonic_ns

        def print_(*args, sep=" ", end="\n", file=None, flush=False):
            # The firmware's print() and traceback.print_exception() go to the
            # board's serial console (CircuitPython prints both there).
            pico = router.board()
            if pico is None or (file is not None and file not in (sys.stdout, sys.stderr)):
                return real_print(*args, sep=sep, end=end, file=file, flush=flush)
            pico.machine.write_serial(sep.join(str(arg) for arg in args) + end)

        builtins.print = print_

        def print_exception(exc, value=None, tb=None, limit=None, file=None, chain=True):
            # CircuitPython's traceback module prints file, line and function
            # only, without source lines: the firmware's logs look the same here.
            pico = router.board()
            if pico is None or (file is not None and file not in (sys.stdout, sys.stderr)):
                return real_print_exception(exc, value, tb, limit=limit, file=file, chain=chain)
            error = value if isinstance(value, BaseException) else exc
            pico.machine.write_serial(pico._format_traceback(error))

        traceback_module.print_exception = print_exception

    def uninstall(self):
        self.count -= 1
        if self.count > 0:
            return
        import builtins
        import traceback as traceback_module
        os.getenv, time.sleep, time.monotonic, time.monotonic_ns = self.saved[:4]
        builtins.open, os.stat, os.listdir, builtins.print = self.saved[4:8]
        traceback_module.print_exception = self.saved[8]


_router = _ThreadRouter()
_roots = set()  # every CIRCUITPY folder run so far: their modules are the firmware's
_host_modules = {}  # the caller's own modules of the same names, put back at the end
# True once the caller's modules are set aside: from then on every such module
# in sys.modules was imported by a firmware run (which may change them: code.py
# trims the display driver's modules), and none may pass for the caller's.
_host_set_aside = [False]


def _forget_firmware_modules():
    """Drop what a firmware run imports (project, libraries, virtual modules),
    so the next run imports them afresh, as a board does after a reload. The
    caller's own copies (e.g. the tests' euchre_core), found at the first call,
    are kept aside."""
    roots = tuple(_roots)
    first = not _host_set_aside[0]
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        top = name.split(".")[0]
        firmware = path.startswith(roots)
        if (firmware or top in _VIRTUAL_MODULES or top in FIRMWARE_DIRS
                or top.startswith(_LIBRARY_PREFIXES)):
            del sys.modules[name]
            if first and not firmware:
                _host_modules[name] = module
    _host_set_aside[0] = True


def _restore_host_modules():
    """When the last board is closed: the caller's modules back in sys.modules,
    none from a CIRCUITPY folder or a firmware run left behind (those folders
    may be deleted, and a run may have changed its library modules)."""
    _forget_firmware_modules()
    sys.modules.update(_host_modules)
    _host_modules.clear()
    _host_set_aside[0] = False


def repo_firmware_present():
    return os.path.exists(os.path.join(REPO, "code.py"))


def make_circuitpy(folder, source=REPO, settings=None, files=None):
    """Fill ``folder`` as a CIRCUITPY drive: the firmware from ``source`` (this
    repository, or a CIRCUITPY folder such as `make bundle`'s build/CIRCUITPY,
    copied whole but for lib/, whose .mpy files CPython cannot load: the
    libraries come from the installed packages), then ``settings`` (the
    settings.toml, text or its bytes as a file holds them) and ``files``
    ({relative path: text or bytes})."""
    os.makedirs(folder, exist_ok=True)
    if source is not None and os.path.abspath(source) != REPO:
        shutil.copytree(source, folder, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("lib", "__pycache__", ".*", "boot_out.txt"))
    elif source is not None:
        for name in FIRMWARE_FILES:
            path = os.path.join(source, name)
            if os.path.exists(path):
                shutil.copy(path, os.path.join(folder, name))
        for place in (source, os.path.join(source, "build", "CIRCUITPY")):
            # adafruit_framebuf's text() reads font5x8.bin from the drive (the
            # firmware does not use it, a firmware of a test may); it is not in
            # the repository, but `make bundle` puts one in build/CIRCUITPY.
            path = os.path.join(place, "font5x8.bin")
            if os.path.exists(path):
                shutil.copy(path, os.path.join(folder, "font5x8.bin"))
                break
        for name in FIRMWARE_DIRS:
            path = os.path.join(source, name)
            if os.path.isdir(path):
                shutil.copytree(path, os.path.join(folder, name), dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__"))
    extra = {} if settings is None else {"settings.toml": settings}
    extra.update(files or {})
    for name, text in extra.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w" if isinstance(text, str) else "wb") as f:
            f.write(text)
    return folder


def display_settings(controller, reset_wire=None, text=None):
    """settings.toml text (``text``, by default the repository's) with the
    display lines for ``controller`` ("ssd1306", "sh1106" or "ssd1309") and
    its RES pin (None: none), to go with ``VirtualPico(controller=...,
    reset_wire=...)``."""
    if text is None:
        with open(os.path.join(REPO, "settings.toml")) as f:
            text = f.read()
    lines = text.splitlines()
    wanted = {"EUCHRE_DISPLAY": '"' + controller + '"',
              "EUCHRE_DISPLAY_RESET": '"' + (reset_wire or "") + '"'}
    for i, line in enumerate(lines):
        key = line.split("=", 1)[0].strip()
        if key in wanted and not line.lstrip().startswith("#"):
            lines[i] = key + " = " + wanted.pop(key)
    lines.extend(key + " = " + value for key, value in wanted.items())
    return "\n".join(lines) + "\n"


class VirtualPico:
    """A virtual Raspberry Pi Pico running a CIRCUITPY folder.

    root: the CIRCUITPY folder, used as it is (boot_out.txt is written there);
    by default a temporary copy of ``source`` (this repository's firmware, or
    another CIRCUITPY folder), plus ``settings``/``files`` if given.
    nvm_path: file behind ``microcontroller.nvm`` (kept across power cuts and
    across VirtualPico objects); by default a file in a temporary folder.
    flavour: 10 or 9 (how ``os.getenv`` answers). display: True, "absent" or
    "unplugged" (see _vboard.Machine). address: the display's I2C address.
    ticks_start: supervisor.ticks_ms() at power-on (CircuitPython's value,
    65.5 s before the wrap, by default). poll_ms: virtual time that passes on
    each key poll that finds nothing. wiring: {key: pin name} of the five
    buttons. timeout: real seconds the firmware may run without polling.
    long_ms: how long a long press holds its key (the firmware's long-press
    time is 600 ms by default, EUCHRE_LONG_PRESS_MS in settings.toml).
    controller: the display's chip, "ssd1306", "sh1106" or "ssd1309";
    reset_wire: the pin its RES is wired to, for a module that needs RES
    pulsed (see _vboard.Machine).
    seed: Python's ``random`` is seeded with it at each start of code.py
    (None: left alone; by default 0 in lock step, None in real time).
    """

    def __init__(self, root=None, *, source=REPO, settings=None, files=None, nvm_path=None,
                 flavour=10,
                 display=True, address=0x3C, ticks_start=_vboard.TICKS_START, poll_ms=1,
                 wiring=None, realtime=False, timeout=20.0, boot=True, run_boot_py=True,
                 boot_ms=BOOT_MS, seed="auto", long_ms=LONG_MS, controller="ssd1306",
                 reset_wire=None):
        self._temp = None
        if root is None:
            self._temp = tempfile.mkdtemp(prefix="circuitpy-")
            root = make_circuitpy(os.path.join(self._temp, "CIRCUITPY"), source=source,
                                  settings=settings, files=files)
        elif settings is not None or files:
            make_circuitpy(root, source=None, settings=settings, files=files)
        if nvm_path is None:
            if self._temp is None:
                self._temp = tempfile.mkdtemp(prefix="circuitpy-")
            nvm_path = os.path.join(self._temp, "nvm.bin")
        self.root = os.path.abspath(root)
        # Absolute: the firmware's own file calls, the nvm's saves among them,
        # land on the virtual CIRCUITPY drive when a path is relative.
        self.nvm_path = os.path.abspath(nvm_path)
        self.options = {"flavour": flavour, "display": display, "address": address,
                        "ticks_start": ticks_start, "poll_ms": poll_ms,
                        "controller": controller, "reset_wire": reset_wire}
        self.wiring = dict(DEFAULT_WIRING if wiring is None else wiring)
        self.realtime = realtime
        self.timeout = timeout
        self.run_boot_py = run_boot_py
        self.boot_ms = boot_ms
        self.long_ms = long_ms
        # CircuitPython seeds `random` from the hardware; lock-step runs seed it
        # with `seed` at each start of code.py so that they repeat exactly.
        if seed == "auto":
            seed = None if realtime else 0
        self.seed = seed
        self.machine = None
        self.oled = None  # the display chip's model; survives reloads, not power cuts
        self.namespace = {}
        self.state = "off"  # off | running | idle | done
        self.error = None
        self.traceback = None
        self.boot_out = ""
        self.boots = 0
        self._thread = None
        self._cv = threading.Condition()
        self._turn = "caller"
        self._target = 0
        self._stop = False
        self._installed = False
        self._serial_read = 0
        if boot:
            try:
                self.boot()
            except BaseException:
                self.close()
                raise

    # --- life cycle ---
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def boot(self):
        """Power the board on: a fresh board on the same nvm file and CIRCUITPY."""
        if self.state != "off":
            self.power_cut()
        self._start(self._new_machine(keep_display=False), power_on=True)
        return self

    def power_cut(self):
        """Cut the power at once: the firmware stops where it is, the display
        goes dark and forgets its memory; nvm keeps what reached the flash."""
        if self.machine is None or self.state == "off":
            return
        self._stop_firmware()
        self.machine.oled.power_on()
        self.state = "off"

    def reset(self):
        """The reset button: the board starts again (boot.py, then code.py);
        the display keeps its power and memory."""
        if self.machine is not None and self.state != "off":
            self._stop_firmware()
        machine = self._new_machine(keep_display=True)
        machine.reset_reason = "RESET_PIN"
        self._start(machine, power_on=True)

    def reload(self):
        """Ctrl-D on the serial console: code.py runs again (also after it ended)."""
        machine = self.machine
        if self.state != "off":
            self._stop_firmware()
        machine.run_reason = "REPL_RELOAD"
        self._start(machine, power_on=False)

    def close(self):
        if self.state != "off":
            self.power_cut()
        if self._installed:
            _router.uninstall()
            self._installed = False
            if _router.count == 0:
                _restore_host_modules()
        if _vboard.machine is self.machine:
            _vboard.install(None)
        while self.root in sys.path:
            sys.path.remove(self.root)
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None

    def _new_machine(self, keep_display):
        old = self.machine
        machine = _vboard.Machine(self.root, nvm_path=self.nvm_path, **self.options)
        if old is not None:
            # A button held down stays down through a power cut or a reset,
            # and what is still to come for it (a release) comes as planned.
            now = old.now()
            for number in list(old.buttons):
                pin = _vboard.PINS[number]
                if old.button_down(pin, now):
                    machine.set_button(pin, True, 0)
                for at_ms, pressed in old.button(pin)[1]:
                    machine.set_button(pin, pressed, at_ms - now)
            machine.drive = old.drive  # the drive's label and USB setup live on flash
            machine.serial_out = old.serial_out  # one console log across boots
            if keep_display:
                machine.oled = old.oled
                machine.bus.devices = old.bus.devices
        return machine

    def _start(self, machine, power_on):
        if not self._installed:
            _router.install()
            self._installed = True
        self.machine = machine
        self.oled = machine.oled
        _vboard.install(machine)
        machine.dead = False
        self._stop = False
        self.error = None
        self.traceback = None
        self.boots += 1
        if self.realtime:
            origin = _real_monotonic() - machine.clock_ms / 1000.0
            machine.time_source = lambda: int((_real_monotonic() - origin) * 1000)
            machine.on_idle = self._idle_realtime
            machine.on_sleep = self._sleep_realtime
        else:
            self._target = machine.clock_ms
            machine.on_idle = self._idle_lockstep
            machine.on_sleep = self._sleep_lockstep
        self._turn = "firmware"
        self.state = "running"
        self._thread = threading.Thread(target=self._firmware, args=(machine, power_on),
                                        name="circuitpython", daemon=True)
        self._thread.start()
        if not self.realtime:
            self._wait_for_turn()
            self.advance(self.boot_ms)

    def _stop_firmware(self):
        self.machine.dead = True
        with self._cv:
            self._stop = True
            self._turn = "firmware"
            self._cv.notify_all()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(self.timeout)

    # --- the firmware thread ---
    def _firmware(self, machine, power_on):
        _router.boards[threading.get_ident()] = self
        run_boot = power_on and self.run_boot_py
        try:
            reloads = 0
            pause = 0
            while True:
                try:
                    if pause:
                        # CircuitPython takes a while to restart; keys held
                        # meanwhile are seen by the new run, if still held.
                        machine.sleep_ms(pause)
                    if run_boot:
                        run_boot = False
                        self._run_boot_py(machine)
                    self._run_code(machine)
                    self._finish(machine, None)
                    return
                except Reload:
                    reloads += 1
                    pause = RELOAD_MS
                    machine.run_reason = "SUPERVISOR_RELOAD"
                    machine.previous_traceback = None
                    machine.write_serial("\nsoft reboot\n\n")
                except HardReset:
                    reloads += 1
                    pause = RESET_MS
                    machine.run_reason = "STARTUP"
                    machine.previous_traceback = None
                    run_boot = self.run_boot_py
                    machine.write_serial("\n")
                except PowerCut:
                    if not self._stop:  # the power failed in the firmware's hands (torn write)
                        machine.dead = True
                        machine.oled.power_on()
                    return
                except SystemExit:
                    self._finish(machine, None)
                    return
                except BaseException as err:  # what ends code.py on a board
                    self._finish(machine, err)
                    return
                machine.release_all()
                if reloads > 100:
                    self._finish(machine, RuntimeError("code.py restarted 100 times in a row"))
                    return
        finally:
            _router.boards.pop(threading.get_ident(), None)
            with self._cv:
                self.state = "off" if machine.dead else "done"
                self._turn = "caller"
                self._cv.notify_all()

    def _forget_modules(self):
        _roots.add(self.root + os.sep)
        _forget_firmware_modules()

    def _prepare(self, machine):
        machine.release_all()
        self._forget_modules()
        for folder in (self.root, CP_DIR):
            while folder in sys.path:
                sys.path.remove(folder)
            sys.path.insert(0, folder)

    def _run_boot_py(self, machine):
        path = os.path.join(self.root, "boot.py")
        if not os.path.exists(path):
            return
        self._prepare(machine)
        start = len(machine.serial_out)
        machine.in_boot = True
        try:
            with open(path) as f:
                source = f.read()
            try:
                exec(compile(source, path, "exec"), {"__name__": "__main__", "__file__": "boot.py"})
            except (PowerCut, Reload, HardReset):
                raise
            except BaseException as err:
                machine.write_serial(self._format_traceback(err))
        finally:
            machine.in_boot = False
            text = "".join(machine.serial_out[start:])
            del machine.serial_out[start:]
            self.boot_out = "Boot.py output:\n" + text
            try:
                with open(os.path.join(self.root, "boot_out.txt"), "w") as f:
                    f.write(self.boot_out)
            except OSError:
                pass
        machine.release_all()

    def _run_code(self, machine):
        self._prepare(machine)
        if self.seed is not None:
            import random
            random.seed(self.seed)
        # CircuitPython runs the first of these it finds, after a file named
        # by supervisor.set_next_code_file() for this one run.
        names = ["code.py", "code.txt", "main.py", "main.txt"]
        chosen = machine.next_code_file
        if chosen:
            machine.next_code_file = None
            names.insert(0, chosen[0].lstrip("/"))
        for name in names:
            path = os.path.join(self.root, name)
            if os.path.exists(path):
                break
        else:
            machine.write_serial("No code.py found.\n")  # the board then waits
            return
        machine.write_serial(name + " output:\n")
        with open(path) as f:
            source = f.read()
        self.namespace = {"__name__": "__main__", "__file__": name}
        exec(compile(source, path, "exec"), self.namespace)

    def _finish(self, machine, err):
        if err is not None:
            text = self._format_traceback(err)
            machine.write_serial(text)
            machine.previous_traceback = text
            self.error = err
            self.traceback = text
        machine.write_serial("\nCode done running.\n")
        machine.release_all()

    def _format_traceback(self, err):
        """A traceback as CircuitPython prints it: file, line and function only."""
        lines = ["Traceback (most recent call last):\n"]
        for frame in traceback.extract_tb(err.__traceback__):
            filename = frame.filename
            if filename.startswith(HERE):
                continue
            if filename.startswith(self.root + os.sep):
                filename = os.path.relpath(filename, self.root)
            elif "site-packages" in filename:
                filename = "/lib/" + os.path.basename(filename)
            lines.append('  File "%s", line %d, in %s\n' % (filename, frame.lineno, frame.name))
        message = str(err)
        name = type(err).__name__
        lines.append(name + (": " + message if message else "") + "\n")
        return "".join(lines)

    # --- lock step between the caller and the firmware ---
    def _wait_for_turn(self):
        """Wait until the firmware has let the asked-for time pass. A long
        advance may take a while in real time; only a firmware that stops
        polling (virtual time stands still for ``timeout`` seconds) is a hang."""
        machine = self.machine
        while True:
            seen = machine.clock_ms
            with self._cv:
                polled = self._cv.wait_for(lambda: self._turn == "caller", self.timeout)
            if polled or machine.clock_ms == seen:
                break
        if not polled:
            self.machine.dead = True  # its next touch of the hardware stops it
            self._interrupt_thread()
            raise FirmwareHang("the firmware did not poll its keys for %.1f s" % self.timeout)

    def _interrupt_thread(self):
        """Stop a firmware thread stuck in pure Python (``while True: pass``) by
        raising PowerCut in it, so that it does not spin on in the background."""
        import ctypes

        thread = self._thread
        if thread is not None and thread.ident is not None and thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                       ctypes.py_object(PowerCut))
            thread.join(1.0)

    def _hand_over(self):
        """Firmware side: wait until the caller wants more time to pass."""
        with self._cv:
            self.state = "idle"
            self._turn = "caller"
            self._cv.notify_all()
            self._cv.wait_for(lambda: self._turn == "firmware")
            if self._stop:
                raise PowerCut()

    def _idle_lockstep(self):
        machine = self.machine
        if machine.clock_ms >= self._target:
            self._hand_over()
        else:
            machine.clock_ms = min(machine.clock_ms + machine.poll_ms, self._target)

    def _sleep_lockstep(self, ms):
        machine = self.machine
        while True:
            if machine.clock_ms >= self._target:
                self._hand_over()
            step = min(ms, self._target - machine.clock_ms)
            machine.clock_ms += step
            ms -= step
            if ms <= 0:
                return

    def _idle_realtime(self):
        if self._stop:
            raise PowerCut()
        _real_sleep(0.002)

    def _sleep_realtime(self, ms):
        end = self.machine.now() + ms
        while self.machine.now() < end:
            if self._stop:
                raise PowerCut()
            _real_sleep(min(0.01, (end - self.machine.now()) / 1000.0))

    # --- the caller's side: time and keys ---
    @property
    def now_ms(self):
        """Virtual milliseconds since power-on."""
        return self.machine.now()

    def advance(self, ms):
        """Let ``ms`` of virtual time pass with the firmware running."""
        machine = self.machine
        if self.realtime:
            _real_sleep(ms / 1000.0)
            return
        target = machine.clock_ms + ms
        if self.state != "idle":
            machine.clock_ms = target
            return
        self._target = target
        with self._cv:
            self._turn = "firmware"
            self.state = "running"
            self._cv.notify_all()
        self._wait_for_turn()

    def _pin(self, key):
        name = self.wiring.get(key.upper(), key) if isinstance(key, str) else None
        if name is None:
            name = self.wiring[KEYS[key]]
        return _vboard.pin_named(name)

    def down(self, key):
        """Press and keep holding ``key`` ("N", "E", "S", "W", "OK", 0..4 or a pin name)."""
        self.machine.set_button(self._pin(key), True)

    def up(self, key):
        self.machine.set_button(self._pin(key), False)

    def hold(self, key, ms, gap_ms=GAP_MS):
        """Hold ``key`` for ``ms``, release it, then wait ``gap_ms``."""
        self.down(key)
        self.advance(ms)
        self.up(key)
        self.advance(gap_ms)

    def press(self, key, gap_ms=GAP_MS):
        """A short press (a tap)."""
        self.hold(key, SHORT_MS, gap_ms)

    def long_press(self, key, gap_ms=GAP_MS):
        self.hold(key, self.long_ms, gap_ms)

    def run_script(self, script, on_picture=None):
        """Run a key script; see sim/script.py for the language."""
        from sim.script import run
        run(self, script, on_picture)

    # --- what can be seen and read ---
    def pixels(self):
        """The glass: 64 rows of 128 ints (1 = lit)."""
        frame = self.oled.frame()
        return [list(frame[y * 128 : (y + 1) * 128]) for y in range(64)]

    def frame(self):
        """The glass as 8192 bytes, row-major, 1 = lit."""
        return bytes(self.oled.frame())

    def png(self, path, scale=4, color="blue"):
        from sim.picture import save_png
        save_png(self.oled, path, scale=scale, color=color)
        return path

    def text(self):
        """The glass drawn with half-block characters (for failure messages)."""
        from sim.picture import half_blocks
        return "\n".join(half_blocks(self.oled.frame()))

    @property
    def serial(self):
        """Everything the board printed on its USB serial console."""
        return self.machine.serial_text() if self.machine else ""

    def serial_new(self):
        """Console text printed since the last call."""
        text = self.serial
        new = text[self._serial_read :]
        self._serial_read = len(text)
        return new

    def type(self, text):
        """Characters typed on the serial console (``supervisor.runtime.serial_bytes_available``)."""
        self.machine.serial_in.extend(text.encode())

    @property
    def nvm(self):
        """The nvm sector: ``data``, ``writes``, ``erases``, ``programmed``, ``bytes_written``,
        ``cut_power_during_write(nth, keep)``."""
        return self.machine.nvm

    def nvm_bytes(self):
        with open(self.nvm_path, "rb") as f:
            return f.read()

    def damage_nvm(self, offset, mask=0xFF):
        """Flip the bits of ``mask`` in the nvm byte at ``offset``, in the file
        and on a running board alike (a worn or disturbed flash cell); no
        write is counted."""
        data = bytearray(self.nvm_bytes())
        data[offset] ^= mask
        with open(self.nvm_path, "wb") as f:
            f.write(data)
        if self.machine is not None:
            self.machine.nvm.data[offset] ^= mask

    def unplug_display(self):
        """Pull the OLED's plug (its pull-ups go with it), the board running
        on; it stays unplugged through power cuts."""
        self.options["display"] = "unplugged"
        self.machine.unplug_display()

    def plug_display(self):
        """Plug the OLED in (pull-ups and the chip at its address), e.g. after
        starting with ``display="unplugged"``; it stays plugged in through power cuts."""
        self.options["display"] = True
        self.machine.plug_display()

    @property
    def led(self):
        """(ms, value) changes of the board LED pin."""
        return self.machine.output(_vboard.pin_named("LED")).changes
