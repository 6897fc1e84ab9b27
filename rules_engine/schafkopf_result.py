"""The outcome of a Schafkopf hand, with every field of docs/rules.md §3, in cents.

Scoring is apart from play so that the tariff options are read in one place:
game value = (base + schneider or schwarz bonus + Laufende) x 2 for a Kontra
x 2 for a Re; a Tout doubles base and Laufende instead of any bonus.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import CODES, SUITS
from .contracts import Game, laufende

#: The declaring side wins with this many card points (60-60 loses).
WINNING_POINTS = 61
#: Schneider: the declaring side took at least this many, or at most LOSER_SCHNEIDER.
WINNER_SCHNEIDER = 91
LOSER_SCHNEIDER = 30


class SchafkopfRole(StrEnum):
    """What a seat was in a finished hand, as the arena splits its figures."""

    DECLARER = "declarer"
    PARTNER = "partner"
    DEFENDER = "defender"
    RAMSCH = "ramsch"
    REDEAL = "redeal"  # everyone passed and the hand ended at zero


@dataclass(frozen=True)
class SchafkopfResult:
    complete: bool
    contract: str | None = None
    declarer: int | None = None
    partner: int | None = None
    called: str | None = None
    trump: str | None = None
    tout: bool = False
    kontra: bool = False
    re: bool = False
    laufende: int = 0
    schneider: bool = False
    schwarz: bool = False
    points: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()

    def role(self, seat: int) -> SchafkopfRole:
        """What ``seat`` was in this hand: with nobody declaring, the contract's name."""
        if self.declarer is None:
            return SchafkopfRole(self.contract)
        if seat == self.declarer:
            return SchafkopfRole.DECLARER
        return SchafkopfRole.PARTNER if seat == self.partner else SchafkopfRole.DEFENDER

    @classmethod
    def incomplete(cls) -> SchafkopfResult:
        return cls(complete=False)

    @classmethod
    def score(cls, hand) -> SchafkopfResult:
        """Score a finished :class:`~rules_engine.schafkopf.SchafkopfHand`."""
        contract = hand.contract
        kind = contract.kind
        game = kind.game
        points, tricks = hand.points, hand.tricks_won
        options = hand.deal.options
        if game is Game.REDEAL:
            zeros = (0,) * hand.deal.seats
            return cls(True, kind.value, points=zeros, tricks=zeros, scores=zeros)
        if game is Game.RAMSCH:
            tariff = base_tariff(kind, options)
            scores = ramsch_scores(points, tricks, tariff, options["jungfrau"])
            return cls(True, kind.value, points=points, tricks=tricks, scores=scores)
        side = {contract.declarer} | ({contract.partner} if contract.partner >= 0 else set())
        side_points = sum(points[s] for s in side)
        side_tricks = sum(tricks[s] for s in side)
        other_tricks = sum(tricks) - side_tricks
        schneider = side_points >= WINNER_SCHNEIDER or side_points <= LOSER_SCHNEIDER
        schwarz = side_tricks == 0 or other_tricks == 0
        dealt = 0
        for seat in side:
            dealt |= hand.deal.hands[seat]
        run = laufende(kind.ranking, hand.deal.variant.deck, dealt)
        run = run if run >= kind.laufende_minimum else 0
        base = base_tariff(kind, options)
        runners = run * options["tariff_laufende"]
        if kind.tout:
            won = other_tricks == 0
            value = (base + runners) * 2
        else:
            won = side_points >= WINNING_POINTS
            bonus = 0
            if schwarz:
                bonus = options["tariff_schwarz"]
            elif schneider:
                bonus = options["tariff_schneider"]
            value = base + bonus + runners
        value <<= (contract.kontra >= 0) + (contract.re >= 0)
        each = value if won else -value  # what each member of the declaring side wins
        if kind.is_solo:
            scores = [-each] * hand.deal.seats
            scores[contract.declarer] = each * (hand.deal.seats - 1)
        else:
            scores = [each if s in side else -each for s in range(hand.deal.seats)]
        return cls(
            complete=True,
            contract=kind.value,
            declarer=contract.declarer,
            partner=contract.partner if contract.partner >= 0 else None,
            called=CODES[contract.called] if contract.called >= 0 else None,
            trump=SUITS[kind.trump] if kind.trump >= 0 else None,
            tout=kind.tout,
            kontra=contract.kontra >= 0,
            re=contract.re >= 0,
            laufende=run,
            schneider=schneider,
            schwarz=schwarz,
            points=points,
            tricks=tricks,
            scores=tuple(scores),
        )

    def to_json(self) -> dict:
        if not self.complete:
            return {"complete": False}
        return {
            "complete": True,
            "contract": self.contract,
            "declarer": self.declarer,
            "partner": self.partner,
            "called": self.called,
            "trump": self.trump,
            "tout": self.tout,
            "kontra": self.kontra,
            "re": self.re,
            "laufende": self.laufende,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "scores": list(self.scores),
        }


def base_tariff(kind, options) -> int:
    """The tariff a game is paid at before schneider, schwarz and Laufende."""
    if kind.game is Game.RAMSCH:
        return options["tariff_ramsch"]
    return options["tariff_solo"] if kind.is_solo else options["tariff_rufspiel"]


def ramsch_scores(points, tricks, tariff: int, jungfrau: bool) -> tuple[int, ...]:
    """Ramsch (docs/rules.md §3): the most points pay each other player (tied
    losers not each other), double to a player without a trick with ``jungfrau``;
    a Durchmarsch instead receives the tariff from everyone.

    >>> ramsch_scores([62, 39, 19, 0], [5, 2, 1, 0], 10, True)
    (-40, 10, 10, 20)
    >>> ramsch_scores([120, 0, 0, 0], [8, 0, 0, 0], 10, True)
    (30, -10, -10, -10)
    """
    seats = len(points)
    scores = [0] * seats
    everything = sum(tricks)
    for seat in range(seats):
        if tricks[seat] == everything:
            scores = [-tariff] * seats
            scores[seat] = tariff * (seats - 1)
            return tuple(scores)
    most = max(points)
    losers = [s for s in range(seats) if points[s] == most]
    for loser in losers:
        for other in range(seats):
            if other in losers:
                continue
            amount = tariff * 2 if jungfrau and tricks[other] == 0 else tariff
            scores[loser] -= amount
            scores[other] += amount
    return tuple(scores)
