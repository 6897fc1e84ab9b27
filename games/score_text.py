"""How a score is written for players, the same on the table, replays and charts."""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format

from .models import SCHAFKOPF
from .schafkopf_sentences import signed_money


def signed(score: int) -> str:
    """A hand or match score the way players write it: +2, −1, 0."""
    if score > 0:
        return f"+{score}"
    if score < 0:
        return f"\u2212{-score}"
    return "0"


def game_score(score: int, game: str) -> str:
    """A daily attempt's score in its game's terms: Sheepshead points (+3, -2), Schafkopf
    money (+€0.30, −€1.20)."""
    if game == SCHAFKOPF:
        return signed_money(score)
    return f"{score:+d}"


def game_skill(skill: float, game: str) -> str:
    """The board's luck-free figure in the game's terms: points to two places, or money
    to the cent."""
    if game == SCHAFKOPF:
        return signed_money(round(skill))
    sign = "+" if skill >= 0 else "\u2212"
    # Rounded first: number_format cuts a float's digits off rather than rounding.
    rounded = Decimal(f"{abs(skill):.2f}")
    return sign + number_format(rounded, decimal_pos=2, force_grouping=True)
