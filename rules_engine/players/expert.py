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
from ..view import SeatView
from . import schafkopf_expert
from .base import Player
from .evaluation import Evaluation, search
from .knowledge import knowledge_from_view
from .playout import play_out_after
from .rng import Rng
from .rule_based import StandardPlayer
from .sampling import DealSampler
from .strategy import bury_score, may_consider_picking

#: Deals sampled per decision, and bury options kept for the search.
SAMPLES = 48
BURY_CANDIDATES = 6
#: Weight of card points next to the score, to break ties between actions.
POINTS_WEIGHT = 0.004
#: Score per sample credited to the standard strategy's own choice: the search
#: must find more than this to overrule the rules of thumb (noise rarely does).
STRATEGY_PRIOR = 0.15


class ExpertPlayer(Player):
    level = "expert"

    def __init__(
        self,
        samples: int = SAMPLES,
        prior: float = STRATEGY_PRIOR,
        schafkopf_samples: int = schafkopf_expert.SAMPLES,
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
        found = search(
            sampler, candidates, also, rng, self.samples, play_out_after, outcome,
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
