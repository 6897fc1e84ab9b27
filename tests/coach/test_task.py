"""The coach's task, run by a real Celery worker against the Redis broker on this machine:
a finished hand's analysis is stored once, however often the task runs, and the same."""

from __future__ import annotations

import pytest
from celery_worker import sent_with_its_connection_cut, wait_for
from factories import PlayerFactory
from moves import finish_in_one_hand

from coach.analysis import analyse
from coach.models import HandAnalysis
from coach.tasks import analyse_hand
from games.services import start_match

SEED = b"a hand for the coach's worker".ljust(32, b"\0")


def finished_hand():
    player = PlayerFactory()
    match = finish_in_one_hand(player, start_match(player, "beginner", seed=SEED), "random")
    return match, match.hands.get()


@pytest.mark.django_db(transaction=True)
def test_a_worker_analyses_a_finished_hand_once_however_often_it_is_asked(worker):
    match, hand = finished_hand()
    first = analyse_hand.apply_async(kwargs={"hand_id": hand.pk}, queue=worker.queue)
    wait_for(lambda: HandAnalysis.objects.filter(hand=hand).exists(), what="the analysis")
    second = analyse_hand.apply_async(kwargs={"hand_id": hand.pk}, queue=worker.queue)
    wait_for(lambda: second.id in worker.task_ids(analyse_hand.name, "succeeded"))
    assert worker.task_ids(analyse_hand.name, "succeeded") == [first.id, second.id]
    stored = HandAnalysis.objects.get(hand=hand)
    assert HandAnalysis.objects.count() == 1
    expected = analyse(hand.record, match.human_seat, bytes(match.seed), hand.number)
    assert stored.verdicts == [v.to_json() for v in expected]
    assert stored.decisions == len(expected) and stored.player_id == match.player_id


@pytest.mark.django_db(transaction=True)
def test_an_analysis_whose_database_connection_dies_is_retried_and_stored_once(worker):
    _match, hand = finished_hand()
    result = sent_with_its_connection_cut(
        worker,
        HandAnalysis._meta.db_table,
        lambda: analyse_hand.apply_async(kwargs={"hand_id": hand.pk}, queue=worker.queue),
    )
    wait_for(lambda: worker.task_ids(analyse_hand.name, "succeeded"), what="the retry")
    assert worker.task_ids(analyse_hand.name, "succeeded") == [result.id]
    assert HandAnalysis.objects.filter(hand=hand).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_hand_that_is_not_there_is_done_with_nothing_stored(worker):
    result = analyse_hand.apply_async(kwargs={"hand_id": 10**9}, queue=worker.queue)
    wait_for(lambda: result.id in worker.task_ids(analyse_hand.name, "succeeded"))
    assert not HandAnalysis.objects.exists()
