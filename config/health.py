"""Whether this process can reach what it serves from: the database and the broker.

Asked by `/healthz` (a load balancer takes a web process out of rotation when it
answers 503) and by `make serve` before it starts anything.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import DatabaseError, connection
from kombu import Connection

logger = logging.getLogger(__name__)

#: Seconds the broker may take to answer before it counts as down: a health
#: check must answer well within a load balancer's own timeout.
BROKER_TIMEOUT = 1.0


def database_ok() -> bool:
    """One query on this process's connection."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("Health check: the database query failed")
        return False
    return True


def broker_ok(url: str | None = None) -> bool:
    """A fresh connection to the Celery broker (the one in settings unless `url`)."""
    url = url or settings.CELERY_BROKER_URL
    options = {**settings.CELERY_BROKER_TRANSPORT_OPTIONS}
    options.update(socket_timeout=BROKER_TIMEOUT, socket_connect_timeout=BROKER_TIMEOUT)
    try:
        with Connection(url, connect_timeout=BROKER_TIMEOUT, transport_options=options) as conn:
            conn.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=BROKER_TIMEOUT
            )
    except Exception:  # kombu raises the transport's own errors; any of them means down
        logger.exception("Health check: the broker could not be reached")
        return False
    return True


def report() -> dict[str, object]:
    """What `/healthz` answers: each part's state and whether all are up."""
    parts = {"database": database_ok(), "broker": broker_ok()}
    return {"status": "ok" if all(parts.values()) else "error", **parts}
