"""The wiring picture, the pin tables and the settings.toml template agree with hw/settings.py.

``hw.settings.DEFAULTS`` is the one place the pins are written down; everything
a builder reads is checked against it here.
"""

import importlib.util
import pathlib
import re

import pytest

from hw import settings as fw_settings
from hw.settings import DEFAULTS, KEY_PINS
from hw.settings_words import toml_value

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT = dict((row[0], row[1]) for row in DEFAULTS)


@pytest.fixture
def wiring():
    spec = importlib.util.spec_from_file_location("ship_wiring", ROOT / "tools" / "wiring.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wire_titles(svg):
    """(part, part pin, Pico pin number, signal) of every wire drawn with a title."""
    found = []
    for title in re.findall(r"<polyline [^>]*><title>([^<]*)</title>", svg):
        match = re.fullmatch(r"(.+?) to (?:Pico )?pin (\d+) \((\w+)\)", title)
        assert match, title
        found.append((match.group(1), int(match.group(2)), match.group(3)))
    return found


def test_pico_header_map_is_the_real_pinout(wiring):
    header = wiring.PICO_HEADER
    assert sorted(header) == list(range(1, 41))
    gp = sorted(int(name[2:]) for name in header.values() if name.startswith("GP"))
    assert gp == list(range(0, 23)) + [26, 27, 28]
    assert [n for n, name in header.items() if name == "GND"] == [3, 8, 13, 18, 23, 28, 33, 38]
    assert (header[36], header[39], header[40], header[1], header[20], header[21]) == (
        "3V3", "VSYS", "VBUS", "GP0", "GP15", "GP16")


def test_committed_svg_is_what_the_defaults_draw(wiring):
    committed = (ROOT / "docs" / "wiring.svg").read_text(encoding="utf-8")
    assert committed == wiring.render(), "run `make wiring` and commit docs/wiring.svg"


def test_svg_wires_go_to_the_default_pins(wiring):
    wires = _wire_titles((ROOT / "docs" / "wiring.svg").read_text(encoding="utf-8"))
    by_part = dict((part, (number, signal)) for part, number, signal in wires)
    assert by_part["OLED SDA"] == (wiring.header_pin(DEFAULT["EUCHRE_SDA"]), DEFAULT["EUCHRE_SDA"])
    assert by_part["OLED SCL"] == (wiring.header_pin(DEFAULT["EUCHRE_SCL"]), DEFAULT["EUCHRE_SCL"])
    assert by_part["OLED SDA"] == (6, "GP4") and by_part["OLED SCL"] == (7, "GP5")
    assert by_part["OLED VCC"] == (36, "3V3")
    assert wiring.PICO_HEADER[by_part["OLED GND"][0]] == "GND"
    for key, letter in zip(KEY_PINS, ("N", "E", "S", "W", "OK")):
        number, signal = by_part["key " + letter]
        assert signal == DEFAULT[key] and wiring.PICO_HEADER[number] == DEFAULT[key]
    assert [by_part["key " + k] for k in ("N", "E", "S", "W", "OK")] == [
        (14, "GP10"), (15, "GP11"), (16, "GP12"), (17, "GP13"), (19, "GP14")]
    assert wiring.PICO_HEADER[by_part["keys' ground"][0]] == "GND"


def test_moving_a_default_pin_moves_the_wire_and_the_table(wiring, monkeypatch):
    moved = tuple((key, "GP0" if key == "EUCHRE_KEY_OK" else default, kind)
                  for key, default, kind in DEFAULTS)
    monkeypatch.setattr(wiring, "DEFAULTS", moved)
    wires = dict((part, (number, signal)) for part, number, signal in _wire_titles(wiring.render()))
    assert wires["key OK"] == (1, "GP0")
    assert "| OK key | one leg | 1 | GP0 | EUCHRE_KEY_OK |" in wiring.pin_table()
    monkeypatch.setattr(wiring, "DEFAULTS", tuple(
        (key, "LED" if key == "EUCHRE_SDA" else default, kind) for key, default, kind in DEFAULTS))
    with pytest.raises(ValueError, match="LED is not a pin on the Pico's header"):
        wiring.render()


def test_build_guide_pin_table_is_generated_from_the_defaults(wiring):
    guide = (ROOT / "docs" / "build-guide.md").read_text(encoding="utf-8")
    start = guide.index(wiring.TABLE_START) + len(wiring.TABLE_START)
    end = guide.index(wiring.TABLE_END)
    assert guide[start:end] == "\n" + wiring.pin_table(), "run `make wiring`"
    rows = [line for line in wiring.pin_table().splitlines() if line.startswith("| ") and "EUCHRE_" in line]
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        key = cells[-1]
        if key in ("EUCHRE_LED", "EUCHRE_BUZZER", "EUCHRE_DISPLAY_RESET"):
            continue
        assert cells[3] == DEFAULT[key], row
        assert wiring.PICO_HEADER[int(cells[2])] == DEFAULT[key], row


def test_settings_template_holds_every_default():
    template = (ROOT / "settings.toml").read_text(encoding="utf-8")
    assigned = dict(re.findall(r"^(EUCHRE_\w+) = (.*)$", template, re.MULTILINE))
    assert sorted(assigned) == sorted(DEFAULT)
    for key, default, kind in DEFAULTS:
        assert assigned[key] == toml_value(default, kind), key


def _toml_blocks(text):
    return re.findall(r"```toml\n(.*?)```", text, re.DOTALL)


def _reader(block):
    values = {}
    for line in block.splitlines():
        match = re.match(r'\s*(\w+)\s*=\s*("[^"]*"|\d+)', line)
        if match:
            raw = match.group(2)
            values[match.group(1)] = raw[1:-1] if raw.startswith('"') else int(raw)
    return values


def test_settings_shown_in_the_guide_are_real_keys_with_good_values():
    guide = (ROOT / "docs" / "build-guide.md").read_text(encoding="utf-8")
    mentioned = set(re.findall(r"\bEUCHRE_[A-Z_0-9]+\b", guide))
    assert mentioned and mentioned <= set(DEFAULT), mentioned - set(DEFAULT)
    blocks = _toml_blocks(guide)
    assert len(blocks) == 2
    for block in blocks:
        values = _reader(block)
        assert values
        checked = fw_settings.Settings(values.get)
        assert checked.errors == [], checked.errors
        for key, value in values.items():
            assert checked.given.count(key) == 1


def test_readme_shows_the_picture_and_links_the_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("<!-- section: build -->"):readme.index("<!-- end: build -->")]
    assert "](docs/wiring.svg)" in section
    assert "](docs/build-guide.md)" in section
    assert "requirements-board.txt" in section
    assert "](wiring.svg)" in (ROOT / "docs" / "build-guide.md").read_text(encoding="utf-8")


def test_every_picture_and_link_of_the_guide_exists():
    guide_path = ROOT / "docs" / "build-guide.md"
    guide = guide_path.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#:]+)\)", guide)
    assert "wiring.svg" in targets and "screens/score.png" in targets
    for target in targets:
        assert (guide_path.parent / target).exists(), target
