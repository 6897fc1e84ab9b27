"""Playing a sampled deal to the end with the standard strategy, fast.

This is the expert's look-ahead, not a player. Every card of a sampled deal
is known. The seat that searches plays its cards seeing every hand
(:func:`exact_table`), which stands for the search it will do at each of
its own later cards. Every other seat plays as the standard players at the
table do, knowing only its own cards, its own bury and the voids shown
(:func:`seat_table`). In the arena this beat both every seat seeing every
hand and every seat, the searcher too, playing as at the table (README).
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
from .voids import after_tricks, seat_guesses


def policy_action(state: SheepsheadHand, searcher: int = -1):
    """The standard strategy's action for the seat to act: in trick play ``searcher``
    sees every hand and each other seat what it would know at the table."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    hand = state.hand(seat)
    phase = state.phase
    if phase == PLAY_PHASE:
        table = exact_table(state, seat) if seat == searcher else seat_table(state, seat)
        return PLAY[choose_play(table)]
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
    """The card-choice inputs of ``seat`` in a sampled deal, every hand known."""
    unplayed = state.unplayed
    held = state.held
    seats = state.deal.seats
    won = after_tricks(state.tricks, state.contract, seats)[2][seat]
    return _table(state, seat, [held[s] & unplayed for s in range(seats)], won, True)


def seat_table(state: SheepsheadHand, seat: int) -> Table:
    """The card-choice inputs of ``seat`` in a sampled deal: what it would know at the
    table (its own cards, its own bury, the voids shown), not the other hands."""
    contract = state.contract
    unknown = contract.unknown
    unplayed = state.unplayed
    hand = state.held[seat] & unplayed
    unseen = unplayed & ~hand
    if seat == contract.picker:
        unseen &= ~contract.buried
        if unknown >= 0:
            unseen &= ~(1 << unknown)
    may_hold, won = seat_guesses(state, seat, hand, unseen, TABLES.kept)
    return _table(state, seat, may_hold, won, False)


def _table(state: SheepsheadHand, seat: int, may_hold: list[int], won: int, exact: bool):
    """A :class:`Table` of ``seat`` with these guesses of the hands. Built positionally:
    the playouts build one for nearly every card they play."""
    contract = state.contract
    deal = state.deal
    kind = contract.kind
    unknown = contract.unknown
    trick = state.trick
    return Table(
        seat,
        deal.seats,
        may_hold[seat],
        state._playable(seat),
        list(deal.seat_after[state.leader][: len(trick)]),
        [-1 if c == unknown else c for c in trick] if unknown >= 0 else list(trick),
        state.led,
        kind,
        contract.picker,
        contract.called,
        not contract.called_pending,
        _teammates(kind, contract.picker, contract.partner, seat, deal.seats),
        may_hold,
        won,
        TABLES,
        exact,
    )


def play_out(state: SheepsheadHand, searcher: int = -1) -> SheepsheadHand:
    """The finished hand, every seat following the strategy."""
    while state.phase != OVER:
        state = state.apply(policy_action(state, searcher))
    return state


def play_out_after(state, action):
    """The finished hand after ``action``, every seat then following the strategy
    (the seat that took ``action`` seeing every hand)."""
    return play_out(state.apply(action), state.turn)
