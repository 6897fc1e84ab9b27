"""The expert's sampling budget: close decisions get more deals, clear ones don't."""

from dataclasses import dataclass

from rules_engine.players.evaluation import search
from rules_engine.players.montecarlo import Budget, clear_lead, sample_and_play
from rules_engine.players.rng import Rng


@dataclass(frozen=True)
class _Knowledge:
    me: int = 0


class _Sampler:
    """Deals that are just numbers in [0, 1): each candidate's outcome is a function of one."""

    knowledge = _Knowledge()

    def sample(self, rng):
        return rng.random()


def _outcomes(gap: float):
    """Candidate "a" scores the deal, "b" the deal plus ``gap``, with noise shared by both."""

    def finish(deal, candidate):
        return deal + (gap if candidate == "b" else 0.0) + (deal - 0.5) * 4

    return finish, lambda outcome, seat: outcome


def _searched(gap: float, budget: Budget, preferred=None, prior=0.0) -> int:
    finish, value = _outcomes(gap)
    found = search(_Sampler(), ["a", "b"], (), Rng(b"t"), budget, finish, value, preferred, prior)
    return found.samples


def test_a_clear_lead_is_settled_with_the_first_deals():
    assert _searched(1.0, Budget(16, 128, 16)) == 16


def test_a_tie_takes_deals_up_to_the_cap():
    assert _searched(0.0, Budget(16, 128, 16)) == 128


def test_a_number_is_a_fixed_budget():
    assert _searched(0.0, 24) == 24


def test_a_lead_the_prior_gives_the_strategy_counts_toward_settling():
    """With a tie between the two, the prior alone makes the strategy's choice clear."""
    assert _searched(0.0, Budget(16, 128, 16), preferred="a", prior=1.0) == 16


def test_the_first_budget_stands_when_nothing_is_sampled():
    class Empty(_Sampler):
        def sample(self, rng):
            return None

    totals, sampled = sample_and_play(Empty(), ["a", "b"], Rng(b"t"), Budget(8, 64), None, None)
    assert (totals, sampled) == ([0.0, 0.0], 0)


def test_clear_lead_reads_the_paired_difference_not_the_spread_of_each():
    """Outcomes that swing together but keep a small steady gap are a clear lead."""
    rows = [[x, x + 0.01] for x in (0.0, 5.0, -5.0, 10.0, -10.0, 3.0)]
    assert clear_lead(2, None, 0.0, 2.0)(rows)
    noisy = [[x, -x + 0.01] for x in (0.0, 5.0, -5.0, 10.0, -10.0, 3.0)]
    assert not clear_lead(2, None, 0.0, 2.0)(noisy)
