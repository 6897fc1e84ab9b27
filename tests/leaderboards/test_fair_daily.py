"""A fair daily: only a signed-in player's first attempt of the day is ranked.

A guest (any fresh cookie jar) plays for practice and is shown where that
score would place, by the board's own measure.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import (
    DailyDealFactory,
    PlayerFactory,
    UserFactory,
    finished_daily_attempt,
)
from moves import finish_in_one_hand

from games.daily import ensure_daily, today
from games.models import Match, Player
from games.services import GameError, start_daily_match
from leaderboards.models import DailyRank
from leaderboards.ranking import recompute, would_place

pytestmark = pytest.mark.django_db
HANDS = 10


def attempt(player, deal, score_each_hand, ranked, minutes_ago=0):
    """A finished attempt at a day's deal with its hand results (rows only)."""
    finished = timezone.now() - dt.timedelta(minutes=minutes_ago)
    return finished_daily_attempt(
        player, deal, score_each_hand, ranked=ranked, finished_at=finished
    )


def board_of_three(deal):
    """Accounts scoring +2, 0 and -2 a hand: each deal's mean is 0, skills 20, 0, -20."""
    for score in (2, 0, -2):
        attempt(PlayerFactory(account=True), deal, score, ranked=True, minutes_ago=30)
    recompute()


def text(response) -> str:
    return response.content.decode()


def test_a_guest_starting_the_daily_plays_for_practice(client):
    response = client.post(reverse("leaderboards:start_daily"))
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.player.user is None
    assert match.daily.date == today() and match.ranked is False
    again = client.post(reverse("leaderboards:start_daily"), {"ranked": "true"})
    assert again["Location"] == response["Location"]  # back to the unfinished attempt
    assert Match.objects.count() == 1
    page = text(client.get(reverse("leaderboards:daily")))
    assert 'data-daily-status="in-progress"' in page
    assert "Your practice attempt is in progress." in page


def test_fresh_cookie_jars_never_get_a_ranked_attempt():
    for _ in range(3):
        assert Client().post(reverse("leaderboards:start_daily")).status_code == 302
    assert Match.objects.filter(daily__date=today()).count() == 3
    assert not Match.objects.filter(ranked=True).exists()


def test_the_service_refuses_a_ranked_attempt_to_a_guest():
    with pytest.raises(GameError):
        start_daily_match(PlayerFactory(), DailyDealFactory(), ranked=True)
    assert not Match.objects.exists()


def test_signed_in_the_first_attempt_is_the_ranked_one(client):
    client.force_login(UserFactory())
    first = client.post(reverse("leaderboards:start_daily"))
    second = client.post(reverse("leaderboards:start_daily"))
    assert first["Location"] == second["Location"]
    assert list(Match.objects.values_list("ranked", flat=True)) == [True]


def test_a_finished_guest_attempt_shows_where_it_would_place_and_invites_to_sign_up(client):
    deal = ensure_daily(today())
    board_of_three(deal)
    client.post(reverse("leaderboards:start_daily"))
    guest = Player.objects.get(user=None)
    Match.objects.filter(player=guest).delete()
    attempt(guest, deal, 1, ranked=False)  # skill 10: between +20 and 0
    page = text(client.get(reverse("leaderboards:daily")))
    assert 'data-daily-status="finished"' in page
    assert 'data-would-place="2"' in page
    assert "which has 3 ranked players" in page
    assert "data-invitation" in page and reverse("accounts:signup") in page
    assert DailyRank.objects.filter(daily=deal).count() == 3
    assert not DailyRank.objects.filter(player=guest).exists()
    home = text(client.get(reverse("games:home")))
    assert "+10 as practice" in home


def test_would_place_uses_the_boards_measure_and_order():
    deal = DailyDealFactory()
    board_of_three(deal)
    assert [r.skill for r in DailyRank.objects.filter(daily=deal)] == [20.0, 0.0, -20.0]
    best = would_place(attempt(PlayerFactory(), deal, 3, ranked=False))
    assert (best.place, best.skill, best.ranked_attempts) == (1, 30.0, 3)
    # Level with the ranked 0, which finished earlier: it stays ahead.
    level = would_place(attempt(PlayerFactory(), deal, 0, ranked=False))
    assert (level.place, level.skill) == (3, 0.0)
    last = would_place(attempt(PlayerFactory(), deal, -5, ranked=False))
    assert last.place == 4
    assert DailyRank.objects.filter(daily=deal).count() == 3


def test_an_empty_board_places_a_practice_attempt_first():
    deal = DailyDealFactory()
    alone = would_place(attempt(PlayerFactory(), deal, 4, ranked=False))
    assert (alone.place, alone.skill, alone.ranked_attempts) == (1, 0.0, 0)


def test_a_guest_played_to_the_end_through_the_pages_is_placed(client):
    board_of_three(ensure_daily(today()))
    client.post(reverse("leaderboards:start_daily"))
    match = Match.objects.get(player__user=None)
    finish_in_one_hand(match.player, match)
    page = text(client.get(reverse("leaderboards:daily")))
    assert "as practice (not ranked)" in page
    assert "data-would-place=" in page
    assert not DailyRank.objects.filter(match=match).exists()


def test_a_guest_attempt_stays_practice_after_signing_up_and_so_does_the_day(client):
    user = UserFactory()
    deal = ensure_daily(today())
    client.post(reverse("leaderboards:start_daily"))
    as_guest = Match.objects.get()
    finish_in_one_hand(as_guest.player, as_guest)
    client.post(reverse("accounts:login"), {"username": user.username, "password": "password"})
    as_guest.refresh_from_db()
    assert as_guest.player.user == user and as_guest.ranked is False
    page = text(client.get(reverse("leaderboards:daily")))
    assert 'data-daily-status="not-played"' in page and "data-practised-as-guest" in page
    assert "from tomorrow" in page
    # The cards were seen as a guest: today's next attempt is practice too, not ranked.
    response = client.post(reverse("leaderboards:start_daily"))
    again = Match.objects.exclude(pk=as_guest.pk).get()
    assert response["Location"] == reverse("games:table", args=[again.pk])
    assert again.player.user == user and again.daily == deal and again.ranked is False
    assert not Match.objects.filter(ranked=True).exists()


def test_a_guest_may_practise_today_but_nobody_sees_tomorrow(client):
    deal = ensure_daily(today())
    tomorrow = ensure_daily(today() + dt.timedelta(days=1))
    assert (
        client.post(reverse("leaderboards:practice", args=[deal.date.isoformat()])).status_code
        == 302
    )
    assert Match.objects.get().ranked is False
    early = client.post(reverse("leaderboards:practice", args=[tomorrow.date.isoformat()]))
    assert early.status_code == 404
    assert not Match.objects.filter(daily=tomorrow).exists()
