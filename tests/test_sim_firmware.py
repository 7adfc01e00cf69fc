"""The repository's own firmware on the virtual Pico: whole hands pressed
through the keys, a power cut in the middle of a hand, a board without a
display, and the headless command line writing pictures."""

import os
import subprocess
import sys

import pytest

from sim import VirtualPico
from sim.runner import REPO, repo_firmware_present

pytestmark = pytest.mark.skipif(not repo_firmware_present(), reason="no code.py in the repository")


@pytest.fixture
def pico():
    with VirtualPico() as board:
        yield board


def table(pico):
    return pico.namespace["firmware"].table


def test_firmware_boots_and_draws(pico):
    assert pico.state == "idle", pico.serial
    assert "euchre: ready" in pico.serial
    assert sum(pico.frame()) > 200  # the score screen is up
    assert not pico.oled.unknown


def test_a_whole_hand_trick_by_trick(pico):
    game = table(pico).game
    dealer = game.dealer
    pico.run_script("N")  # North names trump
    assert game.makers == 0 and game.caller == 0
    pico.run_script("N S N S")
    assert game.tricks == [4, 0] and game.scores == [0, 0]
    pico.run_script("N")  # N-S take all five tricks: a march
    pico.advance(4000)  # the result banner, then the score screen
    game = table(pico).game
    assert game.scores == [2, 0]
    assert game.dealer == (dealer + 1) % 4
    assert pico.state == "idle"


def test_a_hand_in_three_presses(pico):
    before = pico.frame()
    pico.run_script("N OK E")  # North names trump, quick result, E = march
    banner = pico.frame()
    pico.advance(4000)
    assert table(pico).game.scores == [2, 0]
    assert len({before, banner, pico.frame()}) == 3
    # A euchre for the other side: West names trump, E-W take only two tricks.
    pico.run_script("W OK S wait:4000")
    assert table(pico).game.scores == [4, 0]


def test_undo_is_long_ok_then_ok(pico):
    pico.run_script("N N")
    assert table(pico).game.tricks == [1, 0]
    pico.run_script("OK:long OK")
    assert table(pico).game.tricks == [0, 0]


def test_the_menu_loads_while_ok_is_held(pico):
    # Long OK opens the menu: not held in play, it loads while OK is held,
    # before the long press fires, so that the press finds it loaded.
    registry = sys.modules["ui.registry"]
    pico.advance(2000)  # a quiet moment: the screens of play
    assert "hand" in registry._LOADED and "menu" not in registry._LOADED
    long_ms = 600  # settings.toml's EUCHRE_LONG_PRESS_MS
    pico.down("OK")
    pico.advance(long_ms // 2 - 50)
    assert "menu" not in registry._LOADED
    pico.advance(100)
    assert "menu" in registry._LOADED and table(pico).screen_name == "score"
    pico.advance(long_ms // 2)
    assert table(pico).screen_name == "menu"
    pico.up("OK")
    # W pressed as OK is let go (the scanner reports both in one scan, W
    # first): a press; back to play, and a quiet moment.
    pico.run_script("W wait:2000")
    assert table(pico).screen_name == "score" and "menu" not in registry._LOADED


def test_power_cut_mid_hand_resumes(pico):
    pico.run_script("E N S")
    tricks = list(table(pico).game.tricks)
    erases = pico.nvm.erases
    pico.power_cut()
    assert sum(pico.frame()) == 0
    pico.boot()
    assert list(table(pico).game.tricks) == tricks
    assert table(pico).game.makers == 1
    pico.run_script("W W W wait:4000")  # E-W end with three tricks: made, 1 point
    assert table(pico).game.scores == [0, 1]
    # Actions are appended to erased flash: no erase per action.
    assert pico.nvm.erases - erases <= 1


def test_no_display_keeps_scoring(tmp_path):
    with VirtualPico(display="absent") as pico:
        assert "no display" in pico.serial
        assert pico.state == "idle"
        pico.run_script("N OK E wait:4000")
        assert pico.namespace["firmware"].table.game.scores == [2, 0]


def test_headless_command_line_writes_pictures(tmp_path):
    out = tmp_path / "shots"
    result = subprocess.run(
        [sys.executable, "-m", "sim", "--script", "png:start N png:called", "--png", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    names = sorted(os.listdir(out))
    assert names == ["called.png", "final.png", "start.png"]
    assert (out / "start.png").read_bytes() != (out / "called.png").read_bytes()


def test_circuitpython_9_settings_read_without_complaint():
    with VirtualPico(flavour=9) as pico:
        assert "euchre: ready" in pico.serial
        assert "EUCHRE_" not in pico.serial  # no setting was reported as wrong
        pico.run_script("N OK E wait:4000")
        assert pico.namespace["firmware"].table.game.scores == [2, 0]


def test_display_at_0x3d_as_configured():
    settings = open(os.path.join(REPO, "settings.toml")).read().replace(
        'EUCHRE_I2C_ADDRESS = "0x3C"', 'EUCHRE_I2C_ADDRESS = "0x3D"')
    assert "0x3D" in settings
    with VirtualPico(address=0x3D, settings=settings) as pico:
        assert "no display" not in pico.serial
        assert sum(pico.frame()) > 200
    with VirtualPico(address=0x3D) as pico:  # the settings still say 0x3C
        assert "no display" in pico.serial
        assert sum(pico.frame()) == 0


def test_nothing_on_the_i2c_pins():
    with VirtualPico(display="unplugged") as pico:
        assert "No pull up" in pico.serial
        pico.run_script("N OK E wait:4000")
        assert pico.namespace["firmware"].table.game.scores == [2, 0]


def test_headless_reports_unknown_display_commands(tmp_path):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "code.py").write_text(
        "import board, busio\n"
        "i2c = busio.I2C(board.GP5, board.GP4)\n"
        "i2c.try_lock()\n"
        "i2c.writeto(0x3C, bytes([0x00, 0xAF, 0xFF]))\n")
    result = subprocess.run([sys.executable, "-m", "sim", "--root", str(drive), "--script", ""],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    assert "SSD1306: unknown command bytes 0xFF (transaction 1)" in result.stderr
