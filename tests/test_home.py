"""The home page and the health check."""

import re
import socket
from unittest import mock
from urllib.parse import urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.db import DatabaseError
from django.urls import resolve

HTMX = "django_htmx/htmx-2.min.js"


@pytest.fixture
def home(client):
    response = client.get("/", secure=True)
    assert response.status_code == 200
    return response.content.decode()


def test_it_says_what_the_site_is(home):
    assert "Play Sheepshead and Schafkopf in your browser" in home
    assert "Five-handed Sheepshead and four-handed Bavarian Schafkopf" in home
    assert "will join" not in home


def test_it_offers_both_games_equally_each_with_its_form(home):
    for game, action, button in (
        ("sheepshead", "/play/new", "new-game"),
        ("schafkopf", "/play/schafkopf/new", "new-schafkopf"),
    ):
        start = home.index(f'<section class="game" id="{game}"')
        section = home[start : home.index("</section>", start)]
        assert f'<form method="post" action="{action}"' in section
        assert f'data-action="{button}"' in section
        assert f'href="#{game}"' in home


def test_it_says_which_parts_are_open(home):
    for section in ("Play", "Daily deal", "Learn", "Leaderboards"):
        assert f"<h3>{section}</h3>" in home
    assert "Coming soon" not in home
    # Play, Learn, Leaderboards, and each game's daily deal with its own status.
    assert home.count("Open now") == 5
    for game in ("sheepshead", "schafkopf"):
        assert f'data-game="{game}" data-daily-status="not-played"' in home


def test_every_link_and_form_on_it_leads_to_a_page_that_exists(home):
    targets = re.findall(r'\s(?:href|action)="([^"]*)"', home)
    for target in targets:
        if target.startswith(("#", "/static/")):
            continue
        resolve(urlsplit(target).path)  # Resolver404 for a page that doesn't exist
    assert "/play/new" in targets and "/play/schafkopf/new" in targets
    assert 'data-action="new-game"' in home


def test_it_loads_htmx_and_its_css_from_this_site(home):
    assert f'<script src="/static/{HTMX}" defer></script>' in home
    assert '<link rel="stylesheet" href="/static/css/site.css">' in home
    assert finders.find(HTMX), "django-htmx no longer ships htmx at this path"
    assert finders.find("css/site.css")
    for url in re.findall(r'(?:src|href)="([^"]*)"', home):
        assert not url.startswith("//") and "://" not in url, url


def test_it_names_the_language_and_fits_phones(home):
    assert '<html lang="en">' in home
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in home


def test_it_sends_the_csrf_token_with_every_htmx_request(home):
    match = re.search(r"""<body hx-headers='\{"X-CSRFToken": "([^"]+)"\}'>""", home)
    assert match, "the CSRF token belongs in hx-headers on <body>"


def test_it_rejects_post(client):
    assert client.post("/", secure=True).status_code == 405


def test_it_redirects_plain_http_to_https_in_production(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # the production default; tests run with it off
    response = client.get("/")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/"


@pytest.mark.django_db
def test_healthz_reports_the_database_and_the_broker_ok(client):
    response = client.get("/healthz", secure=True)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": True, "broker": True}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_answers_over_plain_http_for_load_balancers(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz")
    assert response.status_code == 200


@pytest.mark.django_db
def test_healthz_reports_a_failing_database_as_unavailable(client):
    with mock.patch("config.health.connection.cursor", side_effect=DatabaseError("down")):
        response = client.get("/healthz", secure=True)
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": False, "broker": True}


@pytest.mark.django_db
def test_healthz_reports_a_broker_it_cannot_reach_as_unavailable(client, settings):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens there once the socket closes
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{port}/0"
    response = client.get("/healthz", secure=True)
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": True, "broker": False}
