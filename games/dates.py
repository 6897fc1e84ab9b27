"""Dates as players read them: one format, in the right time zone, said once here.

Anything tied to a daily deal (the daily page, a day's board, a daily match in
the profile) is dated in ``settings.DAILY_TIMEZONE``, the zone the daily's day
turns over in, so the same match has the same date wherever it is shown. Any
other date is in the viewer's zone: ``static/js/timezone.js`` stores the
browser's zone in the ``tz`` cookie and ``ViewerTimezoneMiddleware`` makes it
the current zone; without a valid one the daily's zone is used.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.utils import timezone
from django.utils.formats import date_format

#: The cookie that carries the browser's IANA time zone name.
TIMEZONE_COOKIE = "tz"
#: Longer than any IANA zone name ("America/Argentina/ComodRivadavia" is 32).
MAX_ZONE_NAME = 64
#: The one format every page writes a date in, as the visitor's language writes it
#: ("30 November 2026" in English, "30. November 2026" in German).
DAY_FORMAT = "DATE_FORMAT"


@lru_cache(maxsize=1)
def _known_zones() -> frozenset[str]:
    return frozenset(available_timezones())


def zone_named(name) -> ZoneInfo | None:
    """The IANA zone called ``name``, or None for anything else (bad, huge, unknown)."""
    if not isinstance(name, str) or not 0 < len(name) <= MAX_ZONE_NAME:
        return None
    if name not in _known_zones():
        return None
    return ZoneInfo(name)


def daily_zone() -> ZoneInfo:
    return ZoneInfo(settings.DAILY_TIMEZONE)


def viewer_zone(cookies) -> ZoneInfo:
    """The zone a visitor's browser said it is in, else the daily's."""
    return zone_named(cookies.get(TIMEZONE_COOKIE)) or daily_zone()


def day_of(value, *, daily: bool = False) -> dt.date:
    """The calendar day of ``value``: a date as it is, a moment in the daily's zone
    (``daily``) or the current (the viewer's) zone."""
    if isinstance(value, dt.datetime):
        zone = daily_zone() if daily else timezone.get_current_timezone()
        moment = value if timezone.is_aware(value) else timezone.make_aware(value, dt.UTC)
        return moment.astimezone(zone).date()
    return value


def format_day(value, *, daily: bool = False) -> str:
    """``value``'s day written the site's one way, e.g. "30 November 2026"."""
    if value in (None, ""):
        return ""
    return date_format(day_of(value, daily=daily), DAY_FORMAT)
