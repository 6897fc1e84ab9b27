"""A visitor whose browser asks for German reads the whole site in German: a Sheepshead
hand and a Schafkopf hand played through the page, in Chromium, show no English word.
The language menu switches to Hungarian and back.

"English words" are the words of the catalog's English originals that no German
translation uses (tests/support/english_words.py).
"""

from __future__ import annotations

import pytest
from content_policy import policed_page
from english_words import english_in, english_only_words
from playwright.sync_api import Page, expect
from schafkopf_page import answer
from screens import PHONE, WIDE
from table_page import click_and_wait, take_one_decision, wait_live

QUICK_DELAYS = {"slow": 60, "normal": 40, "fast": 20}
#: What a step of a hand shows: the page's text and what it tells a screen reader.
#: Code (the hand records' field names on the rules page) is not read as language.
READ_TEXT = """() => {
  const labels = [...document.querySelectorAll('[aria-label], [title], [alt]')]
    .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt')]
    .filter(Boolean).join(' '));
  const body = document.body.cloneNode(true);
  body.querySelectorAll('code, pre, script, style, [hidden]').forEach(e => e.remove());
  body.querySelectorAll('*').forEach(e => e.append(' '));  // words of two elements stay apart
  return body.textContent + ' ' + labels.join(' ') + ' ' + document.title;
}"""


def english_on(page: Page, language: str = "de") -> list[str]:
    return english_in(page.evaluate(READ_TEXT), language)


@pytest.fixture
def site(live_server, settings):
    settings.GAME_STEP_DELAYS_MS = QUICK_DELAYS
    return live_server.url


@pytest.fixture(params=[PHONE, WIDE], ids=["360px", "1280px"])
def german_page(browser, request):
    with policed_page(browser, viewport=request.param, locale="de-DE") as page:
        page.set_default_timeout(20_000)
        yield page


def test_the_catalog_knows_english_words_to_look_for(site, browser):
    assert {"your", "trick", "points"} <= english_only_words("de")
    assert "sheepshead" not in english_only_words("de")
    with policed_page(browser, viewport=PHONE, locale="en-US") as page:
        page.goto(site + "/")
        assert {"play", "free"} <= set(
            english_in(page.evaluate(READ_TEXT), "de")
        )  # the check sees English


def test_a_german_visitor_plays_a_sheepshead_hand_with_no_english_on_the_page(site, german_page):
    page = german_page
    page.goto(site + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert english_on(page) == []
    page.locator("input[name=level][value=beginner]").check()
    page.click("[data-action=new-game]")
    wait_live(page)
    seen = set()
    for _ in range(60):
        seen.update(english_on(page))
        if take_one_decision(page) in ("next-hand", "done"):
            break
    else:
        raise AssertionError("the hand did not end")
    seen.update(english_on(page))  # the hand's result
    assert sorted(seen) == []
    for path in ("/learn/", "/learn/rules/", "/daily/", "/leaderboards/", "/accounts/signup/"):
        page.goto(site + path)
        assert english_on(page) == [], path


def test_a_german_visitor_plays_a_schafkopf_hand_with_no_english_on_the_page(site, german_page):
    page = german_page
    page.goto(site + "/")
    form = page.locator("[data-schafkopf-setup]")
    form.locator("input[name=computer_level][value=beginner]").check()
    form.locator("select[name=rounds]").select_option("1")
    page.click("[data-action=new-schafkopf]")
    wait_live(page)
    click_and_wait(page, "[data-speed=fast]")
    seen = set()
    for _ in range(60):
        seen.update(english_on(page))
        if answer(page, bid=True) in ("next-hand", "done"):
            break
    else:
        raise AssertionError("the hand did not end")
    seen.update(english_on(page))
    assert sorted(seen) == []


def test_the_language_menu_switches_to_hungarian_and_back(site, german_page):
    page = german_page
    page.goto(site + "/learn/")
    page.select_option("#language-choice", "hu")
    page.click("[data-action=choose-language]")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    assert page.url.endswith("/learn/")
    expect(page.locator("#language-choice")).to_have_value("hu")
    page.select_option("#language-choice", "de")
    page.click("[data-action=choose-language]")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert english_on(page) == []
