"""The screen pictures for docs/ui.md come from one command and the real firmware."""

import os

import pytest
from PIL import Image

from sim import screens
from sim.runner import REPO, repo_firmware_present

pytestmark = pytest.mark.skipif(not repo_firmware_present(), reason="no code.py in the repository")


def test_generate_writes_pictures_and_the_page(tmp_path):
    chosen = [entry for entry in screens.SCREENS if entry[0] in ("score", "hand_called", "bad_setting")]
    (tmp_path / "screens").mkdir()
    (tmp_path / "screens" / "retired.png").write_bytes(b"old")
    names = screens.generate(docs=str(tmp_path), screens=chosen)
    assert sorted(os.listdir(tmp_path / "screens")) == [
        "bad_setting.png", "hand.gif", "hand_called.png", "score.png"]
    assert names == [entry[0] for entry in chosen] and len(names) == 3
    page = (tmp_path / "ui.md").read_text()
    pictures = {}
    for name in names:
        assert "](screens/%s.png)" % name in page
        img = Image.open(tmp_path / "screens" / (name + ".png"))
        assert img.size == (128 * 3 + 12, 64 * 3 + 12)
        pictures[name] = img.tobytes()
    assert len(set(pictures.values())) == len(names)  # three different screens


def test_settings_changes_replace_the_key_in_place():
    text = screens._settings('EUCHRE_TARGET = 500\nEXTRA_KEY = 1\n')
    lines = text.splitlines()
    assert [line for line in lines if line.startswith("EUCHRE_TARGET")] == ["EUCHRE_TARGET = 500"]
    assert lines[-1] == "EXTRA_KEY = 1"


def test_every_screen_in_the_list_is_in_the_docs():
    page = open(os.path.join(REPO, "docs", "ui.md")).read()
    for entry in screens.SCREENS:
        assert os.path.exists(os.path.join(REPO, "docs", "screens", entry[0] + ".png")), entry[0]
        assert "](screens/%s.png)" % entry[0] in page


def test_animation_has_a_frame_per_step(tmp_path):
    path = screens.animation(str(tmp_path / "hand.gif"), steps=(("", 500), ("N", 700)))
    img = Image.open(path)
    assert img.n_frames == 2
    frames = []
    for n in range(2):
        img.seek(n)
        frames.append(img.convert("RGB").tobytes())
    assert frames[0] != frames[1]  # North's call changed the screen
