"""Precomputed rankings: pages read these tables, never the raw results.

A recompute rewrites them in one transaction (see ``ranking.py``).
"""

from django.db import models

from games.models import DailyDeal, Match, Player


class DailyRank(models.Model):
    """One finished ranked attempt at a day's deals, and its place that day."""

    daily = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="ranks")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="daily_rank")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="daily_ranks")
    rank = models.PositiveIntegerField()
    score = models.IntegerField()
    #: The luck-free figure: per hand, the score minus everyone's mean on that deal, summed.
    skill = models.FloatField()
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["daily", "rank"]
        indexes = [models.Index(fields=["daily", "rank"], name="dailyrank_daily_rank")]

    def __str__(self) -> str:
        return f"#{self.rank} on {self.daily.date}"


class AllTimeRank(models.Model):
    """An account's figures over every day it played, and its place."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="all_time")
    rank = models.PositiveIntegerField()
    total_skill = models.FloatField()
    days = models.PositiveIntegerField()
    average_placement = models.FloatField(null=True)
    hands = models.PositiveIntegerField()
    points = models.IntegerField()
    best_streak = models.PositiveIntegerField()

    class Meta:
        ordering = ["rank"]
        indexes = [models.Index(fields=["rank"], name="alltimerank_rank")]

    def __str__(self) -> str:
        return f"#{self.rank} all time"

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None


class RankingState(models.Model):
    """When results last changed and when the rankings were last computed (one row)."""

    changed_at = models.DateTimeField(null=True)
    computed_at = models.DateTimeField(null=True)

    def __str__(self) -> str:
        return f"rankings computed at {self.computed_at}"
