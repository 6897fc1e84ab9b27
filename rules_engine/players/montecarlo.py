"""Perfect-information Monte Carlo, the same for every game's expert.

Each candidate action is played out to the end of the hand on the same
sampled deals, so the luck of a sample counts alike for all of them, and
the best total wins; the rule-based strategy's own choice is credited a
small prior so that noise alone never overrules it.
"""

from __future__ import annotations

from .rng import Rng


def sample_and_play(sampler, candidates, rng: Rng, samples: int, finish, value) -> tuple:
    """Each candidate played out on the same sampled deals (``finish(state,
    candidate)`` gives the finished hand): the totals of their outcomes for the
    seat, and how many samples were found."""
    totals = [0.0] * len(candidates)
    sampled = 0
    seat = sampler.knowledge.me
    for _ in range(samples):
        state = sampler.sample(rng)
        if state is None:
            continue
        sampled += 1
        for i, action in enumerate(candidates):
            totals[i] += value(finish(state, action), seat)
    return totals, sampled


def best_of(candidates: list, totals: list[float], preferred, prior: float):
    """The candidate with the best total once the strategy's own choice has its prior."""
    if preferred in candidates:
        totals[candidates.index(preferred)] += prior
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
