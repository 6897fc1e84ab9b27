"""Rankings recomputed in the database agree with a brute-force computation."""

import datetime as dt
import random
from collections import defaultdict

import pytest
from django.utils import timezone
from factories import (
    DailyDealFactory,
    HandOutcomeFactory,
    MatchFactory,
    PlayerFactory,
    RankedDailyMatchFactory,
    UserFactory,
)

from games.models import HandOutcome, Match
from leaderboards.models import AllTimeRank, DailyRank
from leaderboards.ranking import needs_recompute, recompute

pytestmark = pytest.mark.django_db
START = dt.date(2026, 11, 1)


def random_world(rng: random.Random, days=6, players=14):
    deals = [
        DailyDealFactory(date=START + dt.timedelta(days=d), first_dealer=d % 5) for d in range(days)
    ]
    # Two players in three have an account (no password: no time spent hashing one).
    people = [
        PlayerFactory(user=UserFactory(password=None) if n % 3 else None) for n in range(players)
    ]
    base = timezone.now() - dt.timedelta(days=30)
    for deal in deals:
        for person in people:
            if rng.random() < 0.35:
                continue
            finished = rng.random() < 0.85
            ranked = rng.random() < 0.9
            match = MatchFactory(
                player=person,
                daily=deal,
                ranked=ranked,
                finished_at=base + dt.timedelta(minutes=rng.randrange(10_000))
                if finished
                else None,
            )
            for number in range(10 if finished else rng.randrange(1, 10)):
                HandOutcomeFactory(
                    match=match,
                    number=number,
                    score=rng.choice([-6, -4, -2, -1, 1, 2, 3, 4, 6]),
                    picked=rng.random() < 0.2,
                    finished_at=base,
                )
    # Ordinary matches count for points per hand, not for the daily boards.
    for person in people[:5]:
        match = MatchFactory(player=person)
        for number in range(rng.randrange(1, 10)):
            HandOutcomeFactory(
                match=match, number=number, score=rng.choice([-2, 1, 2]), finished_at=base
            )
    return deals, people


def brute_force():
    outcomes = list(HandOutcome.objects.select_related("match", "daily"))
    sums = defaultdict(list)
    for o in outcomes:
        if o.ranked:
            sums[(o.daily_id, o.number)].append(o.score)
    mean = {key: sum(v) / len(v) for key, v in sums.items()}
    attempts = defaultdict(lambda: [0, 0.0])
    for o in outcomes:
        if o.ranked and o.match.finished_at is not None:
            attempts[o.match_id][0] += o.score
            attempts[o.match_id][1] += o.score - mean[(o.daily_id, o.number)]
    by_day = defaultdict(list)
    for match_id, (score, skill) in attempts.items():
        match = Match.objects.get(pk=match_id)
        by_day[match.daily_id].append(
            (round(skill, 6), match.finished_at, str(match.pk), match, score)
        )
    daily = {}
    for day, rows in by_day.items():
        rows.sort(key=lambda r: (-r[0], r[1], r[2]))
        for rank, (skill, _finished, _id, match, score) in enumerate(rows, start=1):
            daily[match.pk] = (rank, score, skill, match.player_id, day)
    return daily, outcomes


def test_the_daily_boards_match_a_brute_force_computation():
    random_world(random.Random(5))
    recompute()
    expected, _ = brute_force()
    got = {
        r.match_id: (r.rank, r.score, round(r.skill, 6), r.player_id, r.daily_id)
        for r in DailyRank.objects.all()
    }
    assert got.keys() == expected.keys()
    for match_id, (rank, score, skill, player_id, day) in expected.items():
        g = got[match_id]
        assert (g[0], g[1], g[3], g[4]) == (rank, score, player_id, day)
        assert g[2] == pytest.approx(skill, abs=1e-6)


def test_the_all_time_board_matches_a_brute_force_computation():
    deals, people = random_world(random.Random(11))
    recompute()
    expected_daily, outcomes = brute_force()
    dates = {d.pk: d.date for d in deals}
    for person in people:
        row = AllTimeRank.objects.filter(player=person).first()
        mine = [v for v in expected_daily.values() if v[3] == person.pk]
        hands = [o for o in outcomes if o.player_id == person.pk]
        if person.user_id is None or (not mine and not hands):
            assert row is None
            continue
        assert row.days == len(mine)
        assert row.total_skill == pytest.approx(sum(v[2] for v in mine), abs=1e-5)
        assert row.hands == len(hands) and row.points == sum(o.score for o in hands)
        if mine:
            assert row.average_placement == pytest.approx(sum(v[0] for v in mine) / len(mine))
        days = sorted(dates[v[4]] for v in mine)
        best = run = 0
        for i, day in enumerate(days):
            run = run + 1 if i and day - days[i - 1] == dt.timedelta(days=1) else 1
            best = max(best, run)
        assert row.best_streak == best
    ranks = list(AllTimeRank.objects.order_by("rank").values_list("rank", "total_skill"))
    assert [r for r, _ in ranks] == list(range(1, len(ranks) + 1))
    assert [s for _, s in ranks] == sorted((s for _, s in ranks), reverse=True)


def test_a_recompute_twice_gives_the_same_boards():
    random_world(random.Random(3), days=3, players=6)
    recompute()
    first = list(DailyRank.objects.order_by("match_id").values_list("match_id", "rank", "skill"))
    recompute()
    assert (
        list(DailyRank.objects.order_by("match_id").values_list("match_id", "rank", "skill"))
        == first
    )


def test_ties_in_skill_go_to_the_earlier_finish():
    deal = DailyDealFactory(date=START)
    now = timezone.now()
    late, early = PlayerFactory(), PlayerFactory()
    for person, finished in ((late, now), (early, now - dt.timedelta(hours=1))):
        RankedDailyMatchFactory(player=person, daily=deal, finished_at=finished)
    recompute()
    assert [r.player_id for r in DailyRank.objects.order_by("rank")] == [early.pk, late.pk]


def test_a_recompute_is_needed_only_after_results_change():
    from leaderboards.ranking import mark_changed

    recompute()
    assert not needs_recompute()
    mark_changed()
    assert needs_recompute()
    recompute()
    assert not needs_recompute()
