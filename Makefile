# Two commands do all the set-up on a fresh machine:
#   make run    create the virtualenv, install, migrate and serve the app on the LAN
#   make test   create the virtualenv, install (with Debian's chromium for browser tests),
#               lint and run the whole test suite
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PYTEST_ARGS ?=
# TLS=on: the app speaks HTTPS itself on the LAN, with certificates of this computer's own
# (README: HTTPS on the LAN); passed to the serve command through the environment.
TLS ?=
export TLS

# The first Python >= 3.12 on PATH (pyenv picks 3.13 here through .python-version).
PYTHON ?= $(shell for c in python3.13 python3.14 python3.12 python3 python; do \
	if command -v $$c >/dev/null 2>&1 && $$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; \
	then command -v $$c; break; fi; done)

.PHONY: help run test setup setup-test browser messages lint format migrate bench bench-play crash-test load-test import-drill storage-drill slow-clients big-body live-bench browser-loop clean

help:
	@echo "make run   - install and start the app (http://<this machine>:$(PORT)/)"
	@echo "make test  - install and run the whole test suite"

$(PY):
	@if [ -z "$(PYTHON)" ]; then \
		echo "Card RPG needs Python 3.12 or newer, and none was found on PATH."; \
		echo "Install one (for example 'pyenv install 3.13' or 'apt-get install python3.12')," \
		     "or name it: make run PYTHON=/path/to/python3.12"; \
		exit 1; fi
	"$(PYTHON)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

setup: $(VENV)/.installed

setup-test: $(VENV)/.installed-test

# Browser tests drive Debian's chromium, with Debian's CJK fonts so that the zh-hant screens
# are measured and pictured with real glyphs, not empty boxes;
# Playwright's own browser download cannot work here.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's chromium for the browser tests..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "The browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; \
		fi; fi
	@if [ -z "$$(fc-list :lang=zh-tw 2>/dev/null)" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's Noto CJK fonts for the Traditional Chinese browser tests..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null; \
		else \
			echo "The Chinese browser tests need a CJK font: sudo apt-get install fonts-noto-cjk"; exit 1; \
		fi; fi

# The translations (locale/*/LC_MESSAGES/django.po, committed) compiled for Django; GNU
# gettext's msgfmt does it, from Debian's packages if the machine lacks it.
messages: setup
	@if ! command -v msgfmt >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's gettext to compile the translations..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
		else \
			echo "Compiling the translations needs GNU gettext: sudo apt-get install gettext"; exit 1; \
		fi; fi
	$(PY) manage.py compilemessages -v0 --ignore=.venv

migrate: setup
	$(PY) manage.py migrate --noinput

run: setup migrate messages
	$(PY) manage.py collectstatic --noinput -v0
	@case "$(TLS)" in 1|on|yes|true) $(PY) manage.py make_certificate;; esac
	$(PY) manage.py serve --port $(PORT)

lint: setup-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup-test
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: setup-test browser lint messages
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest -n auto $(PYTEST_ARGS)

bench: setup-test
	$(PY) bench/engine_bench.py

# Play under load against the server make run starts (granian), on SQLite and PostgreSQL (docs/performance.md,
# docs/reliability.md); each starts and removes its own server and data.
bench-play: setup-test
	$(PY) bench/benchmark.py

crash-test: setup-test
	$(PY) bench/crash_test.py

load-test: setup-test
	$(PY) bench/load_test.py

# Players at the table while the largest allowed file is imported (docs/reliability.md).
import-drill: setup-test
	$(PY) bench/import_drill.py

# Bytes stored per action for a 10,000-action career, now and as before (docs/performance.md).
storage-drill: setup-test
	$(PY) bench/storage.py --backend both

# Fifty sockets dribbling a request head: other players' taps, granian vs gunicorn's sync workers.
slow-clients: setup-test
	$(PY) bench/slow_clients.py

# A 300 MB body and an endless chunked one: refused at the limit, nothing spooled (docs/reliability.md).
big-body: setup-test
	$(PY) bench/big_body.py

# 1,000 phones at Heroes of Barcadia tables: changes pushed by server-sent events vs polled every
# 1.5 s, and what either costs the other players' taps (docs/performance.md).
live-bench: setup-test
	$(PY) bench/live.py --mode both

# Every browser test RUNS times, SQLite and PostgreSQL in turn; a tally of what failed where.
RUNS ?= 20
browser-loop: setup-test browser messages
	$(PY) bench/browser_loop.py --runs $(RUNS)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
