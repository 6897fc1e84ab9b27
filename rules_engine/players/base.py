"""The interface every computer player has: a decision from a view and a seed.

``decide(view, seed)`` is a pure function of its inputs: the same view and
seed give the same action on any machine, whatever the clock says. A single
legal action is returned at once, with no thinking.
"""

from __future__ import annotations

from ..actions import ALONE, CALL, PASS, PICK, Action
from ..cards import codes_to_mask
from ..schafkopf_view import SchafkopfView
from ..view import SeatView
from .cardplay import Table, table_from
from .knowledge import Knowledge, knowledge_from_view
from .rng import Rng
from .strategy import TABLES


class Player:
    """A computer player; subclasses answer each kind of decision."""

    level = "base"
    #: The same level's decisions at a Schafkopf table (:mod:`.schafkopf_players`).
    schafkopf = None

    def decide(self, view: SeatView, seed: bytes = b"") -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        rng = Rng(seed, self.level, view.seat, len(view.actions))
        if isinstance(view, SchafkopfView):
            return self.schafkopf.decide(view, rng)
        return getattr(self, f"on_{view.phase}")(view, rng)

    def on_picking(self, view: SeatView, rng: Rng) -> Action:
        raise NotImplementedError

    def on_bury(self, view: SeatView, rng: Rng) -> Action:
        raise NotImplementedError

    def on_call(self, view: SeatView, rng: Rng) -> Action:
        raise NotImplementedError

    def on_unknown(self, view: SeatView, rng: Rng) -> Action:
        raise NotImplementedError

    def on_play(self, view: SeatView, rng: Rng) -> Action:
        raise NotImplementedError


class RandomPlayer(Player):
    """Any legal action, uniformly: the baseline the arena measures against."""

    level = "random"

    def decide(self, view: SeatView, seed: bytes = b"") -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        return Rng(seed, self.level, view.seat, len(view.actions)).choice(legal)


# -- helpers shared by the rule-based players -------------------------------------


def position_after_dealer(seat: int, dealer: int, seats: int) -> int:
    """0 for the dealer's left ... 4 for the dealer: how late a seat decides on picking."""
    return (seat - dealer - 1) % seats


def legal_mask(view: SeatView, kind: str) -> int:
    return codes_to_mask(a.card for a in view.legal if a.kind == kind)


def legal_buries(view: SeatView) -> list[int]:
    return [a.mask for a in view.legal if a.kind == "bury"]


def legal_calls(view: SeatView) -> list[int]:
    return [a.index for a in view.legal if a.kind == "call"]


def pick_or_pass(pick: bool) -> Action:
    return PICK if pick else PASS


def call_action(called: int | None) -> Action:
    return ALONE if called is None else CALL[called]


def table_from_knowledge(k: Knowledge, legal: int) -> Table:
    """The card-choice inputs, from what the seat knows (not exact)."""
    return table_from(k, legal, k.contract or "", k.picker, TABLES)


def knowledge_and_table(view: SeatView) -> tuple[Knowledge, Table]:
    k = knowledge_from_view(view)
    return k, table_from_knowledge(k, legal_mask(view, "play"))
