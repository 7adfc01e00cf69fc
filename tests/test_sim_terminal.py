"""The terminal front end (``python -m sim``, what ``make run`` starts), driven
as a person would: keys typed into a real terminal, the screen read back.

Twice: in tmux (a real terminal emulator; skipped where tmux is missing),
and on a bare pseudo-terminal read back through a small screen model of the
few ANSI sequences the front end writes. Either way the test sends arrow
keys and Enter, turns the half-block drawing back into pixels, and compares
them with the same key script run headless, whose game must hold the
expected score. Further tests check that every way of quitting restores the
terminal's settings.
"""

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from sim import VirtualPico
from sim.picture import from_half_blocks
from sim.runner import REPO, repo_firmware_present

pytestmark = pytest.mark.skipif(not repo_firmware_present(), reason="no code.py in the repository")

SESSION = "sim-terminal-test-%d" % os.getpid()


def tmux(*args):
    return subprocess.run(("tmux",) + args, capture_output=True, text=True, timeout=20)


def oled_lines(pane):
    """The 32 half-block lines inside the drawn OLED box, or None."""
    lines = pane.splitlines()
    for top, line in enumerate(lines):
        if line.startswith("┌") and line.rstrip().endswith("┐"):
            body = lines[top + 1 : top + 33]
            if len(body) == 32 and all(row.startswith("│") for row in body):
                return [row[1:129] for row in body]
    return None


def screen(timeout=10.0, until=None):
    """The OLED as the terminal shows it: once drawn and unchanged for half a
    second, or, with ``until``, as soon as it shows exactly that frame (the
    last picture seen when the time is up)."""
    deadline = time.monotonic() + timeout
    last = None
    pane = ""
    since = time.monotonic()
    while time.monotonic() < deadline:
        pane = tmux("capture-pane", "-p", "-t", SESSION).stdout
        lines = oled_lines(pane)
        frame = from_half_blocks(lines) if lines else None
        if until is not None and frame == until:
            return frame, pane
        if frame != last:
            last = frame
            since = time.monotonic()
        elif until is None and frame and any(frame) and time.monotonic() - since > 0.5:
            return frame, pane
        time.sleep(0.1)
    if until is not None and last is not None:
        return last, pane
    raise AssertionError("the terminal did not settle on a picture:\n" + pane)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_hand_pressed_in_the_terminal(tmp_path):
    # The same hand headless: North names trump (Up), quick result (Enter),
    # East's soft key = march (Right). N-S score 2.
    with VirtualPico() as headless:
        headless.run_script("N OK E wait:4000")
        assert headless.namespace["firmware"].table.game.scores == [2, 0]
        expected = headless.frame()

    command = "%s -m sim --nvm %s --seed 0 --blocks" % (sys.executable, tmp_path / "nvm.bin")
    tmux("kill-session", "-t", SESSION)
    started = tmux("new-session", "-d", "-s", SESSION, "-x", "140", "-y", "50", "-c", REPO, command)
    assert started.returncode == 0, started.stderr
    try:
        first, pane = screen()
        assert "Up=N" in pane and "q quit" in pane and "└" in pane
        for key in ("Up", "Enter", "Right"):
            tmux("send-keys", "-t", SESSION, key)
            time.sleep(0.4)
        # The result banner stays 3 s, then the score screen must match.
        shown, pane = screen(timeout=15.0, until=expected)
        assert shown != first
        assert shown == expected, pane
        tmux("send-keys", "-t", SESSION, "q")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and tmux("has-session", "-t", SESSION).returncode == 0:
            time.sleep(0.1)
        assert tmux("has-session", "-t", SESSION).returncode != 0, "q did not quit"
    finally:
        tmux("kill-session", "-t", SESSION)


CHILD = """
import sys, termios
before = termios.tcgetattr(0)
from sim.__main__ import main
code = main(["--nvm", sys.argv[1], "--braille"])
print("RESTORED" if termios.tcgetattr(0) == before else "CHANGED")
sys.exit(code)
"""


@pytest.mark.parametrize("ending", ["q", "SIGTERM", "SIGHUP"])
def test_quitting_restores_the_terminal(tmp_path, ending):
    pid, fd = pty.fork()
    if pid == 0:  # the child: the front end on the pseudo-terminal
        os.chdir(REPO)
        os.execv(sys.executable, [sys.executable, "-c", CHILD, str(tmp_path / "n.bin")])
    output = b""
    deadline = time.monotonic() + 20
    sent = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        if not sent and b"q quit" in output:
            time.sleep(0.3)
            os.write(fd, b"\x1b[A")  # North's seat key, then quit
            time.sleep(0.5)
            if ending == "q":
                os.write(fd, b"q")
            else:
                os.kill(pid, getattr(signal, ending))
            sent = True
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, output[-2000:]
    assert b"\x1b[?1049h" in output and b"\x1b[?1049l" in output
    assert b"last key: N" in output
    # braille cells (U+2800..U+28FF) drew the OLED
    assert any(("%c" % code).encode() in output for code in range(0x2801, 0x2900))
    assert b"RESTORED" in output


def test_status_line_shows_the_led_and_the_buzzer(tmp_path):
    import _vboard
    from sim.terminal import _outputs

    machine = _vboard.Machine(str(tmp_path))
    assert _outputs(machine) == ""
    machine.output(_vboard.pin_named("LED")).record(0, True)
    machine.output(_vboard.pin_named("GP15")).record(0, (2000, 0))
    assert _outputs(machine) == "  LED \u25cf"
    machine.output(_vboard.pin_named("GP15")).record(5, (2000, 32768))
    machine.output(_vboard.pin_named("LED")).record(5, False)
    assert _outputs(machine) == "  \u266a 2000 Hz  LED \u25cb"


def test_the_front_end_needs_a_terminal():
    result = subprocess.run([sys.executable, "-m", "sim"], cwd=REPO, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "needs a terminal" in result.stderr


class ScreenModel:
    """What a terminal shows, for the sequences the front end writes: cursor
    position (CSI row;col H), clear screen (CSI 2 J), clear to the end of the
    line (CSI K); colours and modes are skipped."""

    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.row = self.col = 0

    def feed(self, text):
        i = 0
        while i < len(text):
            char = text[i]
            if char == "\x1b" and text[i + 1 : i + 2] == "[":
                j = i + 2
                while j < len(text) and text[j] in "0123456789;?":
                    j += 1
                if j >= len(text):
                    return
                params, final = text[i + 2 : j], text[j]
                if final == "H":
                    row, _, col = params.partition(";")
                    self.row, self.col = int(row or 1) - 1, int(col or 1) - 1
                elif final == "J" and params == "2":
                    self.grid = [[" "] * self.cols for _ in range(self.rows)]
                elif final == "K":
                    for x in range(self.col, self.cols):
                        self.grid[self.row][x] = " "
                i = j + 1
                continue
            if char == "\r":
                self.col = 0
            elif char == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif char >= " " and self.col < self.cols and self.row < self.rows:
                self.grid[self.row][self.col] = char
                self.col += 1
            i += 1

    def text(self):
        return "\n".join("".join(line).rstrip() for line in self.grid)


class FrontEnd:
    """``python -m sim`` with ``args`` on a 140x50 pseudo-terminal, started
    in the folder ``cwd`` with ``env`` added to its environment; ``output``
    is what it wrote so far."""

    def __init__(self, args, cwd, env=()):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the terminal's size, then the front end
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 140, 0, 0))
            os.chdir(cwd)
            os.environ.update(env)
            os.execv(sys.executable, [sys.executable, "-m", "sim"] + args)
        self.output = b""

    def read(self, seconds, found=lambda new: False):
        """Read for ``seconds``, or until ``found`` holds of what came in
        meanwhile: whether it did (False once the terminal closed)."""
        start = len(self.output)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.fd, 65536)
                except OSError:
                    return False
            if found(self.output[start:]):
                return True
        return False


def test_a_hand_pressed_in_a_pseudo_terminal(tmp_path):
    with VirtualPico() as headless:
        headless.run_script("N OK E wait:4000")
        assert headless.namespace["firmware"].table.game.scores == [2, 0]
        expected = headless.frame()

    term = FrontEnd(["--nvm", str(tmp_path / "n.bin"), "--seed", "0"], REPO)

    def shown():
        model = ScreenModel(140, 50)
        model.feed(term.output.decode("utf-8", "replace"))
        lines = oled_lines(model.text())
        return from_half_blocks(lines) if lines else None, model.text()

    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (shown()[0] and any(shown()[0])):
            term.read(0.2)
        first, text = shown()
        assert first and any(first), text
        for key in (b"\x1b[A", b"\r", b"\x1b[C"):  # Up = N, Enter = OK, Right = E
            os.write(term.fd, key)
            term.read(0.4)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and shown()[0] != expected:
            term.read(0.3)
        frame, text = shown()
        assert frame != first
        assert frame == expected, text
        os.write(term.fd, b"q")
        term.read(1.0)
    finally:
        try:
            os.kill(term.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(term.pid, 0)
        os.close(term.fd)


def test_the_game_survives_power_cut_reset_and_quitting_with_the_default_nvm_file(tmp_path):
    # `make run` as it is typed: no --nvm, so the game lives in sim_nvm.bin in
    # the folder the front end was started from.
    import re

    term = FrontEnd(["--seed", "0", "--blocks"], str(tmp_path), {"PYTHONPATH": REPO})
    pid = term.pid
    # The serial console's lines, as the front end redraws them below the legend.
    console = re.compile(rb"serial console:.*?\x1b\[K((?:\x1b\[\d+;1H  [^\x1b]*\x1b\[K){4})")
    line = re.compile(rb"\x1b\[\d+;1H  ([^\x1b]*)\x1b\[K")

    def started(new):
        # A redraw of the console whose last line is the firmware's "ready".
        for redraw in console.finditer(new):
            lines = [text for text in line.findall(redraw.group(1)) if text]
            if lines and lines[-1] == b"euchre: ready":
                return True
        return False

    def pressed(letter):
        return lambda new: b"last key: " + letter + b" " in new

    try:
        assert term.read(20, started), term.output[-2000:]
        # A key the keypad sees down within hw.keys.SETTLE_MS of its start was
        # held at power-up, and is ignored: the simulator reaches "ready" within
        # that, where the board takes a tenth of a second. Nobody presses so soon.
        term.read(0.2)
        steps = [(b"\x1b[A", pressed(b"N")),  # North names trump
                 (b"p", started),  # power cut, power on
                 (b"\x1b[C", pressed(b"E")),  # East takes a trick
                 (b"r", started),  # reset button
                 (b"\x1b[B", pressed(b"S"))]  # South takes a trick
        for key, found in steps:
            os.write(term.fd, key)
            assert term.read(20, found), (key, term.output[-2000:])
            term.read(1.0)  # the press is released and saved
        os.write(term.fd, b"q")
        _, status = os.waitpid(pid, 0)
        pid = 0
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, term.output[-2000:]
    finally:
        if pid:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        os.close(term.fd)
    from euchre_core.actions import action_text
    from hw.saved import load
    from hw.storage import Storage

    saved = load(Storage(bytearray((tmp_path / "sim_nvm.bin").read_bytes())))
    assert saved is not None
    assert [action_text(code) for code in saved.codes] == ["CN", "TE", "TS"]
    assert list(tmp_path.iterdir()) == [tmp_path / "sim_nvm.bin"]
