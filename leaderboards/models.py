"""Precomputed rankings: pages read these tables, never the raw results.

A finished match rewrites the rows it changes, a full recompute all of them, each in
one transaction (see ``ranking.py``).
"""

from django.db import models
from django.db.models import F

from games.models import GAME_CHOICES, SHEEPSHEAD, DailyDeal, Match, Player


class DailyRank(models.Model):
    """One finished ranked attempt at a day's deals, and its place that day."""

    #: No index of its own: the (daily, rank) index serves it, one index less to write
    #: for every row a finished match rewrites.
    daily = models.ForeignKey(
        DailyDeal, on_delete=models.CASCADE, related_name="ranks", db_index=False
    )
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
    """An account's figures in one game over every day it played.

    Its place is not stored: one finished match changes the totals of everyone who
    played that day, and a stored place would renumber the whole board. The board's
    order (``ALL_TIME_ORDER``, on an index) gives it when a page is read.
    """

    #: No index of its own: the unique (player, game) constraint's index serves it.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="all_time_ranks", db_index=False
    )
    game = models.CharField(max_length=10, choices=GAME_CHOICES, default=SHEEPSHEAD)
    total_skill = models.FloatField()
    days = models.PositiveIntegerField()
    average_placement = models.FloatField(null=True)
    hands = models.PositiveIntegerField()
    points = models.IntegerField()
    best_streak = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="one_all_time_row_a_game")
        ]
        indexes = [
            models.Index(
                "game", F("total_skill").desc(), F("days").desc(), "player",
                name="alltime_board_order",
            )
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"{self.player_id} all time at {self.game}"

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None


class RankingState(models.Model):
    """When the boards were last brought up to date, and when results last changed in a
    way only a full recompute covers (a guest's rows moving to an account, a finish whose
    ranking could not be queued); one row, also the lock every ranking run takes."""

    changed_at = models.DateTimeField(null=True)
    computed_at = models.DateTimeField(null=True)

    def __str__(self) -> str:
        return f"rankings computed at {self.computed_at}"


class RankingDue(models.Model):
    """A finished match the boards don't count yet: written in the transaction that
    finishes it, removed in the one that ranks it, so no finish is ever lost (a task
    that never ran is caught up by the beat)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="ranking_due")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"ranking due for {self.match_id}"
