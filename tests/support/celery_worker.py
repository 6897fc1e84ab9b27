"""A real Celery worker in a subprocess, for the task tests.

It runs ``celery -A config worker`` (solo pool, one task at a time) on the
pytest test database and this run's broker, logging at INFO to a file the test
reads: Celery writes there when a task is received, retried and done. Tests
using it need ``django_db(transaction=True)``, so the worker sees committed rows.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import psycopg
import psycopg.sql
from django.conf import settings
from django.db import connection

from config import celery_app

ROOT = Path(__file__).resolve().parents[2]
#: How long a test waits for the worker before failing (seconds).
DEADLINE = 45.0


def wait_for(condition: Callable[[], object], seconds: float = DEADLINE, what: str = "the worker"):
    """Poll until ``condition()`` is true; fail with ``what`` at the deadline."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen within {seconds:.0f} s")


def database_url() -> str:
    """The URL of the database this test uses (pytest-django's test database)."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return (
        f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        f"/{db['NAME']}"
    )


def purge(queue: str) -> None:
    """Drop every message waiting in ``queue`` on this run's broker."""
    with celery_app.connection_for_write(settings.CELERY_BROKER_URL) as conn:
        conn.default_channel.queue_purge(queue)


class Worker:
    """``Worker(queue, log_dir).start()``; ``stop()`` shuts it down warmly, ``kill()`` not."""

    def __init__(self, queue: str, log_dir: Path, **environ: str):
        self.queue = queue
        self.name = f"test-{uuid.uuid4().hex[:8]}"
        self.log_path = log_dir / f"{self.name}.log"
        self.environ = environ
        self.process: subprocess.Popen | None = None
        self._offset = 0

    def start(self) -> Worker:
        env = dict(
            os.environ,
            DATABASE_URL=database_url(),
            CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
            **self.environ,
        )
        with self.log_path.open("w") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "--pool=solo",
                    "--concurrency=1",
                    "-Q",
                    self.queue,
                    "-n",
                    f"{self.name}@%h",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    "--loglevel=INFO",
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                text=True,
            )
        return self

    def log(self) -> str:
        """What the worker logged since it started, or since the last ``mark()``."""
        with self.log_path.open() as log:
            log.seek(self._offset)
            return log.read()

    def mark(self) -> None:
        """From now on ``log()`` shows only what comes next (one worker, several tests)."""
        self._offset = self.log_path.stat().st_size

    def task_ids(self, task: str, event: str) -> list[str]:
        """The ids of ``task`` runs the log shows ``event`` for, in order: Celery logs
        ``Task <name>[<id>] received``, ``... retry: ...`` and ``... succeeded in ...``."""
        pattern = rf"Task {re.escape(task)}\[([0-9a-f-]+)\] {re.escape(event)}\b"
        return re.findall(pattern, self.log())

    def wait_for_log(self, text: str, seconds: float = DEADLINE) -> None:
        wait_for(lambda: text in self.log(), seconds, what=f"{text!r} in the worker's log")

    def kill(self) -> None:
        """SIGKILL: the worker dies mid-task without acknowledging anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


class TableLock:
    """Holds ``LOCK TABLE <table> IN ACCESS EXCLUSIVE MODE`` on the test database from a
    connection of its own, so that a worker's task blocks on it where the test wants.

    ``blocked()`` lists the backends waiting for it; ``terminate(pid)`` ends one as a
    PostgreSQL restart would; ``release()`` lets the others through.
    """

    def __init__(self, table: str):
        db = connection.settings_dict
        self.table = table
        self.connection = psycopg.connect(
            host=db["HOST"] or "127.0.0.1",
            port=db["PORT"] or 5432,
            user=db["USER"] or None,
            password=db["PASSWORD"] or None,
            dbname=db["NAME"],
        )
        self.connection.execute(
            psycopg.sql.SQL("LOCK TABLE {} IN ACCESS EXCLUSIVE MODE").format(
                psycopg.sql.Identifier(table)
            )
        )

    def blocked(self) -> list[int]:
        # Inside a transaction pg_stat_activity is a snapshot taken once: take a new one.
        self.connection.execute("SELECT pg_stat_clear_snapshot()")
        rows = self.connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'"
        ).fetchall()
        return [pid for (pid,) in rows]

    def terminate(self, pid: int) -> None:
        self.connection.execute("SELECT pg_terminate_backend(%s)", [pid])

    def release(self) -> None:
        if not self.connection.closed:
            self.connection.rollback()
            self.connection.close()

    def __enter__(self) -> TableLock:
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def sent_with_its_connection_cut(worker: Worker, table: str, send: Callable):
    """``send()`` a task that blocks on ``table``; end its database connection under it,
    as a PostgreSQL restart would, and wait until the worker logs the retry. Returns the
    task's result handle."""
    with TableLock(table) as lock:
        result = send()
        wait_for(lambda: lock.blocked(), what="the task waiting for the lock")
        (pid,) = lock.blocked()
        lock.terminate(pid)
        worker.wait_for_log(f"[{result.id}] retry")
    return result
