"""Seat a player in a test client's session, as the table pages do for a guest."""

from __future__ import annotations

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
