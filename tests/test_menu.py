"""The site menu on every page, its current item marked with aria-current="page"."""

import re

import pytest
from django.urls import reverse
from factories import PlayerFactory, finished_daily_attempt
from seating import seat_player

from games.daily import ensure_daily, today
from games.services import start_match

pytestmark = pytest.mark.django_db

ITEMS = ["play", "schafkopf", "daily", "learn", "leaderboards"]


def current_items(page: str) -> list[str]:
    return re.findall(r'data-menu="([a-z-]+)" aria-current="page"', page)


def menu_items(page: str) -> list[str]:
    return re.findall(r'data-menu="([a-z-]+)"', page)


@pytest.mark.parametrize(
    ("url", "current"),
    [
        (lambda m: reverse("games:home"), []),
        (lambda m: reverse("games:table", args=[m.pk]), ["play"]),
        (lambda m: reverse("leaderboards:daily"), ["daily"]),
        (lambda m: reverse("leaderboards:board"), ["leaderboards"]),
        (lambda m: reverse("leaderboards:board") + "?board=all-time", ["leaderboards"]),
        (lambda m: reverse("tutorials:course"), ["learn"]),
        (lambda m: reverse("tutorials:rules"), ["learn"]),
        (lambda m: reverse("accounts:login"), ["login"]),
        (lambda m: reverse("accounts:signup"), ["signup"]),
    ],
)
def test_a_guest_sees_the_menu_with_the_current_item_marked(client, url, current):
    guest = seat_player(client)
    match = start_match(guest, "standard")
    page = client.get(url(match)).content.decode()
    assert menu_items(page) == [*ITEMS, "login", "signup"]
    assert current_items(page) == current
    assert "{#" not in page  # a template comment over two lines would show as text


def test_an_account_sees_its_profile_and_log_out_and_the_summary_is_under_daily(client):
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    profile = client.get(reverse("accounts:profile")).content.decode()
    assert menu_items(profile) == [*ITEMS, "profile"]
    assert current_items(profile) == ["profile"]
    assert 'data-action="logout"' in profile
    attempt = finished_daily_attempt(me, ensure_daily(today()), 1, ranked=True)
    summary = client.get(reverse("leaderboards:daily_summary", args=[attempt.pk])).content.decode()
    assert current_items(summary) == ["daily"]


def test_a_page_not_found_still_has_the_menu(client):
    page = client.get("/no-such-page/").content.decode()
    assert menu_items(page) == [*ITEMS, "login", "signup"]
    assert current_items(page) == []


def test_a_schafkopf_table_and_its_replays_mark_schafkopf_in_the_menu(client):
    from moves import hand_over, play_until

    guest = seat_player(client)
    match = play_until(start_match(guest, "beginner", game="schafkopf"), guest, hand_over)
    for url in (
        reverse("games:table", args=[match.pk]),
        reverse("games:replay", args=[match.pk, 1]),
    ):
        assert current_items(client.get(url).content.decode()) == ["schafkopf"]
