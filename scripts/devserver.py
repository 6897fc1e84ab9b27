"""Run the whole site locally: Django's development server, a Celery worker and beat.

Used by `make run`; config/processes.py starts, watches and stops the three.
"""

from __future__ import annotations

import os
import sys

from config.processes import Child, Supervisor

PYTHON = sys.executable
GRACE_SECONDS = 10.0


def children(address: str) -> list[Child]:
    celery = [PYTHON, "-m", "celery", "--app", "config"]
    return [
        Child("web", [PYTHON, "manage.py", "runserver", address]),
        Child("worker", [*celery, "worker", "--loglevel", "INFO"], stop_group=False),
        Child("beat", [*celery, "beat", "--loglevel", "INFO"]),
    ]


def main() -> int:
    address = os.environ.get("DEV_SERVER_ADDRESS", "127.0.0.1:8000")
    supervisor = Supervisor(children(address), label="dev", grace_seconds=GRACE_SECONDS)
    return supervisor.run(f"site at http://{address}/ (Ctrl-C stops everything)")


if __name__ == "__main__":
    sys.exit(main())
