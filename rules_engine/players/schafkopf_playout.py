"""Playing a sampled Schafkopf deal to the end with the standard strategy.

In a sampled deal every card is known, so the strategy gets exact hands
(``Table.exact``): this is the expert's look-ahead, not a player.
"""

from __future__ import annotations

from ..actions import PASS, PLAY, Action
from ..contracts import Game
from ..schafkopf import SchafkopfHand
from ..schafkopf_actions import BID, KONTRA, RE
from ..schafkopf_phases import BIDDING, DECLARING, KONTRA_TURN
from ..schafkopf_phases import PLAY as PLAY_PHASE
from .cardplay import Table, tables_of
from .schafkopf_strategy import (
    choose_declaration,
    choose_play,
    wants_kontra,
    wants_re,
    wants_to_bid,
)


def policy_action(state: SchafkopfHand) -> Action:
    """The standard strategy's action for the seat to act, with full information."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    hand = state.hand(seat)
    phase = state.phase
    variant = state.deal.variant
    contract = state.contract
    if phase is PLAY_PHASE:
        if legal[0] is KONTRA and _doubles(state, seat, hand):
            return KONTRA
        return PLAY[choose_play(exact_table(state, seat))]
    if phase is BIDDING:
        return BID if wants_to_bid(hand, variant) else PASS
    if phase is DECLARING:
        return choose_declaration(hand, legal, variant, seat == state.deal.first_leader)
    if phase is KONTRA_TURN:
        return KONTRA if _doubles(state, seat, hand) else PASS
    return RE if wants_re(hand, contract.kind, variant, seat == contract.declarer) else PASS


def _doubles(state: SchafkopfHand, seat: int, hand: int) -> bool:
    contract = state.contract
    return seat != contract.partner and wants_kontra(hand, contract.kind, state.deal.variant)


#: Who plays with whom, by (ramsch, solo, declarer, partner, seat): a few dozen keys.
_TEAMMATES: dict[tuple, list[bool]] = {}


def _teammates(contract, seat: int, seats: int) -> list[bool]:
    kind = contract.kind
    key = (kind.game is Game.RAMSCH, kind.is_solo, contract.declarer, contract.partner, seat)
    teammate = _TEAMMATES.get(key)
    if teammate is None:
        if kind.game is Game.RAMSCH:
            teammate = [s == seat for s in range(seats)]
        else:
            side = (contract.declarer,) if kind.is_solo else (contract.declarer, contract.partner)
            mine = seat in side
            teammate = [(s in side) == mine for s in range(seats)]
        _TEAMMATES[key] = teammate
    return teammate


def exact_table(state: SchafkopfHand, seat: int) -> Table:
    contract = state.contract
    seats = state.deal.seats
    trick = state.trick
    leader = state.leader
    unplayed = state.unplayed
    return Table(
        me=seat,
        seats=seats,
        hand=state.held[seat] & unplayed,
        legal=state._playable(seat),
        trick_seats=[(leader + k) % seats for k in range(len(trick))],
        trick_cards=list(trick),
        led=contract.follow_class[trick[0]] if trick else -1,
        contract=contract.kind.game.value,
        picker=contract.declarer,
        called=contract.called,
        called_led=not contract.called_pending,
        teammate=_teammates(contract, seat, seats),
        may_hold=[held & unplayed for held in state.held],
        my_tricks=sum(1 for _leader, _cards, winner in state.tricks if winner == seat),
        tables=tables_of(contract.kind.ranking),
        exact=True,
    )


def play_out(state: SchafkopfHand) -> SchafkopfHand:
    """The finished hand, every seat following the strategy."""
    while not state.is_over:
        state = state.apply(policy_action(state))
    return state


def play_out_after(state, action):
    """The finished hand after ``action``, every seat then following the strategy."""
    return play_out(state.apply(action))


def play_out_declaring(state: SchafkopfHand, seat: int, declaration: Action) -> SchafkopfHand:
    """The finished hand in which ``seat`` declares ``declaration`` when its turn to
    declare comes and the game is still open to it; otherwise the strategy plays."""
    while not state.is_over:
        action = None
        if state.phase is DECLARING and state.turn == seat:
            for offered in state.legal_actions():
                if offered is declaration:
                    action = declaration
        state = state.apply(action or policy_action(state))
    return state
