"""How a score is written for players, the same on the table, replays and charts."""

from __future__ import annotations


def signed(score: int) -> str:
    """A hand or match score the way players write it: +2, −1, 0."""
    if score > 0:
        return f"+{score}"
    if score < 0:
        return f"\u2212{-score}"
    return "0"
