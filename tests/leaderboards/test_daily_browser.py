"""The fair daily in a real browser: a guest practises, sees its place, signs up."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from factories import PlayerFactory, finished_daily_attempt
from playwright.sync_api import Page, expect

from games.daily import ensure_daily, today
from games.models import Match
from leaderboards.ranking import recompute

PHONE = {"width": 360, "height": 640}
HANDS = 10


@pytest.fixture
def site(live_server):
    return live_server.url


def finished(player, deal, score_each_hand, ranked):
    done = timezone.now() - dt.timedelta(minutes=5)
    return finished_daily_attempt(player, deal, score_each_hand, ranked=ranked, finished_at=done)


def fits(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_guest_practises_sees_its_place_then_signs_up_to_be_ranked_from_tomorrow(
    browser, site, scheme
):
    deal = ensure_daily(today())
    for score in (2, 0, -2):
        finished(PlayerFactory(account=True), deal, score, ranked=True)
    recompute()
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{site}/daily/")
        day = page.locator("section.daily[data-game=sheepshead]")
        expect(day.locator('[data-daily-status="not-played"]')).to_contain_text("practice")
        page.get_by_role("button", name="Play today's Sheepshead deal for practice").click()
        page.wait_for_url("**/play/**")
        practice = Match.objects.get(player__user=None)
        assert practice.ranked is False and practice.daily == deal

        practice.delete()  # as if played to the end: +1 a hand, skill 10
        finished(practice.player, deal, 1, ranked=False)
        page.goto(f"{site}/daily/")
        expect(day.locator("[data-would-place]")).to_have_attribute("data-would-place", "2")
        expect(day.locator("[data-invitation]")).to_be_visible()
        assert fits(page)

        page.get_by_role("link", name="Sign up").last.click()
        page.fill("#id_username", f"newcomer-{scheme}")
        page.fill("#id_password1", "a-long-pass-phrase-9")
        page.fill("#id_password2", "a-long-pass-phrase-9")
        page.get_by_role("button", name="Sign up").click()
        page.wait_for_url("**/daily/")
        # Today's cards were seen as a guest: the day stays practice, ranked from tomorrow.
        expect(day.locator("[data-practised-as-guest]")).to_contain_text("from tomorrow")
        assert fits(page)
        page.get_by_role("button", name="Play today's Sheepshead deal for practice").click()
        page.wait_for_url("**/play/**")
        mine = Match.objects.filter(player__user__username=f"newcomer-{scheme}", daily=deal)
        assert mine.count() == 2 and not mine.filter(ranked=True).exists()
    finally:
        context.close()
