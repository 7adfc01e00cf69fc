# The benchmark's runs under the MicroPython unix port, in build/bench (laid
# out as the board's drive: code.py, the firmware's .mpy files, lib/):
#
#   micropython run.py firmware NVM SCRIPT [--mark] [--sample N] [--first] [--stages] [--files]
#                      [--alloc] [--loads] [--imports] [--display NAME] [--set KEY=VALUE ...]
#   micropython run.py naive
#   micropython run.py modules NAME ...
#
# firmware: code.py as CircuitPython runs it, on the stand-ins, keys from
# SCRIPT (plan.write), nvm in the file NVM. --mark: the loop passes with a
# key event (and IDLE lines) marked for callgrind; --sample N: the live heap
# every N idle polls; --first: the live heap at the first key press (HEAP
# first), as the firmware alone has it, and the interned names (NAMES start,
# first, end: at code.py's start, the first key press, the end); --stages:
# the start-up's stages marked, ended after the loop's first pass; --alloc
# (with --stages): the heap allocated at each stage, garbage and all (ALLOC
# lines; not in a counted run: asking walks the heap); --files:
# the files read by the first pixel (FILES, when the glass is turned on),
# then by the end, each file once, those of the modules let go of too
# (not in a counted run: finding them is work of its own, at each
# import); --loads: a line
# LOADED name=bytes for each file of the drive a module is loaded from, at
# the next key poll (before the PASS line of a marked pass that loaded it;
# QUIET for a module loaded in no marked pass, at the table's quiet moments;
# AFTER for one a marked pass loaded once its picture was sent);
# HEAP first: the live heap at the first key press, the lists of names this
# telling keeps counted in it (a run with --first has the firmware's own);
# and the modules held at the end (HELD); --imports (with --stages): each
# import marked where it begins and where it ends, for the start-up's cost
# module by module (MARKED lines: every mark in order); --display, --set:
# settings.toml's EUCHRE_DISPLAY, or any line, changed.
# Prints HEAP and NVM lines, the table at the end (TABLE), then END.
# modules: the modules imported in turn, with the live heap the last one adds
# (MODULE name bytes) and all of them (MODULES bytes), then what start-up's
# trimming of the display driver gives back (TRIMMED bytes) once
# firmware.start is loaded.
import gc
import sys

sys.path[0] = ""  # modules found from the drive's root, as on the board
sys.path.append("lib")

import standins  # noqa: E402


def write_settings(changes):
    """The drive's settings.toml, which the firmware reads: as shipped, with
    the lines of ``changes`` ({key: value as written in the file}) changed."""
    with open("bundle/CIRCUITPY/settings.toml") as f:
        lines = f.read().split("\n")
    for at in range(len(lines)):
        key = lines[at].split(" ", 1)[0]
        if key in changes:
            lines[at] = key + " = " + changes[key]
    with open("settings.toml", "w") as f:
        f.write("\n".join(lines))


# The files of every module loaded so far, those start-up let go of too
# (remember() after each import: a module can be loaded and let go of
# before the first pixel, its file read all the same).
EVER = ["code.py", "settings.toml"]


def remember():
    for module in sys.modules.values():
        if type(module) is not type(sys):
            continue  # a stand-in (board's looks every name up as a pin)
        try:
            path = module.__file__
        except AttributeError:  # built in
            continue
        if not path.startswith("standins") and path not in EVER:
            EVER.append(path)


def remember_imports():
    """Each file a module is loaded from remembered as it is imported, and
    FILES printed when the first pixel is sent."""
    import builtins

    stage = standins.stage
    load = builtins.__import__

    def importing(*args):
        module = load(*args)
        remember()
        return module

    def remembering(name):
        stage(name)
        if name == "first pixel" and name not in remembered:
            remembered.append(name)
            print("FILES", " ".join(loaded_files()))  # read before the glass lit

    remembered = []
    builtins.__import__ = importing
    standins.stage = remembering


def loaded_files():
    """The files of the drive the run has read so far: code.py, the modules
    imported and settings.toml, each as name=bytes."""
    import os

    remember()
    names = EVER
    return ["%s=%d" % (name, os.stat(name)[6]) for name in names]


def report_loads():
    """LOADED lines at each key poll for the files loaded since the last
    (a module let go of and imported again is loaded again; QUIET for one
    loaded after the first key in no marked pass: at the table's quiet
    moments), and the live heap when the first key goes down (HEAP first)."""
    import os

    import builtins

    seen = set(loaded_files())
    # The names only: holding the modules would keep those the firmware
    # lets go of in the heap this run samples.
    known = set(sys.modules)
    first = True
    poll = standins._Events.get_into
    load = builtins.__import__

    def look():
        # Each module loaded since the last look, once for each time it is
        # loaded: one let go of (gone from sys.modules at a look) and
        # imported again is read again. After the first key, QUIET when no
        # marked pass is running: the table loaded it at a quiet moment, in
        # no press.
        # AFTER: in a marked pass, once its picture was sent (the loop
        # writes a whole record then).
        state = standins.S
        if state.open:
            sent = state.bus is not None and state.bus.transactions > state.tx
            kind = "AFTER" if sent else "LOADED"
        else:
            kind = "LOADED" if first else "QUIET"
        for name in [name for name in known if name not in sys.modules]:
            known.discard(name)
        for name, module in sys.modules.items():
            if name not in known:
                known.add(name)
                path = getattr(module, "__file__", "")
                if type(module) is type(sys) and path and not path.startswith("standins"):
                    entry = "%s=%d" % (path, os.stat(path)[6])
                    seen.add(entry)
                    print(kind, entry)

    def importing(*args):
        # Seen as it is imported, and what was let go of seen before: a
        # page's module can be let go of and loaded again between two key
        # polls (Export's is let go of by its own press).
        look()
        module = load(*args)
        look()
        return module

    builtins.__import__ = importing

    def get_into(events, event):
        nonlocal first
        look()
        if first:  # what start-up let go of before the first key
            for name in loaded_files():
                if name not in seen:
                    seen.add(name)
                    print("LOADED", name)
        got = poll(events, event)
        if first and got:
            first = False
            gc.collect()
            print("HEAP first", gc.mem_alloc())
        return got

    standins._Events.get_into = get_into


def tell_names(when):
    """The interned names now: NAMES ``when``, then qstr_info's line."""
    import micropython

    print("NAMES", when)
    micropython.qstr_info()


def tell_first_heap():
    """HEAP first at the first key press, and the interned names then
    (``tell_names``), holding nothing in the heap meanwhile but this
    closure, made before the run's base figure is taken."""
    poll = standins._Events.get_into
    first = [True]

    def get_into(events, event):
        got = poll(events, event)
        if got and first[0]:
            first[0] = False
            gc.collect()
            print("HEAP first", gc.mem_alloc())
            tell_names("first")
        return got

    standins._Events.get_into = get_into


# Each mark of an --imports run, in order: where an import begins (its
# module's name, kind ">"), where it ends ("<"), where a stage ends ("S",
# the stage's name); printed (MARKED lines) once the run is over.
# Made by mark_imports (in that run only: any other run's heap is as the
# stand-ins leave it) and filled in place: a print, or a collection an
# allocation brings on, at an import would be counted as the importer's.
MARKED = [None, None, 0]  # the names, the kinds, how many so far


def _marked(kind, name):
    at = MARKED[2]
    names, kinds = MARKED[0], MARKED[1]
    if at == len(kinds):
        raise SystemExit("more than %d marks in the --imports run" % at)
    names[at] = name
    kinds[at] = kind
    MARKED[2] = at + 1


def mark_imports():
    """A mark where each import begins and where it ends, and at each
    stage's end (--imports, with --stages)."""
    import builtins

    MARKED[0] = [""] * 1024
    MARKED[1] = bytearray(1024)
    load = builtins.__import__
    stage = standins.stage
    mark = standins.mark

    def importing(name, globals=None, locals=None, fromlist=None, level=0):
        _marked(62, name)  # ">"
        mark()
        # (The submodules of "from package import name" not loaded yet come
        # through here too, each after its package's import.)
        try:
            return load(name, globals, locals, fromlist, level)
        finally:
            _marked(60, name)  # "<"
            mark()

    def staging(name):
        if name not in standins.S.stages:
            _marked(83, name)  # "S"
        stage(name)

    builtins.__import__ = importing
    standins.stage = staging


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
    changes = {}
    if "--display" in argv:
        changes["EUCHRE_DISPLAY"] = '"%s"' % argv[argv.index("--display") + 1]
    for at in range(len(argv) - 1):
        if argv[at] == "--set":
            key, text = argv[at + 1].split("=", 1)
            changes[key] = text
    write_settings(changes)
    if "--stages" in argv:
        standins.S.stages = []
        standins.S.alloc = "--alloc" in argv
    import random
    random.seed(1)  # code.py draws the first dealer at random
    if "--first" in argv:
        tell_first_heap()
    gc.collect()
    board = gc.mem_alloc()
    if "--loads" in argv or "--files" in argv:
        remember_imports()
    if "--loads" in argv:
        report_loads()
    if "--imports" in argv:
        if "--stages" not in argv:
            raise SystemExit("--imports marks the stages too: give --stages with it")
        mark_imports()
    if "--first" in argv:
        tell_names("start")  # the stand-ins' and this file's, none of them the board's
    standins.stage("code.py")
    # code.py run as CircuitPython runs it, in a namespace kept to read the
    # table at the end (an import that raised would be lost).
    with open("code.py") as f:
        source = f.read()
    namespace = {"__name__": "code"}
    try:
        exec(source, namespace)  # runs the firmware until the script is over
    except standins.SessionEnd:
        pass
    source = None
    if "--files" in argv:
        print("FILES", " ".join(loaded_files()))  # after those of the first pixel
    for at in range(MARKED[2]):
        print("MARKED", chr(MARKED[1][at]), MARKED[0][at])
    print("HEAP board", board)
    print("HEAP started", standins.S.started)
    print("HEAP peak", standins.S.peak)
    print("NVM", " ".join("%s=%d" % item for item in sorted(nvm.counts.items())))
    if "--loads" in argv:
        print("HELD", " ".join(sorted(sys.modules)))
    table = namespace["firmware"].table
    if table is not None:
        game = table.game
        print("TABLE scores=%d,%d tally=%d,%d actions=%d dealer=%d screen=%s" % (
            game.scores[0], game.scores[1], table.tally[0], table.tally[1], game.action_count,
            game.dealer, table.screen_name))
    if "--first" in argv:
        tell_names("end")
    print("END")


def modules(names):
    standins.install(b"", 0, "modules.nvm")
    gc.collect()
    gc.collect()
    start = gc.mem_alloc()
    for name in names[:-1]:
        __import__(name)
    for name in names[-1:]:
        gc.collect()
        gc.collect()
        before = gc.mem_alloc()
        __import__(name)
        gc.collect()
        gc.collect()
        print("MODULE", name, gc.mem_alloc() - before)
    print("MODULES", gc.mem_alloc() - start)
    if "firmware.start" in names:
        gc.collect()
        before = gc.mem_alloc()
        sys.modules["firmware.start"].trim_driver()
        gc.collect()
        print("TRIMMED", before - gc.mem_alloc())
    print("END")


if sys.argv[1] == "modules":
    modules(sys.argv[2:])
elif sys.argv[1] == "naive":
    standins.install(b"", 0, "naive.nvm")
    import naive
    naive.main()
    print("END")
else:
    firmware(sys.argv)
