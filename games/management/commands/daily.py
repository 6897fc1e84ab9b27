"""``python manage.py daily [--date YYYY-MM-DD]``: create a day's deal by hand."""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from games.daily import ensure_daily, today


class Command(BaseCommand):
    help = "Create the daily deal for a date (default: today in DAILY_TIMEZONE); safe to repeat."

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
        deal = ensure_daily(day)
        self.stdout.write(f"daily deal for {deal.date.isoformat()} is ready")
