"""The site's error pages in a real browser: under the Content-Security-Policy
watch, axe-core finds nothing, light and dark, on a 360 px phone and a wide screen."""

from __future__ import annotations

import pytest
from accessibility import axe_report
from content_policy import policed_page
from django.template.loader import render_to_string
from playwright.sync_api import Page, expect
from screens import PHONE, WIDE

VIEWPORTS = {"phone": PHONE, "wide": WIDE}
#: More query fields than Django reads (DATA_UPLOAD_MAX_NUMBER_FIELDS): a 400.
TOO_MANY_FIELDS = "&".join(f"f{n}=1" for n in range(1001))


@pytest.fixture
def site(live_server, settings):
    assert not settings.SECURE_SSL_REDIRECT
    return live_server.url


def check(page: Page, status: int | None, error: str, viewport: str, scheme: str, tmp_path):
    """The page is the site's error page ``error``, fits the screen and passes axe."""
    expect(page.locator(f"[data-error='{error}']")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport]["width"]
    report = axe_report(page)
    page.screenshot(path=tmp_path / f"error-{error}-{viewport}-{scheme}.png", full_page=True)
    assert report == "", f"{error}: {report}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_each_error_page_passes_axe_and_fits_the_screen(site, browser, viewport, scheme, tmp_path):
    options = {"viewport": VIEWPORTS[viewport], "color_scheme": scheme}
    with policed_page(browser, **options) as page:
        assert page.goto(site + "/no-such-page/").status == 404
        check(page, 404, "404", viewport, scheme, tmp_path)
        assert page.goto(site + "/play/new").status == 405
        check(page, 405, "405", viewport, scheme, tmp_path)
        assert page.goto(f"{site}/leaderboards/?{TOO_MANY_FIELDS}").status == 400
        check(page, 400, "400", viewport, scheme, tmp_path)
        # A form whose CSRF token is gone (an old page, a forged post): the clear 403.
        page.goto(site + "/")
        page.evaluate(
            "document.querySelectorAll('[name=csrfmiddlewaretoken]').forEach(e => e.remove())"
        )
        with page.expect_navigation() as navigation:
            page.click("[data-action=new-game]")
        assert navigation.value.status == 403
        check(page, 403, "403-csrf", viewport, scheme, tmp_path)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    ("template", "heading"),
    [("500.html", "Something went wrong"), ("503.html", "Please try again in a moment")],
)
def test_the_pages_rendered_without_a_request_pass_axe(site, browser, scheme, template, heading):
    """500.html and 503.html are rendered with no request (the failure may be anywhere,
    the database gone): shown here from the site's address so that the stylesheet loads."""
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(site + "/healthz")
        page.set_content(render_to_string(template))
        assert page.evaluate("document.styleSheets[0].cssRules.length") > 0
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        assert axe_report(page) == ""
    finally:
        context.close()
