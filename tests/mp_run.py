"""A tiny test runner for the MicroPython unix port (pytest does not run there).

Runs every ``case_*`` function of every ``tests/cases_*.py`` module, prints one
line per failure and a closing "N passed, N failed" line; exits 1 on failure.
``make test-mp`` first compiles euchre_core and the cases with mpy-cross (as
the bundle does for the board), because compiling source needs more heap than
running it, then runs this from build/mp with ``micropython -X heapsize=64k``.
"""

import gc

import os
import sys

sys.path.insert(0, "tests")
sys.path.insert(0, ".")


def case_modules():
    names = []
    for name in os.listdir("tests"):
        if name.startswith("cases_"):
            stem = name.split(".")[0]
            if stem not in names:
                names.append(stem)
    names.sort()
    return names


def main():
    passed = 0
    failed = 0
    modules = case_modules()
    for module_name in modules:
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
        del sys.modules[module_name]
        module = None
        gc.collect()
    print("micropython:", passed, "passed,", failed, "failed")
    if failed or not passed:
        if not passed:
            print("no cases ran")
        sys.exit(1)


main()
