"""What a seat knows, in card masks, worked out from its view alone.

The computer players never see the full state: they start from
``state.view(seat)`` and derive here everything the rules let them infer:
which cards are still unseen, who has shown a void, who may hold the called
card, and which hidden places (other hands, the bury, the blind, the
unknown) the unseen cards must fill.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FULL_DECK, codes_to_mask, parse_card
from ..ranking import SHEEPSHEAD
from ..view import SeatView

#: Hidden places other than a seat's hand, numbered after the seats.
BURY, BLIND, UNKNOWN_SLOT = "bury", "blind", "unknown"


@dataclass
class Knowledge:
    """One seat's knowledge of a hand, as masks (see module docstring)."""

    view: SeatView
    me: int
    seats: int
    hand: int
    unseen: int  # cards whose place this seat doesn't know
    played_by: list[int]  # visible cards each seat has played
    voids: list[int]  # per seat: bit k set when it showed it has no card of class k
    hidden_counts: dict  # place (seat number or BURY/BLIND/UNKNOWN_SLOT) -> cards there
    picker: int
    partner: int  # -1 when this seat doesn't know it
    called: int  # card index or -1
    contract: str | None
    called_led: bool  # the called suit has been led (the obligations are over)
    trick_seats: list[int]  # seats that played to the current trick, in order
    trick_cards: list[int]  # their cards (-1 for the face-down unknown)
    led_class: int  # of the current trick, -1 when it is empty

    @property
    def i_am_picker(self) -> bool:
        return self.me == self.picker

    @property
    def i_am_partner(self) -> bool:
        return self.partner == self.me

    @property
    def i_am_on_picker_side(self) -> bool:
        """A seat always knows its own side: it knows whether it holds the called card."""
        return self.i_am_picker or self.i_am_partner

    def side_of(self, seat: int) -> bool | None:
        """True for the picker's side, False for a defender, None if not known (yet)."""
        if self.picker < 0 or self.contract == "leaster":
            return None
        if seat == self.picker or seat == self.partner:
            return True
        if self.contract == "alone" or self.partner >= 0:
            return False
        if seat == self.me:
            return self.i_am_on_picker_side
        return None

    def on_my_side(self, seat: int) -> bool | None:
        """Whether ``seat`` plays with me; None when I can't tell yet."""
        if seat == self.me:
            return True
        if self.contract == "leaster":
            return False
        side = self.side_of(seat)
        return None if side is None else side == self.i_am_on_picker_side


@dataclass
class TricksSeen:
    """What the tricks on the table show: who played what, who showed a void."""

    played_by: list[int]  # visible cards each seat has played
    voids: list[int]  # per seat: bit k set when it showed it has no card of class k
    called_led: bool  # a trick was led in the called card's class
    face_down_played: bool  # the picker's face-down unknown went to a trick
    trick_seats: list[int]  # seats that played to the current trick, in order
    trick_cards: list[int]  # their cards (-1 for the face-down unknown)
    led_class: int  # of the current trick, -1 when it is empty


def tricks_seen(view, follow_class: tuple[int, ...], called_class: int) -> TricksSeen:
    """Walk a view's tricks (the one in play included) under a ranking's classes.

    Following is always forced, so a card of another class is a real void. A
    face-down card (Sheepshead's unknown, ``None`` in a view) leads the called
    card's class and shows nothing else."""
    seats = view.seats
    played_by = [0] * seats
    voids = [0] * seats
    called_led = face_down_played = False
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        led_class = -1
        for position, code in enumerate(trick.cards):
            seat = (trick.leader + position) % seats
            if code is None:  # the picker's unknown, face down
                face_down_played = True
                if position == 0:
                    led_class = called_class
                continue
            c = parse_card(code)
            played_by[seat] |= 1 << c
            if position == 0:
                led_class = follow_class[c]
            elif follow_class[c] != led_class:
                voids[seat] |= 1 << led_class
        if led_class == called_class and called_class >= 0:
            called_led = True
    trick_seats, trick_cards, led_now = [], [], -1
    current = view.trick
    if current is not None:
        for position, code in enumerate(current.cards):
            trick_seats.append((current.leader + position) % seats)
            trick_cards.append(-1 if code is None else parse_card(code))
        if trick_cards:
            first = trick_cards[0]
            led_now = called_class if first < 0 else follow_class[first]
    return TricksSeen(
        played_by, voids, called_led, face_down_played, trick_seats, trick_cards, led_now
    )


def knowledge_from_view(view: SeatView) -> Knowledge:
    """Everything ``view.seat`` can infer, from its view alone."""
    seats = view.seats
    me = view.seat
    hand = codes_to_mask(view.hand)
    called = parse_card(view.called) if view.called else -1
    seen = tricks_seen(view, SHEEPSHEAD.follow_class, called >> 3 if called >= 0 else -1)
    played = 0
    for mask in seen.played_by:
        played |= mask
    own_hidden = 0
    if view.buried:
        own_hidden |= codes_to_mask(view.buried)
    if view.unknown:
        own_hidden |= 1 << parse_card(view.unknown)
    if view.blind and view.picker == me:
        own_hidden |= codes_to_mask(view.blind)
    unseen = FULL_DECK & ~hand & ~played & ~own_hidden
    hidden_counts: dict = {}
    for seat in range(seats):
        if seat != me:
            left = view.cards_left[seat]
            if seat == view.picker and view.unknown_set_aside and not seen.face_down_played:
                left -= 1  # the set-aside unknown is counted apart
            hidden_counts[seat] = left
    if view.phase == "picking" or view.contract == "leaster":
        hidden_counts[BLIND] = 2
    elif view.picker is not None and view.picker != me and view.phase != "bury":
        hidden_counts[BURY] = 2
    if view.unknown_set_aside and view.picker != me:
        hidden_counts[UNKNOWN_SLOT] = 1
    return Knowledge(
        view=view,
        me=me,
        seats=seats,
        hand=hand,
        unseen=unseen,
        played_by=seen.played_by,
        voids=seen.voids,
        hidden_counts=hidden_counts,
        picker=-1 if view.picker is None else view.picker,
        partner=-1 if view.partner is None else view.partner,
        called=called,
        contract=view.contract,
        called_led=seen.called_led,
        trick_seats=seen.trick_seats,
        trick_cards=seen.trick_cards,
        led_class=seen.led_class,
    )
