"""The outcome of a hand: card points, tricks and scores per seat (docs/rules.md §2)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CODES, mask_points
from .sheepshead_kinds import ContractKind, Role

#: The picker's side wins with this many card points (60-60 loses).
WINNING_POINTS = 61
#: Schneider: a winning side whose opponents took this many or fewer pays 2.
DEFENDERS_SCHNEIDER = 29
PICKER_SCHNEIDER = 30


def score_is_settled(
    side_points: int, defender_points: int, side_tricks: int, defender_tricks: int
) -> bool:
    """True when card points and tricks taken so far already fix every payment.

    Points and tricks only grow, so once the picker's side has 61 (or the
    defenders 60), the schneider line is crossed or out of reach, and both sides
    have a trick (so "no trick" can't happen), nothing left to play changes a score.
    """
    if side_points >= WINNING_POINTS:
        beyond_schneider = 120 - side_points <= DEFENDERS_SCHNEIDER
        return defender_tricks > 0 and (defender_points > DEFENDERS_SCHNEIDER or beyond_schneider)
    if defender_points >= 120 - WINNING_POINTS + 1:
        beyond_schneider = 120 - defender_points <= PICKER_SCHNEIDER
        return side_tricks > 0 and (side_points > PICKER_SCHNEIDER or beyond_schneider)
    return False


@dataclass(frozen=True)
class HandResult:
    complete: bool
    contract: str | None = None
    picker: int | None = None
    partner: int | None = None
    called: str | None = None
    points: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()

    def role(self, seat: int) -> Role:
        """What ``seat`` was in this hand."""
        if self.contract == ContractKind.LEASTER:
            return Role.LEASTER
        if seat == self.picker:
            return Role.PICKER
        return Role.PARTNER if seat == self.partner else Role.DEFENDER

    @classmethod
    def incomplete(cls) -> HandResult:
        return cls(complete=False)

    @classmethod
    def score(cls, hand) -> HandResult:
        """Score a finished :class:`~rules_engine.sheepshead.SheepsheadHand`."""
        points = list(hand.points)
        tricks = tuple(hand.tricks_won)
        seats = len(points)
        if hand.contract.kind is ContractKind.LEASTER:
            return cls(
                True,
                ContractKind.LEASTER.value,
                None,
                None,
                None,
                tuple(points),
                tricks,
                leaster_scores(points, tricks),
            )
        points[hand.picker] += mask_points(hand.buried)
        side = [hand.picker] + ([hand.partner] if hand.partner >= 0 else [])
        defenders = [s for s in range(seats) if s not in side]
        side_points = sum(points[s] for s in side)
        if side_points >= WINNING_POINTS:
            if sum(tricks[s] for s in defenders) == 0:
                each = 3
            elif 120 - side_points <= DEFENDERS_SCHNEIDER:
                each = 2
            else:
                each = 1
            each = -each  # what each defender receives
        elif sum(tricks[s] for s in side) == 0:
            each = 6
        elif side_points <= PICKER_SCHNEIDER:
            each = 4
        else:
            each = 2
        scores = [each] * seats
        pot = -each * len(defenders)
        if len(side) == 2:
            scores[hand.picker], scores[hand.partner] = pot * 2 // 3, pot // 3
        else:
            scores[hand.picker] = pot
        return cls(
            True,
            hand.contract.kind.value,
            hand.picker,
            hand.partner if hand.partner >= 0 else None,
            CODES[hand.called] if hand.called >= 0 else None,
            tuple(points),
            tricks,
            tuple(scores),
        )

    def to_json(self) -> dict:
        if not self.complete:
            return {"complete": False}
        return {
            "complete": True,
            "contract": self.contract,
            "picker": self.picker,
            "partner": self.partner,
            "called": self.called,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "scores": list(self.scores),
        }


def leaster_scores(points, tricks) -> tuple[int, ...]:
    """Fewest points among seats that took a trick wins 1 from each other; a tie, nothing."""
    takers = [s for s in range(len(points)) if tricks[s]]
    fewest = min(points[s] for s in takers)
    winners = [s for s in takers if points[s] == fewest]
    if len(winners) != 1:
        return (0,) * len(points)
    scores = [-1] * len(points)
    scores[winners[0]] = len(points) - 1
    return tuple(scores)
