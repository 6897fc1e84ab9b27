"""The Content-Security-Policy in a real browser (Debian's Chromium driven by Playwright).

Every page here is opened under the watch of tests/support/content_policy.py: a
blocked inline script or style, an eval, or a page without a strict policy fails
the test. The walk goes through every kind of page and uses htmx on the way, so
htmx keeps working without inline styles or eval.
"""

from __future__ import annotations

import pytest
from content_policy import PolicyWatch, policy_problems
from playwright.sync_api import Page, expect
from screens import PHONE
from table_page import wait_live

from games.models import Match
from games.services import load_table, start_match, submit_action
from rules_engine.players import player_for

#: Seat 4 deals hand 1, so the human (seat 0) decides first and may pick.
PICKER_SEED = bytes([4]) + bytes(31)
PASSWORD = "a long pass phrase 42"


@pytest.fixture
def site(live_server, settings):
    assert not settings.SECURE_SSL_REDIRECT
    settings.GAME_STEP_DELAYS_MS = {"slow": 60, "normal": 40, "fast": 20}
    return live_server.url


def swap_table(page: Page, selector: str) -> None:
    """Click inside the table, then wait until htmx has swapped in a new, live one."""
    page.evaluate("document.querySelector('#table').dataset.old = 'yes'")
    page.locator(selector).click()
    page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t && t.dataset.old !== 'yes' && t.dataset.live === 'true'; }"
    )


def finish_the_hand(match: Match) -> Match:
    """Play the rest of the hand on the server as a standard player would."""
    while not load_table(match).state.is_over:
        action = player_for("standard").decide(load_table(match).state.view(0), b"walk")
        fields = {"action": action.kind, "card": action.card, "cards": action.cards}
        match = submit_action(match.pk, match.player, fields, match.version)
    return match


def test_every_page_keeps_to_the_policy_and_htmx_still_works(site, phone):
    documents = []
    phone.on("response", lambda r: r.request.resource_type == "document" and documents.append(r))

    phone.goto(site + "/")
    phone.locator("input[name=level][value=beginner]").check()
    phone.click("[data-action=new-game]")
    wait_live(phone)
    player = Match.objects.get().player

    # A table where the human decides first: pick, bury, call and play, all through htmx.
    match = start_match(player, "beginner", seed=PICKER_SEED)
    phone.goto(f"{site}/play/{match.pk}/")
    wait_live(phone)
    swap_table(phone, "[data-action=pick]")
    swap_table(phone, ".hand [data-card='7C']")
    swap_table(phone, ".hand [data-card='8C']")
    swap_table(phone, "[data-action=bury]")
    swap_table(phone, "[data-action=call][data-card=AH]")
    match.refresh_from_db()
    kinds = [action.kind for seat, action in load_table(match).state.actions if seat == 0]
    assert kinds[:3] == ["pick", "bury", "call"]

    # The replay of a finished hand, and a step back in it.
    finish_the_hand(match)
    phone.goto(f"{site}/play/{match.pk}/hand/1/")
    expect(phone.get_by_role("heading", level=1)).to_be_visible()
    phone.goto(f"{site}/play/{match.pk}/hand/1/?step=3")
    expect(phone.get_by_role("heading", level=1)).to_be_visible()

    # The daily deal and the boards.
    phone.goto(site + "/daily/")
    expect(phone.locator("[data-daily-status=not-played]")).to_have_count(2)  # both games
    phone.goto(site + "/leaderboards/")
    expect(phone.get_by_role("heading", level=1)).to_be_visible()

    # The course, and an exercise answered through htmx.
    phone.goto(site + "/learn/")
    phone.goto(site + "/learn/tricks/")
    exercise = phone.locator("#ex-highest-of-the-suit")
    exercise.get_by_role("button", name="ten of clubs").click()
    expect(exercise.get_by_role("alert")).to_contain_text("Right!")
    expect(phone.locator("#lesson-progress")).to_have_text("1 of 5 exercises done")

    # Sign up (the guest's finished hand comes along: the profile draws its chart),
    # log out, log in again.
    phone.goto(site + "/accounts/signup/")
    phone.fill("input[name=username]", "walker")
    phone.fill("input[name=password1]", PASSWORD)
    phone.fill("input[name=password2]", PASSWORD)
    phone.get_by_role("button", name="Sign up").click()
    expect(phone).to_have_url(site + "/accounts/profile/")
    expect(phone.locator(".chart-swatch")).to_have_count(1)
    phone.click("[data-site-menu] > summary")  # the menu holds the account links
    phone.click("[data-action=logout]")
    phone.goto(site + "/accounts/login/")
    phone.fill("input[name=username]", "walker")
    phone.fill("input[name=password]", PASSWORD)
    phone.locator("form.stacked-form button[type=submit]").click()
    expect(phone).to_have_url(site + "/accounts/profile/")

    pages = {r.url.removeprefix(site).split("?")[0] for r in documents}
    assert {"/", "/daily/", "/leaderboards/", "/learn/", "/learn/tricks/"} <= pages
    assert {"/accounts/signup/", "/accounts/login/", "/accounts/profile/"} <= pages
    assert f"/play/{match.pk}/hand/1/" in pages
    for response in documents:
        header = response.header_value("Content-Security-Policy")
        assert policy_problems(header) == [], response.url
        assert "'unsafe-inline'" not in header


def test_the_pages_keep_to_the_policy_wide_and_dark(site, wide):
    wide.emulate_media(color_scheme="dark")
    for path in ("/", "/daily/", "/leaderboards/", "/learn/", "/learn/calling/", "/admin/login/"):
        response = wide.goto(site + path)
        assert response is not None and response.status == 200, path
    wide.goto(site + "/accounts/signup/")
    expect(wide.locator("input[name=username]")).to_be_visible()


def test_the_watch_sees_inline_code_the_policy_blocks(site, browser):
    """The watch itself: an inline style and script put into a page are blocked and seen."""
    context = browser.new_context(viewport=PHONE)
    try:
        watch = PolicyWatch(context)
        page = context.new_page()
        page.goto(site + "/")
        assert watch.problems() == []
        page.evaluate(
            """() => {
              document.body.insertAdjacentHTML(
                "beforeend", '<p id="injected" style="color: rgb(255, 0, 0)">red?</p>');
              const script = document.createElement("script");
              script.textContent = "window.injectedRan = true";
              document.body.append(script);
            }"""
        )
        problems = watch.problems()
        assert any("style-src" in line for line in problems), problems
        assert any("script-src" in line for line in problems), problems
        assert page.evaluate("window.injectedRan") is None
        colour = page.locator("#injected").evaluate("el => getComputedStyle(el).color")
        assert colour != "rgb(255, 0, 0)"
    finally:
        context.close()


def test_htmx_is_told_to_need_no_inline_style_nor_eval(site, phone):
    phone.goto(site + "/")
    config = phone.evaluate(
        "({styles: htmx.config.includeIndicatorStyles, evaluate: htmx.config.allowEval,"
        " scripts: htmx.config.allowScriptTags})"
    )
    assert config == {"styles": False, "evaluate": False, "scripts": False}
    # Its indicator rule comes from site.css instead.
    phone.evaluate("document.body.insertAdjacentHTML('beforeend', '<p class=htmx-indicator>')")
    assert phone.locator("p.htmx-indicator").evaluate("el => getComputedStyle(el).opacity") == "0"
