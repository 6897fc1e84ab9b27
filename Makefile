# Sheepshead site. `make run` for a local site, `make test` for the whole suite.
# GNU make; recipes use sh.

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-from-pyproject

TEST_DATABASE_URL := postgres://postgres@127.0.0.1:5432/sheepshead
TEST_BROKER_URL := redis://127.0.0.1:6379/0
TEST_CACHE_URL := redis://127.0.0.1:6379/1

.PHONY: help install catalogs run serve test lint bench clean chromium gettext

help:
	@echo "make run     install, migrate, then web (http://127.0.0.1:8000/) + Celery worker + beat"
	@echo "make serve   install, then production: migrate, collectstatic, gunicorn + Celery worker + beat"
	@echo "make test    install, ruff, then pytest on PostgreSQL (and Chromium for browser tests)"
	@echo "make lint    ruff check ."
	@echo "make bench   engine speed, the coach, computer players in duplicate matches, rankings, then the site under load (minutes)"
	@echo "make clean   remove .venv, var/ and caches"

# (Re)creates .venv when missing or older than the Python we would pick, then
# installs the project when pyproject.toml is newer than the last install.
install:
	@scripts/ensure-venv.sh
	@$(MAKE) --silent --no-print-directory $(STAMP)
	@$(MAKE) --silent --no-print-directory catalogs

# Every language's catalogs (locale/*/LC_MESSAGES/*.po) into the django.mo Django
# reads, with polib from the virtualenv: no GNU gettext needed (README, Translations).
catalogs:
	$(PY) -m translations.compile

$(STAMP): pyproject.toml
	@echo "Installing the project and its dev tools into $(VENV) (pyproject.toml changed)"
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

run: export DJANGO_DEBUG ?= true
run: install
	$(PY) manage.py migrate --no-input
	$(PY) scripts/devserver.py

# Production on this machine (README.md, Deploying): the variables it needs are checked
# first and every missing one named. WEB_BIND, WEB_WORKERS and CELERY_CONCURRENCY tune it.
serve: install
	$(PY) -m config.serve

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

test: export DATABASE_URL ?= $(TEST_DATABASE_URL)
test: export CELERY_BROKER_URL ?= $(TEST_BROKER_URL)
test: export CACHE_URL ?= $(TEST_CACHE_URL)
# GNU gettext only for the test that extracts the messages afresh (tests/translations);
# the site itself compiles its catalogs with polib.
gettext:
	@if ! command -v xgettext >/dev/null || ! command -v msgmerge >/dev/null; then \
		echo "Installing GNU gettext for the catalog tests"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y gettext; \
	fi

test: install chromium gettext
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest

lint: install
	$(VENV)/bin/ruff check .

# Engine speed, the computer players' duplicate matches at both games (the Schafkopf
# expert's alone takes about 30 minutes on 2 cores), the rankings and the server time
# per action, then the production server under simulated players (about
# 2.5 minutes; it drops and creates its own database, sheepshead_load, and empties Redis
# databases 5 and 6).
BENCH_DEALS ?= 1000
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/sheepshead_bench
LOAD_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/sheepshead_load
bench: install
	$(PY) -m rules_engine.bench
	$(PY) -m coach.bench
	$(PY) -m rules_engine.arena --candidate beginner --field random --deals $(BENCH_DEALS) --workers 2
	$(PY) -m rules_engine.arena --candidate standard --field beginner --deals $(BENCH_DEALS) --workers 2
	$(PY) -m rules_engine.arena --candidate expert --field standard --deals $(BENCH_DEALS) --workers 2
	$(PY) -m rules_engine.arena --game schafkopf --candidate beginner --field random --deals $(BENCH_DEALS) --workers 2
	$(PY) -m rules_engine.arena --game schafkopf --candidate standard --field beginner --deals $(BENCH_DEALS) --workers 2
	$(PY) -m rules_engine.arena --game schafkopf --candidate expert --field standard --deals $(BENCH_DEALS) --workers 2
	@psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'sheepshead_bench'" \
		| grep -q 1 || psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE sheepshead_bench"
	DATABASE_URL=$(BENCH_DATABASE_URL) DJANGO_DEBUG=true $(PY) manage.py migrate -v0
	DATABASE_URL=$(BENCH_DATABASE_URL) DJANGO_DEBUG=true $(PY) manage.py bench_rankings --clean
	DATABASE_URL=$(BENCH_DATABASE_URL) DJANGO_DEBUG=true DJANGO_SETTINGS_MODULE=config.settings $(PY) -m games.bench
	$(PY) -m games.loadtest --database-url $(LOAD_DATABASE_URL)

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis *.egg-info staticfiles
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
