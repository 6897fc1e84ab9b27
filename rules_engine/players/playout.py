"""Playing a sampled deal to the end with the standard strategy, fast.

This is the expert's look-ahead, not a player. Every card of a sampled deal
is known. The seat that searches plays its cards seeing every hand
(:func:`exact_table`), which stands for the search it will do at each of
its own later cards. Every other seat plays as the standard players at the
table do, knowing only its own cards, its own bury and the voids shown
(:func:`seat_table`). Measured in the arena, seed 1: every seat seeing every
hand (as before) against every seat playing as at the table, that and the
searcher seeing through, see the README.
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
from .voids import after_tricks, voids_shown


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


def seat_table(state: SheepsheadHand, seat: int) -> Table:
    """The card-choice inputs of ``seat`` in a sampled deal: what it would know at the
    table (its own cards, its own bury, the voids shown), not the other hands."""
    contract = state.contract
    deal = state.deal
    seats = deal.seats
    kind = contract.kind
    unknown = contract.unknown
    unplayed = state.unplayed
    held = state.held
    trick = state.trick
    tricks = state.tricks
    hand = held[seat] & unplayed
    unseen = unplayed & ~hand
    if seat == contract.picker:
        unseen &= ~contract.buried
        if unknown >= 0:
            unseen &= ~(1 << unknown)
    _tricks, before, won = after_tricks(tricks, contract, seats)
    kept = TABLES.kept
    may_hold = [unseen & kept[v] for v in voids_shown(state, before)]
    may_hold[seat] = hand
    return Table(
        seat,
        seats,
        hand,
        state._playable(seat),
        list(deal.seat_after[state.leader][: len(trick)]),
        [-1 if c == unknown else c for c in trick] if unknown >= 0 else list(trick),
        state.led,
        kind,
        contract.picker,
        contract.called,
        not contract.called_pending,
        _teammates(kind, contract.picker, contract.partner, seat, seats),
        may_hold,
        won[seat],
        TABLES,
        False,
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
