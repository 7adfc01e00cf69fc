"""Runs once at power-up, before USB starts.

Who may write the CIRCUITPY drive: the computer, always. The scorekeeper
keeps the game in ``microcontroller.nvm``, not in files, so it never needs
write access to its own drive, and the board stays updatable by copying files
from a computer. Nothing here can lock the computer out.

The only change is the drive's name (EUCHRE), so the box is easy to spot
when plugged in. Renaming needs a brief remount with write access for
CircuitPython, then the drive is handed back read-only to CircuitPython
(read-write for the computer); it is done only when the name differs, so
the FAT is not rewritten at every power-up.

Holding OK at power-up skips even that: nothing is changed, and the USB
drive is enabled explicitly. (CircuitPython's own safe mode, reset pressed
twice quickly, or BOOTSEL for a fresh UF2 remain as further ways back.)
"""

import os

import board
import digitalio
import storage

LABEL = "EUCHRE"


def ok_held() -> bool:
    """Whether OK is down: on its pin from settings.toml, else its default
    (``hw.settings.DEFAULTS``, the one place the pins are written down)."""
    from hw.settings import board_pin, default

    name = default("EUCHRE_KEY_OK")
    try:
        configured = os.getenv("EUCHRE_KEY_OK")
        if isinstance(configured, str) and configured.strip():
            name = configured.strip()
    except Exception:  # a broken settings.toml must not stop the board from booting
        pass
    pin = board_pin(board, name) or board_pin(board, default("EUCHRE_KEY_OK"))
    if pin is None:
        return False
    key = digitalio.DigitalInOut(pin)
    try:
        key.switch_to_input(pull=digitalio.Pull.UP)
        return not key.value
    finally:
        key.deinit()


def rename_drive() -> None:
    mount = storage.getmount("/")
    if mount.label == LABEL:
        return
    storage.remount("/", readonly=False)
    try:
        mount.label = LABEL
    finally:
        storage.remount("/", readonly=True)


try:
    if ok_held():
        print("boot.py: OK held, nothing changed")
        storage.enable_usb_drive()
    else:
        rename_drive()
except Exception as err:  # never a board that cannot boot or be updated
    print("boot.py:", err)
