"""Every page of the site, read in German, Italian and Hungarian, with an account that
has played: no English word in its text or in what it tells a screen reader
(tests/support/english_words.py says which words count as English)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from english_words import english_in
from factories import PlayerFactory, RankedDailyMatchFactory, UserFactory
from moves import finish_in_one_hand

from games.daily import ensure_daily, today
from games.models import SCHAFKOPF
from games.services import start_match
from leaderboards.ranking import recompute
from translations.management.commands.update_catalogs import translated_languages
from tutorials.course import SCHAFKOPF_COURSE, course

pytestmark = pytest.mark.django_db
#: Not read as language: scripts, styles, and code (the hand records' field names).
NOT_READ = re.compile(r"<(script|style|code|pre)\b.*?</\1>", re.S)
READ_ATTRIBUTES = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')


def read_text(page: str) -> str:
    """What a visitor reads of a page, and what a screen reader says of it."""
    page = NOT_READ.sub(" ", page)
    spoken = " ".join(READ_ATTRIBUTES.findall(page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + spoken)


@pytest.fixture
def played(client):
    """A logged-in account with a finished game of each kind and a ranked daily."""
    user = UserFactory(username="Zora")
    player = PlayerFactory(user=user)
    client.force_login(user)
    sheepshead = finish_in_one_hand(player, start_match(player, "beginner", seed=bytes(32)))
    schafkopf = finish_in_one_hand(
        player, start_match(player, "beginner", seed=bytes(32), game=SCHAFKOPF, rounds=1)
    )
    RankedDailyMatchFactory(player=player, daily=ensure_daily(today()), hand_scores=[2] * 10)
    recompute()
    return sheepshead, schafkopf


def site_pages(sheepshead, schafkopf) -> list[str]:
    lessons = [course()[0].slug, course()[-1].slug]
    return [
        reverse("games:home"),
        reverse("games:table", args=[sheepshead.pk]),
        reverse("games:replay", args=[sheepshead.pk, 0]),
        reverse("games:table", args=[schafkopf.pk]),
        reverse("leaderboards:daily"),
        reverse("leaderboards:board"),
        reverse("leaderboards:board") + "?board=all-time",
        reverse("leaderboards:board") + "?game=schafkopf",
        reverse("tutorials:course"),
        reverse("tutorials:schafkopf_course"),
        *(reverse("tutorials:lesson", args=[slug]) for slug in lessons),
        reverse("tutorials:schafkopf_lesson", args=[course(SCHAFKOPF_COURSE)[0].slug]),
        reverse("tutorials:rules"),
        reverse("accounts:profile"),
        reverse("accounts:password_change"),
        "/no-such-page/",
    ]


@pytest.mark.parametrize("language", translated_languages())
def test_every_page_reads_in_the_visitors_language(client, played, language):
    pages = site_pages(*played)
    found = {}
    for path in pages:
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code in (200, 404), path
        assert f'<html lang="{language}"' in response.content.decode()
        if english := english_in(read_text(response.content.decode()), language):
            found[path] = english
    assert found == {}


def test_the_check_finds_english_on_an_english_page(client, played):
    home = client.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert {"play", "free"} <= set(english_in(read_text(home), "de"))


@pytest.mark.parametrize("language", translated_languages())
def test_the_sign_up_and_login_forms_and_their_errors_read_in_the_language(client, language):
    for path in (reverse("accounts:signup"), reverse("accounts:login")):
        page = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert english_in(read_text(page), language) == [], path
    refused = client.post(
        reverse("accounts:signup"),
        {"username": "a b", "password1": "x", "password2": "y"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert refused.status_code == 200
    assert english_in(read_text(refused.content.decode()), language) == []
