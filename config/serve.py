"""Run the site for real players: `make serve`, or `python -m config.serve [web] [worker] [beat]`.

Checks the environment (naming every variable that is missing or wrong at
once), applies the migrations (one machine at a time, under a PostgreSQL
advisory lock), collects the static files for WhiteNoise, then runs gunicorn
with several worker processes, a Celery worker and Celery beat, as chosen.
Ctrl-C or SIGTERM stops them cleanly: gunicorn finishes the requests in
flight, the Celery worker the task in progress (config/processes.py).

Debug is always off here. The web processes keep nothing between requests
(sessions in the database, rate limits in Redis), so any number of them, on
any number of machines, may serve the same players.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from config.env import FALSE_WORDS, POSTGRES_SCHEMES, REDIS_SCHEMES
from config.processes import Child, Supervisor

PYTHON = sys.executable
ROLES = ("web", "worker", "beat")
#: Seconds gunicorn gives requests in flight to finish once asked to stop.
GRACEFUL_SECONDS = 30
#: The supervisor's own patience: gunicorn's grace, and a little more to exit.
SUPERVISOR_GRACE_SECONDS = GRACEFUL_SECONDS + 10
#: Any number PostgreSQL's advisory locks can hold: "migrating the Sheepshead site".
MIGRATION_LOCK = 0x5EE9_5EAD
#: Exit code for a configuration the site cannot start with.
BAD_CONFIGURATION = 2


@dataclass(frozen=True)
class Problem:
    variable: str
    what: str


def _value(environ: Mapping[str, str], name: str) -> str:
    return (environ.get(name) or "").strip()


def _scheme(url: str) -> str:
    return urlsplit(url).scheme if "://" in url else ""


def configuration_problems(environ: Mapping[str, str]) -> list[Problem]:
    """Every variable the production run needs that is missing or cannot be right."""
    problems = []
    if not _value(environ, "DJANGO_SECRET_KEY"):
        problems.append(
            Problem(
                "DJANGO_SECRET_KEY",
                "a long random secret, e.g. from "
                "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'",
            )
        )
    if not _value(environ, "DJANGO_ALLOWED_HOSTS"):
        problems.append(
            Problem("DJANGO_ALLOWED_HOSTS", "the host names the site answers to, e.g. example.org")
        )
    if _scheme(_value(environ, "DATABASE_URL")) not in POSTGRES_SCHEMES:
        problems.append(
            Problem("DATABASE_URL", "a PostgreSQL URL, postgres://user:password@host:5432/name")
        )
    if _scheme(_value(environ, "CELERY_BROKER_URL")) not in REDIS_SCHEMES:
        problems.append(Problem("CELERY_BROKER_URL", "a Redis URL, redis://host:6379/0"))
    debug = _value(environ, "DJANGO_DEBUG").lower()
    if debug and debug not in FALSE_WORDS:
        problems.append(Problem("DJANGO_DEBUG", "must be unset or false for real players"))
    return problems


def problems_message(problems: Sequence[Problem]) -> str:
    width = max(len(p.variable) for p in problems)
    lines = [f"  {p.variable:<{width}}  {p.what}" for p in problems]
    return "\n".join(
        [
            "The production server needs these environment variables "
            "(README.md, Deploying, lists them all):",
            *lines,
        ]
    )


def _at_least_one(text: str) -> int:
    """A count of processes (argparse also applies it to the defaults from the environment)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return number


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    cores = os.cpu_count() or 1
    parser = argparse.ArgumentParser(
        prog="python -m config.serve",
        description="Run the site in production: gunicorn, a Celery worker and Celery beat.",
    )
    parser.add_argument(
        "roles",
        nargs="*",
        metavar="{web,worker,beat}",
        help="what to run on this machine (default: all three); beat on one machine only",
    )
    parser.add_argument(
        "--bind",
        default=os.environ.get("WEB_BIND") or "127.0.0.1:8000",
        help="address:port gunicorn listens on (WEB_BIND; default 127.0.0.1:8000)",
    )
    parser.add_argument(
        "--web-workers",
        type=_at_least_one,
        default=os.environ.get("WEB_WORKERS") or str(2 * cores + 1),
        help=f"gunicorn worker processes (WEB_WORKERS; default 2 x cores + 1 = {2 * cores + 1})",
    )
    parser.add_argument(
        "--worker-concurrency",
        type=_at_least_one,
        default=os.environ.get("CELERY_CONCURRENCY") or str(cores),
        help=f"Celery worker processes (CELERY_CONCURRENCY; default the cores, {cores})",
    )
    arguments = parser.parse_args(argv)
    unknown = [role for role in arguments.roles if role not in ROLES]
    if unknown:
        parser.error(f"unknown role {unknown[0]!r}: choose from {', '.join(ROLES)}")
    arguments.roles = list(dict.fromkeys(arguments.roles)) or list(ROLES)
    return arguments


def children(arguments: argparse.Namespace) -> list[Child]:
    celery = [PYTHON, "-m", "celery", "--app", "config"]
    web = [
        PYTHON,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "--bind",
        arguments.bind,
        "--workers",
        str(arguments.web_workers),
        "--graceful-timeout",
        str(GRACEFUL_SECONDS),
    ]
    # Defaults that GUNICORN_CMD_ARGS (read by gunicorn itself, later options win)
    # may override: the access log on standard output, and no control socket (its
    # one default path would be shared by every gunicorn on the machine).
    gunicorn_defaults = "--access-logfile - --no-control-socket"
    gunicorn_args = f"{gunicorn_defaults} {os.environ.get('GUNICORN_CMD_ARGS', '')}".strip()
    worker = [
        *celery,
        "worker",
        "--loglevel",
        "INFO",
        "--concurrency",
        str(arguments.worker_concurrency),
    ]
    every = {
        # The gunicorn master and the Celery worker each stop their own workers.
        "web": Child("web", web, stop_group=False, env={"GUNICORN_CMD_ARGS": gunicorn_args}),
        "worker": Child("worker", worker, stop_group=False),
        "beat": Child("beat", [*celery, "beat", "--loglevel", "INFO"]),
    }
    return [every[role] for role in arguments.roles]


def prepare(roles: Sequence[str]) -> str | None:
    """Set Django up, check the database and the broker, migrate and collect the
    static files (for the web role); a message saying what is wrong, or None."""
    import django
    from django.core.exceptions import ImproperlyConfigured

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:
        django.setup()
    except ImproperlyConfigured as error:
        return str(error)

    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    from config import health

    if not health.database_ok():
        db = settings.DATABASES["default"]
        where = f"{db['HOST']}:{db['PORT'] or 5432}"
        return f"The database at {where} cannot be reached (DATABASE_URL)."
    if not health.broker_ok():
        return "The broker cannot be reached (CELERY_BROKER_URL)."
    if "web" in roles:
        # Web machines starting together take turns; the first applies what is new.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATION_LOCK])
            try:
                call_command("migrate", interactive=False, verbosity=1)
            finally:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATION_LOCK])
        call_command("collectstatic", interactive=False, verbosity=0)
    connection.close()
    return None


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    problems = configuration_problems(os.environ)
    if problems:
        print(problems_message(problems), file=sys.stderr)
        return BAD_CONFIGURATION
    os.environ["DJANGO_DEBUG"] = "false"
    trouble = prepare(arguments.roles)
    if trouble:
        print(trouble, file=sys.stderr)
        return BAD_CONFIGURATION
    supervisor = Supervisor(
        children(arguments), label="serve", grace_seconds=SUPERVISOR_GRACE_SECONDS
    )
    where = f" on {arguments.bind}" if "web" in arguments.roles else ""
    return supervisor.run(f"running {', '.join(arguments.roles)}{where} (Ctrl-C stops)")


if __name__ == "__main__":
    sys.exit(main())
