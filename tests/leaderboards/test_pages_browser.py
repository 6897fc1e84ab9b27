"""The daily summary, the boards and the profile in Chromium on a 360 px phone, light
and dark: no sideways scroll, axe-core finds nothing, real touch-sized buttons, the
place arriving by itself, and the site menu by keyboard."""

from __future__ import annotations

import pytest
from accessibility import axe_report
from content_policy import policed_page
from factories import PASSWORD, MatchFactory, PlayerFactory, finished_daily_attempt
from playwright.sync_api import Page, expect
from screens import PHONE, WIDE

from games.daily import ensure_daily, today
from leaderboards.models import DailyRank
from leaderboards.ranking import recompute

pytestmark = pytest.mark.django_db(transaction=True)

#: WCAG's comfortable touch target, and what the design asks of every button.
TOUCH_PX = 44
#: Long names, as real boards have them: the columns must still fit a phone.
NAMES = ["probeE1796092061", "a-rather-long-nickname", "kim"]


@pytest.fixture
def site(live_server):
    return live_server.url


@pytest.fixture
def me():
    """An account with a finished ranked daily (not yet on the board) among others'
    ranked attempts that are, and a few ordinary matches for the profile."""
    deal = ensure_daily(today())
    for score, name in zip((3, 1, -2), NAMES, strict=True):
        finished_daily_attempt(
            PlayerFactory(account=True, user__username=name), deal, score, ranked=True
        )
    recompute()
    me = PlayerFactory(account=True, user__username="newcomer-with-a-long-name")
    me.attempt = finished_daily_attempt(me, deal, 2, ranked=True)
    for _ in range(3):
        MatchFactory(player=me, scores=[-12, 3, 3, 3, 3])
    return me


def log_in(page: Page, site: str, player) -> None:
    page.goto(site + "/accounts/login/")
    page.fill("input[name=username]", player.user.username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def check_page(page: Page, where: str) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{where} scrolls sideways: {width}"
    report = axe_report(page)
    assert report == "", f"{where}:\n{report}"


def button_heights(page: Page, selector: str) -> list[float]:
    boxes = [box for box in (b.bounding_box() for b in page.locator(selector).all()) if box]
    assert boxes, f"no visible {selector}"
    return [box["height"] for box in boxes]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_summary_boards_and_profile_on_a_phone(browser, site, me, scheme):
    with policed_page(browser, viewport=PHONE, color_scheme=scheme) as page:
        page.set_default_timeout(20_000)
        log_in(page, site, me)

        # The summary says the place comes in a moment, and it does, by itself.
        page.goto(f"{site}/daily/attempt/{me.attempt.pk}/")
        place = page.locator("#daily-place")
        expect(place).to_have_attribute("data-daily-place", "pending")
        check_page(page, "summary, waiting")
        recompute()
        rank = DailyRank.objects.get(match=me.attempt).rank
        expect(place).to_have_attribute("data-daily-place", str(rank), timeout=15_000)
        expect(page.locator("tr.mine")).to_contain_text("(you)")
        check_page(page, "summary, placed")
        assert min(button_heights(page, "main .action")) >= TOUCH_PX

        page.goto(f"{site}/daily/")
        check_page(page, "daily")
        assert min(button_heights(page, "main .action, main button")) >= TOUCH_PX

        page.goto(f"{site}/leaderboards/")
        expect(page.locator('[data-tab="today"]')).to_have_attribute("aria-current", "page")
        expect(page.locator("tr.mine")).to_have_attribute("data-rank", str(rank))
        check_page(page, "today's board")

        page.goto(f"{site}/leaderboards/?board=all-time")
        expect(page.locator('[data-tab="all-time"]')).to_have_attribute("aria-current", "page")
        expect(page.locator("tr.mine")).to_be_visible()
        check_page(page, "all-time board")

        page.goto(f"{site}/accounts/profile/")
        check_page(page, "profile")
        page.locator("[data-site-menu] > summary").click()
        check_page(page, "profile, menu open")


def test_the_menu_is_reached_and_followed_by_keyboard(browser, site, me):
    with policed_page(browser, viewport=PHONE) as page:
        page.set_default_timeout(20_000)
        log_in(page, site, me)
        page.goto(f"{site}/leaderboards/")
        menu = page.locator("[data-site-menu] > summary")
        for _ in range(5):
            page.keyboard.press("Tab")
            if menu.evaluate("element => element === document.activeElement"):
                break
        expect(menu).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("[data-site-menu]")).to_have_attribute("open", "")
        current = page.locator('[data-menu="leaderboards"]')
        expect(current).to_have_attribute("aria-current", "page")
        for _item in range(3):  # Sheepshead, Schafkopf, then Daily
            page.keyboard.press("Tab")
        expect(page.locator('[data-menu="daily"]')).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_url(f"{site}/daily/")
        expect(page.locator('[data-menu="daily"]')).to_have_attribute("aria-current", "page")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_wide_screen_the_menu_is_a_row_of_links_in_the_header(browser, site, scheme):
    with policed_page(browser, viewport=WIDE, color_scheme=scheme) as page:
        page.goto(f"{site}/leaderboards/?board=all-time")
        expect(page.locator("[data-site-menu] > summary")).to_be_hidden()
        links = page.locator("[data-menu]")
        expect(links).to_have_count(7)
        tops = {round(link.bounding_box()["y"]) for link in links.all()}
        assert len(tops) == 1, f"the menu's links sit in one row: {tops}"
        expect(page.locator('[data-menu="leaderboards"]')).to_have_attribute("aria-current", "page")
        check_page(page, "wide all-time board")
