"""Schafkopf deals consistent with what a seat knows: the expert's guesses.

A sample gives every unseen card to another seat with room for it, so that
no seat gets a card of a class it has shown it lacks, the called card goes
to a seat that may be the partner, and the declarer keeps what its
declaration proves: a card of the called suit (or, for a ten, all three
callable aces), and the trumps a solo needs. Then what the bids say, read
by the bars the standard strategy bids and declares by: a seat that passed
rarely had a hand that clears one, one that bid or declared rarely a hand
below it, one that said Kontra rarely a weak one; such samples are mostly
dropped. Last, the seat's whole history is replayed on the sample
through the engine, and any illegal step rejects it.
"""

from __future__ import annotations

from ..actions import PASS
from ..cards import ACE, cards_of, parse_card
from ..contracts import Game
from ..errors import IllegalAction
from ..schafkopf import SchafkopfHand
from ..schafkopf_actions import BID, KIND_OF, KONTRA
from .cardplay import without_voids
from .rng import Rng
from .sampling import deal_the_rest
from .schafkopf_knowledge import SchafkopfKnowledge
from .schafkopf_strategy import (
    BID_BAR,
    FEWEST_TRUMPS,
    PLAIN_GAMES,
    callable_cards,
    clears_bar,
    hand_weight,
    scale,
    wants_kontra,
    wants_to_bid,
)

#: How often a surprising sample is dropped: one in which a seat passed with a hand
#: that clears a game's bar, bid with one that clears none, or declared a game its
#: hand is below the bar of (the bars the standard strategy bids and declares by).
DROP_PASSER, DROP_BIDDER, DROP_DECLARER, DROP_KONTRA = 0.8, 0.7, 0.9, 0.5


def allowed_cards(k: SchafkopfKnowledge) -> dict[int, int]:
    """For each other seat, the unseen cards it may hold."""
    allowed = {}
    masks = k.tables.class_masks
    called_bit = 1 << k.called if k.called >= 0 and k.unseen >> k.called & 1 else 0
    not_partner = _not_the_partner(k) if called_bit else set()
    for seat in k.hidden_counts:
        cards = without_voids(k.unseen, k.voids[seat], masks)
        if seat == k.declarer or seat in not_partner:
            cards &= ~called_bit
        allowed[seat] = cards
    return allowed


def _not_the_partner(k: SchafkopfKnowledge) -> set[int]:
    """Seats that played another card to the first trick led in the called suit
    (the partner must play the called card there, or lead the suit itself)."""
    view = k.view
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
    masks = k.tables.class_masks[k.called >> 3]
    for trick in tricks:
        if not trick.cards:
            continue
        if masks >> parse_card(trick.cards[0]) & 1:
            return {(trick.leader + i) % k.seats for i in range(1, len(trick.cards))}
    return set()


def required_cards(k: SchafkopfKnowledge, rng: Rng, allowed: dict[int, int]) -> dict[int, int]:
    """Cards that must go to a seat, drawn before the rest: what a declaration proves."""
    required: dict[int, int] = {}
    declarer = k.declarer
    if declarer < 0 or declarer == k.me or k.kind is None:
        return required
    dealt_known = k.played_by[declarer]
    if k.kind.game is Game.RUFSPIEL:
        masks = k.tables.class_masks
        if k.called & 7 != ACE:  # a ten call: the declarer had all three callable aces
            for _suit, ace, _ten in k.variant.call_table:
                if k.unseen >> ace & 1:
                    required[ace] = declarer
        elif not dealt_known & masks[k.called >> 3]:
            options = cards_of(allowed[declarer] & masks[k.called >> 3] & ~(1 << k.called))
            if options:
                required[rng.choice(options)] = declarer
    trump_mask = k.tables.trump_mask
    needed = round(FEWEST_TRUMPS[k.kind.game] * scale(k.variant))
    needed -= (dealt_known & trump_mask).bit_count()
    pool = cards_of(allowed[declarer] & trump_mask & ~_bits(required))
    rng.shuffle(pool)
    for c in pool[: max(0, min(needed, k.hidden_counts[declarer] - len(required)))]:
        required[c] = declarer
    return required


def _bits(cards: dict[int, int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def sample_hands(k: SchafkopfKnowledge, rng: Rng, allowed: dict[int, int]) -> dict | None:
    """One random placement of the unseen cards by seat, or None when it dead-ends."""
    room = dict(k.hidden_counts)
    placed = dict.fromkeys(room, 0)
    for c, seat in required_cards(k, rng, allowed).items():
        if room[seat] <= 0:
            return None
        placed[seat] |= 1 << c
        room[seat] -= 1
    taken = 0
    for cards in placed.values():
        taken |= cards
    return deal_the_rest(k.unseen & ~taken, room, placed, allowed, rng)


def plausible(k: SchafkopfKnowledge, dealt: list[int], rng: Rng) -> bool:
    """What bids, declarations and Kontra suggest about the other hands."""
    variant = k.variant
    factor = scale(variant)
    has_bid = set()
    for seat, action in k.view.actions:
        first = seat not in has_bid  # a seat's first action is its bid or pass
        has_bid.add(seat)
        if seat == k.me:
            continue
        hand = dealt[seat]
        if first:
            would_bid = wants_to_bid(hand, variant)
            if action is PASS and would_bid and rng.random() < DROP_PASSER:
                return False
            if action is BID and not would_bid and rng.random() < DROP_BIDDER:
                return False
        elif action.kind == "declare":
            kind = KIND_OF.get(action)
            if kind is None or kind.tout:
                continue
            short = BID_BAR[kind.game] * factor - hand_weight(hand, kind)
            if short > 0 and rng.random() < DROP_DECLARER:
                return False
        elif action is KONTRA and k.kind is not None:
            if not wants_kontra(hand, k.kind, variant) and rng.random() < DROP_KONTRA:
                return False
    return True


def best_margin(hand: int, variant) -> float:
    """The most any game's weight clears its bar by (negative: the least it misses)."""
    factor = scale(variant)
    best = -1e9
    for kind in PLAIN_GAMES:
        if kind.game is Game.RUFSPIEL and not callable_cards(hand, variant):
            continue
        margin = clears_bar(hand, kind, variant)
        if margin is None:
            margin = min(0.0, hand_weight(hand, kind) - BID_BAR[kind.game] * factor) - 0.01
        best = max(best, margin)
    return best


class SchafkopfSampler:
    """Samples for one decision: what each seat may hold is worked out once.

    When ``attempts`` placements in a row find no deal that the bids make
    plausible (two strong declarations rarely fit together by chance), the
    sampler settles for deals the history merely allows, for this decision's
    remaining samples too."""

    def __init__(self, k: SchafkopfKnowledge, attempts: int = 60) -> None:
        self.knowledge = k
        self.allowed = allowed_cards(k)
        self.attempts = attempts
        self.relaxed = False

    def sample(self, rng: Rng) -> SchafkopfHand | None:
        """A full state consistent with the seat's knowledge, or None after ``attempts``."""
        state = self._draw(rng, not self.relaxed)
        if state is None and not self.relaxed:
            self.relaxed = True
            state = self._draw(rng, False)
        return state

    def _draw(self, rng: Rng, weigh_bids: bool) -> SchafkopfHand | None:
        k = self.knowledge
        for _ in range(self.attempts):
            placed = sample_hands(k, rng, self.allowed)
            if placed is None:
                continue
            dealt = [placed.get(s, 0) | k.played_by[s] for s in range(k.seats)]
            dealt[k.me] = k.hand | k.played_by[k.me]
            if weigh_bids and not plausible(k, dealt, rng):
                continue
            state = replay(k, dealt)
            if state is not None:
                return state
        return None


def replay(k: SchafkopfKnowledge, dealt: list[int]) -> SchafkopfHand | None:
    """The full state a deal implies, the seat's history replayed on it; None if illegal."""
    view = k.view
    state = SchafkopfHand.new([cards_of(h) for h in dealt], view.dealer, dict(view.options))
    try:
        for seat, action in view.actions:
            if seat != state.turn:
                return None
            state = state.apply(action)
    except IllegalAction:
        return None
    return state
