"""What one seat may see of a Schafkopf hand (docs/rules.md §4), and nothing more.

Bids, declarations, Kontra, Re and every card played are seen by all; a
seat's own cards by that seat alone; the partner of a Rufspiel only once the
called card is played (its holder knows from the start). Once the hand is
over, every dealt hand is shown. The view is built field by field from the
state, so nothing else can leak.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .actions import Action
from .cards import CODES, SUITS, cards_of
from .view import TrickView

#: The phases in which a trick is on the table (Kontra and Re are said in trick 1).
_TRICK_PHASES = ("play", "kontra", "re")


@dataclass(frozen=True)
class SchafkopfView:
    seat: int
    dealer: int
    seats: int
    phase: str
    turn: int | None
    hand: tuple[str, ...]
    legal: tuple[Action, ...]
    contract: str | None  # once declared (or ramsch / redeal)
    declarer: int | None
    tout: bool
    trump: str | None
    called: str | None
    partner: int | None  # only once this seat may know it
    kontra: int | None  # the seat that said Kontra
    re: int | None
    actions: tuple[tuple[int, Action], ...]
    tricks: tuple[TrickView, ...]
    trick: TrickView | None
    cards_left: tuple[int, ...]
    tricks_won: tuple[int, ...]
    result: object | None
    hands: tuple[tuple[str, ...], ...] | None  # every dealt hand, once over
    options: Mapping  # the table's rule options (deck, all pass, tariff), known to all

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    def to_json(self) -> dict:
        """Plain JSON types, for pages and logs."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "hand": list(self.hand),
            "legal": [a.to_json() for a in self.legal],
            "contract": self.contract,
            "declarer": self.declarer,
            "tout": self.tout,
            "trump": self.trump,
            "called": self.called,
            "partner": self.partner,
            "kontra": self.kontra,
            "re": self.re,
            "actions": [a.to_json(s) for s, a in self.actions],
            "tricks": [t.to_json() for t in self.tricks],
            "trick": None if self.trick is None else self.trick.to_json(),
            "cards_left": list(self.cards_left),
            "tricks_won": list(self.tricks_won),
            "result": None if self.result is None else self.result.to_json(),
            "hands": None if self.hands is None else [list(h) for h in self.hands],
            "options": dict(self.options),
        }


def schafkopf_view(state, seat: int) -> SchafkopfView:
    """The view of ``state`` (a SchafkopfHand) from ``seat``."""
    seats = state.deal.seats
    if not 0 <= seat < seats:
        raise ValueError(f"there is no seat {seat}")
    over = state.is_over
    contract = state.contract
    kind = contract.kind if contract is not None else None
    tricks = tuple(
        TrickView(leader, tuple(CODES[c] for c in cards), winner)
        for leader, cards, winner in state.tricks
    )
    trick = None
    if state.phase_name in _TRICK_PHASES:
        trick = TrickView(state.leader, tuple(CODES[c] for c in state.trick))
    return SchafkopfView(
        seat=seat,
        dealer=state.deal.dealer,
        seats=seats,
        phase=state.phase_name,
        turn=None if over else state.turn,
        hand=_codes(state.hand(seat)),
        legal=tuple(state.legal_actions()) if state.turn == seat and not over else (),
        contract=kind.game.value if kind is not None else None,
        declarer=_seat(state.declarer),
        tout=bool(kind and kind.tout),
        trump=SUITS[kind.trump] if kind is not None and kind.trump >= 0 else None,
        called=CODES[state.called] if state.called >= 0 else None,
        partner=_known_partner(state, seat),
        kontra=_seat(contract.kontra) if contract is not None else None,
        re=_seat(contract.re) if contract is not None else None,
        actions=state.actions,
        tricks=tricks,
        trick=trick,
        cards_left=tuple(state.hand(s).bit_count() for s in range(seats)),
        tricks_won=state.tricks_won,
        result=state.result() if over else None,
        hands=tuple(_codes(h) for h in state.deal.hands) if over else None,
        options=state.deal.options,
    )


def _seat(seat: int) -> int | None:
    return None if seat < 0 else seat


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(CODES[c] for c in cards_of(mask))


def _known_partner(state, seat: int) -> int | None:
    partner = state.partner
    if partner < 0:
        return None
    called_played = not state.unplayed >> state.called & 1
    if state.is_over or seat == partner or called_played:
        return partner
    return None
