"""The expert: Monte Carlo search over deals consistent with what it knows.

For each decision with more than one legal action, it samples deals of the
unseen cards that agree with everything its view shows (see
:mod:`.sampling`), plays each candidate action out to the end of the hand in
every sample with the standard strategy for all seats, and takes the action
with the best total score (perfect-information Monte Carlo). The budget is a
number of samples, never a time, so the same view and seed give the same
action on any machine.
"""

from __future__ import annotations

from ..actions import PASS, Action
from ..cards import codes_to_mask
from ..schafkopf_view import SchafkopfView
from ..sheepshead_kinds import Role
from ..view import SeatView
from . import schafkopf_expert
from .base import Player
from .evaluation import Evaluation, search
from .knowledge import knowledge_from_view
from .montecarlo import Budget
from .playout import play_out_after
from .rng import Rng
from .rule_based import StandardPlayer
from .sampling import DealSampler
from .strategy import bury_score, may_consider_picking

#: Deals sampled per decision: 48, and up to 192 while the best two candidates
#: are within two standard errors of each other. Bury options kept for the search.
SAMPLES = Budget(first=48, most=192, step=24, z=2.0)
BURY_CANDIDATES = 6
#: Weight of card points next to the score, to break ties between actions.
POINTS_WEIGHT = 0.004
#: Score per sample credited to the standard strategy's own choice: the search
#: must find more than this to overrule the rules of thumb (noise rarely does).
STRATEGY_PRIOR = 0.1
#: What the expert's own play is worth over the standard strategy's, per role:
#: the playouts give every seat the standard strategy, so without this a pick
#: would be judged as if the expert then played no better than the rules of
#: thumb. Half of what the arena measured (seed 1, 1,000 deals: the full expert
#: against the one that searches only picking, bury and call), since a hand
#: picked only for this edge is a weaker one than those the edge was measured on.
ROLE_EDGE = {Role.PICKER: 0.8, Role.PARTNER: 0.05, Role.DEFENDER: 0.15, Role.LEASTER: 0.6}


class ExpertPlayer(Player):
    level = "expert"

    def __init__(
        self,
        samples: Budget | int = SAMPLES,
        prior: float = STRATEGY_PRIOR,
        schafkopf_samples: Budget | int = schafkopf_expert.SAMPLES,
    ) -> None:
        self.samples = samples
        self.schafkopf_samples = schafkopf_samples
        self.prior = prior
        self.fallback = StandardPlayer()

    def decide(self, view: SeatView, seed: bytes = b"") -> Action:
        if len(view.legal) <= 1:
            return super().decide(view, seed)
        return self.evaluate(view, seed).choice

    def evaluate(self, view: SeatView, seed: bytes = b"", also=()) -> Evaluation:
        """The search behind :meth:`decide`, with ``also`` (a person's action, say)
        weighed beside the expert's own candidates on the same deals."""
        rng = Rng(seed, self.level, view.seat, len(view.actions))
        if isinstance(view, SchafkopfView):
            preferred = self.fallback.decide(view, seed)
            return schafkopf_expert.evaluate(view, rng, self.schafkopf_samples, preferred, also)
        candidates = self._candidates(view)
        if len(candidates) == 1 and all(a in candidates for a in also):
            return Evaluation(candidates[0])
        preferred = self.fallback.decide(view, seed)
        sampler = DealSampler(knowledge_from_view(view))
        value = outcome_with_edge if view.phase == "picking" else outcome
        found = search(
            sampler, candidates, also, rng, self.samples, play_out_after, value,
            preferred, self.prior,
        )  # fmt: skip
        return found or Evaluation(preferred)

    def _candidates(self, view: SeatView) -> list[Action]:
        hand = codes_to_mask(view.hand)
        if view.phase == "picking" and not may_consider_picking(hand):
            return [PASS]
        if view.phase != "bury":
            return list(view.legal)
        ranked = sorted(
            (a for a in view.legal if a.kind == "bury"),
            key=lambda a: (-bury_score(hand, a.mask), a.mask),
        )
        return ranked[:BURY_CANDIDATES]


def outcome_with_edge(final, seat: int) -> float:
    """:func:`outcome` and the expert's edge in the role the hand gave it: whether to
    pick is the one decision whose candidates end in different roles."""
    return outcome(final, seat) + ROLE_EDGE[final.result().role(seat)]


def outcome(final, seat: int) -> float:
    """What a finished hand is worth to ``seat``: its score, then its side's points."""
    result = final.result()
    points = result.points
    if result.contract == "leaster":
        mine = -points[seat]
    else:
        side = {result.picker, result.partner}
        mine = sum(points[s] for s in range(len(points)) if (s in side) == (seat in side))
    return result.scores[seat] + POINTS_WEIGHT * mine
