"""The course in a real browser (Debian's Chromium driven by Playwright), on a phone."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from content_policy import policed_page
from playwright.sync_api import Page, expect, sync_playwright
from screens import PHONE


@pytest.fixture(scope="module")
def on_phone(chromium_launch) -> Callable[[Callable[[Page], None]], None]:
    """Run steps against a fresh 360 x 640 page: ``on_phone(steps)`` calls ``steps(page)``.

    Playwright lives in a thread of its own: other browser test modules keep a
    sync Playwright running in the main thread for the whole session, and a
    second one can't start in a thread where one is running.
    """
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="playwright")
    playwright = worker.submit(lambda: sync_playwright().start()).result()
    browser = worker.submit(lambda: playwright.chromium.launch(**chromium_launch)).result()

    def in_a_fresh_page(steps: Callable[[Page], None]) -> None:
        # Under the Content-Security-Policy watch: any violation fails the test.
        with policed_page(browser, viewport=PHONE) as page:
            page.context.set_default_timeout(10_000)
            steps(page)

    yield lambda steps: worker.submit(in_a_fresh_page, steps).result()
    worker.submit(browser.close).result()
    worker.submit(playwright.stop).result()
    worker.shutdown()


@pytest.fixture
def site(live_server, settings):
    assert not settings.SECURE_SSL_REDIRECT
    return live_server.url


def choose(exercise, *cards):
    """Tap cards of a multiple-choice exercise, waiting for each to show as chosen."""
    for name in cards:
        exercise.get_by_role("button", name=name, exact=True).click()
        expect(exercise.get_by_role("button", name=name, exact=True)).to_have_attribute(
            "aria-pressed", "true"
        )


def test_a_new_visitor_works_through_lesson_three_and_keeps_the_progress(site, on_phone, tmp_path):
    on_phone(lambda phone: work_through_lesson_three(phone, site, tmp_path))


def work_through_lesson_three(phone: Page, site: str, tmp_path: Path) -> None:
    requested = []
    phone.on("request", lambda request: requested.append(request.url))

    phone.goto(site + "/learn/")
    expect(phone.get_by_text("0 of 10 lessons done.")).to_be_visible()
    phone.get_by_role("link", name="Lesson 3: Following suit and who wins a trick").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Lesson 3: Following suit and who wins a trick"
    )
    progress = phone.locator("#lesson-progress")
    expect(progress).to_have_text("0 of 5 exercises done")

    # 1. Which card wins? A wrong tap first: the rule says why, and it may be tried again.
    first = phone.locator("#ex-highest-of-the-suit")
    first.get_by_role("button", name="ace of hearts").click()
    feedback = first.get_by_role("alert")
    expect(feedback).to_contain_text("The ace of hearts does not win this trick.")
    expect(feedback).to_contain_text("neither trump nor clubs, the suit led")
    expect(feedback).to_contain_text("Try again.")
    expect(progress).to_have_text("0 of 5 exercises done")
    first.get_by_role("button", name="ten of clubs").click()
    expect(first.get_by_role("alert")).to_contain_text("Right!")
    expect(progress).to_have_text("1 of 5 exercises done")
    phone.screenshot(path=tmp_path / "lesson-3-first-exercise.png")

    # 2. Which may you play? The queen of clubs is trump, not a club.
    second = phone.locator("#ex-follow-clubs")
    choose(second, "ace of clubs", "eight of clubs", "queen of clubs")
    second.get_by_role("button", name="Check").click()
    expect(second.get_by_role("alert")).to_contain_text(
        "Not the queen of clubs: you have clubs, so you must follow clubs."
    )
    second.get_by_role("button", name="queen of clubs", exact=True).click()
    expect(second.get_by_role("button", name="queen of clubs", exact=True)).to_have_attribute(
        "aria-pressed", "false"
    )
    second.get_by_role("button", name="Check").click()
    expect(second.get_by_role("alert")).to_contain_text("Right!")

    # 3. Two trumps in one trick: the higher one wins.
    phone.locator("#ex-two-trumps").get_by_role("button", name="queen of diamonds").click()
    expect(phone.locator("#ex-two-trumps").get_by_role("alert")).to_contain_text("Right!")

    # 4. Trump led: follow with trump.
    fourth = phone.locator("#ex-follow-trump")
    choose(fourth, "queen of clubs", "eight of diamonds")
    fourth.get_by_role("button", name="Check").click()
    expect(fourth.get_by_role("alert")).to_contain_text("Right!")

    # 5. No heart in hand (the jack of hearts is trump): any card may go.
    fifth = phone.locator("#ex-cannot-follow")
    choose(
        fifth,
        "jack of hearts", "ace of clubs", "king of clubs",
        "ten of spades", "seven of spades", "nine of diamonds",
    )  # fmt: skip
    fifth.get_by_role("button", name="Check").click()
    expect(fifth.get_by_role("alert")).to_contain_text("Right!")
    expect(progress).to_have_text("Lesson complete: every exercise done.")

    # A reload keeps it all: the session remembers, the page shows it.
    phone.reload()
    expect(phone.locator("#lesson-progress")).to_have_text("Lesson complete: every exercise done.")
    expect(phone.locator(".exercise [data-solved]")).to_have_count(5)
    expect(phone.get_by_role("alert")).to_have_count(0)

    phone.goto(site + "/learn/")
    expect(phone.get_by_text("1 of 10 lessons done.")).to_be_visible()
    expect(phone.locator('[data-lesson="tricks"]')).to_have_attribute("data-status", "done")
    expect(phone.locator("[data-continue]")).to_have_text(
        "Continue: lesson 1, The cards and their points"
    )

    own_host = urlsplit(site).netloc
    assert {urlsplit(url).netloc for url in requested} == {own_host}


def test_the_cards_can_be_played_from_the_keyboard(site, on_phone):
    on_phone(lambda phone: play_from_the_keyboard(phone, site))


def play_from_the_keyboard(phone: Page, site: str) -> None:
    phone.goto(site + "/learn/tricks/")
    exercise = phone.locator("#ex-follow-trump")
    exercise.get_by_role("button", name="queen of clubs").focus()
    phone.keyboard.press("Space")
    expect(exercise.get_by_role("button", name="queen of clubs")).to_have_attribute(
        "aria-pressed", "true"
    )
    # htmx puts the focus back on the same card after the swap: Tab moves on from there.
    expect(exercise.get_by_role("button", name="queen of clubs")).to_be_focused()
    # Tab on to the next card (the page is still: the swap above has finished), then
    # choose it with Enter and wait for the server's answer to mark it.
    next_card = None
    for _ in range(5):
        phone.keyboard.press("Tab")
        next_card = phone.evaluate("document.activeElement.dataset.card || null")
        if next_card and next_card != "QC":
            break
    assert next_card and next_card != "QC", "Tab reaches the next card"
    phone.keyboard.press("Enter")
    expect(exercise.locator(f'[data-card="{next_card}"]')).to_have_attribute("aria-pressed", "true")


def test_a_lesson_fits_a_360_pixel_phone_in_light_and_dark(site, on_phone, tmp_path):
    on_phone(lambda phone: fit_a_phone(phone, site, tmp_path))


def fit_a_phone(phone: Page, site: str, tmp_path: Path) -> None:
    for path in ("/learn/", "/learn/picking/", "/learn/scoring/", "/learn/schafkopf/"):
        phone.goto(site + path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, path
    phone.goto(site + "/learn/calling/")
    phone.screenshot(path=tmp_path / "calling-light.png", full_page=True)
    card = phone.locator(".lc-card").first
    assert card.evaluate("el => getComputedStyle(el).borderRadius") == "6px"
    width = card.evaluate("el => el.getBoundingClientRect().width")
    assert width >= 44, "cards are at least 44 px wide to tap"
    phone.emulate_media(color_scheme="dark")
    assert phone.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(17, 21, 19)"
    phone.screenshot(path=tmp_path / "calling-dark.png", full_page=True)
