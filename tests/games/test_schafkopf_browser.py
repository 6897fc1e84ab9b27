"""A Schafkopf session in a real browser (Chromium through Playwright), as a visitor
plays it, at 360 px and at 1280 px. (axe-core checks the same session's moments in
tests/test_browser_accessibility.py.)

On this seed the human (seat 0) speaks first in the first hand, bids and declares a
Rufspiel; in the hands after it passes, and says Kontra and Re when they are offered.
"""

from __future__ import annotations

import re

import pytest
from content_policy import policed_page
from playwright.sync_api import expect
from schafkopf_page import SESSION_SEED, answer
from screens import PHONE, WIDE
from table_page import click_and_wait, wait_live

from games.models import Match
from games.services import start_match

QUICK_DELAYS = {"slow": 60, "normal": 40, "fast": 20}
GERMAN_NAME = re.compile(
    r"^(Eichel|Gras|Herz|Schellen)-(Ober|Unter|Sau|König|Zehn|Neun|Acht|Sieben)$"
)


@pytest.fixture
def site(live_server, settings):
    settings.GAME_STEP_DELAYS_MS = QUICK_DELAYS
    return live_server.url


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["360px", "1280px"])
def test_a_new_visitor_sets_up_house_rules_and_plays_the_session_through(browser, site, viewport):
    with policed_page(browser, viewport=viewport) as page:
        page.set_default_timeout(20_000)
        page.goto(site + "/")
        form = page.locator("[data-schafkopf-setup]")
        form.locator("input[name=computer_level][value=beginner]").check()
        form.locator("input[name=deck][value=short]").check()
        form.locator("input[name=all_pass][value=redeal]").check()
        form.locator("input[name=tariff][value='20/50']").check()
        form.locator("select[name=rounds]").select_option("1")
        page.click("[data-action=new-schafkopf]")
        wait_live(page)
        match = Match.objects.get()
        assert (match.game, match.level, match.hand_count) == ("schafkopf", "beginner", 4)
        assert match.rules["short_deck"] and match.rules["all_pass"] == "redeal"
        expect(page.locator("[data-house-rules]")).to_contain_text("Short deck")
        expect(page.locator("[data-house-rules]")).to_contain_text("€0.20")
        expect(page.locator(".hand button")).to_have_count(6)
        click_and_wait(page, "[data-speed=fast]")
        hands = 1
        while (kind := answer(page, bid=False)) != "done":
            hands += kind == "next-hand"
            assert hands <= 4, "more hands than the session's"
        match.refresh_from_db()
        assert match.is_finished and hands == 4
        expect(page.locator("[data-standings] li")).to_have_count(4)
        # The next game is offered with the same house rules.
        page.click("[data-action=new-game]")
        expect(page.locator("input[name=deck][value=short]")).to_be_checked()
        expect(page.locator("input[name=tariff][value='20/50']")).to_be_checked()


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["360px", "1280px"])
def test_a_visitor_plays_a_whole_schafkopf_session_with_a_rufspiel_and_a_kontra(
    browser, site, viewport
):
    with policed_page(browser, viewport=viewport) as page:
        page.set_default_timeout(20_000)
        page.goto(site + "/")
        page.click("[data-action=new-game]")  # a first game makes the visitor a guest
        wait_live(page)
        player = Match.objects.get().player
        match = start_match(player, "beginner", seed=SESSION_SEED, game="schafkopf", rounds=1)
        page.goto(f"{site}/play/{match.pk}/")
        wait_live(page)
        assert page.title().startswith("Schafkopf")
        expect(page.locator(".seats .seat")).to_have_count(3)
        names = page.locator(".hand button").evaluate_all(
            "bs => bs.map(b => b.getAttribute('aria-label'))"
        )
        assert len(names) == 8 and all(GERMAN_NAME.match(n) for n in names), names
        expect(page.locator("[data-status]")).to_contain_text("Bid or pass")
        # The first button has the focus, so the keyboard alone plays: Enter bids.
        expect(page.locator("[data-action=bid]")).to_be_focused()
        page.evaluate("document.querySelector('#table').dataset.old = 'yes'")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => { const t = document.querySelector('#table');"
            " return t && t.dataset.old !== 'yes' && t.dataset.live === 'true'; }"
        )
        expect(page.locator("[data-action=declare]").first).to_be_visible()
        click_and_wait(page, "[data-speed=fast]")
        asked = []
        hand = 1
        while (kind := answer(page, bid=hand == 1)) != "done":
            asked.append(kind)
            if kind == "declare":
                expect(page.locator(".contract-line")).to_contain_text(
                    "You play a Rufspiel with the"
                )
                expect(page.locator(".me [data-marker=declarer]")).to_be_visible()
            if kind == "kontra":
                expect(page.locator(".me [data-marker=kontra]")).to_be_visible()
            if kind == "next-hand":
                hand += 1
            assert len(asked) < 300, "the session did not end"
        match.refresh_from_db()
        assert match.is_finished and match.hands.count() == 4
        first = match.hands.get(number=0).result
        assert (first["contract"], first["declarer"]) == ("rufspiel", 0)
        assert {"bid", "declare", "kontra", "play", "next-hand"} <= set(asked)
        expect(page.locator("[data-result]")).to_contain_text("€")
        expect(page.locator("[data-standings] li")).to_have_count(4)
        expect(page.locator("[data-score-sheet] tbody tr")).to_have_count(4)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
