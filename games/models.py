"""Who plays, and the matches they play. Hands are stored as hand records
(docs/rules.md §5), so every hand can be replayed action by action."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

LEVEL_CHOICES = [
    ("beginner", _("Beginner")),
    ("standard", _("Standard")),
    ("expert", _("Expert")),
]
DECK_CHOICES = [
    ("classic", _("Two colours")),
    ("four", _("Four colours")),
]
#: The decks a Schafkopf table may be drawn with: German suits, or French in two or
#: four colours (the same drawings as Sheepshead's).
SCHAFKOPF_DECK_CHOICES = [
    ("german", _("German")),
    ("classic", _("French")),
    ("four", _("French, four colours")),
]
SHEEPSHEAD = "sheepshead"
SCHAFKOPF = "schafkopf"
GAME_CHOICES = [
    (SHEEPSHEAD, _("Sheepshead")),
    (SCHAFKOPF, _("Schafkopf")),
]
SPEED_CHOICES = [
    ("slow", _("Slow")),
    ("normal", _("Normal")),
    ("fast", _("Fast")),
]


class Player(models.Model):
    """A person at the table: anonymous (tied to a session) or with an account."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="player",
    )
    speed = models.CharField(max_length=8, choices=SPEED_CHOICES, default="normal")
    #: Four colours (clubs green, diamonds blue) tell the suits apart without red and black.
    deck = models.CharField(max_length=8, choices=DECK_CHOICES, default="classic")
    #: The cards a Schafkopf table is drawn with (German suits unless chosen otherwise).
    schafkopf_deck = models.CharField(
        max_length=8, choices=SCHAFKOPF_DECK_CHOICES, default="german"
    )
    #: The name shown on the boards instead of the user name or "Guest 0042"
    #: (checked by leaderboards.nicknames; escaped wherever it appears).
    nickname = models.CharField(max_length=30, blank=True)
    #: The Schafkopf house rules chosen last (games.schafkopf_setup), offered again.
    schafkopf_setup = models.JSONField(default=dict, blank=True)
    #: The site language an account chose in the language menu ("" until it chooses);
    #: it follows the account to every browser it logs in from (translations.middleware).
    language = models.CharField(max_length=8, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.display_name

    def deck_for(self, game: str) -> str:
        """The cards this player chose for ``game``'s tables."""
        return self.schafkopf_deck if game == SCHAFKOPF else self.deck

    @property
    def display_name(self) -> str:
        if self.nickname:
            return self.nickname
        if self.user_id:
            return self.user.get_username()
        return _("Guest %(number)s") % {"number": f"{self.pk % 10000:04d}"}


class DailyDeal(models.Model):
    """One day's deals of one game, the same for everyone; the seed never leaves the server."""

    date = models.DateField()
    game = models.CharField(max_length=10, choices=GAME_CHOICES, default=SHEEPSHEAD)
    seed = models.BinaryField(max_length=32)
    first_dealer = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "game"]
        constraints = [
            models.UniqueConstraint(fields=["date", "game"], name="one_daily_a_game_a_day")
        ]

    def __str__(self) -> str:
        return f"daily {self.game} {self.date.isoformat()}"


class Match(models.Model):
    """A match: ten hands of Sheepshead, or a Schafkopf session of rounds of four hands;
    the human in one seat, computer players in the others."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=10, choices=GAME_CHOICES, default=SHEEPSHEAD)
    #: A Schafkopf match's house rules: the rules engine's options (docs/rules.md §3).
    rules = models.JSONField(default=dict, blank=True)
    level = models.CharField(max_length=10, choices=LEVEL_CHOICES, default="standard")
    #: Deals and computer decisions come from this; it never leaves the server.
    seed = models.BinaryField(max_length=32)
    first_dealer = models.PositiveSmallIntegerField()
    human_seat = models.PositiveSmallIntegerField(default=0)
    hand_count = models.PositiveSmallIntegerField(default=10)
    #: Bumped by every change, so a stale tab or a double click can't apply a move twice.
    version = models.PositiveIntegerField(default=0)
    scores = models.JSONField(default=list)
    #: A daily deal's match; ``ranked`` for the player's one ranked attempt that day.
    daily = models.ForeignKey(
        DailyDeal, null=True, blank=True, on_delete=models.PROTECT, related_name="matches"
    )
    ranked = models.BooleanField(default=False)
    #: A practice match from the course: the table offers the expert's hints.
    hints = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["player", "-created_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "daily"],
                condition=models.Q(ranked=True),
                name="one_ranked_attempt_a_day",
            ),
            models.CheckConstraint(
                condition=models.Q(ranked=False) | models.Q(daily__isnull=False),
                name="only_a_daily_is_ranked",
            ),
        ]

    def __str__(self) -> str:
        return f"match {self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    #: The hand record: game, dealer, deal and every action so far.
    record = models.JSONField()
    #: The result (card points, tricks, scores) once the hand is over.
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_hand_per_number")
        ]

    def __str__(self) -> str:
        return f"hand {self.number + 1} of {self.match_id}"

    @property
    def is_over(self) -> bool:
        return self.result is not None


class HandOutcome(models.Model):
    """What one finished hand gave the human player: the rows rankings add up."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="outcomes")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="outcomes")
    #: The match's game, kept here so that the boards of each game add up its rows alone.
    game = models.CharField(max_length=10, choices=GAME_CHOICES, default=SHEEPSHEAD)
    number = models.PositiveSmallIntegerField()
    #: Points in Sheepshead, cents in Schafkopf (a house tariff can reach thousands).
    score = models.IntegerField()
    picked = models.BooleanField(default=False)
    daily = models.ForeignKey(
        DailyDeal, null=True, blank=True, on_delete=models.CASCADE, related_name="outcomes"
    )
    ranked = models.BooleanField(default=False)
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_outcome_per_hand")
        ]
        indexes = [
            models.Index(fields=["daily", "number"], name="outcome_daily_hand"),
            models.Index(fields=["player", "game"], name="outcome_player_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.score:+d} in hand {self.number + 1}"
