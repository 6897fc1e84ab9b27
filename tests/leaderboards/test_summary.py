"""A finished daily's own summary: score, skill, the place on the day's board (polled
until the board is computed), and for a guest where it would place."""

import pytest
from django.urls import reverse
from factories import PlayerFactory, finished_daily_attempt
from moves import finish_in_one_hand
from seating import seat_player

from games.daily import ensure_daily, today
from games.services import start_daily_match
from leaderboards import summary
from leaderboards.models import DailyRank
from leaderboards.ranking import recompute

pytestmark = pytest.mark.django_db

POLL = 'hx-trigger="every 3s"'


def summary_url(match) -> str:
    return reverse("leaderboards:daily_summary", args=[match.pk])


def place_url(match) -> str:
    return reverse("leaderboards:daily_place", args=[match.pk])


def test_a_ranked_attempt_says_its_place_appears_in_a_moment_then_the_poll_brings_it(client):
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    attempt = finish_in_one_hand(me, start_daily_match(me, ensure_daily(today()), ranked=True))
    score = attempt.scores[attempt.human_seat]

    page = client.get(summary_url(attempt)).content.decode()
    assert 'data-daily-summary="ranked"' in page
    assert f'data-summary-score="{score}"' in page
    assert 'data-daily-place="pending"' in page
    assert "appears in a moment" in page
    assert f'hx-get="{place_url(attempt)}?try=1" {POLL}' in page

    waiting = client.get(place_url(attempt)).content.decode()
    assert 'data-daily-place="pending"' in waiting and POLL in waiting

    recompute()
    rank = DailyRank.objects.get(match=attempt)
    placed = client.get(place_url(attempt)).content.decode()
    assert f'data-daily-place="{rank.rank}"' in placed
    assert POLL not in placed  # the place is known: polling stops with this swap
    assert f'class="mine" aria-current="true" data-rank="{rank.rank}"' in placed
    page = client.get(summary_url(attempt)).content.decode()
    assert f'data-daily-place="{rank.rank}"' in page
    assert "appears in a moment" not in page
    assert f"?game=sheepshead&amp;date={today().isoformat()}" in page  # the day's board


def test_the_poll_gives_up_after_its_tries_and_stops_for_a_gone_attempt(client):
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    attempt = finish_in_one_hand(me, start_daily_match(me, ensure_daily(today()), ranked=True))
    tries = summary.PLACE_POLL_TRIES
    asking = client.get(place_url(attempt) + f"?try={tries - 1}").content.decode()
    assert f'?try={tries}" {POLL}' in asking
    last = client.get(place_url(attempt) + f"?try={tries}").content.decode()
    assert 'data-daily-place="pending"' in last and POLL not in last
    assert 'data-action="refresh-place"' in last  # the reader may still ask by hand
    for hostile in ("-5", "\u00b2", "9" * 50):
        assert POLL in client.get(place_url(attempt), {"try": hostile}).content.decode()
    client.logout()  # the session ends in another tab: the poll is told to stop
    poll = client.get(place_url(attempt), HTTP_HX_REQUEST="true")
    assert poll.status_code == summary.STOP_POLLING


def test_the_skill_is_explained_and_the_table_place_kept_apart_from_the_board(client):
    deal = ensure_daily(today())
    for score in (2, -2):
        finished_daily_attempt(PlayerFactory(account=True), deal, score, ranked=True)
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    attempt = finished_daily_attempt(me, deal, 1, ranked=True)
    recompute()
    rank = DailyRank.objects.get(match=attempt)
    assert rank.rank == 2 and rank.skill > 0
    page = client.get(summary_url(attempt)).content.decode()
    assert "points more than the average ranked player" in page
    assert 'data-table-place="1"' in page  # the rows-only match: the others' totals are 0
    assert "Place 1 of the 5 players" in page
    assert "Place 2 of 3 on the day’s board" in page


def test_a_guests_daily_is_practice_shows_where_it_would_place_and_invites_to_sign_up(client):
    deal = ensure_daily(today())
    for score in (2, 0, -2):
        finished_daily_attempt(PlayerFactory(account=True), deal, score, ranked=True)
    recompute()
    guest = seat_player(client)
    attempt = finished_daily_attempt(guest, deal, 1, ranked=False)
    page = client.get(summary_url(attempt)).content.decode()
    assert 'data-daily-summary="practice"' in page
    assert 'data-would-place="2"' in page
    assert POLL not in page  # a practice attempt never joins the board: nothing to wait for
    assert "data-invitation" in page
    assert 'data-action="signup"' in page


def test_someone_elses_attempt_is_not_found_and_an_unfinished_one_goes_to_its_table(client):
    deal = ensure_daily(today())
    other = finished_daily_attempt(PlayerFactory(account=True), deal, 1, ranked=True)
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    assert client.get(summary_url(other)).status_code == 404
    assert client.get(place_url(other)).status_code == 404
    poll = client.get(place_url(other), HTTP_HX_REQUEST="true")  # told to stop, shown nothing
    assert poll.status_code == summary.STOP_POLLING and poll.content == b""
    unfinished = start_daily_match(me, deal, ranked=True)
    response = client.get(summary_url(unfinished))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[unfinished.pk])


def test_a_guest_without_a_session_finds_no_summary(client):
    attempt = finished_daily_attempt(PlayerFactory(), ensure_daily(today()), 1, ranked=False)
    assert client.get(summary_url(attempt)).status_code == 404
