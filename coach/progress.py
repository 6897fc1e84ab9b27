"""A player's progress as the coach sees it: what a decision cost on average, day by day,
per game (the profile's chart)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Sum
from django.db.models.functions import TruncDate
from django.utils import timezone

from games.charts import LineChart, line_chart
from games.dates import format_day
from games.models import GAME_CHOICES

from .models import HandAnalysis
from .sentences import average

#: The most recent days the chart shows.
DAYS_SHOWN = 60


@dataclass(frozen=True)
class GameProgress:
    game: str
    game_name: str
    days: tuple[tuple[dt.date, float], ...]  # (day, average cost per decision), oldest first
    decisions: int

    def chart(self, label: str) -> LineChart:
        return line_chart(
            {label: [cost for _day, cost in self.days]},
            text=lambda value: average(value, self.game),
            row_labels=tuple(format_day(day) for day, _cost in self.days),
        )


def progress_of(player) -> list[GameProgress]:
    """Each game the coach has looked at the player's hands in, with its daily averages
    (in the viewer's time zone)."""
    rows = (
        HandAnalysis.objects.filter(player=player, decisions__gt=0)
        .annotate(day=TruncDate("created_at", tzinfo=timezone.get_current_timezone()))
        .values("game", "day")
        .annotate(cost=Sum("total_cost"), decisions=Sum("decisions"))
        .order_by("game", "-day")
    )
    by_game: dict[str, list] = {}
    for row in rows:
        days = by_game.setdefault(row["game"], [])
        if len(days) < DAYS_SHOWN:
            days.append((row["day"], row["cost"] / row["decisions"], row["decisions"]))
    return [
        GameProgress(
            game=game,
            game_name=str(name),
            days=tuple((day, round(cost, 3)) for day, cost, _n in reversed(by_game[game])),
            decisions=sum(n for _day, _cost, n in by_game[game]),
        )
        for game, name in GAME_CHOICES
        if game in by_game
    ]
