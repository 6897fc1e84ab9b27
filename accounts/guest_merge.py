"""Signing up or logging in: everything the guest did becomes the account's.

Games, hands, results, ranks, course progress and table settings move in
one transaction, and only then does the session forget the guest. If the
move fails, it is rolled back whole: the login still succeeds, the guest
stays in the session with all its games, and the next request tries again
(:class:`GuestMergeMiddleware`). Nothing the guest did can make a login fail.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.http import HttpRequest

from config.errors import DATABASE_GONE
from games.identity import SESSION_KEY as GUEST_KEY
from games.identity import guest_by_id, move_guest_games
from games.models import Player
from leaderboards.adoption import move_guest_ranks
from tutorials.progress import SESSION_KEY as PROGRESS_KEY
from tutorials.progress import keep_guest_progress

logger = logging.getLogger(__name__)


def adopt_guest(request: HttpRequest, user) -> bool:
    """Move the session's guest to ``user``; True once the session holds no guest any more."""
    session = request.session
    if GUEST_KEY not in session and PROGRESS_KEY not in session:
        return True
    try:
        with transaction.atomic():
            merge_guest_player(session.get(GUEST_KEY), user)
            keep_guest_progress(user, session.get(PROGRESS_KEY))
    except Exception:  # whatever went wrong, the login stands and the guest is kept
        logger.exception(
            "Could not move guest %r to user %s; will retry", session.get(GUEST_KEY), user.pk
        )
        return False
    session.pop(GUEST_KEY, None)
    session.pop(PROGRESS_KEY, None)
    return True


def merge_guest_player(guest_id, user) -> Player | None:
    """The guest's rows become the account player's, then the guest row goes; None if no guest."""
    guest = guest_by_id(guest_id, lock=True)
    if guest is None:  # gone already (another tab's login), or never a guest
        return None
    account, created = Player.objects.get_or_create(user=user)
    account = Player.objects.select_for_update().get(pk=account.pk)
    demoted = move_guest_games(guest, account, account_is_new=created)
    move_guest_ranks(guest, account, demoted)
    guest.delete()  # nothing refers to it any more
    return account


def on_user_logged_in(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        adopt_guest(request, user)


class GuestMergeMiddleware:
    """Finish a guest's move that failed at login (its games or only its course
    progress), on a later request of the same session."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        try:
            user = getattr(request, "user", None)
            pending = (
                user is not None
                and user.is_authenticated
                and (GUEST_KEY in request.session or PROGRESS_KEY in request.session)
            )
        except DATABASE_GONE:
            pending = False  # the view meets the same outage and answers 503
        if pending:
            adopt_guest(request, user)
        return self.get_response(request)
