"""The Celery jobs, run by a real worker against the Redis broker on this machine."""

import datetime as dt

import pytest
from celery_worker import sent_with_its_connection_cut, wait_for
from django.utils import timezone
from factories import DailyDealFactory, HandOutcomeFactory, MatchFactory, PlayerFactory

from games.daily import DAILY_GAMES
from games.models import DailyDeal
from leaderboards.models import DailyRank, RankingDue, RankingState
from leaderboards.ranking import mark_due
from leaderboards.tasks import (
    _queue_ranking,
    create_daily_deals,
    rank_finished_match,
    recompute_rankings,
)

DAY = dt.date(2027, 3, 1)
HANDS = 10


def ranked_attempts(deal, scores_per_hand):
    """One finished ranked attempt on ``deal`` per score, each of ten hands of that score."""
    matches = []
    for score in scores_per_hand:
        match = MatchFactory(daily=deal, ranked=True, finished_at=timezone.now())
        for number in range(HANDS):
            HandOutcomeFactory(match=match, number=number, score=score)
        matches.append(match)
    return matches


@pytest.mark.django_db(transaction=True)
def test_a_worker_creates_the_daily_deals(worker):
    create_daily_deals.apply_async(args=[DAY.isoformat()], queue=worker.queue)
    days = [DAY, DAY + dt.timedelta(days=1)]
    wait_for(lambda: DailyDeal.objects.filter(date__in=days).count() == 2 * len(DAILY_GAMES))
    # Running it again changes nothing: still one row a day. The worker takes
    # one task at a time in order, so once the recompute sent after it has run,
    # the second creation has run too.
    create_daily_deals.apply_async(args=[DAY.isoformat()], queue=worker.queue)
    recompute_rankings.apply_async(queue=worker.queue)
    wait_for(lambda: RankingState.objects.filter(computed_at__isnull=False).exists())
    assert sorted(DailyDeal.objects.filter(date=DAY).values_list("game", flat=True)) == sorted(
        DAILY_GAMES
    )


@pytest.mark.django_db(transaction=True)
def test_a_worker_recomputes_the_rankings(worker):
    deal = DailyDealFactory(date=DAY)
    ranked_attempts(deal, [-1, 0, 1])
    recompute_rankings.apply_async(queue=worker.queue)
    wait_for(lambda: DailyRank.objects.filter(daily=deal).count() == 3)
    assert list(
        DailyRank.objects.filter(daily=deal).order_by("rank").values_list("score", flat=True)
    ) == [10, 0, -10]


@pytest.mark.django_db(transaction=True)
def test_a_recompute_whose_database_connection_dies_is_retried_and_done_once(worker):
    deal = DailyDealFactory(date=DAY)
    ranked_attempts(deal, [2, -2])
    sent = timezone.now()
    result = sent_with_its_connection_cut(
        worker,
        RankingState._meta.db_table,
        lambda: recompute_rankings.apply_async(queue=worker.queue),
    )
    wait_for(lambda: worker.task_ids(recompute_rankings.name, "succeeded"), what="the retry")
    assert worker.task_ids(recompute_rankings.name, "retry") == [result.id]
    assert worker.task_ids(recompute_rankings.name, "succeeded") == [result.id]
    assert "OperationalError" in worker.log()
    assert RankingState.objects.get().computed_at > sent
    assert list(
        DailyRank.objects.filter(daily=deal).order_by("rank").values_list("score", "rank")
    ) == [(20, 1), (-20, 2)]


@pytest.mark.django_db(transaction=True)
def test_a_worker_ranks_a_finished_match_then_the_catch_up_ranks_one_never_queued(worker):
    deal = DailyDealFactory(date=DAY)
    first, second = ranked_attempts(deal, [1, 3])
    for match in (first, second):
        mark_due(match)
    rank_finished_match.apply_async(kwargs={"match_id": str(first.pk)}, queue=worker.queue)
    wait_for(lambda: DailyRank.objects.filter(match=first).exists(), what="the match's ranking")
    assert list(RankingDue.objects.values_list("match_id", flat=True)) == [second.pk]
    # The second's task was lost (the broker was down, say): the beat's catch-up ranks it.
    recompute_rankings.apply_async(kwargs={"force": False}, queue=worker.queue)
    wait_for(lambda: not RankingDue.objects.exists(), what="the catch-up")
    assert list(
        DailyRank.objects.filter(daily=deal).order_by("rank").values_list("match_id", flat=True)
    ) == [second.pk, first.pk]


@pytest.mark.django_db
def test_a_finished_ranked_match_queues_its_ranking_only_after_commit(
    django_capture_on_commit_callbacks,
):
    from games.services import _save, load_table, start_daily_match

    deal = DailyDealFactory(date=DAY)
    match = start_daily_match(PlayerFactory(account=True), deal, ranked=True)
    match.hand_count = 1
    table = load_table(match)
    state = table.state
    from rules_engine.players import player_for

    while not state.is_over:
        state = state.apply(player_for("standard").decide(state.view(state.turn), b"x"))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _save(match, table.hand, state)
    assert [c.args for c in callbacks if getattr(c, "func", None) is _queue_ranking] == [
        (str(match.pk),)
    ]
