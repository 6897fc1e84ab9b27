"""``{{ score|game_score:game }}`` and ``{{ skill|game_skill:game }}``: a daily's figures
in its game's terms (see ``games.score_text``)."""

from __future__ import annotations

from django import template

from games import score_text

register = template.Library()


@register.filter
def game_score(value, game) -> str:
    return score_text.game_score(int(value or 0), game)


@register.filter
def game_skill(value, game) -> str:
    return score_text.game_skill(float(value or 0), game)
