"""The factories build valid rows that the site's own code reads back the same way."""

import pytest
from factories import (
    AllTimeRankFactory,
    DailyDealFactory,
    DailyRankFactory,
    HandOutcomeFactory,
    LessonProgressFactory,
    MatchFactory,
    PlayerFactory,
)

from games.daily import daily_seed

pytestmark = pytest.mark.django_db


def test_a_player_is_a_guest_unless_asked_for_an_account():
    guest = PlayerFactory()
    member = PlayerFactory(account=True)
    assert guest.user is None and guest.display_name.startswith("Guest")
    assert member.user is not None and member.display_name == member.user.username
    assert member.user.check_password("password")


def test_a_daily_deal_has_the_seed_of_its_date():
    deal = DailyDealFactory()
    assert bytes(deal.seed) == daily_seed(deal.date)
    assert DailyDealFactory(date=deal.date).pk == deal.pk


def test_an_outcome_follows_its_match():
    outcome = HandOutcomeFactory(match=MatchFactory(on_daily=True, ranked=True), score=-3)
    assert outcome.player == outcome.match.player
    assert outcome.daily == outcome.match.daily and outcome.ranked


def test_ranks_and_progress_are_rows_of_their_player():
    rank = DailyRankFactory()
    assert rank.match.ranked and rank.daily == rank.match.daily
    assert AllTimeRankFactory().player.user is not None
    assert LessonProgressFactory(completed_exercises=["a"]).completed_exercises == ["a"]
