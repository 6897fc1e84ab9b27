"""A Schafkopf session (docs/rules.md §3): rounds of four hands, each seat dealing
once a round, the deal passing to the left.

Like a Sheepshead match (:mod:`rules_engine.match`), each hand's cards come
from the session seed and the hand's number, so a session is reproducible
from its seed alone, hand by hand.

>>> session = SchafkopfSession(b"seed", first_dealer=2)
>>> session.hand_count, [session.dealer(n) for n in range(5)]
(8, [2, 3, 0, 1, 2])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .match import hand_seed
from .options import schafkopf_options
from .schafkopf import SchafkopfHand, variant_for
from .schafkopf_result import SchafkopfResult

#: Rounds in a session unless the players choose another number.
DEFAULT_ROUNDS = 2


@dataclass(frozen=True)
class SchafkopfSession:
    seed: bytes
    first_dealer: int = 0
    rounds: int = DEFAULT_ROUNDS
    #: Rule options for every hand (docs/rules.md §3), checked when the session is made.
    options: dict = field(default_factory=dict)
    results: tuple[SchafkopfResult, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or self.rounds < 1:
            raise ValueError(f"a session has one round or more, not {self.rounds!r}")
        seats = variant_for(schafkopf_options(self.options)).seats
        if not isinstance(self.first_dealer, int) or not 0 <= self.first_dealer < seats:
            raise ValueError(f"the first dealer must be a seat from 0 to {seats - 1}")

    @property
    def seats(self) -> int:
        return variant_for(schafkopf_options(self.options)).seats

    @property
    def hand_count(self) -> int:
        """Each seat deals once a round."""
        return self.rounds * self.seats

    @property
    def hands_played(self) -> int:
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.hand_count

    def dealer(self, number: int) -> int:
        """Hand ``number``'s dealer: the deal passes left, one seat a hand."""
        return (self.first_dealer + number) % self.seats

    def round_of(self, number: int) -> int:
        """The round (from 0) that hand ``number`` belongs to."""
        return number // self.seats

    def deal(self, number: int | None = None) -> SchafkopfHand:
        """Hand ``number`` (default: the next one) as dealt."""
        number = self.hands_played if number is None else number
        if not 0 <= number < self.hand_count:
            raise ValueError(f"a session has hands 0 to {self.hand_count - 1}, not {number}")
        return SchafkopfHand.from_seed(
            hand_seed(self.seed, number), self.dealer(number), self.options
        )

    def with_result(self, result: SchafkopfResult) -> SchafkopfSession:
        """The session after the next hand finished with ``result``."""
        if self.is_over:
            raise ValueError("the session is over")
        if not result.complete:
            raise ValueError("only a finished hand counts in a session")
        return SchafkopfSession(
            self.seed, self.first_dealer, self.rounds, self.options, self.results + (result,)
        )

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's session score in cents: the sum of its hand scores."""
        totals = [0] * self.seats
        for result in self.results:
            for seat, score in enumerate(result.scores):
                totals[seat] += score
        return tuple(totals)
