"""What the expert's search thinks of each action it weighed: the coach's verdicts.

The expert decides by :func:`search`; the coach asks the same search about a
decision a person made, with the person's action weighed beside the expert's own
candidates (``also``), on the same sampled deals. Values are the seat's mean
score per sampled deal (its side's card points break ties, as in the search).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from .montecarlo import best_of, budget_of, clear_lead, sample_and_play


@dataclass(frozen=True)
class Evaluation:
    """The expert's choice and what each weighed action is worth to the seat.

    ``values`` is empty when nothing was searched (one candidate, or no deal could
    be sampled): then only ``choice`` is known.
    """

    choice: Action
    candidates: tuple[Action, ...] = ()
    values: tuple[float, ...] = ()
    samples: int = 0

    def value_of(self, action: Action) -> float | None:
        if action in self.candidates and self.values:
            return self.values[self.candidates.index(action)]
        return None

    def gain_over(self, action: Action) -> float:
        """How much more the expert's choice is expected to score than ``action``: 0 when
        they are the same, when ``action`` scores as well, or when nothing was searched."""
        if action == self.choice:
            return 0.0
        mine, chosen = self.value_of(action), self.value_of(self.choice)
        if mine is None or chosen is None:
            return 0.0
        return max(0.0, chosen - mine)


def search(sampler, own: list, also, rng, samples, finish, value, preferred, prior: float):
    """The expert's search over ``own`` candidates, with ``also`` weighed beside them.

    The choice is made among ``own`` alone, exactly as the expert decides without
    ``also``: extra actions change neither the sampled deals nor the choice (how
    many deals a close decision takes is judged on ``own`` alone). ``samples`` is a
    :class:`.montecarlo.Budget` or a number; ``prior`` is per sample. None if no
    deal could be sampled.
    """
    weighed = [*own, *(a for a in also if a not in own)]
    budget = budget_of(samples)
    index = own.index(preferred) if preferred in own else None
    settled = clear_lead(len(own), index, prior, budget.z)
    totals, sampled = sample_and_play(sampler, weighed, rng, budget, finish, value, settled)
    if not sampled:
        return None
    choice = best_of(own, totals[: len(own)], preferred, prior * sampled)
    means = tuple(t / sampled for t in totals)
    return Evaluation(choice, tuple(weighed), means, sampled)
