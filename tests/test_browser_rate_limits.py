"""The 429 answers in a real browser (Debian's Chromium driven by Playwright).

An htmx request past its limit puts a notice at the top of the page and leaves the
table as it was; a plain request gets the whole 429 page in the site's look.
"""

from __future__ import annotations

import pytest
from accessibility import axe_report
from playwright.sync_api import Page, expect

from config import ratelimit
from games.models import Match

BROWSER_ADDRESS = "127.0.0.1"  # where the live server sees Chromium's requests from


@pytest.fixture
def site(live_server, settings, monkeypatch):
    assert not settings.SECURE_SSL_REDIRECT
    settings.GAME_STEP_DELAYS_MS = {"slow": 60, "normal": 40, "fast": 20}
    # One fixed moment, so no window ends between filling a limit and meeting it.
    now = ratelimit.clock()
    monkeypatch.setattr(ratelimit, "clock", lambda: now)
    return live_server.url


@pytest.fixture
def phone(browser) -> Page:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    # Chromium logs every 429 as a failed resource; only script errors count here.
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def use_up(action: str) -> None:
    limit = min(ratelimit.limits_for(action), key=lambda limit: limit.count)
    for _ in range(limit.count):
        ratelimit.hit(action, BROWSER_ADDRESS)


def practice_table(page: Page, site: str) -> Match:
    """A new game from the home page, turned into a practice game that offers hints."""
    page.goto(site + "/")
    page.locator("input[name=level][value=beginner]").check()
    page.click("[data-action=new-game]")
    page.wait_for_selector("#table[data-live=true]")
    match = Match.objects.get()
    match.hints = True
    match.save(update_fields=["hints"])
    page.goto(f"{site}/play/{match.pk}/")
    page.wait_for_selector("#table[data-live=true]")
    return match


def test_a_hint_past_the_limit_shows_a_notice_and_keeps_the_table(site, phone):
    match = practice_table(phone, site)
    before = phone.locator("#table").inner_html()
    use_up("hint")

    phone.click("[data-action=hint]")

    notice = phone.locator("#main > [data-rate-limit-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Please try again in")
    expect(notice).to_have_attribute("role", "alert")
    assert phone.locator("#table").inner_html() == before
    assert phone.locator(".hint-message").count() == 0
    match.refresh_from_db()
    assert match.hands.count() == 1


def test_the_429_page_has_the_site_s_look_and_passes_axe_light_and_dark(site, phone):
    use_up("new-game")
    phone.goto(site + "/")
    phone.click("[data-action=new-game]")

    expect(phone.get_by_role("heading", level=1)).to_have_text("Slow down a little")
    expect(phone.locator("[data-rate-limit-notice]")).to_contain_text("Please try again in")
    assert not Match.objects.exists()
    # site.css is in force: the page's own background, light then dark, and no sideways scroll.
    light = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert axe_report(phone) == ""
    phone.emulate_media(color_scheme="dark")
    dark = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert axe_report(phone) == ""
    assert light == "rgb(247, 246, 241)"
    assert dark == "rgb(17, 21, 19)"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.set_viewport_size({"width": 1280, "height": 800})
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        assert axe_report(phone) == "", scheme
