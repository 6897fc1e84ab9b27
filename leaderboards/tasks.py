"""Celery tasks: thin, idempotent wrappers around plain functions.

Acknowledged late (a task whose worker dies runs again), retried on database
errors with backoff, and connections are health-checked (CONN_HEALTH_CHECKS),
so a PostgreSQL restart only delays them.
"""

from __future__ import annotations

import datetime as dt
import logging
from functools import partial

from celery import shared_task
from django.db import close_old_connections, transaction

from config.tasks import RETRY, queue_safely
from games.daily import ensure_upcoming

from .ranking import (
    due_matches,
    mark_changed,
    mark_due,
    needs_full_recompute,
    rank_match,
    recompute,
)

logger = logging.getLogger(__name__)

#: Seconds a full recompute waits after the change that asks for it, so a burst of
#: them is done in one go.
DEBOUNCE_SECONDS = 10
#: Finished matches the catch-up ranks one by one; with more waiting, one full
#: recompute is cheaper.
CATCH_UP_MATCHES = 500


@shared_task(name="leaderboards.recompute_rankings", **RETRY)
def recompute_rankings(force: bool = True) -> dict:
    """Rebuild both boards; with ``force=False`` (the beat's catch-up) only what waits:
    a full recompute if a change asks for one, else the finished matches not ranked."""
    close_old_connections()
    full = force or needs_full_recompute()
    due = [] if full else due_matches(CATCH_UP_MATCHES + 1)
    if full or len(due) > CATCH_UP_MATCHES:
        summary = recompute()
        return {"skipped": False, "daily": summary.daily_rows, "all_time": summary.all_time_rows}
    if not due:
        return {"skipped": True}
    for match_id in due:
        rank_match(match_id)
    return {"skipped": False, "matches": len(due)}


@shared_task(name="leaderboards.rank_finished_match", **RETRY)
def rank_finished_match(match_id: str) -> dict:
    """Bring the boards up to date with one finished match (what a finish queues)."""
    close_old_connections()
    return {"ranked": rank_match(match_id)}


@shared_task(name="games.create_daily_deals", **RETRY)
def create_daily_deals(date: str | None = None) -> list[str]:
    """Make sure today's and tomorrow's deals exist (run before each day starts)."""
    close_old_connections()
    deals = ensure_upcoming(dt.date.fromisoformat(date) if date else None)
    return [deal.date.isoformat() for deal in deals]


def schedule_ranking(match) -> None:
    """Note the finished match as due now; once the transaction commits, queue its ranking.

    If the broker can't be reached the beat's catch-up ranks it."""
    mark_due(match)
    transaction.on_commit(partial(_queue_ranking, str(match.pk)))


def _queue_ranking(match_id: str) -> None:
    _queue(rank_finished_match, kwargs={"match_id": match_id})


def schedule_recompute() -> None:
    """Note a change only a full recompute covers; once the transaction commits, queue a
    debounced one. If the broker can't be reached the beat's catch-up does it."""
    mark_changed()
    transaction.on_commit(_queue_recompute)


def _queue_recompute() -> None:
    _queue(recompute_rankings, kwargs={"force": False}, countdown=DEBOUNCE_SECONDS)


def _queue(task, **options) -> None:
    if not queue_safely(task, **options):
        logger.warning("The beat's catch-up will do %s", task.name)
