"""Invitations fit who is reading: a signed-in player is never asked to sign up."""

from __future__ import annotations

import re

import pytest
from factories import UserFactory

#: The pages a player reads most, signed in or not.
PAGES = ("/", "/daily/", "/leaderboards/", "/learn/", "/learn/rules/")
#: Words that invite a guest to make an account.
INVITATION = re.compile(r"sign up|no account needed|needs? an account", re.IGNORECASE)

pytestmark = pytest.mark.django_db


def visible_text(html: str) -> str:
    """The page's words as a reader sees them: no tags, so no link addresses either."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def read(client, path: str) -> str:
    response = client.get(path, secure=True)
    assert response.status_code == 200, path
    return visible_text(response.content.decode())


@pytest.mark.parametrize("path", PAGES)
def test_a_signed_in_player_is_not_invited_to_sign_up(client, path):
    client.force_login(UserFactory())
    text = read(client, path)
    assert "Free to play." in text  # the footer is there, in its signed-in words
    assert INVITATION.findall(text) == []


@pytest.mark.parametrize("path", PAGES)
def test_a_guest_is_told_no_account_is_needed(client, path):
    text = read(client, path)
    assert "Free to play. No account needed." in text
    assert INVITATION.search(text)


def test_the_home_page_tells_each_reader_what_keeps_their_games(client):
    assert "sign up at any time to keep your games" in read(client, "/")
    client.force_login(UserFactory())
    home = read(client, "/")
    assert "Your games are kept with your account." in home
    assert "All of it is free." in home
    assert "as a guest" not in home
