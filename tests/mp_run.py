"""A tiny test runner for the MicroPython unix port (pytest does not run there).

Runs every ``case_*`` function of every ``tests/cases_*.py`` module, prints one
line per failure and a closing "N passed, N failed" line; exits 1 on failure.
``make test-mp`` first compiles euchre_core and the cases with mpy-cross (as
the bundle does for the board), because compiling source needs more heap than
running it, then runs this from build/mp with ``micropython -X heapsize=128k``.

Each module runs in an interpreter of its own with the same heap: a module
loaded and let go leaves its names in the heap for good, so in one
interpreter whether a case fits would depend on how many modules ran before.
"""

import gc

import os
import sys

sys.path.insert(0, "tests")
sys.path.insert(0, ".")

_COUNTS = "mp_run.counts"  # each module's "passed failed", for the closing line


def case_modules():
    names = []
    for name in os.listdir("tests"):
        if name.startswith("cases_"):
            stem = name.split(".")[0]
            if stem not in names:
                names.append(stem)
    names.sort()
    return names


def run_module(module_name):
    """Run one module's cases here; (passed, failed)."""
    passed = 0
    failed = 0
    # The engine first: it stays for every case, so it lies below the
    # module's own blocks and the cases' garbage, not between them.
    import euchre_core  # noqa: F401
    gc.collect()
    module = __import__(module_name)
    for name in sorted(dir(module)):
        if not name.startswith("case_"):
            continue
        # Each case starts on a collected heap: garbage left by the one
        # before would make where a collection falls, and so whether a
        # large block is free, depend on the order of the cases.
        gc.collect()
        try:
            getattr(module, name)()
            passed += 1
        except Exception as err:  # report every failure, keep going
            failed += 1
            print("FAIL", module_name + "." + name, type(err).__name__, err)
            sys.print_exception(err)
    return passed, failed


def main():
    if len(sys.argv) > 1:
        # One module, started by the loop below.
        try:
            passed, failed = run_module(sys.argv[1])
        except Exception as err:  # a module that does not even load
            print("FAIL", sys.argv[1], type(err).__name__, err)
            sys.print_exception(err)
            passed, failed = 0, 1
        with open(_COUNTS, "a") as out:
            out.write(str(passed) + " " + str(failed) + "\n")
        sys.exit(1 if failed else 0)
    # The heap this interpreter was given, to the KiB, for each module's.
    heap_k = (gc.mem_free() + gc.mem_alloc() + 1023) // 1024
    try:
        os.remove(_COUNTS)
    except OSError:
        pass
    broken = 0
    for module_name in case_modules():
        status = os.system("'" + sys.executable + "' -X heapsize=" + str(heap_k)
                           + "k mp_run.py " + module_name)
        if status:
            broken += 1
    passed = 0
    failed = 0
    runs = 0
    with open(_COUNTS) as counts:
        for line in counts:
            numbers = line.split()
            passed += int(numbers[0])
            failed += int(numbers[1])
            runs += 1
    os.remove(_COUNTS)
    if runs != len(case_modules()):
        print("a module's run ended without its count")
        failed += 1
    print("micropython:", passed, "passed,", failed, "failed")
    if failed or broken or not passed:
        if not passed:
            print("no cases ran")
        sys.exit(1)


main()
