"""Perfect-information Monte Carlo, the same for every game's expert.

Each candidate action is played out to the end of the hand on the same
sampled deals, so the luck of a sample counts alike for all of them, and
the best total wins; the rule-based strategy's own choice is credited a
small prior so that noise alone never overrules it. A :class:`Budget` may
let a decision sample more deals while the leader's lead is within the noise
of those sampled so far: close decisions get the deals, clear ones stay cheap.
The budget counts deals, never time, so the same view and seed give the same
action on any machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .rng import Rng


@dataclass(frozen=True)
class Budget:
    """How many deals a decision samples: ``first``; then, while the leader's lead is
    under ``z`` standard errors, ``step`` more at a time, up to ``most`` in all."""

    first: int
    most: int = 0
    step: int = 16
    z: float = 2.0

    @property
    def cap(self) -> int:
        return max(self.first, self.most)


def budget_of(samples: Budget | int) -> Budget:
    """A number of deals is a fixed budget."""
    return samples if isinstance(samples, Budget) else Budget(samples)


def sample_and_play(sampler, candidates, rng: Rng, samples, finish, value, settled=None) -> tuple:
    """Each candidate played out on the same sampled deals (``finish(state,
    candidate)`` gives the finished hand): the totals of their outcomes for the
    seat, and how many samples were found. ``samples`` is a :class:`Budget` or a
    number of deals; ``settled(rows)``, given each sampled deal's outcomes, says
    whether those deals are enough (without it, the first batch is)."""
    budget = budget_of(samples)
    seat = sampler.knowledge.me
    rows: list[list[float]] = []
    attempts, target = 0, budget.first
    while attempts < target:
        attempts += 1
        state = sampler.sample(rng)
        if state is not None:
            rows.append([value(finish(state, action), seat) for action in candidates])
        if attempts == target < budget.cap and rows and settled and not settled(rows):
            target = min(budget.cap, target + budget.step)
    return column_totals(rows, len(candidates)), len(rows)


def column_totals(rows: list[list[float]], columns: int) -> list[float]:
    """Each of the first ``columns`` candidates' total over the sampled deals."""
    return [sum(row[i] for row in rows) for i in range(columns)]


def clear_lead(own: int, preferred: int | None, prior: float, z: float):
    """A ``settled`` test for :func:`sample_and_play`: the best of the first ``own``
    candidates (``preferred``, the strategy's, credited ``prior`` a deal) leads the
    next best by more than ``z`` standard errors of their paired difference."""

    def settled(rows: list[list[float]]) -> bool:
        n = len(rows)
        if own < 2:
            return True
        if n < 2:
            return False
        totals = column_totals(rows, own)
        if preferred is not None:
            totals[preferred] += prior * n
        leader, runner = sorted(range(own), key=lambda i: (-totals[i], i))[:2]
        diffs = [row[leader] - row[runner] for row in rows]
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return (totals[leader] - totals[runner]) / n > z * math.sqrt(variance / n)

    return settled


def best_of(candidates: list, totals: list[float], preferred, prior: float):
    """The candidate with the best total once the strategy's own choice has its prior."""
    if preferred in candidates:
        totals[candidates.index(preferred)] += prior
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
