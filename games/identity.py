"""Who is playing: an account's player, or an anonymous one kept in the session.

Nobody has to sign up to play. When a guest signs up or logs in, the guest's
games (the one in progress included) move to the account.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest

from .models import Player

SESSION_KEY = "player_id"


def current_player(request: HttpRequest, create: bool = True) -> Player | None:
    """The player behind this request; a new guest player if ``create``."""
    if request.user.is_authenticated:
        if create:
            return Player.objects.get_or_create(user=request.user)[0]
        return Player.objects.filter(user=request.user).first()
    player_id = request.session.get(SESSION_KEY)
    player = Player.objects.filter(pk=player_id, user=None).first() if player_id else None
    if player is None and create:
        player = Player.objects.create()
        request.session[SESSION_KEY] = player.pk
    return player


@receiver(user_logged_in)
def adopt_guest_games(sender, request, user, **kwargs) -> None:
    """Signing up or logging in keeps the guest's games, in progress or finished."""
    if request is None:
        return
    guest_id = request.session.pop(SESSION_KEY, None)
    if not guest_id:
        return
    with transaction.atomic():
        guest = Player.objects.filter(pk=guest_id, user=None).first()
        if guest is None:
            return
        account, _ = Player.objects.get_or_create(user=user)
        guest.matches.update(player=account)
        guest.delete()
