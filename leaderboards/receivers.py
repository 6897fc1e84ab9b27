"""The leaderboards listen to the games app: a finished ranked match asks for a recompute."""

from __future__ import annotations

from .tasks import schedule_recompute


def on_match_finished(sender, match, **kwargs) -> None:
    """Only a ranked daily attempt changes the boards; the recompute is queued on commit."""
    if match.ranked:
        schedule_recompute()
