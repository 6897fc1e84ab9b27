"""Celery tasks: thin, idempotent wrappers around plain functions.

Acknowledged late (a task whose worker dies runs again), retried on database
errors with backoff, and connections are health-checked (CONN_HEALTH_CHECKS),
so a PostgreSQL restart only delays them.
"""

from __future__ import annotations

import datetime as dt
import logging

from celery import shared_task
from django.db import DatabaseError, close_old_connections, transaction

from games.daily import ensure_upcoming

from .ranking import mark_changed, needs_recompute, recompute

logger = logging.getLogger(__name__)

#: Seconds a recompute waits after a daily match ends, so a burst of finishes
#: is ranked in one go.
DEBOUNCE_SECONDS = 10

RETRY = {
    "autoretry_for": (DatabaseError,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 8,
    "acks_late": True,
}


@shared_task(name="leaderboards.recompute_rankings", **RETRY)
def recompute_rankings(force: bool = True) -> dict:
    """Recompute both boards; with ``force=False`` only if results changed since."""
    close_old_connections()
    if not force and not needs_recompute():
        return {"skipped": True}
    summary = recompute()
    return {"skipped": False, "daily": summary.daily_rows, "all_time": summary.all_time_rows}


@shared_task(name="games.create_daily_deals", **RETRY)
def create_daily_deals(date: str | None = None) -> list[str]:
    """Make sure today's and tomorrow's deals exist (run before each day starts)."""
    close_old_connections()
    deals = ensure_upcoming(dt.date.fromisoformat(date) if date else None)
    return [deal.date.isoformat() for deal in deals]


def schedule_recompute() -> None:
    """Note the change now; once the transaction commits, queue a debounced recompute.

    If the broker can't be reached the beat schedule's recompute catches up.
    """
    mark_changed()
    transaction.on_commit(_queue_recompute)


def _queue_recompute() -> None:
    try:
        recompute_rankings.apply_async(kwargs={"force": False}, countdown=DEBOUNCE_SECONDS)
    except Exception:  # the broker is down: not the player's problem
        logger.exception("Could not queue a rankings recompute; the beat schedule will")
