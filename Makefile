# Sixty-Six: the single entry point for set-up, serving and testing.
# `make serve` and `make test` are the two commands the README gives for a fresh machine.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000
# Bytecode is cached (in the ignored __pycache__ folders) even where the environment turns
# it off: without it every pytest worker re-rewrites and recompiles every test module (5 s
# of each run's start on this machine instead of 1.3 s).
export PYTHONDONTWRITEBYTECODE :=

.PHONY: serve test test-postgres test-fast test-e2e lighthouse install install-dev system-packages node-packages messages \
        compilemessages setup migrations-check lint format clean

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Stamp files: pip runs again only when a requirements file or the engine's metadata changes
# (the engine itself is installed editable, so its code needs no reinstall).
ENGINE_META := engine/pyproject.toml

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

$(VENV)/.installed: requirements.txt $(ENGINE_META) | $(VENV)/bin/activate
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt $(ENGINE_META) | $(VENV)/bin/activate
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# Debian packages the tests need: Chromium for the browser tests, gettext for msgfmt.
# Nothing is downloaded at test time; Playwright drives Debian's chromium.
system-packages:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	fc-list 2>/dev/null | grep -qi dejavu || missing="$$missing fonts-dejavu-core"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# Lighthouse for tests/e2e/test_lighthouse.py, at the version package-lock.json pins; it drives
# Debian's chromium (CHROME_PATH), so no browser is downloaded.
node-packages:
	@[ -x node_modules/.bin/lighthouse ] || { \
	  command -v npm >/dev/null 2>&1 || { echo "npm (Node.js 20) is needed for the Lighthouse test"; exit 1; }; \
	  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund; }

# Compiles locale/*.po with GNU msgfmt, or with babel where gettext is absent.
# Each catalogue is compiled when its .po is newer than its .mo (as Django's compilemessages
# does it: msgfmt --check-format; Babel where gettext is missing).
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))

compilemessages: $(MO_FILES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(VENV)/.installed
	@if command -v msgfmt >/dev/null 2>&1; then \
	  msgfmt --check-format -o $@ $<; \
	else \
	  $(VENV)/bin/pybabel compile -i $< -o $@; \
	fi

messages:
	$(PY) manage.py makemessages -l da -l nb -l pl -l lv --no-obsolete --add-location file \
	  --ignore=$(VENV) --ignore=tests --ignore=benchmarks --ignore="engine/sixtysix/*"

setup: compilemessages
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py load_content
	$(PY) manage.py collectstatic --noinput -v 0

serve: install
	$(MAKE) setup
	@echo "Serving Sixty-Six at http://$(HOST):$(PORT)/"
	$(PY) manage.py runserver $(HOST):$(PORT)

test: install-dev system-packages node-packages compilemessages
	bash scripts/run-tests.sh

# The suite again on PostgreSQL and a Redis cache, both started on loopback, without the
# slow property and fuzz runs (they do not depend on the database and ran in `make test`)
# and with only the smoke set of browser tests (the whole browser suite ran on SQLite):
# the scale-out path, proven on every submission (CI runs both).
PG_URL ?= postgres://sixtysix:sixtysix@127.0.0.1:5432/sixtysix
REDIS_URL ?= redis://127.0.0.1:6379/0
test-postgres: install-dev system-packages node-packages compilemessages
	bash scripts/postgres-up.sh
	bash scripts/redis-up.sh
	DATABASE_URL=$(PG_URL) CACHE_URL=$(REDIS_URL) RUN_SLOW=0 E2E=smoke bash scripts/run-tests.sh

# Everything but the browser tests and the slow fuzz/property runs (which `make test` runs).
test-fast: install-dev compilemessages
	$(VENV)/bin/pytest -p no:cacheprovider -m "not e2e and not slow" -n 2

test-e2e: install-dev system-packages compilemessages
	$(VENV)/bin/pytest -m e2e

# Lighthouse on every page type in all five languages (the suite audits each in two).
lighthouse: install-dev system-packages node-packages compilemessages
	LIGHTHOUSE_LANGUAGES=all $(VENV)/bin/pytest -p no:cacheprovider -n 2 tests/e2e/test_lighthouse.py

migrations-check:
	$(PY) manage.py makemigrations --check --dry-run

lint:
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict engine/sixtysix words
	$(VENV)/bin/mypy

format:
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 .pytest_cache
	find locale -name '*.mo' -delete
