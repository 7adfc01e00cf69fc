# Table Euchre Scorekeeper: every developer command starts here.
# `make run` and `make test` create and fill .venv themselves.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-py test-mp typecheck screens bundle flash bench wiring clean

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

## The scorekeeper: the desktop simulator running the real firmware.
run: $(STAMP)
	$(PY) -m sim

## Every test: pytest on CPython, the core's tests under MicroPython, the type check.
test: test-py test-mp typecheck

test-py: $(STAMP)
	$(PY) -m pytest -q

test-mp: $(STAMP)
	$(VENV)/bin/micropython -X heapsize=64k tests/mp_run.py

typecheck: $(STAMP)
	@echo "typecheck: nothing to check yet"

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .hypothesis
