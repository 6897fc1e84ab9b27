"""The factories build valid rows that the site's own code reads back the same way."""

import pytest
from factories import (
    AllTimeRankFactory,
    DailyDealFactory,
    DailyRankFactory,
    HandOutcomeFactory,
    LessonProgressFactory,
    MatchFactory,
    PlayedMatchFactory,
    PlayerFactory,
    RankedDailyMatchFactory,
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


def test_a_played_match_has_one_outcome_per_hand_score():
    match = PlayedMatchFactory(hand_scores=[2, -1, 3], hand_scores__picked=True)
    outcomes = list(match.outcomes.order_by("number"))
    assert [(o.number, o.score, o.picked) for o in outcomes] == [
        (0, 2, True),
        (1, -1, True),
        (2, 3, True),
    ]
    assert all(o.finished_at == match.finished_at and o.player == match.player for o in outcomes)
    unfinished = PlayedMatchFactory(finished_at=None)
    assert not unfinished.is_finished and unfinished.outcomes.count() == unfinished.hand_count


def test_a_ranked_daily_match_is_ten_ranked_hands_on_the_days_cards():
    match = RankedDailyMatchFactory()
    assert match.ranked and match.is_finished and bytes(match.seed) == bytes(match.daily.seed)
    assert match.first_dealer == match.daily.first_dealer
    outcomes = match.outcomes.all()
    assert len(outcomes) == 10 and all(o.ranked and o.daily == match.daily for o in outcomes)


def test_ranks_and_progress_are_rows_of_their_player():
    rank = DailyRankFactory()
    assert rank.match.ranked and rank.daily == rank.match.daily
    assert AllTimeRankFactory().player.user is not None
    assert LessonProgressFactory(completed_exercises=["a"]).completed_exercises == ["a"]
