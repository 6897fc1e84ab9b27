"""A stored analysis as a player reads it: the summary after a hand, the replay's marks."""

from __future__ import annotations

from dataclasses import dataclass

from games.hint_text import hint_sentence
from rules_engine.records import ACTION_READERS

from .analysis import Verdict, moves_of
from .models import HandAnalysis
from .sentences import gain, moment

#: How many of the costliest decisions the summary names.
COSTLIEST = 3


@dataclass(frozen=True)
class Remark:
    """One decision: when it was, whether it was fine, and the better move with why."""

    step: int  # the human's action's index; the replay shows it at step + 1
    moment: str
    fine: bool
    cost: float
    advice: str  # the expert's move and why ("" when the human's was as good)
    gain: str  # what the expert's move was worth more ("" when fine)


@dataclass(frozen=True)
class Report:
    decisions: int
    fine: int
    remarks: tuple[Remark, ...]  # every decision, in the order they were made

    @property
    def costliest(self) -> tuple[Remark, ...]:
        costly = [r for r in self.remarks if not r.fine]
        costly.sort(key=lambda r: (-r.cost, r.step))
        return tuple(costly[:COSTLIEST])

    def at_step(self, step: int) -> Remark | None:
        """The remark on the action that the replay's ``step`` has just shown."""
        return next((r for r in self.remarks if r.step + 1 == step), None)


def report_of(analysis: HandAnalysis, record: dict, deck: str) -> Report:
    verdicts = {v.step: v for v in map(Verdict.from_json, analysis.verdicts)}
    read = ACTION_READERS[record["game"]]
    remarks = []
    for step, state, seat, action in moves_of(record):
        verdict = verdicts.get(step)
        if verdict is None:
            continue
        view = state.view(seat)
        choice = read(verdict.choice)[1]
        better = not verdict.fine and choice != action
        remarks.append(
            Remark(
                step=step,
                moment=moment(view),
                fine=verdict.fine,
                cost=verdict.cost,
                advice=hint_sentence(view, choice, analysis.game, deck) if better else "",
                gain=gain(verdict.cost, analysis.game) if better else "",
            )
        )
    return Report(analysis.decisions, analysis.fine, tuple(remarks))
