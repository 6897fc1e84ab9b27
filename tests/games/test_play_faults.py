"""Cutting PostgreSQL and Redis in the middle of play, through TCP proxies the test controls.

Requests go through the real views; each one is wrapped the way a WSGI server
wraps it (``close_old_connections`` before and after, which Django's test
client leaves out), because that is where a kept connection is health-checked.
Whatever is cut, and whenever, the hand's stored record must be exactly the
engine's replay of the moves made: no move lost, none applied twice. A ranked
match finished while the broker is cut is still ranked, by the beat's catch-up.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import kombu.pools
import pytest
from celery_worker import Worker, purge, wait_for
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.test import Client
from factories import DailyDealFactory, PlayerFactory
from moves import standard_move
from tcp_proxy import TcpProxy

from config import celery_app
from games.models import Match, Player
from games.services import _computer_action, load_table, start_daily_match, start_match
from leaderboards import tasks
from leaderboards.models import DailyRank
from leaderboards.ranking import needs_recompute
from rules_engine.match import Match as EngineMatch
from rules_engine.players import player_for

from .conftest import DEALER_1_SEED

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}
RECOMPUTE = tasks.recompute_rankings.name
RANK = tasks.rank_finished_match.name


@pytest.fixture
def db_proxy(transactional_db):
    """This thread's database connection goes through a proxy the test can cut."""
    settings_dict = connection.settings_dict
    saved = settings_dict["HOST"], settings_dict["PORT"]
    with TcpProxy((saved[0] or "127.0.0.1", int(saved[1] or 5432))) as proxy:
        connection.close()
        settings_dict["HOST"], settings_dict["PORT"] = "127.0.0.1", str(proxy.port)
        try:
            yield proxy
        finally:
            connection.close()
            settings_dict["HOST"], settings_dict["PORT"] = saved


def serve(client, path: str, data: dict, htmx: bool = True):
    """POST as a WSGI server runs a request: stale connections are dealt with around it."""
    close_old_connections()
    try:
        return client.post(path, data, **(HTMX if htmx else {}))
    finally:
        close_old_connections()


def expected_actions(match: Match, number: int) -> tuple:
    """The hand as the engine plays it alone: the standard player's moves in the human's
    seat (what the test sends) and the computers' deterministic moves elsewhere."""
    hand = match.hands.get(number=number)
    state = EngineMatch(bytes(match.seed), match.first_dealer, match.hand_count).deal(number)
    while not state.is_over:
        if state.turn == match.human_seat:
            action = player_for("standard").decide(state.view(state.turn), b"test")
        else:
            action = _computer_action(match, hand, state)
        state = state.apply(action)
    return state.actions


def writes_for(actions, human_seat: int) -> int:
    """How many times the match is written for these actions: once per human move and
    once per run of computer moves."""
    writes, previous = 0, None
    for seat, *_rest in actions:
        human = seat == human_seat
        if human or previous is None or previous == human_seat:
            writes += 1
        previous = seat
    return writes


def cut_before_hand_update(proxy: TcpProxy):
    """An execute wrapper that cuts the proxy as the human's move is about to be written."""
    state = {"fired": False}

    def wrapper(execute, sql, params, many, context):
        if not state["fired"] and sql.startswith('UPDATE "games_hand"'):
            state["fired"] = True
            proxy.cut()
        return execute(sql, params, many, context)

    return wrapper


def cut_after_commit(proxy: TcpProxy):
    """An execute wrapper that cuts the proxy right after the human's move commits,
    before the computer players' answers are written."""
    state = {"fired": False}

    def wrapper(execute, sql, params, many, context):
        if not state["fired"] and sql.startswith('UPDATE "games_hand"'):
            state["fired"] = True
            transaction.on_commit(proxy.cut)
        return execute(sql, params, many, context)

    return wrapper


def test_cuts_between_and_during_moves_lose_no_move_and_apply_none_twice(client, guest, db_proxy):
    match = start_match(guest, "beginner", seed=DEALER_1_SEED)
    url = f"/play/{match.pk}/act"
    move_number = 0
    while True:
        match.refresh_from_db()
        table = load_table(match)
        if table.state.is_over:
            break
        fields = {**standard_move(match), "version": match.version}
        stored = (match.version, table.hand.record)
        connections_before = db_proxy.accepted
        if move_number == 1:
            # Cut while the move is being written: the request is refused clearly and
            # nothing of the move is stored; sending it again applies it.
            with connection.execute_wrapper(cut_before_hand_update(db_proxy)):
                failed = serve(client, url, fields)
            assert failed.status_code == 503
            assert failed["Retry-After"].isdigit()
            assert failed["HX-Refresh"] == "true"  # htmx swaps no error: reload the table
            assert "Please try again in a moment" in failed.content.decode()
            match.refresh_from_db()
            assert (match.version, load_table(match).hand.record) == stored
            connections_before = db_proxy.accepted  # the test's own reads reconnected
        elif move_number == 2:
            # Cut just after the move commits, before the computers answer: the request
            # fails, the move is stored once; the same form sent again (a second click)
            # is stale, and the table it shows has the computers' answers.
            with connection.execute_wrapper(cut_after_commit(db_proxy)):
                failed = serve(client, url, fields)
            assert failed.status_code == 503
            match.refresh_from_db()
            assert match.version == stored[0] + 1
            again = serve(client, url, fields)
            assert again.status_code == 200
            assert "This table had changed" in again.content.decode()
            move_number += 1
            continue
        elif move_number == 3:
            # The database refuses connections for a while: a clear refusal, then it works.
            db_proxy.refuse()
            failed = serve(client, url, fields, htmx=False)
            assert failed.status_code == 503
            assert "HX-Refresh" not in failed  # a plain form post shows the page itself
            assert "Please try again in a moment" in failed.content.decode()
            db_proxy.restore()
            assert db_proxy.refused >= 1
        else:
            # Between requests, every kept connection is cut: the next request reconnects.
            assert db_proxy.cut() >= 1
        response = serve(client, url, fields)
        assert response.status_code == 200, response.content.decode()[:500]
        if move_number != 1:
            assert db_proxy.accepted > connections_before  # the request reconnected
        move_number += 1

    assert move_number >= 4  # every kind of cut above happened
    match.refresh_from_db()
    expected = expected_actions(match, 0)
    assert load_table(match).state.actions == expected
    assert match.version == writes_for(expected, match.human_seat)
    assert match.outcomes.count() == 1


# -- the broker ---------------------------------------------------------------------------


def send_through(url: str | None) -> None:
    """Send this process's Celery messages to ``url`` (None: the configured broker),
    dropping its pooled connections. (CELERY_BROKER_URL in the environment outranks
    ``broker_url``, so the write URL is the one to set.)"""
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
    # kombu keeps a producer pool per broker URL for the whole process, over the
    # connection pool just closed: drop those too, or the next send meets a closed pool.
    kombu.pools.reset()
    celery_app.conf.broker_write_url = url
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def broker_proxy():
    """The web side's Celery messages go through a proxy the test can cut; workers
    reach Redis directly."""
    url = urlsplit(settings.CELERY_BROKER_URL)
    with TcpProxy((url.hostname, url.port or 6379)) as proxy:
        send_through(url._replace(netloc=f"127.0.0.1:{proxy.port}").geturl())
        try:
            yield proxy
        finally:
            send_through(None)


def finish_ranked_hand(client, player, deal) -> Match:
    """A ranked daily attempt of one hand, played through the views to its end."""
    match = start_daily_match(player, deal, ranked=True)
    Match.objects.filter(pk=match.pk).update(hand_count=1)
    match.refresh_from_db()
    while not match.is_finished:
        fields = {**standard_move(match), "version": match.version}
        response = client.post(f"/play/{match.pk}/act", fields, **HTMX)
        assert response.status_code == 200
        match.refresh_from_db()
    return match


@pytest.fixture
def worker(tmp_path):
    """A real worker on the queue the site sends its tasks to, emptied first."""
    queue = celery_app.conf.task_default_queue
    purge(queue)
    worker = Worker(queue, tmp_path).start()
    try:
        yield worker
    finally:
        worker.stop()


def signed_in(client) -> Player:
    """An account's player, logged in on ``client``: only they get ranked attempts."""
    player = PlayerFactory(account=True)
    client.force_login(player.user)
    return player


def test_ranked_matches_finished_while_the_broker_is_cut_are_ranked_all_the_same(
    client, broker_proxy, worker, monkeypatch
):
    monkeypatch.setattr(tasks, "DEBOUNCE_SECONDS", 1)  # the test needn't wait out a burst
    deal = DailyDealFactory()

    # The broker refuses every connection: the last move is still answered, and the
    # change is noted in the database although no recompute could be queued.
    broker_proxy.refuse()
    first = finish_ranked_hand(client, signed_in(client), deal)
    assert broker_proxy.refused >= 1
    assert needs_recompute()

    # The beat's catch-up, sent as beat sends it once the broker is back, ranks it.
    broker_proxy.restore()
    entry = settings.CELERY_BEAT_SCHEDULE["recompute-rankings"]
    celery_app.send_task(entry["task"], kwargs=entry["kwargs"])
    wait_for(lambda: DailyRank.objects.filter(match=first).exists(), what="the catch-up")
    assert not needs_recompute()

    # The kept broker connection is cut; the next finished match queues its own
    # ranking over a new connection, and the worker runs it.
    assert broker_proxy.cut() >= 1
    connections_before = broker_proxy.accepted
    other = Client()
    second = finish_ranked_hand(other, signed_in(other), deal)
    assert broker_proxy.accepted > connections_before
    wait_for(lambda: DailyRank.objects.filter(match=second).exists(), what="the ranking")
    wait_for(lambda: len(worker.task_ids(RANK, "succeeded")) == 1, what="the match's ranking")
    assert DailyRank.objects.filter(daily=deal).count() == 2
    assert not needs_recompute()

    # The next catch-up finds nothing changed and skips the work.
    celery_app.send_task(entry["task"], kwargs=entry["kwargs"])
    wait_for(lambda: len(worker.task_ids(RECOMPUTE, "succeeded")) == 2, what="a second run")
    assert "{'skipped': True}" in worker.log()
    # Two catch-ups and the second match's own ranking: the first match queued none.
    received = worker.task_ids(RECOMPUTE, "received")
    assert len(set(received)) == len(received) == 2
    assert worker.task_ids(RECOMPUTE, "succeeded") == received
    assert worker.task_ids(RANK, "received") == worker.task_ids(RANK, "succeeded")
