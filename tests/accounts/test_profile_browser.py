"""The profile and a replay in a real browser: dates in the browser's own time zone (the
script sets the cookie), the chart with its table, and axe-core finds nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from accessibility import axe_report
from content_policy import policed_page
from factories import PASSWORD, DailyDealFactory, MatchFactory, PlayerFactory
from moves import hand_over, play_until
from playwright.sync_api import expect
from screens import PHONE, WIDE

from games.models import Match
from games.services import start_match

pytestmark = pytest.mark.django_db(transaction=True)

#: 23:00 on Nov. 30 in Chicago, already Dec. 1 in Tokyo.
LATE_EVENING = dt.datetime(2026, 12, 1, 5, 0, tzinfo=dt.UTC)


@pytest.fixture
def site(live_server, settings):
    settings.DAILY_TIMEZONE = "America/Chicago"
    return live_server.url


@pytest.fixture
def player():
    """An account with one finished hand (so a chart and a replay) and two matches
    started on the evening of Nov. 30 in Chicago: one of them a daily's."""
    player = PlayerFactory(account=True)
    played = play_until(start_match(player, "beginner"), player, hand_over)
    plain = MatchFactory(player=player)
    daily = MatchFactory(player=player, daily=DailyDealFactory(date=dt.date(2026, 11, 30)))
    Match.objects.filter(pk__in=[plain.pk, daily.pk]).update(created_at=LATE_EVENING)
    player.played = played
    player.plain, player.daily = plain, daily
    return player


def log_in(page, site, player) -> None:
    page.goto(site + "/accounts/login/")
    page.fill("input[name=username]", player.user.username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form.stacked-form button[type=submit]").click()
    expect(page).to_have_url(site + "/accounts/profile/")


def test_the_profile_dates_a_match_in_the_browsers_zone_and_a_daily_in_the_dailys(
    site, browser, player
):
    with policed_page(browser, viewport=PHONE, timezone_id="Asia/Tokyo") as page:
        log_in(page, site, player)
        page.reload()  # the first page set the cookie; dates follow it from now on
        cookie = {c["name"]: c["value"] for c in page.context.cookies()}["tz"]
        assert cookie == "Asia/Tokyo"
        started = page.locator("table.matches tbody td:first-child").all_inner_texts()
        # Newest first: the hand just played (now), then the two of that evening.
        assert sorted(started[1:]) == ["1 December 2026", "30 November 2026"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_profile_and_a_replay_pass_axe_with_the_chart_and_its_table(
    site, browser, player, scheme, viewport
):
    with policed_page(browser, viewport=viewport, color_scheme=scheme) as page:
        log_in(page, site, player)
        expect(page.locator(".chart-svg")).to_be_visible()
        page.locator(".chart-data summary").click()
        expect(page.locator(".chart-table tbody tr")).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert axe_report(page) == ""
        page.goto(f"{site}/play/{player.played.pk}/hand/1/")
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert axe_report(page) == ""
