"""Which language a visitor reads: the browser's first, the language menu's once chosen,
and an account's own wherever it logs in. Numbers, dates and money follow it."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from factories import PASSWORD, PlayerFactory, UserFactory

from games.dates import format_day
from games.models import SCHAFKOPF, SHEEPSHEAD
from games.score_text import game_skill
from leaderboards.nicknames import is_taken

pytestmark = pytest.mark.django_db
LANGUAGE_URL = reverse("translations:choose")


def page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_a_first_visit_follows_the_browsers_accept_language(client):
    home = reverse("games:home")
    assert page_language(client.get(home, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")) == "de"
    assert page_language(client.get(home, HTTP_ACCEPT_LANGUAGE="hu")) == "hu"
    assert page_language(client.get(home, HTTP_ACCEPT_LANGUAGE="fr-FR")) == "en"


def test_every_page_has_the_language_menu_with_each_language_named_in_itself(client):
    html = client.get(reverse("games:home")).content.decode()
    assert 'action="/language/"' in html
    for code, name in settings.LANGUAGES:
        assert f'<option value="{code}" lang="{code}"' in html and name in html


def test_the_menu_switches_the_language_and_comes_back_to_the_same_page(client):
    response = client.post(LANGUAGE_URL, {"language": "it", "next": "/learn/"})
    assert response.status_code == 302 and response.url == "/learn/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert page_language(client.get("/learn/", HTTP_ACCEPT_LANGUAGE="de")) == "it"


@pytest.mark.parametrize("language", ["fr", "", "x" * 5000, "EN"])
def test_a_language_the_site_does_not_offer_is_refused_and_changes_nothing(client, language):
    response = client.post(LANGUAGE_URL, {"language": language, "next": "/"})
    assert response.status_code == 400
    assert "Choose one of the languages in the menu." in response.content.decode()
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "/x" * 2000, ""])
def test_the_menu_never_sends_a_visitor_off_the_site(client, target):
    response = client.post(LANGUAGE_URL, {"language": "de", "next": target})
    assert response.status_code == 302 and response.url == reverse("games:home")


def test_the_menu_only_takes_a_post(client):
    assert client.get(LANGUAGE_URL + "?language=de").status_code == 405


def test_an_account_keeps_its_language_on_another_browser(client, django_user_model):
    user = UserFactory()
    PlayerFactory(user=user)
    client.force_login(user)
    client.post(LANGUAGE_URL, {"language": "hu", "next": "/"})
    assert user.player.__class__.objects.get(user=user).language == "hu"

    other = client.__class__()  # another browser, asking for German
    other.post(reverse("accounts:login"), {"username": user.username, "password": PASSWORD},
               HTTP_ACCEPT_LANGUAGE="de")  # fmt: skip
    response = other.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="de")
    assert page_language(response) == "hu"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "hu"


def test_an_account_without_a_choice_keeps_the_one_it_had_as_a_guest(client):
    user = UserFactory()
    PlayerFactory(user=user)
    client.post(LANGUAGE_URL, {"language": "it", "next": "/"})
    client.post(reverse("accounts:login"), {"username": user.username, "password": PASSWORD})
    assert user.__class__.objects.get(pk=user.pk).player.language == "it"


def test_an_account_that_never_chose_follows_each_browsers_language(client):
    user = UserFactory()
    PlayerFactory(user=user)
    client.post(reverse("accounts:login"), {"username": user.username, "password": PASSWORD},
                HTTP_ACCEPT_LANGUAGE="it")  # fmt: skip
    assert user.__class__.objects.get(pk=user.pk).player.language == ""
    assert page_language(client.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="hu")) == "hu"
    assert page_language(client.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="de")) == "de"


NOON_FIRST_OF_DECEMBER = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("language", "day", "skill", "money"),
    [
        ("en", "1 December 2026", "+1,234.57", "\u2212€1,234.50"),
        ("de", "1. Dezember 2026", "+1.234,57", "\u22121.234,50\u00a0€"),
        ("it", "1 Dicembre 2026", "+1.234,57", "\u22121.234,50\u00a0€"),
        ("hu", "2026. december 1.", "+1\u00a0234,57", "\u22121\u00a0234,50\u00a0€"),
    ],
)
def test_dates_numbers_and_money_are_written_as_the_language_writes_them(
    language, day, skill, money
):
    with translation.override(language):
        assert format_day(NOON_FIRST_OF_DECEMBER) == day
        assert game_skill(1234.567, SHEEPSHEAD) == skill
        assert game_skill(-123450, SCHAFKOPF) == money


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_a_guests_default_name_in_any_language_cannot_be_taken_as_a_nickname(language):
    guest = PlayerFactory()
    with translation.override(language):
        shown = guest.display_name
    assert str(guest.pk % 10000) in shown
    assert is_taken(shown, PlayerFactory())
    assert is_taken(shown.upper(), PlayerFactory())
