"""Seat a player in a test client's session, as the table pages do for a guest."""

from __future__ import annotations

from django.urls import reverse
from factories import PlayerFactory

from games.identity import SESSION_KEY
from games.models import Player


def seat_player(client, player: Player | None = None) -> Player:
    """The player (a new guest unless given) whose session is now the client's."""
    player = player or PlayerFactory()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return player


#: A password every validator accepts, for sign-ups through the form.
SIGN_UP_PASSWORD = "a-long-pass-phrase-9"


def sign_up(client, username: str):
    """Post the sign-up form as a visitor would; the response (302 when it worked)."""
    return client.post(
        reverse("accounts:signup"),
        {"username": username, "password1": SIGN_UP_PASSWORD, "password2": SIGN_UP_PASSWORD},
    )
