"""One finished hand's analysis by the coach, stored once (see :mod:`coach.analysis`)."""

from __future__ import annotations

from django.db import models

from games.models import GAME_CHOICES, SHEEPSHEAD, Hand, Player


class HandAnalysis(models.Model):
    """The verdicts on the human's decisions in one hand; there is none while it waits."""

    hand = models.OneToOneField(
        Hand, primary_key=True, on_delete=models.CASCADE, related_name="analysis"
    )
    #: The hand's player and game, kept here so a profile adds up its own rows alone.
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="analyses")
    game = models.CharField(max_length=10, choices=GAME_CHOICES, default=SHEEPSHEAD)
    #: :class:`coach.analysis.Verdict` as JSON, in the order the decisions were made.
    verdicts = models.JSONField(default=list)
    decisions = models.PositiveSmallIntegerField()
    fine = models.PositiveSmallIntegerField()
    #: What the decisions cost in all: points at Sheepshead, cents at Schafkopf.
    total_cost = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["player", "game", "created_at"])]

    def __str__(self) -> str:
        return f"analysis of {self.hand}"
