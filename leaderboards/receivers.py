"""The leaderboards listen to the games app: what a finished match changes on the boards."""

from __future__ import annotations

from django.db import transaction

from games.models import Player

from .ranking import mark_changed
from .tasks import schedule_recompute


def on_match_finished(sender, match, **kwargs) -> None:
    """A ranked daily attempt changes its day's board: a recompute is queued on commit.
    Any other match of an account changes its all-time hands and points: that is only
    noted (after the commit, so no finish waits on a recompute's lock), and the beat's
    next catch-up ranks it."""
    if match.ranked:
        schedule_recompute()
    elif Player.objects.filter(pk=match.player_id, user__isnull=False).exists():
        transaction.on_commit(mark_changed)
