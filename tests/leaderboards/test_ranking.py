"""Rankings recomputed in the database agree with a brute-force computation."""

import datetime as dt
import itertools
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

from games.daily import DAILY_GAMES, DAILY_RULES
from games.models import SCHAFKOPF, SHEEPSHEAD, HandOutcome, Match
from leaderboards.models import AllTimeRank, DailyRank
from leaderboards.ranking import (
    all_time_board,
    all_time_place,
    needs_recompute,
    rank_match,
    recompute,
)

pytestmark = pytest.mark.django_db
START = dt.date(2026, 11, 1)


#: Each game's hand scores: Sheepshead points, Schafkopf cents.
SCORES = {
    SHEEPSHEAD: (-6, -4, -2, -1, 1, 2, 3, 4, 6),
    SCHAFKOPF: (-150, -60, -30, -10, 10, 30, 60, 90, 150),
}


def plan_world(rng: random.Random, days=6, players=14):
    """Deals of both games, people, and every match they play (not created yet): a list of
    (match fields, hand scores), in the order the matches finish."""
    deals = [
        DailyDealFactory(date=START + dt.timedelta(days=d), game=game)
        for d in range(days)
        for game in DAILY_GAMES
    ]
    # Two players in three have an account (no password: no time spent hashing one).
    people = [
        PlayerFactory(user=UserFactory(password=None) if n % 3 else None) for n in range(players)
    ]
    base = timezone.now() - dt.timedelta(days=30)
    planned = []
    for deal in deals:
        hand_count = DAILY_RULES[deal.game].hand_count
        for person in people:
            if rng.random() < 0.35:
                continue
            finished = rng.random() < 0.85
            ranked = person.user_id is not None and rng.random() < 0.9
            fields = {
                "player": person,
                "daily": deal,
                "ranked": ranked,
                "finished_at": base + dt.timedelta(minutes=rng.randrange(10_000))
                if finished
                else None,
            }
            hands = hand_count if finished else rng.randrange(1, hand_count)
            planned.append((fields, [rng.choice(SCORES[deal.game]) for _ in range(hands)]))
    # Ordinary matches count for points per hand, not for the daily boards.
    for person in people[:5]:
        for game in DAILY_GAMES:
            finished = rng.random() < 0.7
            fields = {
                "player": person,
                "game": game,
                "finished_at": base + dt.timedelta(minutes=rng.randrange(10_000))
                if finished
                else None,
            }
            hands = rng.randrange(1, 10)
            planned.append((fields, [rng.choice(SCORES[game][3:6]) for _ in range(hands)]))
    rng.shuffle(planned)
    return deals, people, planned


def play(fields: dict, scores: list) -> Match:
    match = MatchFactory(**fields)
    for number, score in enumerate(scores):
        HandOutcomeFactory(
            match=match, number=number, score=score, picked=score > 0, finished_at=timezone.now()
        )
    return match


def random_world(rng: random.Random, days=6, players=14):
    deals, people, planned = plan_world(rng, days, players)
    for fields, scores in planned:
        play(fields, scores)
    return deals, people


def brute_force():
    outcomes = list(HandOutcome.objects.select_related("match", "daily"))
    finished = [o for o in outcomes if o.match.finished_at is not None]
    sums = defaultdict(list)
    for o in finished:
        if o.ranked:
            sums[(o.daily_id, o.number)].append(o.score)
    mean = {key: sum(v) / len(v) for key, v in sums.items()}
    attempts = defaultdict(lambda: [0, 0.0])
    for o in finished:
        if o.ranked:
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
    return daily, finished


def boards() -> tuple[dict, dict]:
    """Both tables as plain values: what a recompute must reproduce."""
    daily = {
        r.match_id: (r.rank, r.score, round(r.skill, 6), r.player_id, r.daily_id)
        for r in DailyRank.objects.all()
    }
    all_time = {
        (r.player_id, r.game): (
            round(r.total_skill, 6),
            r.days,
            None if r.average_placement is None else round(r.average_placement, 6),
            r.hands,
            r.points,
            r.best_streak,
        )
        for r in AllTimeRank.objects.all()
    }
    return daily, all_time


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
    game_of = {d.pk: d.game for d in deals}
    for person, game in itertools.product(people, DAILY_GAMES):
        row = AllTimeRank.objects.filter(player=person, game=game).first()
        mine = [v for v in expected_daily.values() if v[3] == person.pk and game_of[v[4]] == game]
        hands = [o for o in outcomes if o.player_id == person.pk and o.game == game]
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
    for game in DAILY_GAMES:
        board = list(all_time_board(game))
        assert [all_time_place(row) for row in board] == list(range(1, len(board) + 1))
        assert [r.total_skill for r in board] == sorted(
            (r.total_skill for r in board), reverse=True
        )
        assert all(r.days > 0 and r.game == game for r in board)


def test_ranking_each_finished_match_as_it_ends_gives_the_full_recompute_s_boards():
    _deals, _people, planned = plan_world(random.Random(7), days=5, players=12)
    ranked = 0
    for fields, scores in planned:
        match = play(fields, scores)
        ranked += rank_match(match.pk)
    incremental = boards()
    assert ranked > 0 and incremental[0] and incremental[1]
    recompute()
    assert boards() == incremental


def test_rankings_run_out_of_order_still_end_at_the_full_recompute_s_boards():
    """Tasks may run in any order (two workers, a retry): once each finished match has
    been ranked, the boards are the full recompute's."""
    rng = random.Random(9)
    _deals, _people, planned = plan_world(rng, days=4, players=12)
    matches = [play(fields, scores) for fields, scores in planned]
    rng.shuffle(matches)
    for match in matches:
        rank_match(match.pk)
    incremental = boards()
    recompute()
    assert boards() == incremental


def test_ranking_a_match_twice_changes_nothing():
    _deals, _people, planned = plan_world(random.Random(2), days=2, players=8)
    matches = [play(fields, scores) for fields, scores in planned]
    recompute()
    before = boards()
    for match in matches:
        rank_match(match.pk)
        rank_match(match.pk)
    assert boards() == before


def test_an_unfinished_match_or_a_guest_s_practice_ranks_nothing():
    deal = DailyDealFactory(date=START)
    unfinished = play({"daily": deal, "ranked": True, "player": PlayerFactory(account=True),
                       "finished_at": None}, [3, 2])  # fmt: skip
    practice = play({"daily": deal, "player": PlayerFactory(), "finished_at": timezone.now()},
                    [1] * 10)  # fmt: skip
    assert not rank_match(unfinished.pk)
    assert not rank_match(practice.pk)
    assert not DailyRank.objects.exists() and not AllTimeRank.objects.exists()


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
