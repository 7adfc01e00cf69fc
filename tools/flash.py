"""Build the firmware for a CIRCUITPY drive's CircuitPython and copy it there.

    python tools/flash.py [--drive PATH] [--source] [--bundle FOLDER] [--dry-run] [--prune]

* The drive is found by its ``boot_out.txt`` (CircuitPython writes it at every
  start) in the usual mount points, or given with ``--drive PATH`` or the
  ``CIRCUITPY`` environment variable.
* ``boot_out.txt`` names the CircuitPython version and the board, and the
  version decides the form of the modules (the bundle is built for it into
  ``build/flash/CIRCUITPY``, unless ``--bundle`` names one):

  - 10.x: precompiled ``.mpy`` (``tools/bundle.py``: checked to be what
    CircuitPython 10's own ``mpy-cross`` writes);
  - 9.x: ``.py`` source. CircuitPython 9 also reads version-6 ``.mpy``
    files, but these were checked only against CircuitPython 10's
    ``mpy-cross``, and Adafruit builds its libraries apart for each major
    version; source is what 9.x surely runs (it compiles at start-up: a
    slower start and more memory for a moment);
  - 11.x and later: ``.py`` source, with a note: those are not tested, and a
    new major version may change the ``.mpy`` format;
  - before 9, or a drive without that file: refused.

  ``--source`` copies source whatever the version. A precompiled bundle is
  refused for any version but 10.x.
* Only files whose bytes differ are written, so flash wear and the board's
  auto-reload are kept to what changed. ``code.py`` is written last: the board
  restarts on each write, and the last restart runs the complete new firmware.
* ``settings.toml`` on the drive belongs to the user and is never overwritten;
  keys the template has and the user's file lacks are listed (they keep their
  defaults).
* A read-only or full drive stops the copy with a message saying what to do.

Exit status: 0 done (or nothing to do), 1 refused or failed, 2 no drive found.
"""

import argparse
import errno
import glob
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bundle import drive_files  # noqa: E402  (tools/ is not a package)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OLDEST_MAJOR = 9  # older CircuitPython is refused
TESTED_MAJORS = (9, 10)  # newer ones get the source form and a note
MPY_MAJORS = (10,)  # the versions that get the precompiled .mpy modules
USER_FILES = ("settings.toml",)
# Folders the firmware owns on the drive: files there that the bundle no longer
# has are left-overs of an older version (removed only with --prune).
OWNED_FOLDERS = ("firmware", "euchre_core", "ui", "hw")
# What earlier versions wrote at the root (their code.py precompiled under
# another name): nothing runs it any more, so every flash removes it.
RETIRED_FILES = ("scorekeeper.mpy", "scorekeeper.py")
LAST = "code.py"

NO_DRIVE_HELP = """\
No CIRCUITPY drive found (once the scorekeeper has run, the drive is named EUCHRE).
Plug the Pico in with a USB data cable. If no CIRCUITPY drive appears, install
CircuitPython first:
  1. Download the CircuitPython 10.x (or 9.x) .uf2 file for your board from
     https://circuitpython.org/board/raspberry_pi_pico/ (Pico W: raspberry_pi_pico_w,
     Pico 2: raspberry_pi_pico2).
  2. Hold the BOOTSEL button while plugging the Pico in: a drive named RPI-RP2
     (RP2350 on a Pico 2) appears.
  3. Copy the .uf2 file onto it. The Pico restarts and shows a CIRCUITPY drive.
Then run `make flash` again, or name the drive: `make flash DRIVE=/path/to/CIRCUITPY`."""

READ_ONLY_HELP = """\
The drive {drive} is read-only, so nothing was copied.
- A boot.py of an earlier project may have handed the drive to CircuitPython
  (storage.remount("/", readonly=False)). Open the serial console, press Ctrl-C,
  and in the REPL type: import os; os.remove("/boot.py") -- then plug the board
  in again. (The scorekeeper's own boot.py never does this; holding OK while
  plugging in makes it change nothing at all.)
- If the computer mounted it read-only after an unplug without ejecting: eject,
  plug in again, and repair it if asked (Linux: fsck.vfat; macOS: Disk Utility).
See docs/build-guide.md, "Troubleshooting"."""

FULL_HELP = """\
The drive {drive} is full: {need} more bytes are needed, {free} are free.
Make room on the drive, then run `make flash` again. Likely candidates:
  - lib/ folders and .mpy files of libraries this project does not use;
  - files of an earlier project on the drive (keep boot_out.txt and settings.toml)."""


class FlashError(Exception):
    """The copy is refused or failed; the message says why and what to do."""

    def __init__(self, message, status=1):
        Exception.__init__(self, message)
        self.status = status


def parse_boot_out(text):
    """(version string, major, board name, board id) from boot_out.txt, or None.

    The first line reads e.g. "Adafruit CircuitPython 9.2.1 on 2024-11-20;
    Raspberry Pi Pico with rp2040", and a later line "Board ID:raspberry_pi_pico".
    """
    match = re.search(r"CircuitPython (\d+)\.(\d+)\.(\d+)(\S*) on [^;\n]*; ([^\n]*?)\s*$",
                      text.splitlines()[0] if text.strip() else "")
    if not match:
        return None
    version = "%s.%s.%s%s" % match.group(1, 2, 3, 4)
    board = match.group(5)
    board_id = ""
    found = re.search(r"^Board ID:\s*(\S+)", text, re.MULTILINE)
    if found:
        board_id = found.group(1)
    return version, int(match.group(1)), board, board_id


# Where Linux desktops (udisks: /media/USER, /run/media/USER) and macOS mount
# a USB drive. Every folder there is a candidate, since the scorekeeper's
# boot.py renames the drive from CIRCUITPY to EUCHRE; boot_out.txt decides.
MOUNT_PATTERNS = ["/media/*/*", "/media/*", "/run/media/*/*", "/mnt/*", "/Volumes/*"]
BOOTLOADER_PATTERNS = ["/media/*/RPI-RP2", "/media/*/RP2350", "/run/media/*/RPI-RP2",
                       "/run/media/*/RP2350", "/Volumes/RPI-RP2", "/Volumes/RP2350"]


def candidate_drives():
    """Mounted folders that have a boot_out.txt, from the usual mount points."""
    found = []
    for pattern in MOUNT_PATTERNS:
        for path in sorted(glob.glob(pattern)):
            try:
                is_drive = os.path.isfile(os.path.join(path, "boot_out.txt"))
            except OSError:  # an unreadable mount point is not ours
                is_drive = False
            if is_drive and path not in found:
                found.append(path)
    if os.name == "nt":
        for letter in "DEFGHIJKLMNOPQRSTUVWXYZ":
            path = letter + ":\\"
            if os.path.isfile(os.path.join(path, "boot_out.txt")):
                found.append(path)
    return found


def bootloader_drives():
    """Mounted RP2040/RP2350 bootloader drives (BOOTSEL mode): no CircuitPython yet."""
    found = []
    for pattern in BOOTLOADER_PATTERNS:
        found.extend(path for path in glob.glob(pattern)
                     if os.path.isfile(os.path.join(path, "INFO_UF2.TXT")))
    return found


def choose_drive(explicit=None):
    """The drive to write: the explicit one, or the only one mounted."""
    explicit = explicit or os.environ.get("CIRCUITPY") or None
    if explicit:
        if not os.path.isdir(explicit):
            raise FlashError("%s is not a folder (is the drive mounted?)" % explicit, 2)
        return explicit
    drives = candidate_drives()
    if not drives:
        message = NO_DRIVE_HELP
        boot = bootloader_drives()
        if boot:
            message = ("%s is the Pico's bootloader drive: CircuitPython is not installed yet.\n"
                       % boot[0]) + message
        raise FlashError(message, 2)
    if len(drives) > 1:
        raise FlashError("Several CircuitPython drives are mounted (%s); choose one with "
                         "--drive PATH or `make flash DRIVE=PATH`." % ", ".join(drives))
    return drives[0]


def check_drive(drive):
    """Read boot_out.txt; refuse a drive that is not a supported CircuitPython."""
    path = os.path.join(drive, "boot_out.txt")
    if not os.path.isfile(path):
        raise FlashError("%s has no boot_out.txt: it is not a CircuitPython drive. "
                         "Install CircuitPython on the board first.\n\n%s" % (drive, NO_DRIVE_HELP))
    with open(path, encoding="utf-8", errors="replace") as handle:
        info = parse_boot_out(handle.read())
    if info is None:
        raise FlashError("%s: boot_out.txt does not name a CircuitPython version; "
                         "this is not a CircuitPython drive." % drive)
    version, major, board, board_id = info
    if major < OLDEST_MAJOR:
        raise FlashError("%s runs CircuitPython %s; the scorekeeper needs %d.x or newer (it is "
                         "tested on %s). Install CircuitPython 10.x from "
                         "https://circuitpython.org/board/%s/ (copy the .uf2 onto the drive that "
                         "appears when BOOTSEL is held at plug-in), then flash again." % (
                             drive, version, OLDEST_MAJOR,
                             " and ".join("%d.x" % m for m in TESTED_MAJORS),
                             board_id or "raspberry_pi_pico"))
    return info


def precompiled_for(major):
    """Whether CircuitPython ``major`` gets the precompiled (.mpy) modules."""
    return major in MPY_MAJORS


def form_note(version, major):
    """What the board gets, and why, in one line."""
    if precompiled_for(major):
        return "modules: precompiled .mpy (CircuitPython %s)" % version
    if major in TESTED_MAJORS:
        return ("modules: .py source (CircuitPython %s: the .mpy files are made for 10.x)"
                % version)
    return ("note: CircuitPython %s is newer than the versions the scorekeeper is tested on (%s): "
            "modules copied as .py source (a new major version may read .mpy files differently). "
            "If it misbehaves, install CircuitPython 10.x." % (
                version, " and ".join("%d.x" % m for m in TESTED_MAJORS)))


def precompiled(bundle):
    """The .mpy modules of a bundle folder."""
    return [rel for rel in drive_files(bundle) if rel.endswith(".mpy")]


def write_order(rel):
    """Sort key of the files a flash writes: libraries first, code.py last.
    Each write restarts the board, so the final restart runs a complete
    firmware."""
    return (rel == LAST, not rel.startswith("lib/"), rel)


def _same(src, dst):
    if not os.path.isfile(dst) or os.path.getsize(src) != os.path.getsize(dst):
        return False
    with open(src, "rb") as a, open(dst, "rb") as b:
        return a.read() == b.read()


def _toml_keys(path):
    keys = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=", line)
            if match:
                keys.append(match.group(1))
    return keys


class Plan:
    """What a flash will do: files to write (new or changed), unchanged, kept, left-over."""

    def __init__(self):
        self.write = []
        self.unchanged = []
        self.kept = []
        self.leftover = []
        self.retired = []  # an earlier version's files: removed by every flash
        self.twins = []  # the other form (.py/.mpy) of a module the bundle ships
        self.need = 0  # bytes the drive must find for the writes


def plan(bundle, drive):
    result = Plan()
    for rel in sorted(drive_files(bundle), key=write_order):
        src = os.path.join(bundle, *rel.split("/"))
        dst = os.path.join(drive, *rel.split("/"))
        if rel in USER_FILES and os.path.exists(dst):
            result.kept.append(rel)
        elif _same(src, dst):
            result.unchanged.append(rel)
        else:
            result.write.append(rel)
            old = os.path.getsize(dst) if os.path.isfile(dst) else 0
            result.need += max(0, os.path.getsize(src) - old)
    shipped = set(drive_files(bundle))
    for rel in sorted(shipped):
        # A module's .py is loaded before its .mpy: an old twin would shadow
        # (or sit beside) the module this version ships.
        for ours, other in ((".mpy", ".py"), (".py", ".mpy")):
            if rel.endswith(ours) and rel not in (LAST, "boot.py"):
                twin = rel[: -len(ours)] + other
                if twin not in shipped and os.path.isfile(os.path.join(drive, *twin.split("/"))):
                    result.twins.append(twin)
    for rel in RETIRED_FILES:
        if rel not in shipped and os.path.isfile(os.path.join(drive, rel)):
            result.retired.append(rel)
    for folder in OWNED_FOLDERS:
        base = os.path.join(drive, folder)
        for here, dirs, files in os.walk(base):
            for name in files:
                rel = os.path.relpath(os.path.join(here, name), drive).replace(os.sep, "/")
                if rel not in shipped and rel not in result.twins:
                    result.leftover.append(rel)
    result.leftover.sort()
    return result


def _writable(drive):
    """Whether files can be written on the drive, without writing one (a write restarts the board)."""
    statvfs = getattr(os, "statvfs", None)
    if statvfs is not None and statvfs(drive).f_flag & getattr(os, "ST_RDONLY", 1):
        return False
    return os.access(drive, os.W_OK)


def flash(bundle, drive, dry_run=False, prune=False, out=print, form_said=False):
    """Copy the changed files of ``bundle`` to ``drive``; returns the Plan carried out.

    ``form_said``: the caller has said which form of the modules it built."""
    if not os.path.isfile(os.path.join(bundle, LAST)):
        raise FlashError("%s has no %s: run `make bundle` first." % (bundle, LAST))
    version, major, board, board_id = check_drive(drive)
    out("drive: %s (CircuitPython %s, %s)" % (drive, version, board))
    compiled = precompiled(bundle)
    if compiled and not precompiled_for(major):
        raise FlashError("%s holds modules precompiled for CircuitPython %s (%s, ...), and the drive "
                         "runs %s: run `make flash` without --bundle (it builds the form the drive "
                         "takes), or `make bundle SOURCE=1` for source." % (
                             bundle, " and ".join("%d.x" % m for m in MPY_MAJORS), compiled[0],
                             version))
    if not form_said:
        out("modules: %s" % ("precompiled .mpy" if compiled else ".py source"))
    if board_id and not board_id.startswith("raspberry_pi_pico"):
        out("note: %s is not a Raspberry Pi Pico; set the pins in settings.toml to this board's "
            "pin names (see docs/build-guide.md)." % (board_id,))
    todo = plan(bundle, drive)
    if dry_run:
        for rel in todo.write:
            out("would write " + rel)
        for rel in todo.twins + todo.retired:
            out("would remove " + rel)
        for rel in todo.kept:
            out("would keep your " + rel)
        return todo
    if (todo.write or todo.twins or todo.retired or (prune and todo.leftover)) and not _writable(drive):
        raise FlashError(READ_ONLY_HELP.format(drive=drive))
    free = shutil.disk_usage(drive).free
    if todo.need > free:
        raise FlashError(FULL_HELP.format(drive=drive, need=todo.need, free=free))
    for rel in todo.twins:
        try:
            os.remove(os.path.join(drive, *rel.split("/")))
        except OSError as err:
            if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise FlashError(READ_ONLY_HELP.format(drive=drive))
            raise
        out("removed %s (this version ships the module as %s)" % (
            rel, ".mpy" if rel.endswith(".py") else ".py"))
    for rel in todo.write:
        src = os.path.join(bundle, *rel.split("/"))
        dst = os.path.join(drive, *rel.split("/"))
        try:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(src, dst)
        except OSError as err:
            if err.errno == errno.ENOSPC:
                raise FlashError(FULL_HELP.format(drive=drive, need=os.path.getsize(src),
                                                  free=shutil.disk_usage(drive).free))
            if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise FlashError(READ_ONLY_HELP.format(drive=drive))
            raise
        out("wrote " + rel)
    for rel in todo.kept:
        template = os.path.join(bundle, rel)
        out("kept your %s (the commented template: %s)" % (rel, template))
        missing = [key for key in _toml_keys(template) if key not in _toml_keys(os.path.join(drive, rel))]
        if missing:
            out("  every key is optional; not in yours, so at their defaults: " + ", ".join(missing))
    for rel in todo.retired:
        os.remove(os.path.join(drive, rel))
        out("removed " + rel + " (an earlier version's firmware)")
    for rel in todo.leftover:
        if prune:
            os.remove(os.path.join(drive, *rel.split("/")))
            out("removed " + rel + " (not part of this version)")
        else:
            out("left over from an older version: %s (--prune removes it)" % rel)
    out("%d written, %d unchanged." % (len(todo.write), len(todo.unchanged)))
    if todo.write:
        out("The board restarts by itself with the new firmware; wait for the drive to settle "
            "before unplugging it.")
    return todo


def build_for(source, mpy_cross=None):
    """Build the bundle in the form chosen into build/flash/CIRCUITPY; its path."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bundle

    try:
        drive, _archive = bundle.build(ROOT, os.path.join(ROOT, "build", "flash"),
                                       os.path.join(ROOT, "build", "pip-cache"),
                                       make_zip=False, mpy_cross=mpy_cross, source=source)
    except bundle.BundleError as err:
        raise FlashError("bundle: " + str(err))
    return drive


def main(argv=None):
    parser = argparse.ArgumentParser(description="Copy build/CIRCUITPY to a CIRCUITPY drive.")
    parser.add_argument("--drive", help="the mounted drive (default: $CIRCUITPY, or search)")
    parser.add_argument("--bundle", default=None,
                        help="copy this bundle folder as it is (default: build the form the "
                             "drive's CircuitPython takes into build/flash/CIRCUITPY)")
    parser.add_argument("--source", action="store_true",
                        help="copy .py source whatever the CircuitPython version")
    parser.add_argument("--mpy-cross", default=None, help="the mpy-cross to precompile with")
    parser.add_argument("--dry-run", action="store_true", help="only say what would change")
    parser.add_argument("--prune", action="store_true",
                        help="remove files of an older version from euchre_core/, ui/ and hw/")
    args = parser.parse_args(argv)
    try:
        drive = choose_drive(args.drive)
        bundle = args.bundle
        form_said = bundle is None
        if bundle is None:
            version, major, _board, _board_id = check_drive(drive)
            source = args.source or not precompiled_for(major)
            print(form_note(version, major) if not args.source
                  else "modules: .py source (--source)")
            bundle = build_for(source, args.mpy_cross)
            print("built " + os.path.relpath(bundle))
        flash(bundle, drive, dry_run=args.dry_run, prune=args.prune, form_said=form_said)
    except FlashError as err:
        print(str(err), file=sys.stderr)
        return err.status
    return 0


if __name__ == "__main__":
    sys.exit(main())
