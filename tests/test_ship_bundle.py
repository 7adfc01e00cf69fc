"""The bundle step: build/CIRCUITPY holds everything the board imports and nothing else.

The pinned libraries are downloaded once into build/pip-cache (shared with
`make bundle`); later runs build offline from that cache.
"""

import importlib.util
import json
import os
import pathlib
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "pip-cache"


def _load(name):
    spec = importlib.util.spec_from_file_location("ship_" + name, ROOT / "tools" / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bundle = _load("bundle")
ship_imports = _load("ship_imports")

needs_firmware = pytest.mark.skipif(
    not ((ROOT / "code.py").exists() and (ROOT / "boot.py").exists()),
    reason="code.py and boot.py are not in this tree")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The bundle as `make bundle` builds it: precompiled for CircuitPython 10."""
    out = tmp_path_factory.mktemp("bundle")
    drive, archive = bundle.build(str(ROOT), str(out), str(CACHE))
    return pathlib.Path(drive), pathlib.Path(archive)


@pytest.fixture(scope="module")
def built_source(tmp_path_factory):
    """`make bundle SOURCE=1`: .py source."""
    out = tmp_path_factory.mktemp("bundle_source")
    drive, archive = bundle.build(str(ROOT), str(out), str(CACHE), source=True)
    return pathlib.Path(drive), pathlib.Path(archive)


def _files(folder):
    return sorted(str(p.relative_to(folder)).replace(os.sep, "/") for p in folder.rglob("*") if p.is_file())


MODULES = ("lib/adafruit_ssd1306", "lib/adafruit_framebuf", "lib/adafruit_bus_device/__init__",
           "lib/adafruit_bus_device/i2c_device", "euchre_core/__init__", "ui/table",
           "hw/__init__", "hw/storage", "firmware/__init__", "firmware/start",
           "firmware/recovery")


@needs_firmware
def test_bundle_has_the_firmware_libraries_font_and_template(built, built_source):
    for (drive, _archive), ext in ((built, ".mpy"), (built_source, ".py")):
        files = _files(drive)
        for name in ("code.py", "boot.py", "settings.toml", "font5x8.bin") + tuple(
                module + ext for module in MODULES):
            assert name in files, name
        for name in ("boot.py", "settings.toml"):
            assert (drive / name).read_bytes() == (ROOT / name).read_bytes()
        font = (drive / "font5x8.bin").read_bytes()
        assert len(font) == 1282 and font[:2] == bytes((5, 8))
    # code.py, a few lines, ships as it is in both forms.
    for drive, _archive in (built, built_source):
        assert (drive / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    # The same modules in both forms.
    assert ([name[:-4] for name in _files(built[0]) if name.endswith(".mpy")]
            == sorted([name[:-3] for name in _files(built_source[0]) if name.endswith(".py")
                       and name not in ("code.py", "boot.py")]))
    assert not any(name.endswith(".mpy") for name in _files(built_source[0]))


@needs_firmware
def test_every_module_but_code_and_boot_is_precompiled_with_circuitpythons_header(built,
                                                                                   built_source):
    drive, _archive = built
    files = _files(drive)
    assert [name for name in files if name.endswith(".py")] == ["boot.py", "code.py"]
    compiled = [name for name in files if name.endswith(".mpy")]
    assert len(compiled) >= 25
    mpy_cross = bundle.default_mpy_cross()
    for name in compiled:
        data = (drive / name).read_bytes()
        # C: CircuitPython; version 6; feature byte 0: bytecode only; 31-bit small ints.
        assert data[:4] == b"C\x06\x00\x1f", (name, data[:4])
        # With MicroPython's first byte it is exactly what mpy-cross writes
        # from the module's source (recorded under its place on the drive).
        source = built_source[0] / (name[:-4] + ".py")
        again = subprocess.run([mpy_cross] + list(bundle.MPY_FLAGS)
                               + ["-s", name, "-o", "-", str(source)],
                               capture_output=True, check=True).stdout
        assert b"M" + data[1:] == again, name
    # Without line numbers: smaller than what mpy-cross writes with them.
    plain = subprocess.run([mpy_cross, "-s", compiled[0], "-o", "-",
                            str(built_source[0] / (compiled[0][:-4] + ".py"))],
                           capture_output=True, check=True).stdout
    assert len((drive / compiled[0]).read_bytes()) < len(plain)


@needs_firmware
def test_every_import_of_code_py_is_in_the_bundle_or_built_in(built_source):
    drive, _archive = built_source
    closure = ship_imports.import_closure(
        [str(drive / "code.py"), str(drive / "boot.py")], [str(drive), str(drive / "lib")],
        ship_imports.board_builtins())
    assert closure.missing == []
    assert {"board", "busio", "keypad", "microcontroller", "supervisor", "micropython"} <= closure.builtin
    found = set(closure.files)
    assert {"adafruit_ssd1306", "adafruit_framebuf", "adafruit_bus_device.i2c_device", "euchre_core", "ui.table",
            "hw.display", "hw.keys", "hw.storage", "hw.settings", "firmware.start",
            "firmware.loop", "firmware.recovery"} <= found
    # Nothing is shipped that the firmware does not import.
    shipped = set(name for name in _files(drive) if name.endswith(".py")) - {"code.py", "boot.py"}
    imported = set(str(pathlib.Path(path).relative_to(drive)).replace(os.sep, "/")
                   for path in closure.files.values())
    assert shipped == imported


@needs_firmware
def test_bundle_holds_no_test_or_desktop_code(built, built_source):
    for name in _files(built[0]):
        top = name.split("/")[0]
        assert top not in ("sim", "tests", "tools", "docs", "build", "__pycache__"), name
    drive, _archive = built_source
    for name in _files(drive):
        top = name.split("/")[0]
        assert top not in ("sim", "tests", "tools", "docs", "build", "__pycache__"), name
        assert not name.split("/")[-1].startswith("test_"), name
        assert "__pycache__" not in name and not name.endswith(".pyc"), name
    for name in _files(drive):
        if name.endswith(".py") and not name.startswith("lib/"):
            text = (drive / name).read_text(encoding="utf-8")
            assert "import sim" not in text and "from sim" not in text and "pytest" not in text, name


@needs_firmware
def test_zip_is_the_same_folder_and_reproducible(built, built_source, tmp_path):
    drive, archive = built
    version = bundle.read_version(str(ROOT))
    assert archive.name == "euchre-scorekeeper-%s.zip" % version
    assert built_source[1].name == "euchre-scorekeeper-%s-source.zip" % version
    top = "euchre-scorekeeper-%s/" % version
    with zipfile.ZipFile(archive) as opened:
        names = opened.namelist()
        assert names == sorted(names)
        assert [name[len(top):] for name in names] == _files(drive)
        for name in names:
            assert opened.read(name) == (drive / name[len(top):]).read_bytes()
    again = tmp_path / "again.zip"
    bundle.write_zip(str(drive), str(again), top.rstrip("/"))
    assert again.read_bytes() == archive.read_bytes()


@needs_firmware
def test_bundle_runs_on_the_virtual_pico_with_only_its_own_libraries(built_source, tmp_path):
    """Boot the bundle folder itself (source: the simulator runs on CPython);
    every library module must load from its lib/. The precompiled form runs
    under MicroPython: tests/test_fw_micropython.py."""
    drive, _archive = built_source
    script = tmp_path / "boot_bundle.py"
    script.write_text('''
import json, os, sys
sys.path.insert(0, {root!r})
from sim.runner import VirtualPico
drive = {drive!r}
sys.path.insert(0, os.path.join(drive, "lib"))
with VirtualPico(root=drive) as pico:
    pico.run_script("N S S S N N")
    loaded = dict((name, getattr(module, "__file__", None) or "")
                  for name, module in sys.modules.items()
                  if name.split(".")[0] in ("adafruit_ssd1306", "adafruit_framebuf", "adafruit_bus_device",
                                            "hw", "ui", "euchre_core"))
    print("REPORT " + json.dumps({{"error": repr(pico.error), "loaded": loaded,
                                  "lit": sum(sum(row) for row in pico.pixels())}}))
'''.format(root=str(ROOT), drive=str(drive)))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path))
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(lines[0][len("REPORT "):])
    assert report["error"] == "None"
    assert report["lit"] > 0
    names = set(report["loaded"])
    assert {"adafruit_ssd1306", "adafruit_bus_device.i2c_device"} <= names
    # Shipped, as the driver's fallback import names it, but never loaded:
    # the driver is built on hw.framebuf.
    assert "adafruit_framebuf" not in names
    for name, path in report["loaded"].items():
        assert path.startswith(str(drive) + os.sep), (name, path)


def test_requirements_are_pinned_and_name_the_font_package():
    pins = bundle.read_requirements(str(ROOT / "requirements-board.txt"))
    names = [bundle.dist_name(name) for name, _version in pins]
    assert bundle.dist_name(bundle.FONT_PACKAGE) in names
    assert {"adafruit_circuitpython_ssd1306", "adafruit_circuitpython_busdevice"} <= set(names)
    dev = (ROOT / "requirements-dev.txt").read_text()
    for name, version in pins:
        # The simulator and the tests run the same library versions as the board.
        assert "%s==%s" % (name, version) in dev, name


def test_unpinned_requirement_is_refused(tmp_path):
    path = tmp_path / "req.txt"
    path.write_text("adafruit-circuitpython-ssd1306>=2\n")
    with pytest.raises(bundle.BundleError, match="not pinned"):
        bundle.read_requirements(str(path))


def test_font_check_refuses_a_wrong_font():
    bundle.check_font(bytes((5, 8)) + bytes(1280))
    with pytest.raises(bundle.BundleError, match="not a 5x8 font"):
        bundle.check_font(bytes((6, 8)) + bytes(1536))
    with pytest.raises(bundle.BundleError, match="not a 5x8 font"):
        bundle.check_font(bytes((5, 8)) + bytes(100))


def test_a_missing_import_stops_the_build(tmp_path):
    """A firmware that imports something no package provides is not bundled."""
    root = tmp_path / "src"
    (root / "euchre_core").mkdir(parents=True)
    (root / "euchre_core" / "__init__.py").write_text('__version__ = "9.9.9"\n')
    (root / "code.py").write_text("import board\ntry:\n    import typing\nexcept ImportError:\n    pass\n"
                                  "import adafruit_ssd1306\nimport euchre_core\nimport adafruit_display_text\n")
    (root / "boot.py").write_text("import storage\n")
    (root / "settings.toml").write_text("")
    (root / "requirements-board.txt").write_text((ROOT / "requirements-board.txt").read_text())
    with pytest.raises(bundle.BundleError) as failure:
        bundle.build(str(root), str(tmp_path / "out"), str(CACHE))
    assert "adafruit_display_text (" in str(failure.value) and "(code.py line 8)" in str(failure.value)
    assert "typing" not in str(failure.value)
    (root / "code.py").write_text("import board\nimport adafruit_ssd1306\nimport euchre_core\nimport sim.runner\n")
    (root / "sim").mkdir()
    (root / "sim" / "__init__.py").write_text("")
    (root / "sim" / "runner.py").write_text("")
    with pytest.raises(bundle.BundleError, match="desktop-only"):
        bundle.build(str(root), str(tmp_path / "out"), str(CACHE))
    (root / "code.py").write_text("import board\nimport adafruit_ssd1306\nimport euchre_core\n")
    drive, archive = bundle.build(str(root), str(tmp_path / "out"), str(CACHE))
    assert archive.endswith("euchre-scorekeeper-9.9.9.zip")
    assert not os.path.exists(os.path.join(drive, "sim"))


def test_a_download_that_is_not_the_pinned_release_is_refused(tmp_path):
    wheel = tmp_path / "adafruit_circuitpython_ssd1306-2.12.24-py3-none-any.whl"
    wheel.write_bytes(b"not the release")
    with pytest.raises(bundle.BundleError, match="not the pinned release"):
        bundle.check_digest(str(wheel))
    other = tmp_path / "adafruit_circuitpython_other-1.0.0-py3-none-any.whl"
    other.write_bytes(b"x")
    with pytest.raises(bundle.BundleError, match="no recorded SHA-256"):
        bundle.check_digest(str(other))
    # Every pinned package has its files recorded.
    for name, version in bundle.read_requirements(str(ROOT / "requirements-board.txt")):
        prefix = bundle.dist_name(name) + "-" + version
        assert any(key.startswith(prefix + "-") and key.endswith(".whl") for key in bundle.SHA256), name
    assert any(key.endswith(".tar.gz") and key.startswith(bundle.dist_name(bundle.FONT_PACKAGE))
               for key in bundle.SHA256)


def _small_firmware(tmp_path):
    root = tmp_path / "src"
    (root / "euchre_core").mkdir(parents=True)
    (root / "euchre_core" / "__init__.py").write_text('__version__ = "1.2.3"\nfrom euchre_core import rules\n')
    (root / "euchre_core" / "rules.py").write_text("TARGET = 10\n")
    (root / "code.py").write_text("import board\nimport adafruit_ssd1306\nimport euchre_core\n")
    (root / "boot.py").write_text("import storage\n")
    (root / "settings.toml").write_text("")
    (root / "requirements-board.txt").write_text((ROOT / "requirements-board.txt").read_text())
    return root


def test_a_file_that_is_not_a_bytecode_version_6_mpy_is_refused(tmp_path):
    assert bundle.circuitpython_header(b"M\x06\x00\x1fcode", "a.py") == b"C\x06\x00\x1fcode"
    assert bundle.circuitpython_header(b"C\x06\x00\x1fcode", "a.py") == b"C\x06\x00\x1fcode"
    with pytest.raises(bundle.BundleError, match="not a version-6 .mpy"):
        bundle.circuitpython_header(b"C\x05\x00\x1fcode", "a.py")  # CircuitPython 8
    with pytest.raises(bundle.BundleError, match="not a version-6 .mpy"):
        bundle.circuitpython_header(b"print(1)\n", "a.py")
    with pytest.raises(bundle.BundleError, match="native code"):
        bundle.circuitpython_header(b"M\x06\x4a\x1fcode", "a.py")  # armv6m, sub-version 2
    # An mpy-cross that writes something else stops the build, and no half file stays.
    fake = tmp_path / "mpy-cross-other"
    fake.write_text("#!%s\nimport sys\nargs = sys.argv[1:]\nout = args[args.index('-o') + 1]\n"
                    "open(out, 'wb').write(b'M\\x05\\x00\\x1f')\n" % sys.executable)
    fake.chmod(0o755)
    root = _small_firmware(tmp_path)
    with pytest.raises(bundle.BundleError, match=r"__init__.py: the .mpy starts with b'M\\x05'"):
        bundle.build(str(root), str(tmp_path / "out"), str(CACHE), mpy_cross=str(fake))
    assert not (tmp_path / "out" / "CIRCUITPY" / "euchre_core" / "__init__.mpy").exists()


def test_circuitpython_mpy_files_replace_the_sources(tmp_path):
    # Stands in for CircuitPython's mpy-cross: it writes the CircuitPython header.
    fake = tmp_path / "mpy-cross-circuitpython"
    fake.write_text("#!%s\nimport sys\nargs = sys.argv[1:]\nout = args[args.index('-o') + 1]\n"
                    "open(out, 'wb').write(b'C\\x06\\x00\\x1f' + open(args[-1], 'rb').read())\n" % sys.executable)
    fake.chmod(0o755)
    root = _small_firmware(tmp_path)
    drive, _archive = bundle.build(str(root), str(tmp_path / "out"), str(CACHE), mpy_cross=str(fake))
    files = _files(pathlib.Path(drive))
    assert "code.py" in files and "boot.py" in files
    assert "euchre_core/rules.mpy" in files and "euchre_core/rules.py" not in files
    assert "lib/adafruit_ssd1306.mpy" in files and "lib/adafruit_framebuf.mpy" in files
    assert [name for name in files if name.endswith(".py")] == ["boot.py", "code.py"]
    assert (pathlib.Path(drive) / "code.py").read_bytes() == (root / "code.py").read_bytes()
    closure = ship_imports.import_closure([os.path.join(drive, "code.py")],
                                          [drive, os.path.join(drive, "lib")], ship_imports.board_builtins())
    assert closure.missing == [] and closure.files["euchre_core"].endswith("__init__.mpy")


def test_import_closure_follows_packages_relative_imports_and_guards(tmp_path):
    root, lib = tmp_path / "drive", tmp_path / "drive" / "lib"
    (root / "pkg").mkdir(parents=True)
    (lib / "libpkg").mkdir(parents=True)
    (root / "code.py").write_text(
        "import os\nfrom pkg import part\nimport libmod\n"
        "try:\n    import typing\n    import framebuf\nexcept ImportError:\n    pass\n"
        "def later():\n    import nowhere\n"
        "from micropython import const\n_TYPING = const(0)\nif _TYPING:\n    import annotations_only\n")
    (root / "pkg" / "__init__.py").write_text("from . import helper\n")
    (root / "pkg" / "helper.py").write_text("from .part import VALUE\n")
    (root / "pkg" / "part.py").write_text("VALUE = 1\nfrom libpkg import inner\n")
    # Imported by name, as the table imports its screens: the package ships
    # whole, and this module's own imports are followed too.
    (root / "pkg" / "by_name.py").write_text("import missing_too\n")
    # Desktop-only code is in folders that are no package of the firmware.
    (root / "tools").mkdir()
    (root / "tools" / "desk.py").write_text("import pkg\n")
    (lib / "libmod.py").write_text("from micropython import const\n")
    (lib / "libpkg" / "__init__.py").write_text("")
    (lib / "libpkg" / "inner.py").write_text("import board\n")
    closure = ship_imports.import_closure([str(root / "code.py")], [str(root), str(lib)],
                                          frozenset(("os", "micropython", "board")))
    assert sorted(closure.files) == ["libmod", "libpkg", "libpkg.inner", "pkg", "pkg.by_name",
                                     "pkg.helper", "pkg.part"]
    assert closure.builtin == {"os", "micropython", "board"}
    # An import inside a function still happens on the board; a guarded one
    # may fail; one under `if _TYPING:` is compiled away.
    assert sorted(closure.missing) == [("missing_too", "pkg/by_name.py", 1),
                                       ("nowhere", "code.py", 10)]
    assert sorted(name for name, _file, _line in closure.optional_missing) == ["framebuf", "typing"]


def test_make_lib_fills_the_repository_lib_from_the_pins(tmp_path):
    # `make lib`: the root laid out as the board's drive; what it wrote before
    # is replaced, the folder's README stays.
    root = _small_firmware(tmp_path)
    (root / "lib").mkdir()
    (root / "lib" / "README.md").write_text("kept\n")
    (root / "lib" / "adafruit_old.py").write_text("OLD = 1\n")
    lib = pathlib.Path(bundle.fill_lib(str(root), str(CACHE)))
    assert sorted(_files(lib)) == ["README.md", "adafruit_bus_device/__init__.py",
                                   "adafruit_bus_device/i2c_device.py",
                                   "adafruit_bus_device/spi_device.py", "adafruit_framebuf.py",
                                   "adafruit_ssd1306.py"]
    assert (lib / "README.md").read_text() == "kept\n"
    closure = ship_imports.import_closure([str(root / "code.py")], [str(root), str(lib)],
                                          ship_imports.board_builtins())
    assert closure.missing == [] and closure.files["adafruit_ssd1306"] == str(lib / "adafruit_ssd1306.py")
