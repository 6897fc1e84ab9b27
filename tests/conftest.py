"""Shared test set-up: PostgreSQL must be reachable, static files need no collectstatic."""

from __future__ import annotations

import os
from pathlib import Path

import psycopg
import pytest
from django.conf import settings

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls
# in that thread would otherwise be refused as "async unsafe".
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

POSTGRES_START = (
    "start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` "
    "(or run `bash .ci/run`, which starts it), or point DATABASE_URL at a running server"
)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once, with a clear message, when the test database server is down.

    The suite never falls back to SQLite: a green run means it ran on PostgreSQL
    unless DATABASE_URL explicitly said sqlite.
    """
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        return
    where = f"{db['HOST']}:{db['PORT'] or 5432}"
    try:
        # The server's own database: the test database is created by pytest-django.
        psycopg.connect(
            host=db["HOST"],
            port=db["PORT"] or None,
            user=db["USER"] or None,
            password=db["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=3,
        ).close()
    except psycopg.OperationalError as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        pytest.exit(
            f"PostgreSQL is not reachable at {where} ({reason}): {POSTGRES_START}.",
            returncode=3,
        )


@pytest.fixture(autouse=True)
def _static_files_without_collectstatic(settings):
    """Production settings use WhiteNoise's manifest storage, which needs
    `collectstatic` first; tests resolve static files straight from the finders."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no rate-limit counters, so none meets a limit by accident."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session")
def chromium_launch() -> dict:
    """How every browser test starts Debian's Chromium (Playwright can't fetch a browser)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: `make test` installs it, or run "
            "`apt-get update && apt-get install -y chromium`"
        )
    return {"executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="module")
def browser(chromium_launch):
    """A Chromium for one test module: Playwright's sync API can't run twice at once."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(**chromium_launch)
        yield launched
        launched.close()


@pytest.fixture
def phone(browser):
    """A 360 x 640 page under the Content-Security-Policy watch (content_policy.py):
    the test fails if any page it opens breaks or lacks the policy."""
    from content_policy import policed_page
    from screens import PHONE

    with policed_page(browser, viewport=PHONE) as page:
        yield page


@pytest.fixture
def wide(browser):
    """A 1280 x 800 page under the same watch as ``phone``."""
    from content_policy import policed_page
    from screens import WIDE

    with policed_page(browser, viewport=WIDE) as page:
        yield page


def build_position(hands: dict, blind: list, dealer: int, actions: list):
    """A Sheepshead state from partly given hands: the cards not named fill the
    other seats in card order; then the actions (record form) are replayed."""
    from rules_engine.cards import CODES
    from rules_engine.records import parse_record

    named = {code for cards in hands.values() for code in cards} | set(blind)
    rest = [code for code in CODES if code not in named]
    full = []
    for seat in range(5):
        cards = list(hands.get(seat, []))
        while len(cards) < 6:
            cards.append(rest.pop(0))
        full.append(cards)
    record = {"game": "sheepshead", "dealer": dealer, "deal": {"hands": full, "blind": blind},
              "actions": actions}  # fmt: skip
    return parse_record(record).replay()


@pytest.fixture
def position():
    """``position(hands={seat: codes}, blind, dealer, actions)``: see build_position."""
    return build_position


@pytest.fixture
def member(client):
    """An account (``factories.UserFactory``) logged in on ``client``."""
    from factories import UserFactory

    user = UserFactory()
    client.force_login(user)
    return user


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """A request activates its visitor's language for the thread; each test starts in
    the site's own language, as a new worker thread would."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(scope="module")
def module_worker(django_db_setup, django_db_blocker, tmp_path_factory):
    """One real Celery worker for a test module, on a queue of its own, using the test
    database (tests/support/celery_worker.py)."""
    import uuid

    from celery_worker import Worker, purge

    queue = f"test-{uuid.uuid4().hex[:12]}"
    purge(queue)
    with django_db_blocker.unblock():
        worker = Worker(queue, tmp_path_factory.mktemp("worker")).start()
    try:
        yield worker
    finally:
        worker.stop()


@pytest.fixture
def worker(module_worker):
    """The module's worker, its log read from this test's start."""
    module_worker.mark()
    return module_worker
