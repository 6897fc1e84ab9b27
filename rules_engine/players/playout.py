"""Playing a sampled deal to the end with the standard strategy, fast.

In a sampled deal every card is known, so the strategy gets exact hands
(``Table.exact``): this is the expert's look-ahead, not a player.
"""

from __future__ import annotations

from ..actions import PLAY, UNKNOWN, bury_mask
from ..cards import FULL_DECK
from ..sheepshead import BURY, CALL_PHASE, OVER, PICKING, PLAY_PHASE, SheepsheadHand
from ..sheepshead_kinds import ContractKind
from .base import call_action, pick_or_pass, position_after_dealer
from .cardplay import without_voids
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


def seat_table(state: SheepsheadHand, seat: int) -> Table:
    """The card-choice inputs of ``seat`` as its own view would give them: what the
    standard player at a real table decides from (``strategy.table_from``), read
    off a full state without building the view."""
    contract = state.contract
    seats = state.deal.seats
    unknown = contract.unknown
    picker = contract.picker
    sees_unknown = seat == picker
    follow_class = contract.follow_class
    called_class = contract.called_class
    played = 0
    voids = [0] * seats
    called_led = False
    tricks = [(leader, cards) for leader, cards, _winner in state.tricks]
    current = state.phase == PLAY_PHASE and state.trick
    if current:
        tricks.append((state.leader, state.trick))
    for leader, cards in tricks:
        led = -1
        for position, c in enumerate(cards):
            if c == unknown and not sees_unknown:
                if position == 0:
                    led = called_class
                continue
            played |= 1 << c
            if position == 0:
                led = follow_class[c]
            elif follow_class[c] != led:
                voids[(leader + position) % seats] |= 1 << led
        if led == called_class and called_class >= 0:
            called_led = True
    trick_seats, trick_cards, led_now = [], [], -1
    if current:
        leader = state.leader
        for position, c in enumerate(state.trick):
            trick_seats.append((leader + position) % seats)
            trick_cards.append(-1 if c == unknown and not sees_unknown else c)
        first = trick_cards[0]
        led_now = called_class if first < 0 else follow_class[first]
    hand = state.hand(seat)
    own_hidden = 0
    if sees_unknown:
        own_hidden = contract.buried | state.deal.blind
        if unknown >= 0:
            own_hidden |= 1 << unknown
    unseen = FULL_DECK & ~hand & ~played & ~own_hidden
    class_masks = TABLES.class_masks
    kind = contract.kind
    return Table(
        me=seat,
        seats=seats,
        hand=hand,
        legal=state._playable(seat),
        trick_seats=trick_seats,
        trick_cards=trick_cards,
        led=led_now,
        contract=kind or "",
        picker=picker,
        called=contract.called,
        called_led=called_led,
        teammate=_teammates_seen(state, seat),
        may_hold=[
            hand if s == seat else without_voids(unseen, voids[s], class_masks)
            for s in range(seats)
        ],
        my_tricks=sum(1 for _leader, _cards, winner in state.tricks if winner == seat),
        tables=TABLES,
    )


def _teammates_seen(state: SheepsheadHand, seat: int) -> list:
    """Per seat, whether it plays with ``seat`` as far as ``seat`` knows (None: not known)."""
    contract = state.contract
    kind = contract.kind
    seats = state.deal.seats
    picker = contract.picker
    partner = contract.partner
    if partner >= 0 and not (seat == partner or not state.hand(partner) >> contract.called & 1):
        partner = -1  # not known to this seat yet
    mine = seat == picker or seat == partner
    out = []
    for s in range(seats):
        if s == seat:
            out.append(True)
        elif kind == ContractKind.LEASTER:
            out.append(False)
        elif picker < 0:
            out.append(None)
        elif s == picker or s == partner:
            out.append(mine)
        elif kind == ContractKind.ALONE or partner >= 0:
            out.append(not mine)
        else:
            out.append(None)
    return out
