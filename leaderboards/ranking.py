"""The leaderboards computed from the hand outcomes, in the database.

Definitions (also the ones the brute-force test checks), for each game apart:

- A deal's *mean* is the mean score of every finished ranked attempt's hand
  on it (one daily deal's hand number n).
- An attempt's *skill* is, over its hands, the score minus that deal's mean,
  summed: the luck of the cards cancels out.
- Daily board: finished ranked attempts, by skill (high first), ties broken
  by the earlier finish.
- All-time board (accounts only), one per game: total daily skill, days
  played, average placement, points per hand over all their finished
  matches, best streak of consecutive days played; ranked by total skill,
  then days. The place is read from that order (``all_time_place``), not
  stored: a finish changes every total of its day, and a stored place would
  renumber the whole board.

Only a finished match changes these figures, so the boards stay exact by
recomputing, for each finished match, what it changes (``rank_match``): its
day's board and the all-time rows of that day's players (for an ordinary
match, its player's row). ``recompute`` rebuilds everything from scratch with
the same statements. Each is one transaction of set-based statements under
one lock, so pages never see half of one and two never interleave.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Avg, Q, QuerySet
from django.utils import timezone

from games.models import DailyDeal, HandOutcome, Match, Player

from .models import AllTimeRank, DailyRank, RankingDue, RankingState

#: Places the board's skill is rounded to (as in DAILY_SQL).
SKILL_DIGITS = 6
#: The all-time board's order (the index ``alltime_board_order`` follows it).
ALL_TIME_ORDER = ("-total_skill", "-days", "player_id")


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
        "skill_digits": SKILL_DIGITS,
        "island": ISLAND["postgresql" if connection.vendor == "postgresql" else "sqlite"],
    }


#: ``{days}`` limits it to some days ("mt." columns). It starts from the finished ranked
#: matches (an index on the day finds them) and reads their hands by match.
DAILY_SQL = """
WITH hands AS (
    SELECT mt.daily_id, o.match_id, o.player_id, mt.finished_at, o.number, o.score
    FROM {match} mt JOIN {outcome} o ON o.match_id = mt.id
    WHERE mt.ranked AND mt.finished_at IS NOT NULL {days}
), means AS (
    SELECT daily_id, number, AVG(score) AS mean FROM hands GROUP BY daily_id, number
)
INSERT INTO {dailyrank} (daily_id, match_id, player_id, score, skill, finished_at, rank)
SELECT daily_id, match_id, player_id, score, skill, finished_at,
       ROW_NUMBER() OVER (PARTITION BY daily_id ORDER BY skill DESC, finished_at ASC, match_id)
FROM (
    SELECT h.daily_id, h.match_id, h.player_id, SUM(h.score) AS score,
           ROUND(SUM(h.score - m.mean), {skill_digits}) AS skill, h.finished_at
    FROM hands h JOIN means m ON m.daily_id = h.daily_id AND m.number = h.number
    GROUP BY h.daily_id, h.match_id, h.player_id, h.finished_at
) attempts
"""

#: What makes DAILY_SQL rewrite a day's existing rows (the WHERE lets SQLite read it).
DAY_UPSERT = """
WHERE 1 = 1
ON CONFLICT (match_id) DO UPDATE SET
    daily_id = excluded.daily_id, player_id = excluded.player_id, score = excluded.score,
    skill = excluded.skill, finished_at = excluded.finished_at, rank = excluded.rank
"""

#: The island of a run of consecutive days: the date minus its place in the run.
_DAY_NUMBER = "ROW_NUMBER() OVER (PARTITION BY player_id, game ORDER BY date)"
ISLAND = {
    "postgresql": f"date - CAST({_DAY_NUMBER} AS integer)",
    "sqlite": f"julianday(date) - {_DAY_NUMBER}",
}

#: The daily columns of the all-time rows, from the daily boards: ``{who}`` (a table of
#: ``player_id``) and ``{ranks}`` ("d." columns) limit them to some rows. The rows are
#: read once, player by player from ``who``.
DAY_TOTALS = """
who AS MATERIALIZED ({who}), ranked_days AS MATERIALIZED (
    SELECT r.player_id, d.game, d.date, r.skill, r.rank
    FROM who JOIN {dailyrank} r ON r.player_id = who.player_id
    JOIN {daily} d ON d.id = r.daily_id
    WHERE {ranks}
), day_totals AS (
    SELECT player_id, game, SUM(skill) AS total_skill, COUNT(*) AS days,
           AVG(rank) AS average_placement
    FROM ranked_days GROUP BY player_id, game
), best_streaks AS (
    SELECT player_id, game, MAX(run) AS best FROM (
        SELECT player_id, game, island, COUNT(*) AS run FROM (
            SELECT player_id, game, {island} AS island FROM ranked_days) days
        GROUP BY player_id, game, island) runs
    GROUP BY player_id, game
)"""

#: Whole all-time rows: ``{ranks}`` and ``{hands}`` ("o." columns) limit them to the
#: same players and game.
ALL_TIME_SQL = (
    "WITH"
    + DAY_TOTALS
    + """, hand_totals AS (
    SELECT o.player_id, o.game, COUNT(*) AS hands, SUM(o.score) AS points
    FROM {outcome} o JOIN {match} mt ON mt.id = o.match_id
    WHERE mt.finished_at IS NOT NULL AND {hands}
    GROUP BY o.player_id, o.game
), row_keys AS (
    SELECT player_id, game FROM day_totals UNION SELECT player_id, game FROM hand_totals
)
INSERT INTO {alltime} (player_id, game, total_skill, days, average_placement, hands, points,
                       best_streak)
SELECT k.player_id, k.game, COALESCE(t.total_skill, 0), COALESCE(t.days, 0),
       t.average_placement, COALESCE(h.hands, 0), COALESCE(h.points, 0), COALESCE(b.best, 0)
FROM row_keys k
JOIN {player} p ON p.id = k.player_id
LEFT JOIN day_totals t ON t.player_id = k.player_id AND t.game = k.game
LEFT JOIN hand_totals h ON h.player_id = k.player_id AND h.game = k.game
LEFT JOIN best_streaks b ON b.player_id = k.player_id AND b.game = k.game
WHERE p.user_id IS NOT NULL
"""
)

#: Only the daily columns of some players' rows (a day's board changed; their hands did
#: not): updated in place, or a row made whose hands its own match's ranking will add.
DAILY_COLUMNS_SQL = (
    "WITH"
    + DAY_TOTALS
    + """
INSERT INTO {alltime} (player_id, game, total_skill, days, average_placement, hands, points,
                       best_streak)
SELECT t.player_id, t.game, t.total_skill, t.days, t.average_placement, 0, 0,
       COALESCE(b.best, 0)
FROM day_totals t
JOIN {player} p ON p.id = t.player_id
LEFT JOIN best_streaks b ON b.player_id = t.player_id AND b.game = t.game
WHERE p.user_id IS NOT NULL
ON CONFLICT (player_id, game) DO UPDATE SET
    total_skill = excluded.total_skill, days = excluded.days,
    average_placement = excluded.average_placement, best_streak = excluded.best_streak
"""
)


@dataclass(frozen=True)
class Scope:
    """The all-time rows a run rewrites: every row, or one game's rows of some players.

    ``players`` is SQL selecting player ids, with ``%s`` parameters ``params``."""

    game: str | None = None
    players: str = ""
    params: tuple = ()

    def where(self, player: str, game: str) -> tuple[str, list]:
        """The condition on the columns ``player`` and ``game``, and its parameters."""
        if self.game is None:
            return "1 = 1", []
        return f"{game} = %s AND {player} IN ({self.players})", [self.game, *self.params]

    def who(self, names: dict) -> tuple[str, str, list]:
        """A table ``who`` of the players' ids (every player's for every row), for a join
        that starts from them, and the condition on ``d.game``; their parameters."""
        if self.game is None:
            return f"SELECT id AS player_id FROM {names['player']}", "1 = 1", []
        return self.players, "d.game = %s", [*self.params, self.game]


EVERY_ROW = Scope()


def _rank_all_time(cursor, names: dict, scope: Scope) -> int:
    """Rewrite the all-time rows of ``scope`` from the daily boards and the outcomes."""
    delete, delete_params = scope.where("player_id", "game")
    cursor.execute(f"DELETE FROM {names['alltime']} WHERE {delete}", delete_params)
    who, ranks, rank_params = scope.who(names)
    hands, hand_params = scope.where("o.player_id", "o.game")
    sql = ALL_TIME_SQL.format(who=who, ranks=ranks, hands=hands, **names)
    cursor.execute(sql, [*rank_params, *hand_params])
    return cursor.rowcount


def _rank_daily_columns(cursor, names: dict, scope: Scope) -> None:
    """Rewrite the daily columns of the all-time rows of ``scope`` from the daily boards."""
    who, ranks, rank_params = scope.who(names)
    cursor.execute(DAILY_COLUMNS_SQL.format(who=who, ranks=ranks, **names), rank_params)


def _rank_days(cursor, names: dict, daily_id: int | None = None) -> int:
    """Rewrite one day's board (every day's with None)."""
    if daily_id is None:
        cursor.execute(f"DELETE FROM {names['dailyrank']}")
        cursor.execute(DAILY_SQL.format(days="", **names))
    else:
        # The day's rows updated in place (their keys unchanged: no key to check again at
        # the commit), and any whose attempt no longer counts removed.
        cursor.execute(
            DAILY_SQL.format(days="AND mt.daily_id = %s", **names) + DAY_UPSERT, [daily_id]
        )
        rows = cursor.rowcount
        cursor.execute(
            f"DELETE FROM {names['dailyrank']} WHERE daily_id = %s AND NOT EXISTS ("
            f"SELECT 1 FROM {names['match']} mt WHERE mt.id = match_id AND mt.ranked"
            " AND mt.finished_at IS NOT NULL AND mt.daily_id = %s)",
            [daily_id, daily_id],
        )
        return rows
    return cursor.rowcount


def _lock() -> RankingState:
    """Take the one lock every ranking run holds until its transaction ends."""
    state = RankingState.objects.select_for_update().filter(pk=1).first()
    if state is None:
        RankingState.objects.get_or_create(pk=1)
        state = RankingState.objects.select_for_update().get(pk=1)
    return state


def recompute() -> RecomputeSummary:
    """Rebuild every board from the outcomes; safe to run twice or concurrently."""
    started = timezone.now()
    names = _tables()
    with transaction.atomic():
        _lock()
        with connection.cursor() as cursor:
            daily_rows = _rank_days(cursor, names)
            all_time_rows = _rank_all_time(cursor, names, EVERY_ROW)
            if connection.vendor == "postgresql":
                # Both tables were written afresh: the planner's figures for them too,
                # so that a finish's ranking starts from the day's players.
                cursor.execute(f"ANALYZE {names['dailyrank']}, {names['alltime']}")
        RankingDue.objects.filter(created_at__lte=started).delete()
        RankingState.objects.filter(pk=1).update(computed_at=started)
    return RecomputeSummary(daily_rows, all_time_rows)


def rank_match(match_id) -> bool:
    """Bring the boards up to date with one finished match; False if there was nothing
    to do (not finished, gone, a guest's practice). Idempotent: it recomputes the rows
    the match changes from the outcomes, it adds nothing up by itself."""
    names = _tables()
    with transaction.atomic():
        state = _lock()
        match = (
            Match.objects.filter(pk=match_id, finished_at__isnull=False)
            .select_related("player")
            .only("game", "ranked", "daily_id", "player__user_id")
            .first()
        )
        RankingDue.objects.filter(match_id=match_id).delete()
        if match is None or not (match.ranked or match.player.user_id):
            return False
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                # A crash may lose this transaction whole, the due row's removal with it:
                # the catch-up ranks the match again, so it need not wait for the disk.
                cursor.execute("SET LOCAL synchronous_commit = off")
                # The few rows of a day are read by index, player by player: the pages
                # are in memory, which the planner's default (a disk's) doesn't assume.
                cursor.execute("SET LOCAL random_page_cost = 1.1")
            if match.ranked:  # the day's board, and so every total of the day's players
                _rank_days(cursor, names, match.daily_id)
                day_players = f"SELECT player_id FROM {names['dailyrank']} WHERE daily_id = %s"
                _rank_daily_columns(
                    cursor, names, Scope(match.game, day_players, (match.daily_id,))
                )
            # The match's own player: hands and points too.
            player = Scope(match.game, "SELECT %s AS player_id", (match.player_id,))
            _rank_all_time(cursor, names, player)
        # Up to date as of now, unless a change only a full recompute covers waits.
        if state.changed_at is None or (
            state.computed_at is not None and state.computed_at >= state.changed_at
        ):
            RankingState.objects.filter(pk=1).update(computed_at=timezone.now())
    return True


def mark_changed() -> None:
    """Note a change that only a full recompute covers (the beat's catch-up makes it)."""
    updated = RankingState.objects.filter(pk=1).update(changed_at=timezone.now())
    if not updated:
        RankingState.objects.get_or_create(pk=1, defaults={"changed_at": timezone.now()})


def mark_due(match: Match) -> None:
    """Note a finished match whose rows the boards don't show yet (in its transaction)."""
    RankingDue.objects.get_or_create(match=match)


def needs_full_recompute() -> bool:
    """True if never computed, or a change only a full recompute covers came since."""
    state = RankingState.objects.filter(pk=1).first()
    if state is None or state.computed_at is None:
        return True
    return state.changed_at is not None and state.computed_at < state.changed_at


def needs_recompute() -> bool:
    """True if the boards don't show every result yet."""
    return needs_full_recompute() or RankingDue.objects.exists()


def due_matches(limit: int) -> list:
    """The oldest finished matches not ranked yet, at most ``limit``."""
    return list(
        RankingDue.objects.order_by("created_at", "pk").values_list("match_id", flat=True)[:limit]
    )


def all_time_board(game: str) -> QuerySet[AllTimeRank]:
    """One game's all-time board in its order: accounts with at least one daily day."""
    return AllTimeRank.objects.filter(game=game, days__gt=0).order_by(*ALL_TIME_ORDER)


def all_time_place(row: AllTimeRank) -> int:
    """The row's place on its game's board: 1 + the rows ahead of it in the board's order."""
    ahead = (
        Q(total_skill__gt=row.total_skill)
        | Q(total_skill=row.total_skill, days__gt=row.days)
        | Q(total_skill=row.total_skill, days=row.days, player_id__lt=row.player_id)
    )
    return all_time_board(row.game).filter(ahead).count() + 1


@dataclass(frozen=True)
class Placement:
    """Where a practice attempt would stand on its day's board."""

    place: int  # 1 + the ranked attempts ahead of it
    skill: float
    ranked_attempts: int  # how many are on the board


def would_place(match: Match) -> Placement:
    """Place a finished practice attempt among the day's ranked ones, by the board's measure.

    Its skill is computed as the board computes it (each hand's score minus the
    mean of the finished ranked attempts' scores on that deal; a deal nobody has
    finished ranked counts as even), and it comes after ranked attempts with the
    same skill that finished earlier. The board itself is not changed.
    """
    means = dict(
        HandOutcome.objects.filter(
            daily_id=match.daily_id, ranked=True, match__finished_at__isnull=False
        )
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
