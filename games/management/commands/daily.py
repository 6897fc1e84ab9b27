"""``python manage.py daily [--date YYYY-MM-DD]``: create a day's deals (every game's)
by hand."""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from games.daily import DAILY_GAMES, ensure_daily, today


class Command(BaseCommand):
    help = (
        "Create every game's daily deal for a date (default: today in DAILY_TIMEZONE);"
        " safe to repeat."
    )

    def add_arguments(self, parser):
        parser.add_argument("--date", help="the day, as YYYY-MM-DD")

    def handle(self, *args, date=None, **options):
        if date:
            try:
                day = dt.date.fromisoformat(date)
            except ValueError as error:
                raise CommandError(f"--date must be YYYY-MM-DD, not {date!r}") from error
        else:
            day = today()
        for game in DAILY_GAMES:
            deal = ensure_daily(day, game)
            self.stdout.write(f"daily deal of {game} for {deal.date.isoformat()} is ready")
