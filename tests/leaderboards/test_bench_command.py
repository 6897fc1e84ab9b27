"""The ranking benchmark's seeding, at a small scale: realistic data, honest figures.

The figures it prints are checked against the rows it seeded; the boards it
times are checked against a computation done here in Python, so a bench that
timed a recompute of the wrong thing (or of nothing) would fail.
"""

import datetime as dt
import json
import random
from collections import Counter, defaultdict

import pytest
from django.core.management import CommandError, call_command
from django.db.models import F
from factories import PlayerFactory

from games.models import HandOutcome, Match, Player
from leaderboards.management.commands.bench_rankings import HANDS, active_days
from leaderboards.models import AllTimeRank, DailyRank

pytestmark = pytest.mark.django_db

PLAYERS = 250
DAYS = 14
FIGURES = {
    "rankings.seed_s", "rankings.players", "rankings.ranked_attempts",
    "rankings.practice_attempts", "rankings.ordinary_matches", "rankings.hand_results",
    "rankings.recompute_s", "rankings.daily_rows", "rankings.all_time_rows",
    "rankings.longest_streak", "rankings.rank_match_ranked_ms_p50",
    "rankings.rank_match_ranked_ms_max", "rankings.rank_match_ordinary_ms_p50",
    "rankings.rank_match_ordinary_ms_max",
}  # fmt: skip


@pytest.fixture
def figures(capsys) -> dict:
    call_command("bench_rankings", players=PLAYERS, days=DAYS)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {line["name"]: line["value"] for line in lines}


def test_it_prints_every_figure_once_as_a_number(figures):
    assert set(figures) == FIGURES
    assert all(isinstance(value, int | float) for value in figures.values())


def test_the_printed_counts_are_the_rows_seeded(figures):
    daily = Match.objects.filter(daily__isnull=False)
    assert figures["rankings.players"] == Player.objects.count() == PLAYERS
    assert figures["rankings.ranked_attempts"] == daily.filter(ranked=True).count()
    assert figures["rankings.practice_attempts"] == daily.filter(ranked=False).count()
    assert figures["rankings.ordinary_matches"] == Match.objects.filter(daily=None).count()
    assert figures["rankings.hand_results"] == HandOutcome.objects.count()
    finished_hands = sum(
        HANDS[game] * Match.objects.exclude(finished_at=None).filter(game=game).count()
        for game in HANDS
    )
    unfinished_hands = HandOutcome.objects.filter(match__finished_at=None).count()
    assert figures["rankings.hand_results"] == finished_hands + unfinished_hands
    # Both games, each daily its own game's, every hand result its match's game.
    assert set(Match.objects.exclude(daily=None).values_list("game", flat=True)) == set(HANDS)
    assert not Match.objects.exclude(daily=None).exclude(game=F("daily__game")).exists()
    assert not HandOutcome.objects.exclude(game=F("match__game")).exists()
    assert figures["rankings.rank_match_ranked_ms_p50"] > 0


def test_players_play_as_on_the_site(figures):
    """Several attempts a day with one ranked, practice, ordinary matches, long streaks."""
    attempts = Counter(Match.objects.exclude(daily=None).values_list("player", "daily"))
    ranked = Counter(Match.objects.filter(ranked=True).values_list("player", "daily"))
    assert max(attempts.values()) >= 2  # practice after the ranked attempt
    assert set(ranked.values()) == {1}  # never two ranked attempts on one deal
    accounts = set(Player.objects.exclude(user=None).values_list("pk", flat=True))
    assert {player for player, _daily in ranked} <= accounts  # a guest's daily is practice
    # An account's practice comes after its ranked attempt; a guest plays only practice.
    assert ranked.keys() == {key for key in attempts if key[0] in accounts}
    assert any(player not in accounts for player, _daily in attempts)
    assert figures["rankings.practice_attempts"] > PLAYERS // 4
    assert figures["rankings.ordinary_matches"] > PLAYERS // 4
    assert Match.objects.filter(daily=None).values("level").distinct().count() == 3
    assert Match.objects.filter(daily=None).values("game").distinct().count() == 2
    days_played = Counter(player for player, _daily in ranked)
    assert sum(1 for n in days_played.values() if n > 1) > PLAYERS // 4
    assert figures["rankings.longest_streak"] > 2
    assert Match.objects.filter(ranked=True, finished_at=None).exists()  # left unfinished
    # Everything is over before today, so no row is in the future however early it runs.
    midnight = dt.datetime.combine(dt.datetime.now(dt.UTC).date(), dt.time(), dt.UTC)
    assert not HandOutcome.objects.filter(finished_at__gte=midnight).exists()
    assert not Match.objects.filter(updated_at__gte=midnight).exists()


def test_the_boards_it_times_are_the_boards_of_the_data(figures):
    """The daily ranks and the all-time streaks, recomputed here in Python."""
    outcomes = list(
        HandOutcome.objects.values_list(
            "match_id", "daily_id", "number", "score", "ranked", "match__finished_at"
        )
    )
    deal_scores = defaultdict(list)
    for _match, daily, number, score, ranked, finished in outcomes:
        if ranked and finished is not None:  # the mean of finished ranked attempts
            deal_scores[daily, number].append(score)
    mean = {key: sum(scores) / len(scores) for key, scores in deal_scores.items()}
    skill = defaultdict(float)
    for match, daily, number, score, ranked, finished in outcomes:
        if ranked and finished is not None:
            skill[match] += score - mean[daily, number]
    assert figures["rankings.daily_rows"] == len(skill) == DailyRank.objects.count()
    for row in DailyRank.objects.all():
        assert row.skill == pytest.approx(skill[row.match_id], abs=1e-5)
    by_day = defaultdict(list)
    for row in DailyRank.objects.all():
        by_day[row.daily_id].append(row)
    for rows in by_day.values():
        rows.sort(key=lambda r: r.rank)
        assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
        assert all(a.skill >= b.skill for a, b in zip(rows, rows[1:], strict=False))

    dates = defaultdict(list)
    for player, game, date in DailyRank.objects.values_list(
        "player_id", "daily__game", "daily__date"
    ):
        dates[player, game].append(date)
    streaks = {}
    for player, days in dates.items():
        days.sort()
        best = run = 1
        for earlier, later in zip(days, days[1:], strict=False):
            run = run + 1 if later - earlier == dt.timedelta(days=1) else 1
            best = max(best, run)
        streaks[player] = best
    rows = AllTimeRank.objects.all()
    assert figures["rankings.all_time_rows"] == rows.count()
    assert not rows.filter(player__user=None).exists()
    for row in rows.filter(days__gt=0):
        assert row.best_streak == streaks[row.player_id, row.game], row.player_id
    assert figures["rankings.longest_streak"] == max(streaks.values())


def test_a_player_plays_runs_of_consecutive_days_within_the_period():
    rng = random.Random(4)
    plans = [active_days(rng, DAYS) for _player in range(500)]
    assert all(days and 0 <= days[0] and days[-1] < DAYS for days in plans)
    assert all(days == sorted(set(days)) for days in plans)
    assert any(any(b - a == 1 for a, b in zip(days, days[1:], strict=False)) for days in plans)


def test_it_refuses_a_database_that_already_has_players():
    PlayerFactory()
    with pytest.raises(CommandError, match="already has players"):
        call_command("bench_rankings", players=10, days=2)
