"""``storage`` (virtual): who may write the CIRCUITPY drive, its label, USB drive on/off.

Only boot.py may change these on a board (the drive is visible over USB
later), as CircuitPython enforces; the state lives on the virtual board."""

import _vboard


def _drive(boot_only=True):
    board = _vboard.current()
    if boot_only and not board.in_boot and board.drive["usb_drive"]:
        raise RuntimeError("Cannot remount path when visible via USB.")
    return board.drive


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    drive = _drive()
    drive["code_writable"] = not readonly


def disable_usb_drive():
    board = _vboard.current()
    if not board.in_boot:
        raise RuntimeError("Cannot change USB devices now")
    board.drive["usb_drive"] = False


def enable_usb_drive():
    board = _vboard.current()
    if not board.in_boot:
        raise RuntimeError("Cannot change USB devices now")
    board.drive["usb_drive"] = True


class VfsFat:
    @property
    def label(self):
        return _vboard.current().drive["label"]

    @label.setter
    def label(self, value):
        drive = _vboard.current().drive
        if not drive["code_writable"]:
            raise OSError(30, "Read-only filesystem")
        drive["label"] = value


def getmount(mount_path):
    if mount_path != "/":
        raise OSError(22, "Invalid argument")
    return VfsFat()


def erase_filesystem(extended=None):
    raise RuntimeError("the simulator does not erase its CIRCUITPY folder")
