"""tools/flash.py against fake CIRCUITPY folders.

A fake drive is a folder with the boot_out.txt CircuitPython writes. The
read-only and full drives are real file systems (a read-only bind mount and a
tiny tmpfs) when the tests run as root, as CI does; a read-only folder
otherwise.
"""

import contextlib
import importlib.util
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _load(name):
    spec = importlib.util.spec_from_file_location("ship_" + name, ROOT / "tools" / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


flash = _load("flash")

BOOT_OUT_9 = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n"
              "Board ID:raspberry_pi_pico\nUID:E6614C311B4A8B2B\n")
BOOT_OUT_10 = ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico 2 with rp2350a\n"
               "Board ID:raspberry_pi_pico2\nUID:1234\n")
BOOT_OUT_8 = ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Raspberry Pi Pico with rp2040\n"
              "Board ID:raspberry_pi_pico\n")
TEMPLATE = 'EUCHRE_SDA = "GP4"\nEUCHRE_SCL = "GP5"\nEUCHRE_TARGET = 10\n'


@pytest.fixture
def bundle(tmp_path):
    folder = tmp_path / "bundle"
    files = {
        "code.py": "import hw.keys\n",
        "boot.py": "import storage\n",
        "settings.toml": TEMPLATE,
        "font5x8.bin": "F" * 20,
        "euchre_core/__init__.py": "",
        "hw/__init__.py": "",
        "hw/keys.py": "KEYS = 5\n",
        "lib/adafruit_ssd1306.py": "# driver\n",
        "lib/adafruit_bus_device/i2c_device.py": "# bus\n",
    }
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def _drive(tmp_path, boot_out, name="CIRCUITPY"):
    drive = tmp_path / name
    drive.mkdir(parents=True, exist_ok=True)
    if boot_out is not None:
        (drive / "boot_out.txt").write_text(boot_out)
    return drive


def _run(bundle, drive, **kwargs):
    lines = []
    result = flash.flash(str(bundle), str(drive), out=lines.append, **kwargs)
    return result, lines


def _tree(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_boot_out_is_read():
    assert flash.parse_boot_out(BOOT_OUT_9) == ("9.2.1", 9, "Raspberry Pi Pico with rp2040",
                                                "raspberry_pi_pico")
    assert flash.parse_boot_out(BOOT_OUT_10)[:2] == ("10.0.3", 10)
    beta = "Adafruit CircuitPython 10.1.0-beta.1 on 2026-01-02; Raspberry Pi Pico W with rp2040\n"
    assert flash.parse_boot_out(beta)[:3] == ("10.1.0-beta.1", 10, "Raspberry Pi Pico W with rp2040")
    assert flash.parse_boot_out("MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico\n") is None
    assert flash.parse_boot_out("") is None


@pytest.mark.parametrize("boot_out", [BOOT_OUT_9, BOOT_OUT_10])
def test_supported_drive_gets_every_file_and_code_py_last(tmp_path, bundle, boot_out):
    drive = _drive(tmp_path, boot_out)
    result, lines = _run(bundle, drive)
    assert sorted(result.write) == _tree(bundle)
    assert _tree(drive) == sorted(_tree(bundle) + ["boot_out.txt"])
    for rel in _tree(bundle):
        assert (drive / rel).read_bytes() == (bundle / rel).read_bytes()
    written = [line[len("wrote "):] for line in lines if line.startswith("wrote ")]
    assert written[-1] == "code.py"
    assert written[0].startswith("lib/")
    assert any("CircuitPython" in line and "Pico" in line for line in lines)


def test_only_changed_files_are_written(tmp_path, bundle):
    drive = _drive(tmp_path, BOOT_OUT_9)
    _run(bundle, drive)
    result, lines = _run(bundle, drive)
    assert result.write == []
    assert "0 written, %d unchanged." % (len(_tree(bundle)) - 1) in lines
    (bundle / "hw" / "keys.py").write_text("KEYS = 6\n")
    (drive / "lib" / "adafruit_ssd1306.py").write_text("# edited on the drive\n")
    result, _lines = _run(bundle, drive)
    assert sorted(result.write) == ["hw/keys.py", "lib/adafruit_ssd1306.py"]
    assert (drive / "hw" / "keys.py").read_text() == "KEYS = 6\n"


def test_users_settings_toml_is_never_overwritten(tmp_path, bundle):
    drive = _drive(tmp_path, BOOT_OUT_10)
    mine = 'EUCHRE_SDA = "GP0"\n# my table\n'
    (drive / "settings.toml").write_text(mine)
    result, lines = _run(bundle, drive)
    assert (drive / "settings.toml").read_text() == mine
    assert "settings.toml" not in result.write and result.kept == ["settings.toml"]
    assert any("EUCHRE_SCL, EUCHRE_TARGET" in line for line in lines)
    # A first flash on an empty drive does install the template.
    fresh = _drive(tmp_path, BOOT_OUT_10, "FRESH")
    _run(bundle, fresh)
    assert (fresh / "settings.toml").read_text() == TEMPLATE


def test_unsupported_version_is_refused_and_nothing_written(tmp_path, bundle, capsys):
    drive = _drive(tmp_path, BOOT_OUT_8)
    status = flash.main(["--drive", str(drive), "--bundle", str(bundle)])
    err = capsys.readouterr().err
    assert status == 1
    assert "8.2.10" in err and "9.x or newer" in err and "9.x and 10.x" in err and ".uf2" in err
    assert _tree(drive) == ["boot_out.txt"]


@pytest.mark.parametrize("boot_out", [None, "MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico\n"])
def test_a_drive_that_is_not_circuitpython_is_refused(tmp_path, bundle, boot_out, capsys):
    drive = _drive(tmp_path, boot_out, "USBSTICK")
    (drive / "photo.jpg").write_bytes(b"\xff\xd8")
    status = flash.main(["--drive", str(drive), "--bundle", str(bundle)])
    assert status == 1
    assert "not a CircuitPython drive" in capsys.readouterr().err
    assert "code.py" not in _tree(drive)


def test_no_drive_says_how_to_get_one(tmp_path, bundle, monkeypatch, capsys):
    monkeypatch.delenv("CIRCUITPY", raising=False)
    monkeypatch.setattr(flash, "MOUNT_PATTERNS", [str(tmp_path / "media" / "*" / "*")])
    monkeypatch.setattr(flash, "BOOTLOADER_PATTERNS", [str(tmp_path / "media" / "*" / "RPI-RP2")])
    status = flash.main(["--bundle", str(bundle)])
    err = capsys.readouterr().err
    assert status == 2
    assert "No CIRCUITPY drive found" in err and ".uf2" in err and "BOOTSEL" in err
    # A Pico in BOOTSEL mode is recognised as having no CircuitPython yet.
    boot = tmp_path / "media" / "me" / "RPI-RP2"
    boot.mkdir(parents=True)
    (boot / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\n")
    assert flash.main(["--bundle", str(bundle)]) == 2
    assert "bootloader drive" in capsys.readouterr().err


def test_mounted_drive_is_found_by_boot_out_txt(tmp_path, bundle, monkeypatch, capsys):
    monkeypatch.delenv("CIRCUITPY", raising=False)
    monkeypatch.setattr(flash, "MOUNT_PATTERNS", [str(tmp_path / "media" / "*" / "*")])
    _drive(tmp_path / "media" / "me", None, "USBSTICK")  # no boot_out.txt: not a drive
    # boot.py renames the drive EUCHRE; it is still found by its boot_out.txt.
    drive = _drive(tmp_path / "media" / "me", BOOT_OUT_9, "EUCHRE")
    assert flash.main(["--bundle", str(bundle)]) == 0
    assert (drive / "code.py").is_file()
    second = _drive(tmp_path / "media" / "me", BOOT_OUT_10, "CIRCUITPY1")
    assert flash.main(["--bundle", str(bundle)]) == 1
    assert "Several CircuitPython drives" in capsys.readouterr().err
    monkeypatch.setenv("CIRCUITPY", str(second))
    assert flash.main(["--bundle", str(bundle)]) == 0
    assert (second / "code.py").is_file()


@contextlib.contextmanager
def _mounted(args, folder):
    if os.geteuid() != 0:
        pytest.skip("mounting a test file system needs root (CI runs as root)")
    done = subprocess.run(["mount"] + args + [str(folder)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip("cannot mount here: " + done.stderr.strip())
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@contextlib.contextmanager
def _read_only(folder):
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    with _mounted(["--bind", str(folder)], folder):
        subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)], check=True)
        yield folder


def test_read_only_drive_is_refused_with_advice(tmp_path, bundle, capsys):
    drive = _drive(tmp_path, BOOT_OUT_9)
    with _read_only(drive):
        status = flash.main(["--drive", str(drive), "--bundle", str(bundle)])
        assert _tree(drive) == ["boot_out.txt"]
    err = capsys.readouterr().err
    assert status == 1
    assert "read-only" in err and 'os.remove("/boot.py")' in err


def test_full_drive_is_refused_before_copying(tmp_path, bundle, capsys):
    (bundle / "lib" / "big.py").write_bytes(b"#" * 200000)
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    with _mounted(["-t", "tmpfs", "-o", "size=64k", "tmpfs"], drive):
        (drive / "boot_out.txt").write_text(BOOT_OUT_9)
        status = flash.main(["--drive", str(drive), "--bundle", str(bundle)])
        assert _tree(drive) == ["boot_out.txt"]
    err = capsys.readouterr().err
    assert status == 1
    assert "is full" in err and "more bytes are needed" in err


def test_leftovers_are_reported_and_pruned_on_request(tmp_path, bundle):
    drive = _drive(tmp_path, BOOT_OUT_9)
    _run(bundle, drive)
    (drive / "hw" / "old_keys.py").write_text("# an older version's file\n")
    (drive / "lib" / "neopixel.py").write_text("# the user's own library\n")
    result, lines = _run(bundle, drive)
    assert result.leftover == ["hw/old_keys.py"]
    assert (drive / "hw" / "old_keys.py").exists()
    _run(bundle, drive, prune=True)
    assert not (drive / "hw" / "old_keys.py").exists()
    assert (drive / "lib" / "neopixel.py").exists()


def test_dry_run_writes_nothing(tmp_path, bundle):
    drive = _drive(tmp_path, BOOT_OUT_9)
    result, lines = _run(bundle, drive, dry_run=True)
    assert _tree(drive) == ["boot_out.txt"]
    assert "would write code.py" in lines and len(result.write) == len(_tree(bundle))


def test_missing_bundle_says_run_make_bundle(tmp_path, capsys):
    drive = _drive(tmp_path, BOOT_OUT_9)
    assert flash.main(["--drive", str(drive), "--bundle", str(tmp_path / "nothing")]) == 1
    assert "make bundle" in capsys.readouterr().err


def test_old_twin_of_a_shipped_module_is_removed(tmp_path, bundle):
    drive = _drive(tmp_path, BOOT_OUT_10)
    _run(bundle, drive)
    # The next version ships hw/keys precompiled: the old keys.py would be loaded first.
    (bundle / "hw" / "keys.py").unlink()
    (bundle / "hw" / "keys.mpy").write_bytes(b"C\x06compiled")
    # A circup-installed .mpy beside the .py library the bundle ships.
    (drive / "lib" / "adafruit_ssd1306.mpy").write_bytes(b"C\x06old")
    result, lines = _run(bundle, drive)
    assert sorted(result.twins) == ["hw/keys.py", "lib/adafruit_ssd1306.mpy"]
    assert not (drive / "hw" / "keys.py").exists() and not (drive / "lib" / "adafruit_ssd1306.mpy").exists()
    assert (drive / "hw" / "keys.mpy").read_bytes() == b"C\x06compiled"
    assert "removed hw/keys.py (this version ships the module as .mpy)" in lines
    assert result.leftover == []


BOOT_OUT_11 = ("Adafruit CircuitPython 11.0.0-alpha.1 on 2026-09-01; Raspberry Pi Pico with rp2040\n"
               "Board ID:raspberry_pi_pico\n")


@pytest.mark.parametrize("boot_out, source, said", [
    (BOOT_OUT_10, False, "modules: precompiled .mpy (CircuitPython 10.0.3)"),
    (BOOT_OUT_9, True, "modules: .py source (CircuitPython 9.2.1: the .mpy files are made for 10.x)"),
    (BOOT_OUT_11, True, "note: CircuitPython 11.0.0-alpha.1 is newer than the versions"),
])
def test_flash_builds_the_form_the_drives_circuitpython_takes(tmp_path, bundle, monkeypatch, capsys,
                                                              boot_out, source, said):
    built = []

    def build_for(source, mpy_cross=None):
        built.append(source)
        return str(bundle)

    monkeypatch.setattr(flash, "build_for", build_for)
    drive = _drive(tmp_path, boot_out)
    assert flash.main(["--drive", str(drive)]) == 0
    assert built == [source]
    assert said in capsys.readouterr().out
    assert (drive / "code.py").is_file()
    # --source (make flash SOURCE=1): source whatever the version.
    assert flash.main(["--drive", str(drive), "--source"]) == 0
    assert built == [source, True]


def test_a_precompiled_bundle_is_refused_for_any_version_but_10(tmp_path, bundle, capsys):
    (bundle / "hw" / "keys.py").unlink()
    (bundle / "hw" / "keys.mpy").write_bytes(b"C\x06\x00\x1fcompiled")
    for boot_out in (BOOT_OUT_9, BOOT_OUT_11):
        drive = _drive(tmp_path, boot_out, "D" + boot_out[22:24])
        assert flash.main(["--drive", str(drive), "--bundle", str(bundle)]) == 1
        err = capsys.readouterr().err
        assert "precompiled for CircuitPython 10.x (hw/keys.mpy" in err and "SOURCE=1" in err
        assert _tree(drive) == ["boot_out.txt"]
    drive = _drive(tmp_path, BOOT_OUT_10)
    assert flash.main(["--drive", str(drive), "--bundle", str(bundle)]) == 0
    assert "modules: precompiled .mpy" in capsys.readouterr().out


def test_going_back_to_source_removes_the_precompiled_twins(tmp_path, bundle):
    # A board flashed with .mpy on 10.x, then given 9.x: the source form
    # replaces the .mpy files (an .mpy for 10.x must not stay beside it).
    drive = _drive(tmp_path, BOOT_OUT_9)
    (drive / "hw").mkdir()
    (drive / "hw" / "keys.mpy").write_bytes(b"C\x06\x00\x1fold")
    (drive / "lib").mkdir()
    (drive / "lib" / "adafruit_ssd1306.mpy").write_bytes(b"C\x06\x00\x1fold")
    result, lines = _run(bundle, drive)
    assert sorted(result.twins) == ["hw/keys.mpy", "lib/adafruit_ssd1306.mpy"]
    assert not (drive / "hw" / "keys.mpy").exists()
    assert (drive / "hw" / "keys.py").read_text() == "KEYS = 5\n"
    assert "modules: .py source" in lines
    # The precompiled firmware's own module is left over (reported, not run:
    # the source code.py does not import it), and goes with --prune.
    (drive / "scorekeeper.mpy").write_bytes(b"C\x06\x00\x1fold")
    result, lines = _run(bundle, drive)
    assert result.leftover == ["scorekeeper.mpy"]
    assert "left over from an older version: scorekeeper.mpy (--prune removes it)" in lines
    _run(bundle, drive, prune=True)
    assert not (drive / "scorekeeper.mpy").exists()
