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


def exact_table(state: SheepsheadHand, seat: int) -> Table:
    contract = state.contract
    seats = state.deal.seats
    kind = contract.kind
    if kind == "leaster":
        teammate = [s == seat for s in range(seats)]
    else:
        side = {contract.picker, contract.partner}
        mine = seat in side
        teammate = [(s in side) == mine for s in range(seats)]
    unknown = contract.unknown
    return Table(
        me=seat,
        seats=seats,
        hand=state.hand(seat),
        legal=state._playable(seat),
        trick_seats=[(state.leader + k) % seats for k in range(len(state.trick))],
        trick_cards=[-1 if c == unknown else c for c in state.trick],
        led=state.led,
        contract=kind,
        picker=contract.picker,
        called=contract.called,
        called_led=not state.called_pending,
        teammate=teammate,
        may_hold=[state.hand(s) for s in range(seats)],
        my_tricks=sum(1 for _leader, _cards, winner in state.tricks if winner == seat),
        tables=TABLES,
        exact=True,
    )


def play_out(state: SheepsheadHand) -> SheepsheadHand:
    """The finished hand, every seat following the strategy."""
    while state.phase != OVER:
        state = state.apply(policy_action(state))
    return state


def play_out_after(state, action):
    """The finished hand after ``action``, every seat then following the strategy."""
    return play_out(state.apply(action))
