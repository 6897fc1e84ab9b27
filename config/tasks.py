"""What every Celery task of the site shares: retrying on database errors, and queueing
that never fails the request that asks for it."""

from __future__ import annotations

import logging

from django.db import DatabaseError

logger = logging.getLogger(__name__)

#: Acknowledged late (a task whose worker dies runs again) and retried with backoff on
#: database errors, so a PostgreSQL restart only delays a task.
RETRY = {
    "autoretry_for": (DatabaseError,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 8,
    "acks_late": True,
}


def queue_safely(task, **options) -> bool:
    """Queue ``task``; if the broker can't be reached, log it and go on (False)."""
    try:
        task.apply_async(**options)
    except Exception:  # the broker is down: not the player's problem
        logger.exception("Could not queue %s", task.name)
        return False
    return True
