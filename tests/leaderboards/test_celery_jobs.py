"""The Celery jobs, run by a real worker against the Redis broker on this machine."""

import datetime as dt
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone
from factories import PlayerFactory

from games.daily import ensure_daily
from games.models import DailyDeal, HandOutcome, Match, Player
from leaderboards.models import DailyRank, RankingState
from leaderboards.tasks import _queue_recompute, create_daily_deals, recompute_rankings

ROOT = Path(__file__).resolve().parents[2]
DAY = dt.date(2027, 3, 1)


def wait_for(condition, seconds=60.0, what="the worker"):
    """Poll until ``condition()`` holds; fail with a message at the deadline."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not finish within {seconds:.0f} s")


@pytest.fixture
def worker():
    """A Celery worker process on its own queue, using the test database."""
    queue = f"test-{uuid.uuid4().hex[:12]}"
    db = connection.settings_dict
    env = dict(
        os.environ,
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}",
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield queue
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.django_db(transaction=True)
def test_a_worker_creates_the_daily_deals(worker):
    create_daily_deals.apply_async(args=[DAY.isoformat()], queue=worker)
    wait_for(
        lambda: DailyDeal.objects.filter(date__in=[DAY, DAY + dt.timedelta(days=1)]).count() == 2
    )
    # Running it again changes nothing: still one row a day. The worker takes
    # one task at a time in order, so once the recompute sent after it has run,
    # the second creation has run too.
    create_daily_deals.apply_async(args=[DAY.isoformat()], queue=worker)
    recompute_rankings.apply_async(queue=worker)
    wait_for(lambda: RankingState.objects.filter(computed_at__isnull=False).exists())
    assert DailyDeal.objects.filter(date=DAY).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_worker_recomputes_the_rankings(worker):
    deal = ensure_daily(DAY)
    for n in range(3):
        player = Player.objects.create()
        match = Match.objects.create(
            player=player,
            seed=b"s",
            first_dealer=0,
            daily=deal,
            ranked=True,
            finished_at=timezone.now(),
        )
        for number in range(10):
            HandOutcome.objects.create(
                player=player,
                match=match,
                number=number,
                score=n - 1,
                daily=deal,
                ranked=True,
                finished_at=timezone.now(),
            )
    recompute_rankings.apply_async(queue=worker)
    wait_for(lambda: DailyRank.objects.filter(daily=deal).count() == 3)
    assert list(
        DailyRank.objects.filter(daily=deal).order_by("rank").values_list("score", flat=True)
    ) == [10, 0, -10]


@pytest.mark.django_db
def test_a_finished_ranked_match_queues_a_recompute_only_after_commit(
    django_capture_on_commit_callbacks,
):
    from games.services import _save, load_table, start_daily_match

    deal = ensure_daily(DAY)
    player = PlayerFactory(account=True)
    match = start_daily_match(player, deal, ranked=True)
    match.hand_count = 1
    table = load_table(match)
    state = table.state
    from rules_engine.players import player_for

    while not state.is_over:
        state = state.apply(player_for("standard").decide(state.view(state.turn), b"x"))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _save(match, table.hand, state)
    assert _queue_recompute in callbacks


def test_the_jobs_retry_on_database_errors_and_acknowledge_late():
    for task in (recompute_rankings, create_daily_deals):
        assert DatabaseError in task.autoretry_for
        assert task.acks_late is True
        assert task.max_retries >= 3
    assert settings.DATABASES["default"].get("CONN_HEALTH_CHECKS") is True
