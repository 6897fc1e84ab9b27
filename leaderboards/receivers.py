"""The leaderboards listen to the games app: what a finished match changes on the boards."""

from __future__ import annotations

from games.models import Player

from .tasks import schedule_ranking


def on_match_finished(sender, match, **kwargs) -> None:
    """A ranked daily attempt changes its day's board and the all-time rows of that
    day's players; any other match of an account changes its all-time hands and points.
    Either is noted in the finish's transaction and ranked by a task once it commits.
    A guest's practice changes no board."""
    if match.ranked or Player.objects.filter(pk=match.player_id, user__isnull=False).exists():
        schedule_ranking(match)
