"""Helpers for the firmware tests: the real code.py on the simulator's virtual
Pico, settings.toml variants, the glass read back as a page-order frame, and
golden pictures.

Golden pictures live in tests/golden/*.png (the simulator's OLED look, 3x).
After a deliberate change of a screen, regenerate them with one command and
review them by eye before committing:

    EUCHRE_GOLDEN=update .venv/bin/python -m pytest -q tests/test_fw_table.py
"""

import os
import pathlib

from sim.picture import image
from ui_read import find_label, find_text, markers, read_big, read_score  # noqa: F401 (for the tests)
from sim.runner import VirtualPico

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
SCALE = 3
BORDER = 2 * SCALE


def i2c_with(chip=None, address=0x3C):
    """The simulator's ``busio.I2C`` on the display's pins of a fresh virtual
    board (installed, until the next one) with the chip model ``chip``
    (sim/cp) at ``address``; None: nothing answers on the wire."""
    import _vboard

    machine = _vboard.Machine(str(ROOT), display=False)
    if chip is not None:
        machine.oled = chip
        machine.bus.devices[address] = chip
    _vboard.install(machine)
    import board
    import busio

    return busio.I2C(board.GP5, board.GP4, frequency=400000)


def settings_text(**overrides):
    """The repository's settings.toml with some keys changed (values as TOML text)."""
    lines = []
    seen = set()
    for line in (ROOT / "settings.toml").read_text().splitlines():
        key = line.split("=", 1)[0].strip()
        if key in overrides and not line.startswith("#"):
            line = key + " = " + overrides[key]
            seen.add(key)
        lines.append(line)
    for key, value in overrides.items():
        if key not in seen:
            lines.append(key + " = " + value)
    return "\n".join(lines) + "\n"


def boot(seed=3, settings=None, **options):
    """A virtual Pico running the repository's firmware.

    ``seed`` fixes the random first dealer (3: West); ``settings``: dict of overrides."""
    text = settings_text(**settings) if settings else None
    return VirtualPico(settings=text, seed=seed, **options)


def table(pico):
    """The firmware's own Table (of code.py's ``firmware``), paused between key polls."""
    return pico.namespace["firmware"].table


def page_frame(pico, turned=False):
    """The glass as a 1024-byte SSD1306 page-order frame (what the eye sees);
    ``turned``: read a picture shown upside down (the display flipped 180 degrees)."""
    glass = pico.frame()
    if turned:
        glass = glass[::-1]
    buf = bytearray(1024)
    for page in range(8):
        for x in range(128):
            byte = 0
            for bit in range(8):
                if glass[(page * 8 + bit) * 128 + x]:
                    byte |= 1 << bit
            buf[page * 128 + x] = byte
    return buf


def _glass_from_png(path):
    from PIL import Image

    img = Image.open(path).convert("RGB")
    out = bytearray(128 * 64)
    for y in range(64):
        for x in range(128):
            r, g, b = img.getpixel((BORDER + x * SCALE, BORDER + y * SCALE))
            out[y * 128 + x] = 1 if r + g + b > 150 else 0
    return bytes(out)


def check_golden(pico, name):
    """The glass equals tests/golden/NAME.png (or writes it, see the module doc)."""
    path = GOLDEN / (name + ".png")
    if os.environ.get("EUCHRE_GOLDEN") == "update" or not path.exists():
        if os.environ.get("EUCHRE_GOLDEN") != "update":
            raise AssertionError("no golden picture " + str(path) + "; make it with EUCHRE_GOLDEN=update")
        GOLDEN.mkdir(exist_ok=True)
        image(pico.oled, scale=SCALE, color="blue", border=BORDER).save(path)
    want = _glass_from_png(path)
    got = pico.frame()
    if want != got:
        diff = sum(1 for a, b in zip(want, got) if a != b)
        raise AssertionError("screen differs from " + path.name + " in " + str(diff)
                             + " pixels; now:\n" + pico.text())


# ----- reading the glass back with the font tables (not the renderer) -----

def has_text(buf, text):
    """True if small ``text`` is written on any page of the frame (lit, or
    dark on a lit bar), or on a label's bar at any row (``screen.label``)."""
    return any(find_text(buf, page, text, inverse) >= 0
               for page in range(8) for inverse in (False, True)) or find_label(buf, text) is not None
