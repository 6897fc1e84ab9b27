"""The coach's Celery task: analyse a finished hand once, by its id.

Idempotent (a hand's analysis is stored once; running the task again finds it and
stops), retried on database errors, and seeded (the same hand always gives the same
analysis), so a task delivered twice changes nothing.
"""

from __future__ import annotations

from celery import shared_task
from django.db import close_old_connections, transaction

from config.tasks import RETRY, queue_safely

from .store import analyse_hand_once


@shared_task(name="coach.analyse_hand", **RETRY)
def analyse_hand(hand_id: int) -> dict:
    """Analyse one finished hand (what its end queues)."""
    close_old_connections()
    analysis, created = analyse_hand_once(hand_id)
    if analysis is None:
        return {"analysed": False}
    return {"analysed": created, "decisions": analysis.decisions}


def schedule_analysis(sender, hand, match, **kwargs) -> None:
    """Once the hand's end commits, queue its analysis. If the broker can't be reached
    the page says the analysis is pending; it is queued again when the page asks."""
    transaction.on_commit(lambda: queue_safely(analyse_hand, kwargs={"hand_id": hand.pk}))
