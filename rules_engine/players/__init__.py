"""Computer players for Sheepshead, by level.

Every player decides from ``state.view(seat)`` alone, with a seed:
``player_for("standard").decide(view, seed)``. Levels: ``random`` (a
baseline for the arena), ``beginner``, ``standard`` and ``expert``.
"""

from __future__ import annotations

from .base import Player, RandomPlayer
from .expert import ExpertPlayer
from .rule_based import BeginnerPlayer, StandardPlayer

LEVELS = {
    "random": RandomPlayer,
    "beginner": BeginnerPlayer,
    "standard": StandardPlayer,
    "expert": ExpertPlayer,
}


def player_for(level: str) -> Player:
    """A player of the named level; ValueError names the levels there are."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"{level!r} is not a level ({', '.join(LEVELS)})") from None


__all__ = ["LEVELS", "Player", "player_for"]
