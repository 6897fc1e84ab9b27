"""A player's figures: hands, points per hand, pick rate and pick success."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q

from games.models import Hand, Player


@dataclass
class MatchLine:
    match_id: str
    created_at: object
    level: str
    hands: int
    score: int
    finished: bool
    is_daily: bool = False  # dated in the daily's time zone, like the daily's pages


@dataclass
class PlayerStatistics:
    hands: int = 0
    points: int = 0  # the sum of the player's hand scores
    picks: int = 0
    picks_won: int = 0
    matches: list[MatchLine] = field(default_factory=list)
    running: list[int] = field(default_factory=list)  # cumulative score, hand by hand

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def pick_rate(self) -> float:
        return self.picks / self.hands if self.hands else 0.0

    @property
    def pick_success(self) -> float:
        return self.picks_won / self.picks if self.picks else 0.0


def player_statistics(player: Player) -> PlayerStatistics:
    """Figures over every finished hand of the player's matches, oldest first."""
    stats = PlayerStatistics()
    hands = (
        Hand.objects.filter(match__player=player, result__isnull=False)
        .select_related("match")
        .order_by("match__created_at", "number")
        .only("number", "result", "match__human_seat", "match__created_at")
    )
    for hand in hands:
        seat = hand.match.human_seat
        score = hand.result["scores"][seat]
        stats.hands += 1
        stats.points += score
        stats.running.append(stats.points)
        if hand.result.get("picker") == seat:
            stats.picks += 1
            stats.picks_won += score > 0
    matches = player.matches.annotate(
        hands_done=Count("hands", filter=Q(hands__result__isnull=False))
    ).order_by("-created_at")[:50]
    for match in matches:
        stats.matches.append(
            MatchLine(
                match_id=str(match.pk),
                created_at=match.created_at,
                level=match.get_level_display(),
                hands=match.hands_done,
                score=match.scores[match.human_seat] if match.scores else 0,
                finished=match.is_finished,
                is_daily=match.daily_id is not None,
            )
        )
    return stats
