"""A hint for a learner: what the expert would do, and why in one sentence.

The expert decides from the learner's own view, so a hint shows nothing the
learner may not see. The sentence comes from ``explain(view, action)``, which the
site gives in the reader's language (``games.sheepshead_hints``,
``games.schafkopf_hints``): the engine itself holds no text a player reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action
from ..view import SeatView
from .expert import ExpertPlayer


@dataclass(frozen=True)
class Hint:
    action: Action
    sentence: str


def hint_for(view: SeatView, seed: bytes, explain: Callable[[SeatView, Action], str]) -> Hint:
    """The expert's move for this view, with the reason ``explain`` gives for it."""
    action = ExpertPlayer().decide(view, seed)
    return Hint(action, explain(view, action))
