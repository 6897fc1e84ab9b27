"""Playing a sampled deal to the end with the standard strategy, fast.

In a sampled deal every card is known, so the strategy gets exact hands
(``Table.exact``): this is the expert's look-ahead, not a player.
"""

from __future__ import annotations

from ..actions import PLAY, UNKNOWN, bury_mask
from ..sheepshead import BURY, CALL_PHASE, OVER, PICKING, PLAY_PHASE, SheepsheadHand
from .base import call_action, pick_or_pass, position_after_dealer
from .strategy import (
    TABLES,
    Table,
    choose_bury,
    choose_call,
    choose_play,
    choose_unknown,
    strong_enough_to_pick,
)


def policy_action(state: SheepsheadHand):
    """The standard strategy's action for the seat to act, with full information."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    hand = state.hand(seat)
    phase = state.phase
    if phase == PLAY_PHASE:
        return PLAY[choose_play(exact_table(state, seat))]
    if phase == PICKING:
        position = position_after_dealer(seat, state.deal.dealer, state.deal.seats)
        return pick_or_pass(strong_enough_to_pick(hand, position))
    if phase == BURY:
        return bury_mask(choose_bury(hand, [a.mask for a in legal]))
    if phase == CALL_PHASE:
        called = choose_call(hand, [a.index for a in legal if a.kind == "call"])
        return call_action(called)
    return UNKNOWN[choose_unknown(hand)]


#: Who plays with whom, per seat, by (contract kind, picker, partner, seat, seats): a
#: few hundred keys.
_TEAMMATES: dict[tuple, list[bool]] = {}


def _teammates(kind: str, picker: int, partner: int, seat: int, seats: int) -> list[bool]:
    key = (kind, picker, partner, seat, seats)
    teammate = _TEAMMATES.get(key)
    if teammate is None:
        if kind == "leaster":
            teammate = [s == seat for s in range(seats)]
        else:
            side = {picker, partner}
            mine = seat in side
            teammate = [(s in side) == mine for s in range(seats)]
        _TEAMMATES[key] = teammate
    return teammate


def exact_table(state: SheepsheadHand, seat: int) -> Table:
    """The card-choice inputs of ``seat`` in a sampled deal, every hand known. Built
    positionally: the playouts build one for nearly every card they play."""
    contract = state.contract
    deal = state.deal
    seats = deal.seats
    kind = contract.kind
    unknown = contract.unknown
    unplayed = state.unplayed
    held = state.held
    trick = state.trick
    tricks = state.tricks
    won = 0
    for _leader, _cards, winner in tricks:
        if winner == seat:
            won += 1
    return Table(
        seat,
        seats,
        held[seat] & unplayed,
        state._playable(seat),
        list(deal.seat_after[state.leader][: len(trick)]),
        [-1 if c == unknown else c for c in trick] if unknown >= 0 else list(trick),
        state.led,
        kind,
        contract.picker,
        contract.called,
        not contract.called_pending,
        _teammates(kind, contract.picker, contract.partner, seat, seats),
        [held[s] & unplayed for s in range(seats)],
        won,
        TABLES,
        True,
    )


def play_out(state: SheepsheadHand) -> SheepsheadHand:
    """The finished hand, every seat following the strategy."""
    while state.phase != OVER:
        state = state.apply(policy_action(state))
    return state


def play_out_after(state, action):
    """The finished hand after ``action``, every seat then following the strategy."""
    return play_out(state.apply(action))
