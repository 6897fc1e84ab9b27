"""The Schafkopf daily in a real browser: a new visitor plays the whole day's session
and finds itself on the day's board (signed up first) or sees where it would place (as
a guest)."""

from __future__ import annotations

import datetime as dt

import pytest
from content_policy import policed_page
from django.utils import timezone
from factories import PlayerFactory, finished_daily_attempt
from moves import play_until
from playwright.sync_api import expect
from schafkopf_page import answer
from screens import PHONE, WIDE
from table_page import click_and_wait, wait_live

from games.daily import DAILY_RULES, ensure_daily, today
from games.models import SCHAFKOPF, Match
from leaderboards.models import DailyRank
from leaderboards.ranking import rank_match, recompute

QUICK_DELAYS = {"slow": 60, "normal": 40, "fast": 20}
#: What the others on today's board won in each hand, in cents.
OTHERS = (30, -10, -40)


@pytest.fixture
def site(live_server, settings):
    settings.GAME_STEP_DELAYS_MS = QUICK_DELAYS
    return live_server.url


def sign_up(page, site: str, name: str) -> None:
    page.goto(f"{site}/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "a-long-pass-phrase-9")
    page.fill("#id_password2", "a-long-pass-phrase-9")
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_load_state()


def play_the_session(page, stop_after: int) -> None:
    """Answer the table until ``stop_after`` hands are over (or the session is)."""
    wait_live(page)
    click_and_wait(page, "[data-speed=fast]")
    hands = 1
    while (kind := answer(page, bid=True)) != "done":
        hands += kind == "next-hand"
        if hands > stop_after:
            return


def finish_at_the_server(match) -> Match:
    """Play the rest of the session with the standard player's moves, through the same
    services the page posts to."""
    player = match.player
    return play_until(match, player, lambda table: table.match.is_finished)


@pytest.mark.parametrize(
    ("viewport", "account"), [(WIDE, True), (PHONE, False)], ids=["account-1280px", "guest-360px"]
)
def test_a_new_visitor_plays_the_schafkopf_daily_to_the_end(browser, site, viewport, account):
    deal = ensure_daily(today(), SCHAFKOPF)
    done = timezone.now() - dt.timedelta(minutes=5)
    for cents in OTHERS:
        finished_daily_attempt(PlayerFactory(account=True), deal, cents, ranked=True,
                               finished_at=done)  # fmt: skip
    recompute()
    with policed_page(browser, viewport=viewport) as page:
        page.set_default_timeout(20_000)
        if account:
            sign_up(page, site, "newcomer")
        page.goto(f"{site}/daily/")
        day = page.locator("section.daily[data-game=schafkopf]")
        expect(day.locator("[data-daily-status=not-played]")).to_be_visible()
        expect(page.locator("section.daily[data-game=sheepshead]")).to_be_visible()
        day.locator("[data-action=start-daily]").click()
        page.wait_for_url("**/play/**")
        match = Match.objects.get(daily=deal, player__user__username="newcomer") if account else (
            Match.objects.get(daily=deal, player__user=None)
        )  # fmt: skip
        assert (match.game, match.level, match.ranked) == (SCHAFKOPF, "expert", account)

        hand_count = DAILY_RULES[SCHAFKOPF].hand_count
        # The guest's first round at the page (each seat deals once), the member's first
        # hand; the rest at the server's pace, which saves the suite's time, not the
        # server's: the page posts to the same services.
        play_the_session(page, stop_after=1 if account else len(match.scores))
        match.refresh_from_db()  # the page moved it on
        match = finish_at_the_server(match)
        page.goto(f"{site}/play/{match.pk}/")
        wait_live(page)
        match.refresh_from_db()
        assert match.is_finished and match.hands.count() == hand_count
        page.click("#table [data-action=daily-summary]")
        page.wait_for_url(f"**/daily/attempt/{match.pk}/")
        summary = page.locator("[data-daily-summary]")
        expect(summary).to_have_attribute("data-game", SCHAFKOPF)
        won = match.scores[match.human_seat]
        expect(page.locator("[data-summary-score]")).to_have_attribute(
            "data-summary-score", str(won)
        )
        expect(page.locator("[data-summary-score]")).to_contain_text("€")
        if account:
            expect(page.locator("[data-daily-place=pending]")).to_be_visible()
            rank_match(match.pk)  # what the worker does once the finish commits
            mine = DailyRank.objects.get(match=match)
            expect(page.locator("#daily-place")).to_have_attribute(
                "data-daily-place", str(mine.rank)
            )  # the page's poll brought the place
            expect(page.locator("#daily-place tr.mine")).to_contain_text("newcomer")
            page.click("[data-action=day-board]")
            expect(page.locator("[data-game-tab=schafkopf]")).to_have_attribute(
                "aria-current", "page"
            )
            expect(page.locator("tr.mine")).to_have_attribute("data-rank", str(mine.rank))
            assert DailyRank.objects.filter(daily=deal).count() == len(OTHERS) + 1
        else:
            place = page.locator("#daily-place")
            expect(place).to_have_attribute("data-daily-place", "practice")
            ahead = sum(cents * DAILY_RULES[SCHAFKOPF].hand_count >= won for cents in OTHERS)
            expect(place).to_have_attribute("data-would-place", str(ahead + 1))
            expect(page.locator("[data-invitation]")).to_be_visible()
            assert not DailyRank.objects.filter(match=match).exists()
