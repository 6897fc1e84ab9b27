"""The coach's analysis of one finished hand: every decision the human made in it.

For each decision with more than one legal action, the expert's search is asked
from the human's own view at that moment (never with hindsight of hidden cards),
with the human's action weighed beside its own candidates on the same sampled
deals: the expert's choice, the expected score of the human's action and of the
expert's, and the difference (none when they agree or the human's scores as well).
Each decision's search is seeded from the match's seed, the hand and the step, so a
hand always gives the same analysis.
"""

from __future__ import annotations

import hmac
from dataclasses import asdict, dataclass
from hashlib import sha256

from rules_engine import SchafkopfHand
from rules_engine.players.expert import ExpertPlayer
from rules_engine.records import apply_as, parse_record

#: A decision that costs at most this share of the game's unit is "fine": a point at
#: Sheepshead, the Rufspiel's tariff at Schafkopf. Below it the search can't tell.
FINE_SHARE = 0.1


@dataclass(frozen=True)
class Verdict:
    """One decision of the human's, as the coach judged it (stored as JSON)."""

    step: int  # the index of the human's action among the hand's actions
    action: dict  # the human's action, as the hand record writes it
    choice: dict  # the expert's
    value: float | None  # expected score of the human's action (None: not searched)
    best: float | None  # expected score of the expert's choice
    cost: float  # best − value, never below zero: points, or cents at Schafkopf
    fine: bool

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Verdict:
        return cls(**data)


def decision_seed(match_seed: bytes, hand_number: int, step: int) -> bytes:
    return hmac.digest(bytes(match_seed), f"coach:{hand_number}:{step}".encode(), sha256)


def unit_of(state) -> float:
    """What a whole unit of score is worth in this hand: a point, or the Rufspiel's tariff."""
    if isinstance(state, SchafkopfHand):
        return state.options["tariff_rufspiel"]
    return 1.0


def moves_of(record_json: dict):
    """Each action of a hand record with the state it was taken in: (step, state,
    seat, action), replayed once."""
    record = parse_record(record_json)
    state = record.start()
    for step, (seat, action) in enumerate(record.actions):
        yield step, state, seat, action
        state = apply_as(state, seat, action)


def analyse(record_json: dict, human_seat: int, match_seed: bytes, hand_number: int):
    """The verdicts on every decision ``human_seat`` made in a finished hand record."""
    expert = ExpertPlayer()
    verdicts = []
    for step, state, seat, action in moves_of(record_json):
        if seat != human_seat or len(state.legal_actions()) <= 1:
            continue
        seed = decision_seed(match_seed, hand_number, step)
        evaluation = expert.evaluate(state.view(seat), seed, also=(action,))
        cost = evaluation.gain_over(action)
        verdicts.append(
            Verdict(
                step=step,
                action=action.to_json(seat),
                choice=evaluation.choice.to_json(seat),
                value=_rounded(evaluation.value_of(action)),
                best=_rounded(evaluation.value_of(evaluation.choice)),
                cost=round(cost, 3),
                fine=cost <= FINE_SHARE * unit_of(state),
            )
        )
    return verdicts


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
