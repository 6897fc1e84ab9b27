"""Two clicks at once apply one move; three new games at once all start: on
PostgreSQL (the test database) and on a real SQLite file, as `make run` uses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from concurrent_posts import new_games_at_once, same_move_twice

SCRIPT = Path(__file__).parent / "support" / "concurrent_posts.py"
BASE_DIR = Path(__file__).resolve().parent.parent
#: Generous: the machine running the suite may be busy; a hang is what it guards against.
SQLITE_RUN_TIMEOUT = 300

STALE = 409  # the second tab's answer: the table as it stands now
REDIRECT = 302  # a move applied, or a game started: off to the table


def assert_one_move_applied(race: dict) -> None:
    assert sorted(race["statuses"], key=str) == [REDIRECT, STALE], race
    assert race["moves_applied"] == 1, race


def assert_all_games_started(race: dict) -> None:
    assert race["statuses"] == [REDIRECT] * len(race["statuses"]), race
    assert race["matches_made"] == len(race["statuses"]), race


@pytest.mark.django_db(transaction=True)
def test_on_postgresql_the_same_move_from_two_tabs_is_applied_once():
    for _ in range(2):
        assert_one_move_applied(same_move_twice())


@pytest.mark.django_db(transaction=True)
def test_on_postgresql_three_new_games_at_once_all_start():
    for _ in range(2):
        assert_all_games_started(new_games_at_once())


def test_on_a_sqlite_file_concurrent_posts_never_find_the_database_locked(tmp_path):
    """The settings `make run` gets (SQLite in a file): WAL, and transactions that
    take the write lock first and wait for it, so no request fails."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_DEBUG": "true",
        "PYTHONPATH": str(BASE_DIR),
    }
    run = subprocess.run(
        [sys.executable, str(SCRIPT)],
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=SQLITE_RUN_TIMEOUT,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    results = json.loads(run.stdout.strip().splitlines()[-1])
    for race in results["same_move"]:
        assert_one_move_applied(race)
    for race in results["new_games"]:
        assert_all_games_started(race)
    assert results["journal_mode"] == "wal"
