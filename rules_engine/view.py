"""What one seat may see of a hand (docs/rules.md §4), and nothing more.

Computer players and web pages both work from a :class:`SeatView`, never from
the full state, so a hidden card can't leak by accident: the view is built
here from the state, field by field, and hidden cards are ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import CODES, cards_of
from .result import HandResult
from .sheepshead_kinds import Phase

#: How a hidden bury, unknown or face-down card shows in a view.
HIDDEN = None


@dataclass(frozen=True)
class TrickView:
    leader: int
    cards: tuple[str | None, ...]  # in play order from the leader; None is face down
    winner: int | None = None  # None while the trick is being played

    def seat_of(self, position: int, seats: int) -> int:
        return (self.leader + position) % seats

    def to_json(self) -> dict:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}


@dataclass(frozen=True)
class SeatView:
    seat: int
    dealer: int
    seats: int
    phase: str
    turn: int | None
    hand: tuple[str, ...]
    legal: tuple[Action, ...]
    picker: int | None
    contract: str | None
    called: str | None
    partner: int | None  # only once this seat may know it
    blind: tuple[str, ...] | None  # the picker's own, or everyone's once over
    buried: tuple[str, ...] | None
    unknown: str | None  # the picker's card set aside; others see only that one is
    unknown_set_aside: bool
    actions: tuple[tuple[int, Action], ...]  # as this seat saw them
    tricks: tuple[TrickView, ...]
    trick: TrickView | None
    cards_left: tuple[int, ...]
    tricks_won: tuple[int, ...]
    result: HandResult | None
    hands: tuple[tuple[str, ...], ...] | None  # every dealt hand, once over

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
            "picker": self.picker,
            "contract": self.contract,
            "called": self.called,
            "partner": self.partner,
            "blind": None if self.blind is None else list(self.blind),
            "buried": None if self.buried is None else list(self.buried),
            "unknown": self.unknown,
            "unknown_set_aside": self.unknown_set_aside,
            "actions": [a.to_json(s) for s, a in self.actions],
            "tricks": [t.to_json() for t in self.tricks],
            "trick": None if self.trick is None else self.trick.to_json(),
            "cards_left": list(self.cards_left),
            "tricks_won": list(self.tricks_won),
            "result": None if self.result is None else self.result.to_json(),
            "hands": None if self.hands is None else [list(h) for h in self.hands],
        }


_HIDDEN_BURY = Action("bury")
_HIDDEN_UNKNOWN = Action("unknown")
_FACE_DOWN_PLAY = Action("play")


def seat_view(state, seat: int) -> SeatView:
    """The view of ``state`` (a SheepsheadHand) from ``seat``."""
    seats = state.deal.variant.seats
    if not 0 <= seat < seats:
        raise ValueError(f"there is no seat {seat}")
    over = state.is_over
    is_picker = seat == state.picker
    sees_all = over or is_picker
    unknown = state.unknown

    def shown(c: int) -> str | None:
        return CODES[c] if c != unknown or sees_all else HIDDEN

    actions = []
    for actor, action in state.actions:
        if action.kind == "bury" and not (over or actor == seat):
            action = _HIDDEN_BURY
        elif action.kind == "unknown" and not (over or actor == seat):
            action = _HIDDEN_UNKNOWN
        elif action.kind == "play" and action.index == unknown and not sees_all:
            action = _FACE_DOWN_PLAY
        actions.append((actor, action))

    tricks = tuple(
        TrickView(leader, tuple(shown(c) for c in cards), winner)
        for leader, cards, winner in state.tricks
    )
    trick = None
    if state.phase == Phase.PLAY:
        trick = TrickView(state.leader, tuple(shown(c) for c in state.trick))

    cards_left = tuple(
        state.hand(s).bit_count() + (s == state.picker and state.unknown_pending)
        for s in range(seats)
    )
    return SeatView(
        seat=seat,
        dealer=state.deal.dealer,
        seats=seats,
        phase=state.phase_name,
        turn=None if over else state.turn,
        hand=tuple(CODES[c] for c in cards_of(state.hand(seat))),
        legal=tuple(state.legal_actions()) if state.turn == seat and not over else (),
        picker=None if state.picker < 0 else state.picker,
        contract=None if state.contract.kind is None else state.contract.kind.value,
        called=CODES[state.called] if state.called >= 0 else None,
        partner=_known_partner(state, seat),
        blind=_codes(state.deal.blind) if over or (is_picker and state.picker >= 0) else None,
        buried=_codes(state.buried) if (over or is_picker) and state.buried else None,
        unknown=CODES[unknown] if unknown >= 0 and sees_all else None,
        unknown_set_aside=unknown >= 0,
        actions=tuple(actions),
        tricks=tricks,
        trick=trick,
        cards_left=cards_left,
        tricks_won=tuple(state.tricks_won),
        result=state.result() if over else None,
        hands=tuple(_codes(h) for h in state.deal.hands) if over else None,
    )


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(CODES[c] for c in cards_of(mask))


def _known_partner(state, seat: int) -> int | None:
    partner = state.partner
    if partner < 0:
        return None
    called_played = not state.hand(partner) >> state.called & 1
    if state.is_over or seat == partner or called_played:
        return partner
    return None
