"""The daily deals: one match a day of each game, the same cards for everyone.

A day's seed is HMAC-SHA256(DAILY_SECRET, "daily:<date>") for Sheepshead
("daily:schafkopf:<date>" for Schafkopf), so nothing public predicts the
cards, and creating a day twice (a beat job on two machines, or the first
request of the day racing the job) gives the same row: the date and game
are unique together and the seed a function of them.
"""

from __future__ import annotations

import datetime as dt
import hmac
from dataclasses import dataclass
from hashlib import sha256
from types import MappingProxyType
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from rules_engine.session import DEFAULT_ROUNDS

from .game_kinds import schafkopf_hand_count, seats_of
from .models import SCHAFKOPF, SHEEPSHEAD, DailyDeal

#: The games that have a daily deal, in the order the pages show them.
DAILY_GAMES = (SHEEPSHEAD, SCHAFKOPF)


@dataclass(frozen=True)
class DailyRules:
    """What a game's daily match is: the house rules and how many hands."""

    rules: MappingProxyType
    hand_count: int


#: Sheepshead's daily is a ten-hand match; Schafkopf's a session of the default house
#: rules (the long deck, a Ramsch when all pass, the default tariff) of two rounds.
DAILY_RULES = MappingProxyType(
    {
        SHEEPSHEAD: DailyRules(MappingProxyType({}), 10),
        SCHAFKOPF: DailyRules(MappingProxyType({}), schafkopf_hand_count({}, DEFAULT_ROUNDS)),
    }
)


def daily_seed(date: dt.date, game: str = SHEEPSHEAD) -> bytes:
    name = "daily" if game == SHEEPSHEAD else f"daily:{game}"
    message = f"{name}:{date.isoformat()}".encode()
    return hmac.digest(settings.DAILY_SECRET.encode(), message, sha256)


def today() -> dt.date:
    """The daily deal's date now, in the site's daily time zone."""
    return timezone.now().astimezone(ZoneInfo(settings.DAILY_TIMEZONE)).date()


def ensure_daily(date: dt.date, game: str = SHEEPSHEAD) -> DailyDeal:
    """The day's deal of ``game``, created if it doesn't exist yet; safe to call from
    anywhere, twice."""
    existing = DailyDeal.objects.filter(date=date, game=game).first()
    if existing is not None:
        return existing
    seed = daily_seed(date, game)
    seats = seats_of(game, dict(DAILY_RULES[game].rules))
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(
                date=date, game=game, seed=seed, first_dealer=seed[-1] % seats
            )
    except IntegrityError:
        return DailyDeal.objects.get(date=date, game=game)


def ensure_upcoming(now_date: dt.date | None = None) -> list[DailyDeal]:
    """Today's and tomorrow's deals of every game: what the beat job makes before each
    day starts."""
    start = now_date or today()
    return [
        ensure_daily(day, game)
        for day in (start, start + dt.timedelta(days=1))
        for game in DAILY_GAMES
    ]
