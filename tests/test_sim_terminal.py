"""The terminal front end (``python -m sim``, what ``make run`` starts), driven
as a person would: keys typed into a real terminal, the screen read back.

tmux is the terminal: the test sends arrow keys and Enter, captures the pane,
turns the half-block drawing back into pixels, and compares them with the
same key script run headless, whose game must hold the expected score. A
second test uses a bare pseudo-terminal to check that quitting restores the
terminal's settings.
"""

import os
import pty
import select
import signal
import shutil
import subprocess
import sys
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
        assert headless.namespace["table"].game.scores == [2, 0]
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
