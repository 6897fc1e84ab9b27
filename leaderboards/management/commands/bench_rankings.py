"""``python manage.py bench_rankings``: time a full ranking recompute at scale.

Fills the configured PostgreSQL database with PLAYERS players (most with an
account) and one finished ranked daily attempt each, spread over DAYS days:
PLAYERS x 10 hand results. Then times ``recompute()`` and prints JSON lines.
It refuses to run on a database that already holds players, so it never
mixes with real data; ``--clean`` empties the tables it filled afterwards.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import time
import uuid

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone

from games.models import DailyDeal, HandOutcome, Match, Player
from leaderboards.models import AllTimeRank, DailyRank
from leaderboards.ranking import recompute

SCORES = (-6, -4, -2, -1, 1, 2, 3, 4, 6)


class Command(BaseCommand):
    help = "Seed players and hand results in PostgreSQL, then time a full ranking recompute."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=100_000)
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
        self._emit("rankings.hand_results", HandOutcome.objects.count())
        started = time.perf_counter()
        summary = recompute()
        elapsed = time.perf_counter() - started
        self._emit("rankings.recompute_s", round(elapsed, 3))
        self._emit("rankings.daily_rows", summary.daily_rows)
        self._emit("rankings.all_time_rows", summary.all_time_rows)
        if clean:
            self._clean()

    def _emit(self, name, value):
        self.stdout.write(json.dumps({"name": name, "value": value}, sort_keys=True))

    def _seed(self, rng, players, days):
        start = timezone.now().date() - dt.timedelta(days=days)
        deals = [
            DailyDeal(date=start + dt.timedelta(days=d), seed=rng.randbytes(32), first_dealer=d % 5)
            for d in range(days)
        ]
        DailyDeal.objects.bulk_create(deals)
        deal_ids = list(DailyDeal.objects.order_by("date").values_list("id", flat=True))
        user_table = get_user_model()._meta.db_table
        now = timezone.now()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {user_table}")
            first_user = cursor.fetchone()[0] + 1
            raw = cursor.connection
            accounts = [n for n in range(players) if n % 5]  # four in five have an account
            with raw.cursor().copy(
                f"COPY {user_table} (id, password, is_superuser, username, first_name, last_name,"
                " email, is_staff, is_active, date_joined) FROM STDIN"
            ) as copy:
                for n in accounts:
                    copy.write_row(
                        (first_user + n, "!", False, f"bench{n}", "", "", "", False, True, now)
                    )
            player_columns = "(id, user_id, speed, deck, nickname, created_at)"
            with raw.cursor().copy(
                f"COPY {Player._meta.db_table} {player_columns} FROM STDIN"
            ) as copy:
                for n in range(players):
                    copy.write_row(
                        (n + 1, first_user + n if n % 5 else None, "normal", "classic", "", now)
                    )
            matches = []
            match_columns = (
                "(id, player_id, level, seed, first_dealer, human_seat, hand_count, version,"
                " scores, daily_id, ranked, hints, created_at, updated_at, finished_at)"
            )
            with raw.cursor().copy(
                f"COPY {Match._meta.db_table} {match_columns} FROM STDIN"
            ) as copy:
                for n in range(players):
                    match_id = uuid.UUID(int=rng.getrandbits(128))
                    finished = now - dt.timedelta(seconds=rng.randrange(days * 86400))
                    matches.append((match_id, n + 1, rng.choice(deal_ids), finished))
                    copy.write_row(
                        (
                            match_id,
                            n + 1,
                            "expert",
                            b"\0" * 32,
                            0,
                            0,
                            10,
                            1,
                            "[0, 0, 0, 0, 0]",
                            matches[-1][2],
                            True,
                            False,
                            finished,
                            finished,
                            finished,
                        )
                    )
            with raw.cursor().copy(
                f"COPY {HandOutcome._meta.db_table} (player_id, match_id, number, score, picked,"
                " daily_id, ranked, finished_at) FROM STDIN"
            ) as copy:
                for match_id, player_id, deal_id, finished in matches:
                    for number in range(10):
                        copy.write_row(
                            (
                                player_id,
                                match_id,
                                number,
                                rng.choice(SCORES),
                                rng.random() < 0.2,
                                deal_id,
                                True,
                                finished,
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
            cursor.execute(f"ANALYZE {HandOutcome._meta.db_table}")

    def _clean(self):
        with transaction.atomic():
            DailyRank.objects.all().delete()
            AllTimeRank.objects.all().delete()
            with connection.cursor() as cursor:
                for model in (HandOutcome, Match, Player, DailyDeal):
                    cursor.execute(f"TRUNCATE {model._meta.db_table} CASCADE")
                cursor.execute(
                    f"DELETE FROM {get_user_model()._meta.db_table} WHERE username LIKE 'bench%%'"
                )
