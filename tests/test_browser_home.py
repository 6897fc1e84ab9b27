"""The home page in a real browser (Debian's Chromium driven by Playwright).

``phone`` (tests/conftest.py) fails a test whose pages break the Content-Security-Policy.
"""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect


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
    heading = phone.get_by_role("heading", level=1).inner_text()
    assert heading == "Play Sheepshead and Schafkopf in your browser"
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


def test_typing_a_rate_of_your_own_chooses_your_own_tariff(site, phone):
    phone.goto(site + "/#schafkopf")
    own = phone.locator("input[name=tariff][value=own]")
    expect(phone.locator("input[name=tariff][value='10/50']")).to_be_checked()
    phone.fill("input[name=solo]", "80")
    expect(own).to_be_checked()


def test_every_choice_of_the_schafkopf_form_is_a_44_pixel_target_on_a_phone(site, phone):
    phone.goto(site + "/")
    targets = phone.locator(
        "[data-schafkopf-setup] label.choice, [data-schafkopf-setup] input[type=number], "
        "[data-schafkopf-setup] select, [data-schafkopf-setup] button"
    )
    assert targets.count() == 3 + 2 + 2 + 4 + 2 + 1 + 1
    for target in targets.all():
        box = target.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (target.inner_text(), box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
