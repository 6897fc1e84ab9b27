"""A match: ten hands with the deal passing to the left (docs/rules.md §2).

Each hand's cards come from the match seed and the hand's number, so a
match is reproducible from its seed alone, hand by hand.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from hashlib import sha256

from .result import HandResult
from .sheepshead import SheepsheadHand
from .variant import SHEEPSHEAD_FIVE, Variant

HANDS_PER_MATCH = 10


def hand_seed(match_seed: bytes, number: int) -> bytes:
    """The deal seed of hand ``number`` (0-based): HMAC-SHA256(match seed, "hand:<n>")."""
    return hmac.digest(match_seed, f"hand:{number}".encode(), sha256)


@dataclass(frozen=True)
class Match:
    seed: bytes
    first_dealer: int = 0
    hand_count: int = HANDS_PER_MATCH
    results: tuple[HandResult, ...] = ()
    variant: Variant = SHEEPSHEAD_FIVE

    @property
    def hands_played(self) -> int:
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.hand_count

    def dealer(self, number: int) -> int:
        """Hand ``number``'s dealer: the deal passes left, one seat a hand."""
        return (self.first_dealer + number) % self.variant.seats

    def deal(self, number: int | None = None) -> SheepsheadHand:
        """Hand ``number`` (default: the next one) as dealt."""
        number = self.hands_played if number is None else number
        if not 0 <= number < self.hand_count:
            raise ValueError(f"a match has hands 0 to {self.hand_count - 1}, not {number}")
        return SheepsheadHand.from_seed(
            hand_seed(self.seed, number), self.dealer(number), self.variant
        )

    def with_result(self, result: HandResult) -> Match:
        """The match after the next hand finished with ``result``."""
        if self.is_over:
            raise ValueError("the match is over")
        if not result.complete:
            raise ValueError("only a finished hand counts in a match")
        return Match(
            self.seed, self.first_dealer, self.hand_count, self.results + (result,), self.variant
        )

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's match score: the sum of its hand scores."""
        totals = [0] * self.variant.seats
        for result in self.results:
            for seat, score in enumerate(result.scores):
                totals[seat] += score
        return tuple(totals)
