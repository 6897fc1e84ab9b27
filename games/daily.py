"""The daily deal: one ten-hand match a day, the same cards for everyone.

A day's seed is HMAC-SHA256(DAILY_SECRET, "daily:<date>"), so nothing public
predicts the cards, and creating a day twice (a beat job on two machines, or
the first request of the day racing the job) gives the same row: the date
is unique and the seed a function of it.
"""

from __future__ import annotations

import datetime as dt
import hmac
from hashlib import sha256
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from rules_engine.variant import SHEEPSHEAD_FIVE

from .models import DailyDeal

#: The daily deal is a Sheepshead match.
SEATS = SHEEPSHEAD_FIVE.seats


def daily_seed(date: dt.date) -> bytes:
    return hmac.digest(settings.DAILY_SECRET.encode(), f"daily:{date.isoformat()}".encode(), sha256)


def today() -> dt.date:
    """The daily deal's date now, in the site's daily time zone."""
    return timezone.now().astimezone(ZoneInfo(settings.DAILY_TIMEZONE)).date()


def ensure_daily(date: dt.date) -> DailyDeal:
    """The day's deal, created if it doesn't exist yet; safe to call from anywhere, twice."""
    existing = DailyDeal.objects.filter(date=date).first()
    if existing is not None:
        return existing
    seed = daily_seed(date)
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(date=date, seed=seed, first_dealer=seed[-1] % SEATS)
    except IntegrityError:
        return DailyDeal.objects.get(date=date)


def ensure_upcoming(now_date: dt.date | None = None) -> list[DailyDeal]:
    """Today's and tomorrow's deals: what the beat job makes before each day starts."""
    start = now_date or today()
    return [ensure_daily(start), ensure_daily(start + dt.timedelta(days=1))]
