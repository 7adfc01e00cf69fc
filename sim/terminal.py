"""The simulator in a terminal: the OLED drawn with characters, keys from the keyboard.

Keys (a terminal reports no key releases, so each key is a whole press):

    Up / Right / Down / Left     seat keys N / E / S / W (short press)
    Enter (or Space)             OK (short press)
    n e s w o                    the same short presses by letter
    N E S W O                    long presses (held 0.8 s)
    Shift + arrow                long press of that seat key (where the terminal sends it)
    h                            the next key is a long press
    r  p                         reset button; power cut and power on again
    b                            half blocks / braille
    q  Ctrl-C                    quit

Virtual time follows real time. Plain ANSI sequences only (no curses), so it
works over SSH and inside tmux; the terminal is restored on every way out
(normal quit, Ctrl-C, an exception, SIGTERM, SIGHUP).
"""

import os
import select
import signal
import sys
import termios
import time
import tty

from sim.picture import braille, half_blocks
from sim.runner import SHORT_MS, VirtualPico

ARROWS = {"A": "N", "C": "E", "B": "S", "D": "W"}
LETTERS = {"n": "N", "e": "E", "s": "S", "w": "W", "o": "OK", " ": "OK", "\r": "OK", "\n": "OK"}
LEGEND = (
    "Up=N Right=E Down=S Left=W Enter=OK | long: N E S W O, Shift+arrow, h+key",
    "r reset | p power cut + on | b blocks/braille | q quit",
)
FRAME_MS = 30


class _Quit(BaseException):
    pass


def _raise_quit(signum, frame):
    raise _Quit()


class Terminal:
    def __init__(self, pico, out=None, braille_mode=None, fd=None):
        self.pico = pico
        self.out = out or sys.stdout
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.braille = braille_mode
        self.long_next = False
        self.busy_until = 0
        self.last_key = ""
        self.shown_version = -1
        self.shown_serial = None
        self.pending = ""

    # --- keys ---
    def key(self, key, long):
        """A whole press of ``key``, scheduled on the virtual clock."""
        pico = self.pico
        if pico.state == "off":
            return
        pin = pico._pin(key)
        start = max(pico.now_ms, self.busy_until)
        held = pico.long_ms if long else SHORT_MS
        pico.machine.set_button(pin, True, start)
        pico.machine.set_button(pin, False, start + held)
        self.busy_until = start + held + 40
        self.last_key = key + (" long" if long else "")

    def feed(self, data):
        """Handle typed characters; returns False to quit."""
        text = self.pending + data
        self.pending = ""
        i = 0
        while i < len(text):
            c = text[i]
            if c == "\x1b":
                seq, used = self._escape(text, i)
                if seq is None:
                    if used < 0:  # incomplete: wait for the rest
                        self.pending = text[i:]
                        return True
                    i += used
                    continue
                i += used
                key, long = seq
                self.key(key, long or self._take_long())
                continue
            i += 1
            if c in ("q", "Q", "\x03", "\x04"):
                return False
            if c in LETTERS:
                self.key(LETTERS[c], self._take_long())
            elif c in ("N", "E", "S", "W", "O"):
                self.key("OK" if c == "O" else c, True)
                self.long_next = False
            elif c == "h":
                self.long_next = True
            elif c == "b":
                self.braille = not self._use_braille()
                self.shown_version = -1
                self._clear()
            elif c == "r":
                self.pico.reset()
                self.busy_until = 0
            elif c == "p":
                self.pico.power_cut()
                self.draw()
                time.sleep(0.3)
                self.pico.boot()
                self.busy_until = 0
        return True

    def _take_long(self):
        long = self.long_next
        self.long_next = False
        return long

    def _escape(self, text, i):
        """((key, long), length) for an arrow sequence, (None, length) to skip one,
        (None, -1) when the sequence is not complete yet."""
        rest = text[i + 1 :]
        if not rest:
            return None, -1 if self._more_coming() else 1
        if rest[0] not in "[O":
            return None, 1
        j = 1
        while j < len(rest) and rest[j] in "0123456789;":
            j += 1
        if j >= len(rest):
            return None, -1 if self._more_coming() else 1 + j
        final = rest[j]
        params = rest[1:j]
        length = 2 + j
        if final in ARROWS:
            # "1;2" (xterm) marks Shift; so does rxvt's lower-case final below.
            long = params.endswith(";2")
            return (ARROWS[final], long), length
        if final in "acbd":
            return (ARROWS[final.upper()], True), length
        return None, length

    def _more_coming(self):
        ready, _, _ = select.select([self.fd], [], [], 0.05)
        return bool(ready)

    # --- screen ---
    def _use_braille(self):
        if self.braille is not None:
            return self.braille
        cols, rows = _size()
        return cols < 132 or rows < 32 + 2 + 6

    def _write(self, text):
        self.out.write(text)

    def _clear(self):
        self._write("\x1b[0m\x1b[2J")

    def draw(self):
        pico = self.pico
        version = pico.oled.version
        serial_count = len(pico.machine.serial_out)
        use_braille = self._use_braille()
        parts = []
        if version != self.shown_version or pico.state == "off":
            self.shown_version = version
            frame = pico.oled.frame()
            lines = braille(frame) if use_braille else half_blocks(frame)
            width = len(lines[0])
            parts.append("\x1b[1;1H\x1b[0mTable Euchre Scorekeeper: virtual Pico\x1b[K")
            parts.append("\x1b[2;1H┌" + "─" * width + "┐")
            for row, line in enumerate(lines):
                parts.append("\x1b[%d;1H│\x1b[96;40m%s\x1b[0m│" % (row + 3, line))
            parts.append("\x1b[%d;1H└" % (len(lines) + 3) + "─" * width + "┘")
        top = (16 if use_braille else 32) + 4  # below the title and the framed OLED
        status = "state: %-7s  time: %7.1f s  last key: %-9s%s%s" % (
            pico.state, pico.now_ms / 1000.0, self.last_key, _outputs(pico.machine),
            "  [long next]" if self.long_next else "")
        if pico.oled.unknown:
            status += "  " + pico.oled.unknown_text()[:60]
        parts.append("\x1b[%d;1H%s\x1b[K" % (top, status))
        for n, text in enumerate(LEGEND):
            parts.append("\x1b[%d;1H%s\x1b[K" % (top + 1 + n, text))
        room = min(4, _size()[1] - (top + 3))  # serial lines that fit below the legend
        if serial_count != self.shown_serial and room > 0:
            self.shown_serial = serial_count
            recent = "".join(pico.machine.serial_out[-40:])
            tail = [line for line in recent.splitlines() if line.strip()][-room:]
            parts.append("\x1b[%d;1H\x1b[2mserial console:\x1b[0m\x1b[K" % (top + 3))
            for n in range(room):
                text = tail[n] if n < len(tail) else ""
                parts.append("\x1b[%d;1H  %s\x1b[K" % (top + 4 + n, text[:110]))
        self._write("".join(parts))
        self.out.flush()

    # --- the loop ---
    def run(self):
        old = termios.tcgetattr(self.fd)
        handlers = {}
        for sig in (signal.SIGTERM, signal.SIGHUP):
            handlers[sig] = signal.signal(sig, _raise_quit)
        try:
            tty.setraw(self.fd)
            # Alternate screen, cursor hidden, no line wrap (a small terminal
            # clips the picture instead of scrambling it).
            self._write("\x1b[?1049h\x1b[?25l\x1b[?7l")
            self._clear()
            last_size = _size()
            while True:
                size = _size()
                if size != last_size:
                    last_size = size
                    self.shown_version = -1
                    self.shown_serial = None
                    self._clear()
                self.draw()
                ready, _, _ = select.select([self.fd], [], [], FRAME_MS / 1000.0)
                if ready:
                    data = os.read(self.fd, 64).decode("utf-8", "replace")
                    if not data or not self.feed(data):
                        break
        except (_Quit, KeyboardInterrupt):
            pass
        finally:
            self._write("\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l")
            self.out.flush()
            termios.tcsetattr(self.fd, termios.TCSADRAIN, old)
            for sig, handler in handlers.items():
                signal.signal(sig, handler)


def _outputs(machine):
    """The board's outputs as the desk would show them: the LED lit or dark,
    a tone from the buzzer."""
    shown = []
    for number, output in sorted(machine.outputs.items()):
        value = output.value
        if isinstance(value, tuple):  # a PWM output: (frequency, duty cycle)
            if value[1]:
                shown.append("\u266a %d Hz" % value[0])
        elif value is not None:
            name = "LED" if number == 25 else "GP%d" % number
            shown.append(name + (" \u25cf" if value else " \u25cb"))
    return "  " + "  ".join(shown) if shown else ""


def _size():
    try:
        size = os.get_terminal_size(sys.stdout.fileno())
        return size.columns, size.lines
    except OSError:
        return 80, 24


def main(pico_options, braille_mode=None):
    if not sys.stdin.isatty():
        sys.stderr.write("python -m sim needs a terminal; use --script for headless runs\n")
        return 2
    pico = VirtualPico(realtime=True, **pico_options)
    try:
        Terminal(pico, braille_mode=braille_mode).run()
    finally:
        pico.close()
    serial = pico.serial
    if pico.traceback:
        sys.stdout.write(serial[-2000:])
    return 0
