"""The home page in a real browser (Debian's Chromium driven by Playwright).

``phone`` (tests/conftest.py) fails a test whose pages break the Content-Security-Policy.
"""

from urllib.parse import urlsplit

import pytest


@pytest.fixture
def site(live_server, settings):
    # The live server speaks plain HTTP, so pyproject.toml turns the HTTPS redirect off
    # for tests (it has to be off before the server starts: middleware reads it once).
    assert not settings.SECURE_SSL_REDIRECT
    return live_server.url


def test_the_home_page_renders_with_its_own_css_and_htmx(site, phone):
    requested = []
    phone.on("request", lambda request: requested.append(request.url))
    failed = []
    phone.on("requestfailed", lambda request: failed.append(request.url))

    response = phone.goto(site + "/")

    assert response is not None and response.status == 200
    assert phone.get_by_role("heading", level=1).inner_text() == "Play Sheepshead in your browser"
    assert phone.evaluate("typeof window.htmx") == "object"
    # site.css gives the feature cards a border radius; the browser default has none.
    radius = phone.locator(".feature").first.evaluate("el => getComputedStyle(el).borderRadius")
    assert radius == "8px"
    assert failed == []
    assert any(url.endswith("/static/css/site.css") for url in requested)
    assert any(url.endswith("/static/django_htmx/htmx-2.min.js") for url in requested)
    own_host = urlsplit(site).netloc
    assert {urlsplit(url).netloc for url in requested} == {own_host}


def test_the_home_page_fits_a_360_pixel_phone_without_sideways_scrolling(site, phone, tmp_path):
    phone.goto(site + "/")
    phone.screenshot(path=tmp_path / "home-360x640.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_home_page_follows_the_dark_system_theme(site, phone):
    phone.goto(site + "/")
    light = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    phone.emulate_media(color_scheme="dark")
    dark = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert light == "rgb(247, 246, 241)"
    assert dark == "rgb(17, 21, 19)"
