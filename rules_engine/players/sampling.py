"""Deals consistent with what a seat knows: the expert's guesses at hidden cards.

A sample places every unseen card in a hidden place (another seat's hand,
the bury, the blind, the picker's unknown) so that the place has room, no
seat gets a card of a suit it has shown it lacks, the called card goes to a
possible partner, and the picker keeps what its call proves it had. The
sample is then checked the strict way: the seat's whole history is replayed
on it through the engine, and any illegal step rejects it. On the way the
other seats are taken to choose as the standard strategy does: a pick, pass
or call it would not have made mostly rejects the sample, and a hidden bury
is mostly the strategy's own.
"""

from __future__ import annotations

from ..actions import PLAY, UNKNOWN, Action, bury_mask
from ..cards import ACE, cards_of, codes_to_mask, parse_card
from ..errors import IllegalAction
from ..sheepshead import CALL_PHASE, SheepsheadHand
from .base import position_after_dealer
from .knowledge import BLIND, BURY, UNKNOWN_SLOT, Knowledge
from .playout import policy_action
from .rng import Rng
from .strategy import CLASS_MASKS, FAIL_SUITS, strong_enough_to_pick

#: How often a sample is dropped in which a seat picked, passed or called against
#: the standard strategy's rule, and how often a hidden bury is the strategy's:
#: the table rarely does otherwise. In the arena (seed 1, 600 deals, paired): the
#: picks +0.073 [+0.018, +0.127] a hand over the looser bars 10.5 and 5.0 of pick
#: strength (dropping all, +0.058); the bury and the call +0.028 [+0.007, +0.049] more.
DROP_SURPRISING = 0.95


def allowed_cards(k: Knowledge) -> dict:
    """For each hidden place, the unseen cards it may hold."""
    allowed = {}
    called_bit = 1 << k.called if k.called >= 0 else 0
    called_suit = CLASS_MASKS[k.called >> 3] if k.called >= 0 else 0
    unknown_call = k.view.unknown_set_aside
    unknown_caller_may_hold = ~called_suit & _unknown_caller_cards(k)
    for place in k.hidden_counts:
        cards = k.unseen
        if isinstance(place, int):
            for cls in range(5):
                if k.voids[place] >> cls & 1:
                    cards &= ~CLASS_MASKS[cls]
            if place == k.picker:
                cards &= ~called_bit
                if unknown_call:
                    cards &= unknown_caller_may_hold
        elif place in (BURY, UNKNOWN_SLOT):
            cards &= ~called_bit
            if unknown_call and place == UNKNOWN_SLOT:
                cards &= unknown_caller_may_hold
        allowed[place] = cards
    for seat in _not_the_partner(k):
        if seat in allowed:
            allowed[seat] &= ~called_bit
    return allowed


def _unknown_caller_cards(k: Knowledge) -> int:
    """An unknown call means no normal call existed: the picker's hand had no
    fail card but aces, except in suits whose ace it owned (assumed: played)."""
    mask = ~0
    for suit in FAIL_SUITS:
        ace = suit * 8 + ACE
        if k.picker >= 0 and not k.played_by[k.picker] >> ace & 1:
            mask &= ~(CLASS_MASKS[suit] & ~(1 << ace))
    return mask


def _not_the_partner(k: Knowledge) -> set[int]:
    """Seats that played to a trick led in the called suit: the partner would
    have had to play the called card there."""
    if k.called < 0 or not k.unseen >> k.called & 1:
        return set()
    view = k.view
    called_suit = k.called >> 3
    seats = set()
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        cards = [parse_card(c) if c else -1 for c in trick.cards]
        if cards and (cards[0] < 0 or CLASS_MASKS[called_suit] >> cards[0] & 1):
            seats.update((trick.leader + i) % k.seats for i in range(len(cards)))
    return seats


def required_cards(k: Knowledge, rng: Rng) -> dict:
    """Cards that must go to a place, drawn before the rest: what calls prove."""
    required: dict = {}
    picker = k.picker
    if picker < 0 or picker == k.me or k.contract != "called_ace":
        return required
    called_suit = k.called >> 3
    if k.called & 7 != ACE:
        # A ten call: all three fail aces were the picker's (hand, bury or played).
        for suit in FAIL_SUITS:
            ace = suit * 8 + ACE
            if k.unseen >> ace & 1:
                required[ace] = (picker, BURY)
    shown_hold = k.played_by[picker] & CLASS_MASKS[called_suit]
    must_hold = not k.called_led or not shown_hold
    if must_hold and not k.view.unknown_set_aside and k.hidden_counts.get(picker):
        # The call proves a hold card; until the suit is led the picker keeps one.
        candidates = cards_of(k.unseen & CLASS_MASKS[called_suit] & ~(1 << k.called))
        if candidates:
            required.setdefault(rng.choice(candidates), (picker,))
    return required


def sample_places(k: Knowledge, rng: Rng, allowed: dict) -> dict | None:
    """One random placement of the unseen cards, or None when it dead-ends."""
    room = dict(k.hidden_counts)
    placed = {place: 0 for place in room}
    for c, places in required_cards(k, rng).items():
        options = [p for p in places if p in room and room[p] > 0 and allowed[p] >> c & 1]
        if not options:
            return None
        place = rng.choice(options)
        placed[place] |= 1 << c
        room[place] -= 1
    return deal_the_rest(k.unseen & ~_union(placed), room, placed, allowed, rng)


def deal_the_rest(cards: int, room: dict, placed: dict, allowed: dict, rng: Rng) -> dict | None:
    """``cards`` placed at random where they are allowed and there is room, the most
    constrained first, each place drawn in proportion to its room (``placed`` and
    ``room`` are updated); None when a card has nowhere left to go."""
    rest = cards_of(cards)
    rng.shuffle(rest)
    options_of = {c: [p for p in room if allowed[p] >> c & 1] for c in rest}
    rest.sort(key=lambda c: len(options_of[c]))  # the most constrained first
    for c in rest:
        options = [p for p in options_of[c] if room[p] > 0]
        if not options:
            return None
        total = sum(room[p] for p in options)
        pick = rng.below(total)
        for place in options:
            pick -= room[place]
            if pick < 0:
                break
        placed[place] |= 1 << c
        room[place] -= 1
    return placed


def _union(placed: dict) -> int:
    mask = 0
    for cards in placed.values():
        mask |= cards
    return mask


def state_from_places(k: Knowledge, placed: dict, rng: Rng) -> SheepsheadHand | None:
    """The full state this placement implies, replayed to now; None if inconsistent.

    The picker's hidden bury is mostly the two cards the standard strategy buries
    from its eight, and a call it would not have made mostly rejects the placement
    (:func:`as_the_table_would`)."""
    view = k.view
    seats = k.seats
    current = [placed.get(s, 0) for s in range(seats)]
    current[k.me] = k.hand
    unknown = -1
    if view.unknown:
        unknown = parse_card(view.unknown)
    elif placed.get(UNKNOWN_SLOT):
        unknown = cards_of(placed[UNKNOWN_SLOT])[0]
    bury = codes_to_mask(view.buried) if view.buried else placed.get(BURY, 0)
    dealt = [current[s] | k.played_by[s] for s in range(seats)]
    if BLIND in placed:
        blind = placed[BLIND]
    elif k.picker == k.me and view.blind:
        blind = codes_to_mask(view.blind)
    else:
        blind = bury  # which two of the picker's eight were the blind doesn't matter
    if k.picker >= 0 and k.contract != "leaster":
        p = k.picker
        unknown_bit = 1 << unknown if unknown >= 0 else 0
        dealt[p] = (current[p] | k.played_by[p] | bury | unknown_bit) & ~blind
    state = SheepsheadHand.new([cards_of(h) for h in dealt], cards_of(blind), view.dealer)
    try:
        for seat, action in view.actions:
            if seat != state.turn:
                return None
            if seat != k.me:
                bury = as_the_table_would(state, action, bury, rng)
                if bury is None:
                    return None
            state = state.apply(_reveal(action, bury, unknown))
    except IllegalAction:
        return None
    if state.turn != k.me or state.phase_name != view.phase:
        return None  # another bury can change what the picker has to do next
    return state


def as_the_table_would(state: SheepsheadHand, action: Action, bury: int, rng: Rng) -> int | None:
    """The bury to replay from here on: at another seat's hidden bury, mostly the
    standard strategy's from the picker's eight cards; None to reject the placement
    for a call the strategy would not have made (kept now and then, as the pick)."""
    if action.kind == "bury" and action.cards is None:
        if rng.random() < DROP_SURPRISING:
            return policy_action(state).mask
    elif state.phase == CALL_PHASE:
        if policy_action(state) != action and rng.random() < DROP_SURPRISING:
            return None
    return bury


def _reveal(action: Action, bury: int, unknown: int) -> Action:
    """A hidden action of the view, with the sampled cards filled in."""
    if action.kind == "bury" and action.cards is None:
        return bury_mask(bury)
    if action.kind == "unknown" and action.card is None:
        return UNKNOWN[unknown]
    if action.kind == "play" and action.card is None:
        return PLAY[unknown]
    return action


def plausible(k: Knowledge, state: SheepsheadHand, rng: Rng) -> bool:
    """What picking and passing suggest: a seat rarely passed a hand the standard
    strategy picks, nor picked one it passes. Such samples are mostly dropped."""
    deal = state.deal
    for seat, action in k.view.actions:
        if action.kind not in ("pass", "pick") or seat == k.me:
            continue
        position = position_after_dealer(seat, deal.dealer, deal.seats)
        strong = strong_enough_to_pick(deal.hands[seat], position)
        if (action.kind == "pass") == strong and rng.random() < DROP_SURPRISING:
            return False
    return True


class DealSampler:
    """Samples for one decision: what each hidden place may hold is worked out
    once, not again for every sample."""

    def __init__(self, k: Knowledge, attempts: int = 40) -> None:
        self.knowledge = k
        self.allowed = allowed_cards(k)
        self.attempts = attempts

    def sample(self, rng: Rng) -> SheepsheadHand | None:
        """A full state consistent with the seat's knowledge, or None after ``attempts``."""
        k = self.knowledge
        for _ in range(self.attempts):
            placed = sample_places(k, rng, self.allowed)
            if placed is None:
                continue
            state = state_from_places(k, placed, rng)
            if state is not None and plausible(k, state, rng):
                return state
        return None


def sample_state(k: Knowledge, rng: Rng, attempts: int = 40) -> SheepsheadHand | None:
    """One sample (see :class:`DealSampler` for many at one decision)."""
    return DealSampler(k, attempts).sample(rng)
