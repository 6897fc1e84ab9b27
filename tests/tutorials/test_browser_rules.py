"""The rules page in a real browser: axe-core finds nothing, light and dark, on a
360 px phone and a wide screen, and the contents links scroll to their sections."""

from __future__ import annotations

import pytest
from accessibility import axe_report
from playwright.sync_api import expect

VIEWPORTS = {"phone": (360, 640), "wide": (1280, 800)}


@pytest.fixture
def site(live_server, settings):
    assert not settings.SECURE_SSL_REDIRECT
    return live_server.url


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_rules_page_passes_axe_and_fits_the_screen(site, browser, viewport, scheme, tmp_path):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(site + "/learn/rules/")
        expect(page.get_by_role("heading", level=1)).to_have_text("The rules of the games")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        report = axe_report(page)
        page.screenshot(path=tmp_path / f"rules-{viewport}-{scheme}.png", full_page=True)
        assert report == ""
    finally:
        context.close()


def test_the_course_links_to_the_rules_and_the_contents_reach_each_section(site, browser):
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        page.goto(site + "/learn/")
        page.get_by_role("link", name="The full rules").click()
        expect(page).to_have_url(site + "/learn/rules/")
        page.get_by_role("link", name="3. Schafkopf, four hands").click()
        expect(page).to_have_url(site + "/learn/rules/#3-schafkopf-four-hands")
        expect(page.get_by_role("heading", name="3. Schafkopf, four hands")).to_be_in_viewport()
    finally:
        context.close()


def test_the_axe_check_reports_a_page_that_breaks_wcag(browser):
    """The helper really runs axe-core: a page with an unlabelled image and faint text fails."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(
            '<html lang="en"><title>t</title><main><img src="x.png">'
            '<p style="color:#ccc;background:#fff">faint</p></main></html>'
        )
        report = axe_report(page)
    finally:
        context.close()
    assert "image-alt" in report and "color-contrast" in report
