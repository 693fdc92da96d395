# Trench Club Studio — the README's commands. VENV can point at another environment.
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: run test bench lint install clean kill-build fuzz screenshots translations accel

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,accel]'
	$(PY) -m editor.i18n_build
	touch $(STAMP)

# The editor's compiled translations (not committed): rebuilt when a .ts changes.
QM := $(patsubst %.ts,%.qm,$(wildcard editor/translations/*.ts))
$(QM): editor/translations/%.qm: editor/translations/%.ts $(STAMP)
	$(PY) -m editor.i18n_build

translations: $(QM)

# The engine's hottest modules compiled by Cython into build/accel (engine/accel.py); rebuilt
# when an engine source changes. Without Cython or a C compiler the engine runs as plain Python.
ACCEL := build/accel/manifest.json
$(ACCEL): $(STAMP) tcstudio/accel_build.py $(wildcard engine/*.py engine/rules/*.py engine/rules/*.pxd engine/ai/*.py)
	$(PY) -m tcstudio.accel_build

# Compile again whatever the manifest says (after installing a compiler, say).
accel: $(STAMP)
	$(PY) -m tcstudio.accel_build

install: $(STAMP)

run: $(STAMP) $(QM) $(ACCEL)
	$(VENV)/bin/tcstudio edit

# Tests of the Qt-free packages; they run with PySide6 blocked (tests/without_qt.py).
CORE_TESTS := tests/engine tests/content tests/content_files tests/exporters tests/packs

test: $(STAMP) $(QM) $(ACCEL)
	$(VENV)/bin/ruff check .
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider tests \
		--ignore=tests/benchmarks $(CORE_TESTS:%=--ignore=%)
	$(PY) tests/without_qt.py $(CORE_TESTS)

# Long fuzz run (tests/fuzz/runner.py): FUZZ_RUNS executions per target, inputs that crash are
# saved under build/fuzz-crashes/. FUZZ_ENGINE=atheris runs coverage-guided with libFuzzer.
FUZZ_STAMP := $(VENV)/.fuzz-installed-stamp
FUZZ_RUNS ?= 100000
FUZZ_ENGINE ?= mutate
FUZZ_TARGETS ?=

$(FUZZ_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,fuzz]'
	touch $(FUZZ_STAMP)

fuzz: $(FUZZ_STAMP)
	$(PY) -m tests.fuzz.runner $(FUZZ_TARGETS) --runs $(FUZZ_RUNS) --engine $(FUZZ_ENGINE)

bench: $(STAMP) $(ACCEL)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider tests/benchmarks --benchmark-only --benchmark-columns=min,median,max,rounds

# The build killed at 300 random points instead of the 20 of `make test`.
kill-build: $(STAMP)
	TC_BUILD_KILLS=300 $(PY) -m pytest -q -p no:cacheprovider tests/exporters/test_build_kill.py

# The editor screenshots of the docs (docs/images/editor-*.png, docs/editor.png), light and dark;
# fails when a dock tab would be cut short. tests/editor/test_docs_screenshots.py runs the same.
screenshots: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(PY) -m editor.screenshots

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) build dist *.egg-info
