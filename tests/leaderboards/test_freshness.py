"""'Computed … ago' under the boards: "just now" under a minute, whole plural sentences."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from leaderboards.freshness import computed_ago
from leaderboards.models import RankingState

NOW = dt.datetime(2026, 12, 1, 5, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("seconds", "expected"),
    [
        (0, "Computed just now."),
        (59, "Computed just now."),
        (-5, "Computed just now."),  # a clock a little ahead of the server's
        (60, "Computed 1 minute ago."),
        (119, "Computed 1 minute ago."),
        (120, "Computed 2 minutes ago."),
        (3599, "Computed 59 minutes ago."),
        (3600, "Computed 1 hour ago."),
        (5 * 3600 + 59 * 60, "Computed 5 hours ago."),
        (86400, "Computed 1 day ago."),
        (3 * 86400 + 3600, "Computed 3 days ago."),
    ],
)
def test_how_long_ago_in_the_largest_whole_unit(seconds, expected):
    assert computed_ago(NOW - dt.timedelta(seconds=seconds), NOW) == expected


@pytest.mark.django_db
def test_the_board_says_just_now_for_a_fresh_computation_and_nothing_before_the_first(client):
    page = client.get("/leaderboards/").content.decode()
    assert "Computed" not in page
    RankingState.objects.update_or_create(pk=1, defaults={"computed_at": timezone.now()})
    page = client.get("/leaderboards/").content.decode()
    assert "Computed just now." in page
    assert "0 minutes" not in page
    earlier = timezone.now() - dt.timedelta(minutes=2, seconds=5)
    RankingState.objects.filter(pk=1).update(computed_at=earlier)
    assert "Computed 2 minutes ago." in client.get("/leaderboards/").content.decode()
