"""``python -m sim``: the scorekeeper's firmware on a virtual Pico.

    python -m sim                              the terminal front end (``make run``)
    python -m sim --script "N OK E" --png out  headless: a key script in, PNGs out

``--display sh1106`` (or ssd1309) puts that chip's model on the bus and,
unless ``--settings`` names a file, the matching ``EUCHRE_DISPLAY`` line in
the settings.toml the board reads. A ``--settings`` file that names another
chip is run as it is, as a board would run it (the glass then shows what
that chip shows with that driver), with a warning.

The game is kept in ``sim_nvm.bin`` (the board's nvm) in the current folder,
so it survives quitting; ``--nvm FILE`` picks another file, ``--fresh``
starts from erased flash. See sim/terminal.py for the keys and sim/script.py
for the script language.
"""

import argparse
import os
import sys
import tempfile


def display_warning(settings_path, chip):
    """A warning when the settings file at ``settings_path`` has the firmware
    drive another display chip than ``chip`` (the one on the bus), else None."""
    from hw.settings import Settings, read_file

    settings = Settings(read_file(settings_path))
    named = settings["EUCHRE_DISPLAY"]
    if named == chip:
        return None
    if "EUCHRE_DISPLAY" in settings.given:
        said = 'sets EUCHRE_DISPLAY = "%s"' % named
    else:
        said = "does not set EUCHRE_DISPLAY (the firmware then drives an %s)" % named.upper()
    return ("python -m sim: warning: %s %s, but the chip on the bus is an %s (--display %s). "
            "It runs as a board with that file would, the %s driven as an %s "
            "(docs/build-guide.md, section 1, says what the glass shows then). To match: "
            "--display %s, or EUCHRE_DISPLAY = \"%s\" in the file."
            % (settings_path, said, chip.upper(), chip, chip.upper(), named.upper(), named, chip))


def _options(args):
    settings = None
    if args.settings:
        # As the board has it: bytes, which may not all be UTF-8 text (the
        # firmware names the key whose value is not).
        with open(args.settings, "rb") as f:
            settings = f.read()
        warning = display_warning(args.settings, args.display)
        if warning:
            sys.stderr.write(warning + "\n")
    elif args.display != "ssd1306" or args.display_reset:
        from sim.runner import display_settings

        settings = display_settings(args.display, args.display_reset)
    # Resolved now: the board's own file calls (a relative path among them)
    # are redirected onto its virtual CIRCUITPY drive while it runs.
    nvm_path = os.path.abspath(args.nvm) if args.nvm else None
    if args.fresh and nvm_path and os.path.exists(nvm_path):
        os.remove(nvm_path)
    display = True
    if args.no_display:
        display = "absent"
    if args.unplugged:
        display = "unplugged"
    options = {"settings": settings, "nvm_path": nvm_path, "flavour": args.circuitpython,
               "display": display, "address": args.address, "controller": args.display,
               "reset_wire": args.display_reset}
    if args.seed is not None:
        options["seed"] = args.seed
    if args.long_ms is not None:
        options["long_ms"] = args.long_ms
    if args.root:
        options["source"] = args.root  # run a copy: the sim never writes into it
    return options


def headless(args, options):
    from sim.runner import VirtualPico

    if options["nvm_path"] is None:
        folder = tempfile.mkdtemp(prefix="sim-")
        options["nvm_path"] = os.path.join(folder, "nvm.bin")
    out = args.png
    if out:
        os.makedirs(out, exist_ok=True)
    with VirtualPico(**options) as pico:
        def picture(name):
            if out:
                path = pico.png(os.path.join(out, name + ".png"), scale=args.scale,
                                color=args.color)
                print("wrote", path)

        pico.run_script(args.script, on_picture=picture)
        picture("final")
        if args.show:
            print(pico.text())
        if args.serial:
            sys.stdout.write(pico.serial)
        if pico.oled.unknown:
            sys.stderr.write(pico.oled.unknown_text() + "\n")
        if pico.traceback:
            sys.stderr.write(pico.traceback)
            return 1
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--script", help="key script to run headless (see sim/script.py)")
    parser.add_argument("--png", metavar="DIR", help="headless: write png:NAME pictures and final.png here")
    parser.add_argument("--show", action="store_true", help="headless: print the final screen as text")
    parser.add_argument("--serial", action="store_true", help="headless: print the serial console")
    parser.add_argument("--scale", type=int, default=4, help="PNG pixels per OLED pixel (default 4)")
    parser.add_argument("--color", default="blue", choices=("blue", "white", "yellow", "yellow-blue"))
    parser.add_argument("--root", help="CIRCUITPY folder to run a copy of, e.g. build/CIRCUITPY (default: this repository's firmware)")
    parser.add_argument("--settings", metavar="FILE", help="settings.toml to use instead of the repository's")
    parser.add_argument("--nvm", metavar="FILE", help="file behind microcontroller.nvm")
    parser.add_argument("--fresh", action="store_true", help="erase the nvm file first")
    parser.add_argument("--circuitpython", type=int, choices=(9, 10), default=10,
                        help="how os.getenv reads settings.toml (default 10)")
    parser.add_argument("--no-display", action="store_true", help="nothing answers at the display's address")
    parser.add_argument("--unplugged", action="store_true",
                        help="no display module on the bus at power-up (no pull-ups); script word plug plugs it in")
    parser.add_argument("--display", default="ssd1306", choices=("ssd1306", "sh1106", "ssd1309"),
                        help="the display's controller (default ssd1306, the 0.96-inch OLED)")
    parser.add_argument("--display-reset", metavar="PIN",
                        help="the display's RES wired to PIN: it answers only once pulsed (e.g. GP15)")
    parser.add_argument("--address", type=lambda text: int(text, 0), default=0x3C,
                        help="the display's I2C address (0x3C or 0x3D)")
    parser.add_argument("--long-ms", type=int,
                        help="how long a long press is held (default 800; raise it with EUCHRE_LONG_PRESS_MS)")
    parser.add_argument("--seed", type=int, help="seed Python's random at each start (the first dealer)")
    parser.add_argument("--braille", action="store_true", help="terminal: draw with braille characters")
    parser.add_argument("--blocks", action="store_true", help="terminal: draw with half blocks")
    args = parser.parse_args(argv)
    if args.png and not args.script:
        args.script = ""
    if args.script is None and args.nvm is None:
        args.nvm = "sim_nvm.bin"
    options = _options(args)
    if args.script is not None:
        return headless(args, options)
    from sim import terminal

    mode = True if args.braille else (False if args.blocks else None)
    return terminal.main(options, braille_mode=mode)


if __name__ == "__main__":
    sys.exit(main())
