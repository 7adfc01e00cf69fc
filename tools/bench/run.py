# The benchmark's runs under the MicroPython unix port, in build/bench (laid
# out as the board's drive: code.py, the firmware's .mpy files, lib/):
#
#   micropython run.py firmware NVM SCRIPT [--mark] [--sample N] [--stages]
#   micropython run.py naive
#
# firmware: code.py as CircuitPython runs it, on the stand-ins, keys from
# SCRIPT (plan.write), nvm in the file NVM. --mark: the loop passes with a
# key event (and IDLE lines) marked for callgrind; --sample N: the live heap
# every N idle polls; --stages: the start-up's stages marked, ended after the
# loop's first pass, and the files read by then (FILES). Prints HEAP and NVM
# lines, then END.
import gc
import sys

sys.path[0] = ""  # modules found from the drive's root, as on the board
sys.path.append("lib")

import standins  # noqa: E402


def write_settings(display):
    """The drive's settings.toml, which the firmware reads: as shipped, or
    with ``display`` as EUCHRE_DISPLAY."""
    with open("bundle/CIRCUITPY/settings.toml") as f:
        lines = f.read().split("\n")
    for at in range(len(lines)):
        if display and lines[at].startswith("EUCHRE_DISPLAY "):
            lines[at] = 'EUCHRE_DISPLAY = "%s"' % display
    with open("settings.toml", "w") as f:
        f.write("\n".join(lines))


def loaded_files():
    """The files of the drive the run has read so far: code.py, the modules
    imported and settings.toml, each as name=bytes."""
    import os

    names = ["code.py", "settings.toml"]
    for module in sys.modules.values():
        try:
            path = module.__file__
        except Exception:  # a stand-in, or framebuf (missing, as on the board)
            continue
        if not path.startswith("standins") and path not in names:
            names.append(path)
    return ["%s=%d" % (name, os.stat(name)[6]) for name in names]


def firmware(argv):
    script = bytearray()
    end = standins.START_MS
    with open(argv[3]) as f:
        for line in f:
            key, long, settle = [int(word) for word in line.split()[:3]]
            script += bytes((key | long << 7, settle & 0xFF, settle >> 8))
            if key != standins.IDLE:
                end += standins.LONG_MS if long else standins.SHORT_MS
            end += settle
    nvm = standins.install(script, end, argv[2])
    standins.S.marking = "--mark" in argv
    if "--sample" in argv:
        standins.S.sample = int(argv[argv.index("--sample") + 1])
    write_settings(argv[argv.index("--display") + 1] if "--display" in argv else None)
    if "--stages" in argv:
        standins.S.stages = []
    import random
    random.seed(1)  # code.py draws the first dealer at random
    gc.collect()
    board = gc.mem_alloc()
    standins.stage("code.py")
    try:
        import code  # noqa: F401  (runs the firmware until the script is over)
    except standins.SessionEnd:
        pass
    if "--stages" in argv:
        print("FILES", " ".join(loaded_files()))
    print("HEAP board", board)
    print("HEAP started", standins.S.started)
    print("HEAP peak", standins.S.peak)
    print("NVM", " ".join("%s=%d" % item for item in sorted(nvm.counts.items())))
    print("END")


if sys.argv[1] == "naive":
    standins.install(b"", 0, "naive.nvm")
    import naive
    naive.main()
    print("END")
else:
    firmware(sys.argv)
