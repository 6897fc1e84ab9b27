"""The profile shows, per game, what a decision cost on average day by day."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from factories import FinishedHandFactory, HandAnalysisFactory, MatchFactory, PlayerFactory

from coach.models import HandAnalysis
from coach.progress import progress_of

pytestmark = pytest.mark.django_db
NOON = dt.datetime(2026, 11, 30, 12, tzinfo=dt.UTC)


def analysed(player, game, when, decisions, cost, **match):
    hand = FinishedHandFactory(match=MatchFactory(player=player, game=game, **match))
    analysis = HandAnalysisFactory(hand=hand, decisions=decisions, total_cost=cost)
    HandAnalysis.objects.filter(pk=analysis.pk).update(created_at=when)


def test_the_average_cost_per_decision_is_kept_per_game_and_day():
    player = PlayerFactory(account=True)
    analysed(player, "sheepshead", NOON, 4, 2.0)
    analysed(player, "sheepshead", NOON + dt.timedelta(hours=1), 6, 0.5)
    analysed(player, "sheepshead", NOON + dt.timedelta(days=1), 5, 0.5)
    analysed(player, "schafkopf", NOON, 8, 40.0)
    analysed(PlayerFactory(), "sheepshead", NOON, 1, 9.0)  # someone else's
    sheepshead, schafkopf = progress_of(player)
    assert sheepshead.game == "sheepshead" and sheepshead.decisions == 15
    assert sheepshead.days == ((NOON.date(), 0.25), (NOON.date() + dt.timedelta(days=1), 0.1))
    assert schafkopf.days == ((NOON.date(), 5.0),)


def test_the_profile_draws_one_chart_per_game_the_coach_has_seen(client):
    player = PlayerFactory(account=True)
    client.force_login(player.user)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "data-coach-game" not in page and "The coach looks at every hand" in page
    analysed(player, "sheepshead", NOON, 4, 2.0)
    analysed(player, "schafkopf", NOON, 8, 40.0)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'data-coach-game="sheepshead"' in page and 'data-coach-game="schafkopf"' in page
    assert 'id="coach-chart-sheepshead-title"' in page
    assert "0.50" in page and "€0.05" in page  # 2 points over 4 decisions; 40 cents over 8
