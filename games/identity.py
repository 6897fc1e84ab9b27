"""Who is playing: an account's player, or an anonymous one kept in the session.

Nobody has to sign up to play. When a guest signs up or logs in, everything
the guest did moves to the account: ``accounts.guest_merge`` does it in one
transaction, with :func:`move_guest_games` for this app's rows.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import HandOutcome, Match, Player

SESSION_KEY = "player_id"


def current_player(request: HttpRequest, create: bool = True) -> Player | None:
    """The player behind this request; a new guest player if ``create``."""
    if request.user.is_authenticated:
        if create:
            return Player.objects.get_or_create(user=request.user)[0]
        return Player.objects.filter(user=request.user).first()
    player_id = request.session.get(SESSION_KEY)
    player = guest_by_id(player_id) if player_id else None
    if player is None and create:
        player = Player.objects.create()
        request.session[SESSION_KEY] = player.pk
    return player


def guest_by_id(player_id, lock: bool = False) -> Player | None:
    """The guest (no account) with this id, or None for anything else, garbage included."""
    if not isinstance(player_id, int) or isinstance(player_id, bool):
        return None
    guests = Player.objects.filter(pk=player_id, user=None)
    return (guests.select_for_update() if lock else guests).first()


def move_guest_games(guest: Player, account: Player, account_is_new: bool) -> list:
    """Give the account the guest's matches, hands and results; returns the demoted matches.

    One ranked attempt per player and day: where both hold one at the same
    day's deal, the account's stays ranked and the guest's becomes practice,
    its results too. The guest's table settings, Schafkopf house rules and board
    name are kept if the account has none of its own (a new account, or one still
    on the defaults).
    Call inside a transaction, with both rows locked.
    """
    account_days = Match.objects.filter(player=account, ranked=True).values("daily_id")
    demoted = list(
        Match.objects.filter(player=guest, ranked=True, daily_id__in=account_days).values_list(
            "pk", flat=True
        )
    )
    Match.objects.filter(pk__in=demoted).update(ranked=False)
    HandOutcome.objects.filter(match_id__in=demoted).update(ranked=False)
    Match.objects.filter(player=guest).update(player=account)
    HandOutcome.objects.filter(player=guest).update(player=account)
    changed = []
    for name in ("speed", "deck", "schafkopf_deck", "nickname", "schafkopf_setup"):
        default = Player._meta.get_field(name).get_default()
        mine, theirs = getattr(account, name), getattr(guest, name)
        if theirs != mine and (account_is_new or mine == default):
            setattr(account, name, theirs)
            changed.append(name)
    if changed:
        account.save(update_fields=changed)
    return demoted
