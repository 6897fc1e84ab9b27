"""Dates: one format everywhere, the daily's time zone for the daily, the viewer's for the rest."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone
from factories import DailyDealFactory, MatchFactory, PlayerFactory, RankedDailyMatchFactory

from games.daily import ensure_daily, today
from games.dates import TIMEZONE_COOKIE, format_day, zone_named

pytestmark = pytest.mark.django_db

#: 23:00 on Nov. 30 in Chicago (the daily's zone here), already Dec. 1 in UTC and Tokyo.
LATE_EVENING = dt.datetime(2026, 12, 1, 5, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def daily_in_chicago(settings):
    settings.DAILY_TIMEZONE = "America/Chicago"


def started_dates(page: str) -> list[str]:
    """The "Started" cells of the profile's match list."""
    table = re.search(r'<table class="matches">.*?</table>', page, re.S).group(0)
    return re.findall(r"<tr>\s*<td>([^<]+)</td>", table)


def profile_of(client, user, zone: str | None = None) -> str:
    client.force_login(user)
    if zone is not None:
        client.cookies[TIMEZONE_COOKIE] = zone
    return client.get(reverse("accounts:profile")).content.decode()


def match_started_at(moment, **fields):
    match = MatchFactory(**fields)
    type(match).objects.filter(pk=match.pk).update(created_at=moment)
    return match


# -- the helper -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Asia/Tokyo", "America/Chicago", "UTC", "Europe/Berlin"])
def test_a_real_zone_name_is_accepted(name):
    assert zone_named(name) == ZoneInfo(name)


@pytest.mark.parametrize(
    "name",
    ["", "Mars/Olympus_Mons", "America", "../../etc/passwd", "/etc/localtime",
     "Asia/Tokyo\x00", "A" * 100_000, None, 42],
)  # fmt: skip
def test_anything_else_is_not_a_zone(name):
    assert zone_named(name) is None


def test_one_format_for_a_date_and_for_a_moment():
    with timezone.override(ZoneInfo("Asia/Tokyo")):
        assert format_day(dt.date(2026, 11, 30)) == "30 November 2026"
        assert format_day(LATE_EVENING) == "1 December 2026"  # the viewer's zone
        assert format_day(LATE_EVENING, daily=True) == "30 November 2026"  # the daily's


def test_the_template_filter_is_the_same_helper():
    template = Template('{% load dates %}{{ moment|day }} / {{ moment|day:"daily" }}')
    with timezone.override(ZoneInfo("Asia/Tokyo")):
        assert (
            template.render(Context({"moment": LATE_EVENING}))
            == "1 December 2026 / 30 November 2026"
        )


# -- the viewer's zone, from the cookie ----------------------------------------------


def test_a_match_is_dated_in_the_viewers_zone_from_the_cookie(client):
    player = PlayerFactory(account=True)
    match_started_at(LATE_EVENING, player=player)
    assert started_dates(profile_of(client, player.user, "Asia/Tokyo")) == ["1 December 2026"]
    assert started_dates(profile_of(client, player.user, "America/Los_Angeles")) == [
        "30 November 2026"
    ]


@pytest.mark.parametrize("cookie", [None, "Not/AZone", "x" * 5000, "Asia/Tokyo; path=/"])
def test_without_a_valid_zone_the_dailys_zone_is_used(client, cookie):
    player = PlayerFactory(account=True)
    match_started_at(LATE_EVENING, player=player)
    response_page = profile_of(client, player.user, cookie)
    # Chicago's day, not UTC's (Dec. 1) nor anything the cookie tried to say.
    assert started_dates(response_page) == ["30 November 2026"]


def test_the_browser_script_that_sets_the_cookie_is_on_every_page(client):
    page = client.get("/").content.decode()
    assert re.search(r'<script src="/static/js/timezone\.js[^"]*" defer></script>', page)


# -- a daily match: the same date wherever it is shown ------------------------------


def test_a_daily_match_has_the_dailys_date_on_its_board_and_in_the_profile(client):
    player = PlayerFactory(account=True)
    deal = DailyDealFactory(date=dt.date(2026, 11, 30))
    match = RankedDailyMatchFactory(player=player, daily=deal)
    type(match).objects.filter(pk=match.pk).update(created_at=LATE_EVENING)
    # The viewer is in Tokyo, where that evening was already Dec. 1.
    client.cookies[TIMEZONE_COOKIE] = "Asia/Tokyo"
    board = client.get(reverse("leaderboards:board"), {"date": "2026-11-30"}).content.decode()
    assert "Daily deal of 30 November 2026" in board
    assert started_dates(profile_of(client, player.user)) == ["30 November 2026"]


def test_todays_deal_has_the_same_date_on_the_daily_page_and_in_the_profile(client):
    player = PlayerFactory(account=True)
    deal = ensure_daily(today())
    RankedDailyMatchFactory(player=player, daily=deal)
    # A viewer's zone whose date differs from the daily's right now, at any hour.
    now = timezone.now()
    zone = next(
        name
        for name in ("Pacific/Kiritimati", "Etc/GMT+12")
        if now.astimezone(ZoneInfo(name)).date() != deal.date
    )
    shown = format_day(deal.date)
    profile = profile_of(client, player.user, zone)
    daily = client.get(reverse("leaderboards:daily")).content.decode()
    assert f"Sheepshead: the daily deal for {shown}" in daily
    assert started_dates(profile) == [shown]
    # Another match started at the same moment is in the viewer's zone: another day.
    match_started_at(now, player=player)
    elsewhere = format_day(now.astimezone(ZoneInfo(zone)).date())
    assert elsewhere != shown
    assert set(started_dates(profile_of(client, player.user, zone))) == {shown, elsewhere}
