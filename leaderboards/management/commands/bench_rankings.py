"""``python manage.py bench_rankings``: time the rankings at scale, both games.

Fills the configured PostgreSQL database with PLAYERS players (four in five
with an account) who play the way the site is played, over DAYS days: each
plays the Sheepshead daily, and one in two the Schafkopf daily too, in runs
of consecutive days (streaks of one to eight days), one ranked attempt a day
and game, now and then left unfinished, often followed by a practice attempt
or two on the same deal (unranked), and some ordinary matches of both games
at the three levels besides. Every hand finished is a hand result. Then it
times a full ``recompute()``, and ``rank_match`` for finished matches of the
last day (what one finish costs: its day's board and the all-time rows of
that day's players) and for ordinary ones, and prints JSON lines: what was
seeded, the seeding, full and per-match times, the rows of the boards and
the longest streak on the all-time boards.

It refuses to run on a database that already holds players, so it never
mixes with real data; ``--clean`` empties the tables it filled afterwards.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import time
import uuid
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from games.daily import DAILY_GAMES, DAILY_RULES
from games.game_kinds import seats_of
from games.models import (
    LEVEL_CHOICES,
    SCHAFKOPF,
    SHEEPSHEAD,
    DailyDeal,
    HandOutcome,
    Match,
    Player,
)
from leaderboards.models import AllTimeRank, DailyRank, RankingDue
from leaderboards.ranking import rank_match, recompute

#: Each game's hand scores: Sheepshead points, Schafkopf cents at the default tariff.
SCORES = {
    SHEEPSHEAD: (-6, -4, -2, -1, 1, 2, 3, 4, 6),
    SCHAFKOPF: (-150, -70, -60, -20, -10, 10, 20, 30, 60, 70, 150),
}
#: Hands in a match of each game (its daily's).
HANDS = {game: DAILY_RULES[game].hand_count for game in DAILY_GAMES}
#: The share of players who play each game's daily.
PLAYS = {SHEEPSHEAD: 1.0, SCHAFKOPF: 0.5}
#: Finished matches ``rank_match`` is timed on, of each kind.
TIMED_MATCHES = 20
LEVELS = [value for value, _label in LEVEL_CHOICES]
#: Streaks of consecutive days a player plays the daily (short ones are the most common).
RUN_LENGTHS = (1, 1, 1, 2, 2, 3, 5, 8)
#: How many runs of days a player has, chosen uniformly.
RUNS = (1, 1, 1, 2, 3)
#: Practice attempts on the day's deal after the ranked one, chosen uniformly.
PRACTICE_ATTEMPTS = (0, 0, 0, 1, 2)
#: Ordinary (not daily) matches a player has, chosen uniformly.
ORDINARY_MATCHES = (0, 0, 1, 2, 4)
#: The share of ranked attempts left unfinished: some hands played, no rank.
UNFINISHED = 0.05
MATCH_MINUTES = 20
#: Matches start in the first twenty hours of a day from 02:00, so the longest run of
#: attempts ends before midnight: nothing is dated today, however early the bench runs.
PLAYING_SECONDS = 20 * 3600


def has_account(n: int) -> bool:
    """Four bench players in five have an account; only theirs are ranked attempts."""
    return n % 5 != 0


@dataclass(frozen=True)
class PlannedMatch:
    """One match a bench player plays: ``day`` indexes the daily deals (None: ordinary)."""

    player: int
    game: str
    day: int | None
    ranked: bool
    level: str
    hands: int
    started: dt.datetime

    @property
    def finished_at(self) -> dt.datetime | None:
        finished = self.hands == HANDS[self.game]
        return self.started + dt.timedelta(minutes=MATCH_MINUTES) if finished else None


def active_days(rng: random.Random, days: int) -> list[int]:
    """The days a player plays the daily: a few runs of consecutive days."""
    chosen: set[int] = set()
    for _run in range(rng.choice(RUNS)):
        length = min(rng.choice(RUN_LENGTHS), days)
        first = rng.randrange(days - length + 1)
        chosen.update(range(first, first + length))
    return sorted(chosen)


def plan_player(
    rng: random.Random, player: int, days: int, first_day: dt.datetime, account: bool = True
):
    """Every match one player plays, game by game (a guest's daily is practice)."""
    planned = []
    for game in DAILY_GAMES:
        if rng.random() >= PLAYS[game]:
            continue
        hand_count = HANDS[game]
        for day in active_days(rng, days):
            started = first_day + dt.timedelta(days=day, seconds=rng.randrange(PLAYING_SECONDS))
            hands = hand_count if rng.random() >= UNFINISHED else rng.randrange(1, hand_count)
            planned.append(PlannedMatch(player, game, day, account, "expert", hands, started))
            for n in range(rng.choice(PRACTICE_ATTEMPTS) if hands == hand_count else 0):
                later = started + dt.timedelta(minutes=MATCH_MINUTES * (n + 1))
                planned.append(PlannedMatch(player, game, day, False, "expert", hand_count, later))
        for _match in range(rng.choice(ORDINARY_MATCHES)):
            day = rng.randrange(days)
            started = first_day + dt.timedelta(days=day, seconds=rng.randrange(PLAYING_SECONDS))
            level = rng.choice(LEVELS)
            planned.append(PlannedMatch(player, game, None, False, level, hand_count, started))
    return planned


class Command(BaseCommand):
    help = "Seed players and hand results in PostgreSQL, then time a full ranking recompute."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=12_000)
        parser.add_argument("--days", type=int, default=60)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--clean", action="store_true", help="empty the tables afterwards")

    def handle(self, *args, players, days, seed, clean, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_rankings needs PostgreSQL: set DATABASE_URL")
        if Player.objects.exists() or DailyDeal.objects.exists():
            raise CommandError("the database already has players: use an empty bench database")
        rng = random.Random(seed)
        started = time.perf_counter()
        with transaction.atomic():  # all or nothing: a failed seeding leaves no rows
            self._seed(rng, players, days)
        seeded = time.perf_counter() - started
        self._emit("rankings.seed_s", round(seeded, 2))
        self._emit("rankings.players", Player.objects.count())
        daily = Match.objects.filter(daily__isnull=False)
        self._emit("rankings.ranked_attempts", daily.filter(ranked=True).count())
        self._emit("rankings.practice_attempts", daily.filter(ranked=False).count())
        self._emit("rankings.ordinary_matches", Match.objects.filter(daily=None).count())
        self._emit("rankings.hand_results", HandOutcome.objects.count())
        started = time.perf_counter()
        summary = recompute()
        elapsed = time.perf_counter() - started
        self._emit("rankings.recompute_s", round(elapsed, 3))
        self._emit("rankings.daily_rows", summary.daily_rows)
        self._emit("rankings.all_time_rows", summary.all_time_rows)
        longest = AllTimeRank.objects.aggregate(longest=Max("best_streak"))["longest"]
        self._emit("rankings.longest_streak", longest or 0)
        finished = Match.objects.exclude(finished_at=None).order_by("-finished_at", "pk")
        last_day = DailyDeal.objects.order_by("-date").values_list("date", flat=True).first()
        for kind, matches in (
            ("ranked", finished.filter(ranked=True, daily__date=last_day)),
            ("ordinary", finished.filter(daily=None, player__user__isnull=False)),
        ):
            chosen = list(matches.values_list("pk", flat=True)[:TIMED_MATCHES])
            times = self._time_rank_match(chosen)
            self._emit(f"rankings.rank_match_{kind}_ms_p50", times[len(times) // 2])
            self._emit(f"rankings.rank_match_{kind}_ms_max", times[-1])
        if clean:
            self._clean()

    def _time_rank_match(self, match_ids) -> list[float]:
        """Milliseconds ``rank_match`` takes for each match, sorted (each is done as at
        the match's finish: the boards are as the full recompute left them)."""
        times = []
        for match_id in match_ids:
            started = time.perf_counter()
            rank_match(match_id)
            times.append(round((time.perf_counter() - started) * 1000, 2))
        return sorted(times) or [0.0]

    def _emit(self, name, value):
        self.stdout.write(json.dumps({"name": name, "value": value}, sort_keys=True))

    def _seed(self, rng, players, days):
        today = timezone.now().date()
        start = today - dt.timedelta(days=days)
        deals = [
            DailyDeal(
                date=start + dt.timedelta(days=d),
                game=game,
                seed=rng.randbytes(32),
                first_dealer=d % seats_of(game, {}),
            )
            for d in range(days)
            for game in DAILY_GAMES
        ]
        DailyDeal.objects.bulk_create(deals)
        deal_ids = {
            (game, (date - start).days): pk
            for pk, game, date in DailyDeal.objects.values_list("id", "game", "date")
        }
        first_day = timezone.make_aware(dt.datetime.combine(start, dt.time(2)))
        user_table = get_user_model()._meta.db_table
        now = timezone.now()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {user_table}")
            first_user = cursor.fetchone()[0] + 1
            raw = cursor.connection
            accounts = [n for n in range(players) if has_account(n)]
            with raw.cursor().copy(
                f"COPY {user_table} (id, password, is_superuser, username, first_name, last_name,"
                " email, is_staff, is_active, date_joined) FROM STDIN"
            ) as copy:
                for n in accounts:
                    copy.write_row(
                        (first_user + n, "!", False, f"bench{n}", "", "", "", False, True, now)
                    )
            player_columns = (
                "(id, user_id, speed, deck, schafkopf_deck, schafkopf_setup, nickname, language,"
                " created_at)"
            )
            with raw.cursor().copy(
                f"COPY {Player._meta.db_table} {player_columns} FROM STDIN"
            ) as copy:
                for n in range(players):
                    copy.write_row(
                        (
                            n + 1,
                            first_user + n if has_account(n) else None,
                            "normal",
                            "classic",
                            "german",
                            "{}",
                            "",
                            "",
                            now,
                        )
                    )
            matches = []
            match_columns = (
                "(id, player_id, game, rules, level, seed, first_dealer, human_seat, hand_count,"
                " version, scores, daily_id, ranked, hints, created_at, updated_at, finished_at)"
            )
            with raw.cursor().copy(
                f"COPY {Match._meta.db_table} {match_columns} FROM STDIN"
            ) as copy:
                for n in range(players):
                    for planned in plan_player(rng, n + 1, days, first_day, has_account(n)):
                        match_id = uuid.UUID(int=rng.getrandbits(128))
                        game = planned.game
                        scores = [rng.choice(SCORES[game]) for _hand in range(planned.hands)]
                        matches.append((match_id, planned, scores))
                        total = sum(scores)
                        others = seats_of(game, {}) - 2
                        copy.write_row(
                            (
                                match_id,
                                planned.player,
                                game,
                                "{}",
                                planned.level,
                                b"\0" * 32,
                                0,
                                0,
                                HANDS[game],
                                planned.hands,
                                json.dumps([total, -total] + [0] * others),
                                None if planned.day is None else deal_ids[game, planned.day],
                                planned.ranked,
                                False,
                                planned.started,
                                planned.finished_at or planned.started,
                                planned.finished_at,
                            )
                        )
            with raw.cursor().copy(
                f"COPY {HandOutcome._meta.db_table} (player_id, match_id, game, number, score,"
                " picked, daily_id, ranked, finished_at) FROM STDIN"
            ) as copy:
                for match_id, planned, scores in matches:
                    deal_id = None if planned.day is None else deal_ids[planned.game, planned.day]
                    for number, score in enumerate(scores):
                        copy.write_row(
                            (
                                planned.player,
                                match_id,
                                planned.game,
                                number,
                                score,
                                rng.random() < 0.2,
                                deal_id,
                                planned.ranked,
                                planned.started + dt.timedelta(minutes=2 * (number + 1)),
                            )
                        )
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{user_table}', 'id'), "
                f"(SELECT MAX(id) FROM {user_table}))"
            )
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{Player._meta.db_table}', 'id'), "
                f"(SELECT MAX(id) FROM {Player._meta.db_table}))"
            )
            for model in (Player, DailyDeal, Match, HandOutcome):  # as autovacuum would
                cursor.execute(f"ANALYZE {model._meta.db_table}")

    def _clean(self):
        with transaction.atomic():
            DailyRank.objects.all().delete()
            AllTimeRank.objects.all().delete()
            RankingDue.objects.all().delete()
            with connection.cursor() as cursor:
                for model in (HandOutcome, Match, Player, DailyDeal):
                    cursor.execute(f"TRUNCATE {model._meta.db_table} CASCADE")
                cursor.execute(
                    f"DELETE FROM {get_user_model()._meta.db_table} WHERE username LIKE 'bench%%'"
                )
