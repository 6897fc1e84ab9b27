"""The Schafkopf course in a real browser (Debian's Chromium driven by Playwright), on a
phone: a new visitor finds it, works through the Rufspiel lesson answering wrong first
(the page says why) and then right, and the course keeps the progress."""

from __future__ import annotations

import re

import pytest
from content_policy import policed_page
from playwright.sync_api import Page, expect
from schafkopf_answers import right_fields
from screens import PHONE

from tutorials.course import SCHAFKOPF_COURSE, course

pytestmark = pytest.mark.django_db(transaction=True)
LESSON = "rufspiel"
CARD_NAME = re.compile(r"(Eichel|Gras|Herz|Schellen)-(Ober|Unter|Sau|König|Zehn|Neun|Acht|Sieben)")


@pytest.fixture
def site(live_server):
    return live_server.url


def the_lesson():
    return next(lesson for lesson in course(SCHAFKOPF_COURSE) if lesson.slug == LESSON)


def swap(page: Page, exercise: str, target: str) -> None:
    """Click ``target`` in an exercise and wait for the server's new copy of it."""
    section = page.locator(f"#{exercise}")
    section.evaluate("el => el.dataset.old = 'yes'")
    section.locator(target).click()
    page.locator(f"#{exercise}:not([data-old])").wait_for()


def cards_of(page: Page, exercise: str) -> set[str]:
    return {
        b.get_attribute("data-card") for b in page.locator(f"#{exercise} button[data-card]").all()
    }


def set_chosen(page: Page, exercise: str, wanted: set[str]) -> None:
    """Toggle the exercise's cards until exactly ``wanted`` are chosen."""
    for code in sorted(cards_of(page, exercise)):
        card = page.locator(f"#{exercise} button[data-card='{code}']")
        if (card.get_attribute("aria-pressed") == "true") != (code in wanted):
            swap(page, exercise, f"button[data-card='{code}']")


def answer_a_choice(page: Page, ex) -> None:
    """A wrong option first (the lesson's explanation shows), then the right one."""
    wrong = next(i for i in range(len(ex.spec["options"])) if i != ex.spec["answer"])
    swap(page, ex.dom_id, f"[data-choice='{wrong}']")
    expect(page.locator(f"#{ex.dom_id} [data-feedback=wrong]")).to_contain_text(ex.spec["wrong"])
    swap(page, ex.dom_id, f"[data-choice='{right_fields(ex)['choice']}']")


def answer_a_selection(page: Page, ex) -> None:
    """A wrong choice first (every card, or one too few when every card is right: the
    page says why), then the engine's answer."""
    right = set(right_fields(ex)["selected"])
    every = cards_of(page, ex.dom_id)
    assert right and right <= every
    too_many = right != every
    set_chosen(page, ex.dom_id, every if too_many else right - {min(right)})
    swap(page, ex.dom_id, "[data-action=check]")
    feedback = page.locator(f"#{ex.dom_id} [data-feedback=wrong]")
    expect(feedback).to_be_visible()
    if too_many:  # the card that may not go, by its German name, and why
        expect(feedback).to_contain_text(CARD_NAME)
    else:
        expect(feedback).to_contain_text("You left out 1 card that may be played.")
    expect(feedback).not_to_contain_text("Right")
    set_chosen(page, ex.dom_id, right)
    swap(page, ex.dom_id, "[data-action=check]")


def test_a_new_visitor_works_through_the_rufspiel_lesson(browser, site):
    lesson = the_lesson()
    assert {ex.kind for ex in lesson.exercises} >= {"sk_legal", "choice"}
    with policed_page(browser, viewport=PHONE) as page:
        page.set_default_timeout(10_000)
        page.goto(f"{site}/learn/")
        page.click("[data-schafkopf-course]")
        page.wait_for_url("**/learn/schafkopf-course/")
        page.locator(f'[data-lesson="{LESSON}"] a').first.click()
        page.wait_for_url(f"**/learn/schafkopf-course/{LESSON}/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Rufspiel")
        for ex in lesson.exercises:
            if ex.kind == "choice":
                answer_a_choice(page, ex)
            else:
                answer_a_selection(page, ex)
            expect(page.locator(f"#{ex.dom_id} [data-feedback=right]")).to_be_visible()
        expect(page.locator("#lesson-progress")).to_have_text(
            "Lesson complete: every exercise done."
        )
        page.goto(f"{site}/learn/schafkopf-course/")
        expect(page.locator(f'[data-lesson="{LESSON}"]')).to_have_attribute("data-status", "done")
