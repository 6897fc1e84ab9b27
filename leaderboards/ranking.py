"""Recomputing the leaderboards from the hand outcomes, in the database.

Definitions (also the ones the brute-force test checks):

- A deal's *mean* is the mean score of every ranked hand played on it (one
  daily deal's hand number n).
- An attempt's *skill* is, over its hands, the score minus that deal's mean,
  summed: the luck of the cards cancels out.
- Daily board: finished ranked attempts, by skill (high first), ties broken
  by the earlier finish.
- All-time board (accounts only): total daily skill, days played, average
  placement, points per hand over all their games, best streak of
  consecutive days played; ranked by total skill.

Everything is one transaction of a few set-based statements, so pages never
see half a recompute and the work stays in the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Avg, Q
from django.utils import timezone

from games.models import DailyDeal, HandOutcome, Match, Player

from .models import AllTimeRank, DailyRank, RankingState

#: Places the board's skill is rounded to (as in DAILY_SQL).
SKILL_DIGITS = 6


@dataclass(frozen=True)
class RecomputeSummary:
    daily_rows: int
    all_time_rows: int


def _tables() -> dict:
    return {
        "outcome": HandOutcome._meta.db_table,
        "match": Match._meta.db_table,
        "player": Player._meta.db_table,
        "daily": DailyDeal._meta.db_table,
        "dailyrank": DailyRank._meta.db_table,
        "alltime": AllTimeRank._meta.db_table,
    }


DAILY_SQL = """
INSERT INTO {dailyrank} (daily_id, match_id, player_id, score, skill, finished_at, rank)
SELECT daily_id, match_id, player_id, score, skill, finished_at,
       ROW_NUMBER() OVER (PARTITION BY daily_id ORDER BY skill DESC, finished_at ASC, match_id)
FROM (
    SELECT o.daily_id, o.match_id, o.player_id, SUM(o.score) AS score,
           ROUND(SUM(o.score - m.mean), {skill_digits}) AS skill, mt.finished_at
    FROM {outcome} o
    JOIN (SELECT daily_id, number, AVG(score) AS mean FROM {outcome}
          WHERE ranked GROUP BY daily_id, number) m
      ON m.daily_id = o.daily_id AND m.number = o.number
    JOIN {match} mt ON mt.id = o.match_id
    WHERE o.ranked AND mt.finished_at IS NOT NULL
    GROUP BY o.daily_id, o.match_id, o.player_id, mt.finished_at
) attempts
"""

#: The island of a run of consecutive days: the date minus its place in the run.
_DAY_NUMBER = "ROW_NUMBER() OVER (PARTITION BY r.player_id ORDER BY d.date)"
ISLAND = {
    "postgresql": f"d.date - CAST({_DAY_NUMBER} AS integer)",
    "sqlite": f"julianday(d.date) - {_DAY_NUMBER}",
}

ALL_TIME_SQL = """
INSERT INTO {alltime} (player_id, rank, total_skill, days, average_placement, hands, points,
                       best_streak)
SELECT p.id,
       ROW_NUMBER() OVER (ORDER BY COALESCE(d.total_skill, 0) DESC, COALESCE(d.days, 0) DESC, p.id),
       COALESCE(d.total_skill, 0), COALESCE(d.days, 0), d.average_placement,
       COALESCE(h.hands, 0), COALESCE(h.points, 0), COALESCE(s.best, 0)
FROM {player} p
LEFT JOIN (SELECT player_id, SUM(skill) AS total_skill, COUNT(*) AS days,
                  AVG(rank) AS average_placement
           FROM {dailyrank} GROUP BY player_id) d ON d.player_id = p.id
LEFT JOIN (SELECT player_id, COUNT(*) AS hands, SUM(score) AS points
           FROM {outcome} GROUP BY player_id) h ON h.player_id = p.id
LEFT JOIN (SELECT player_id, MAX(run) AS best FROM (
               SELECT player_id, island, COUNT(*) AS run FROM (
                   SELECT r.player_id, {island} AS island
                   FROM {dailyrank} r JOIN {daily} d ON d.id = r.daily_id) days
               GROUP BY player_id, island) runs
           GROUP BY player_id) s ON s.player_id = p.id
WHERE p.user_id IS NOT NULL AND (d.days IS NOT NULL OR h.hands IS NOT NULL)
"""


def recompute() -> RecomputeSummary:
    """Rewrite both boards from the outcomes; safe to run twice or concurrently."""
    started = timezone.now()
    names = _tables()
    names["skill_digits"] = SKILL_DIGITS
    names["island"] = ISLAND["postgresql" if connection.vendor == "postgresql" else "sqlite"]
    with transaction.atomic():
        RankingState.objects.get_or_create(pk=1)
        RankingState.objects.select_for_update().get(pk=1)  # one recompute at a time
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {names['dailyrank']}")
            cursor.execute(DAILY_SQL.format(**names))
            daily_rows = cursor.rowcount
            cursor.execute(f"DELETE FROM {names['alltime']}")
            cursor.execute(ALL_TIME_SQL.format(**names))
            all_time_rows = cursor.rowcount
        RankingState.objects.filter(pk=1).update(computed_at=started)
    return RecomputeSummary(daily_rows, all_time_rows)


def mark_changed() -> None:
    """Note that results changed, so a pending recompute knows it has work."""
    updated = RankingState.objects.filter(pk=1).update(changed_at=timezone.now())
    if not updated:
        RankingState.objects.get_or_create(pk=1, defaults={"changed_at": timezone.now()})


def needs_recompute() -> bool:
    """True if never computed, or results changed since the last computation."""
    state = RankingState.objects.filter(pk=1).first()
    if state is None or state.computed_at is None:
        return True
    return state.changed_at is not None and state.computed_at < state.changed_at


@dataclass(frozen=True)
class Placement:
    """Where a practice attempt would stand on its day's board."""

    place: int  # 1 + the ranked attempts ahead of it
    skill: float
    ranked_attempts: int  # how many are on the board


def would_place(match: Match) -> Placement:
    """Place a finished practice attempt among the day's ranked ones, by the board's measure.

    Its skill is computed as the board computes it (each hand's score minus the
    mean of the ranked scores on that deal; a deal nobody has played ranked
    counts as even), and it comes after ranked attempts with the same skill
    that finished earlier. The board itself is not changed.
    """
    means = dict(
        HandOutcome.objects.filter(daily_id=match.daily_id, ranked=True)
        .values("number")
        .annotate(mean=Avg("score"))
        .values_list("number", "mean")
    )
    scores = HandOutcome.objects.filter(match=match).values_list("number", "score")
    skill = round(sum(score - float(means.get(n, score)) for n, score in scores), SKILL_DIGITS)
    board = DailyRank.objects.filter(daily_id=match.daily_id)
    ahead = Q(skill__gt=skill)
    if match.finished_at is not None:
        ahead |= Q(skill=skill, finished_at__lt=match.finished_at)
    return Placement(
        place=board.filter(ahead).count() + 1, skill=skill, ranked_attempts=board.count()
    )


def ranks_around(mine: DailyRank, spread: int = 5) -> list[DailyRank]:
    """The rows of ``mine``'s day's board within ``spread`` places of it, in order."""
    return list(
        DailyRank.objects.filter(
            daily_id=mine.daily_id,
            rank__gte=max(1, mine.rank - spread),
            rank__lte=mine.rank + spread,
        )
        .select_related("player__user")
        .order_by("rank")
    )
