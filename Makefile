# The two commands of the README:
#   make run    set up everything the app needs, then `streamlit run app.py`
#   make test   set up everything the tests need, then run the whole suite
# Both work on a fresh Debian 12 machine with Python 3.11 (system packages need root or sudo).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Bind to this machine only; for a workshop LAN: make run ADDRESS=0.0.0.0
ADDRESS ?= 127.0.0.1
PORT    ?= 8501

.PHONY: run test system-deps bench

run: $(VENV)/.stamp-app $(VENV)/.stamp-kernels
	scripts/system-deps.sh app
	$(BIN)/streamlit run app.py --server.address $(ADDRESS) --server.port $(PORT)

test: $(VENV)/.stamp-dev $(VENV)/.stamp-kernels
	scripts/system-deps.sh test
	$(BIN)/python -m pytest

bench: $(VENV)/.stamp-dev $(VENV)/.stamp-kernels
	$(BIN)/python benchmarks/bench_fit.py

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.stamp-app: requirements.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.stamp-dev: requirements.txt requirements-dev.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(VENV)/.stamp-app

# Compile the engine's kernels ahead (numba's cache, then one module compiled ahead of time by
# the C compiler; a few minutes, once per change of treecore), so the first fit in the app is
# not a compile and no process carries numba's runtime; a stale cache is cleared first.
$(VENV)/.stamp-kernels: $(wildcard treecore/*.py treecore/*/*.py) | $(VENV)/.stamp-app
	scripts/system-deps.sh compiler $(BIN)/python
	$(BIN)/python -m treecore.warmup
	touch $@
