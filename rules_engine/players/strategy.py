"""Sheepshead strategy as plain functions of card masks.

One strategy, two callers: the ``standard`` player feeds it what a seat's view
lets it know, and the ``expert``'s playouts feed it a sampled full deal. The
rules of thumb are the well-known ones: pick on trump count and height, fail
aces and position; bury points and short fail suits but keep a hold card;
the picker's side leads trump, defenders lead the called suit first and then
fail; schmier onto a trick your side surely wins; in a leaster shed a blank
ace or ten early and take one cheap trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, CARD_POINTS, JACK, QUEEN, RANK_MASKS, TEN, cards_of
from ..ranking import SHEEPSHEAD, TRUMP

TRUMP_MASK = SHEEPSHEAD.trump_mask
CLASS_MASKS = SHEEPSHEAD.class_masks
STRENGTH = SHEEPSHEAD.strength
FAIL_SUITS = (0, 1, 2)  # clubs, spades, hearts
QUEENS = RANK_MASKS[QUEEN]
JACKS = RANK_MASKS[JACK]
FAIL_ACES = RANK_MASKS[ACE] & ~TRUMP_MASK
#: Power of a card as trump or within its suit (a lead's point of view).
POWER = tuple(STRENGTH[TRUMP][c] or STRENGTH[c >> 3][c] for c in range(32))


# -- picking, burying, calling --------------------------------------------------


def pick_strength(hand: int) -> float:
    """How good a hand is for picking: trump count and height, and fail aces."""
    strength = 0.0
    for c in cards_of(hand):
        if QUEENS >> c & 1:
            strength += 3.0
        elif JACKS >> c & 1:
            strength += 2.0
        elif TRUMP_MASK >> c & 1:
            strength += 1.5 if c & 7 in (ACE, TEN) else 1.0
        elif c & 7 == ACE:
            strength += 1.0
    return strength


def may_consider_picking(hand: int) -> bool:
    """False for a hand with no trump above the ace of diamonds and no fail ace."""
    return bool(hand & (QUEENS | JACKS | FAIL_ACES))


def strong_enough_to_pick(hand: int, position: int, threshold: float = 8.5) -> bool:
    """Pick or pass. ``position`` 0 is the dealer's left, 4 the dealer.

    Later seats need a little less, since fewer players are left to pick.
    A hand with no trump above the ace of diamonds and no fail ace never picks.
    """
    if not may_consider_picking(hand):
        return False
    return pick_strength(hand) >= threshold - 0.25 * position


def choose_bury(hand: int, buries: list[int]) -> int:
    """The two cards to bury (a mask), from the legal pairs ``buries``."""
    return max(buries, key=lambda pair: (bury_score(hand, pair), -pair))


def bury_score(hand: int, pair: int) -> float:
    kept = hand & ~pair
    score = 0.0
    for c in cards_of(pair):
        if TRUMP_MASK >> c & 1:
            score -= 20 + POWER[c] % 100  # burying trump weakens the picker
        else:
            score += CARD_POINTS[c]
            if c & 7 == ACE:
                score -= 12  # an ace in hand takes a trick; better kept
    # Voids let the picker trump in; a single low card of a suit whose ace is
    # elsewhere is the hold card to call with.
    for suit in FAIL_SUITS:
        cards_in_suit = kept & CLASS_MASKS[suit]
        if not cards_in_suit:
            score += 4
    if not _has_hold_card(hand | pair, kept):
        score -= 15
    return score


def _has_hold_card(owned: int, kept: int) -> bool:
    for suit in FAIL_SUITS:
        ace = suit * 8 + ACE
        if kept & CLASS_MASKS[suit] and not owned >> ace & 1:
            return True
    return False


def choose_call(hand: int, calls: list[int], can_go_alone: bool = True) -> int | None:
    """The card to call, or None to play alone."""
    if can_go_alone and pick_strength(hand) >= 17 or not calls:
        return None

    def call_score(called: int) -> tuple:
        held = hand & CLASS_MASKS[called >> 3]
        # Fewer cards of the suit: the partner's ace is less likely trumped.
        return (called & 7 == ACE, -held.bit_count(), -called)

    return max(calls, key=call_score)


def choose_unknown(hand: int) -> int:
    """The card to set aside in an unknown call: the lowest trump, else the cheapest."""
    trumps = hand & TRUMP_MASK
    pool = cards_of(trumps or hand)
    return min(pool, key=lambda c: (CARD_POINTS[c], POWER[c], c))


# -- playing cards ---------------------------------------------------------------


@dataclass(slots=True)
class Table:
    """What a player uses to choose a card; built from a view or a sampled deal."""

    me: int
    seats: int
    hand: int
    legal: int
    trick_seats: list[int]
    trick_cards: list[int]  # -1 for the face-down unknown
    led: int  # class of the current trick, -1 when leading
    contract: str
    picker: int
    called: int
    called_led: bool
    teammate: list  # per seat: True, False, or None when not known
    may_hold: list[int]  # per seat: cards it may still hold
    my_tricks: int
    exact: bool = False  # may_hold is each seat's real hand (a sampled deal)


def choose_play(table: Table) -> int:
    """The card to play (an index) among ``table.legal``."""
    legal = cards_of(table.legal)
    if len(legal) == 1:
        return legal[0]
    if table.contract == "leaster":
        return _leaster_play(table, legal)
    if not table.trick_cards:
        return _lead(table, legal)
    return _follow(table, legal)


def _lead(table: Table, legal: list[int]) -> int:
    trumps = [c for c in legal if TRUMP_MASK >> c & 1]
    fails = [c for c in legal if not TRUMP_MASK >> c & 1]
    on_picker_side = table.me == table.picker or table.teammate[table.picker] is True
    if on_picker_side:
        called_suit = table.called >> 3 if table.called >= 0 else -1
        if table.me == table.picker and not table.called_led and called_suit >= 0:
            hold = [c for c in fails if c >> 3 == called_suit]
            if hold and len(trumps) <= 2:
                return min(hold, key=lambda c: POWER[c])  # find the partner's ace
        if trumps and (_opponents_may_trump(table) or not fails):
            return max(trumps, key=lambda c: POWER[c])
        # Counting trumps: once the other side has none, cash fail aces first.
        return max(fails, key=lambda c: (POWER[c], -CARD_POINTS[c]))
    # A defender: the called suit first, then fail, trump last.
    if table.called >= 0 and not table.called_led:
        called_suit = [c for c in fails if c >> 3 == table.called >> 3]
        if called_suit:
            return min(called_suit, key=lambda c: (POWER[c], c))
    if fails:
        aces = [c for c in fails if c & 7 == ACE and _suit_fresh(table, c >> 3)]
        if aces:
            return aces[0]

        # The shortest fail suit, its lowest card: a void comes sooner.
        def shortness(c: int) -> tuple:
            return ((table.hand & CLASS_MASKS[c >> 3]).bit_count(), CARD_POINTS[c], POWER[c])

        return min(fails, key=shortness)
    return min(trumps, key=lambda c: (CARD_POINTS[c], POWER[c]))


def _opponents_may_trump(table: Table) -> bool:
    for seat in range(table.seats):
        if table.teammate[seat] is not True and table.may_hold[seat] & TRUMP_MASK:
            return True
    return False


def _suit_fresh(table: Table, suit: int) -> bool:
    """Nobody is known to be out of this suit's cards yet (the ace likely stands)."""
    outstanding = 0
    for seat in range(table.seats):
        if seat != table.me:
            outstanding |= table.may_hold[seat] & CLASS_MASKS[suit]
    return outstanding.bit_count() >= 3


def _winning(table: Table) -> tuple[int, int]:
    """The position and strength of the card now winning the trick."""
    row = STRENGTH[table.led]
    best, best_at = -1, 0
    for at, c in enumerate(table.trick_cards):
        if c >= 0 and row[c] > best:
            best, best_at = row[c], at
    return best_at, best


def _still_to_play(table: Table) -> list[int]:
    played = len(table.trick_cards) + 1  # me included
    first = table.trick_seats[0]
    return [(first + k) % table.seats for k in range(played, table.seats)]


def _can_be_beaten(table: Table, strength: int, after: list[int]) -> bool:
    """Could an opponent (or a seat not known to be with me) still to play beat it?"""
    row = STRENGTH[table.led]
    for seat in after:
        if table.teammate[seat] is True:
            continue
        cards = table.may_hold[seat]
        if table.exact and cards & CLASS_MASKS[table.led]:
            cards &= CLASS_MASKS[table.led]  # it must follow suit
        for c in cards_of(cards):
            if row[c] > strength:
                return True
    return False


def _follow(table: Table, legal: list[int]) -> int:
    row = STRENGTH[table.led]
    at, best = _winning(table)
    winner = table.trick_seats[at]
    after = _still_to_play(table)
    points = sum(CARD_POINTS[c] for c in table.trick_cards if c >= 0)
    winners = [c for c in legal if row[c] > best]
    safe = [c for c in winners if not _can_be_beaten(table, row[c], after)]
    if table.teammate[winner] is True:
        if not _can_be_beaten(table, best, after):
            return _schmier(legal)
        if safe and points >= 10:
            return min(safe, key=lambda c: row[c] - 3 * CARD_POINTS[c])
        return _dump(legal)
    if safe:
        # Win for sure as cheaply as possible, taking points with it when free.
        return min(safe, key=lambda c: row[c] - 3 * CARD_POINTS[c])
    if winners and (points >= 10 or table.led == TRUMP):
        return max(winners, key=lambda c: row[c])
    return _dump(legal)


def _schmier(legal: list[int]) -> int:
    """The most points onto a trick my side wins; a low trump rather than a high one."""
    return max(legal, key=lambda c: (CARD_POINTS[c], -POWER[c]))


def _dump(legal: list[int]) -> int:
    """The fewest points, and the least useful card."""
    return min(legal, key=lambda c: (CARD_POINTS[c], POWER[c]))


def _leaster_play(table: Table, legal: list[int]) -> int:
    if not table.trick_cards:
        fails = [c for c in legal if not TRUMP_MASK >> c & 1]
        pool = fails or legal
        return min(pool, key=lambda c: (POWER[c], CARD_POINTS[c]))
    row = STRENGTH[table.led]
    _, best = _winning(table)
    after = _still_to_play(table)
    points = sum(CARD_POINTS[c] for c in table.trick_cards if c >= 0)
    losers = [c for c in legal if row[c] <= best]
    winners = [c for c in legal if row[c] > best]
    if table.my_tricks == 0 and winners and points <= 6:
        sure = [c for c in winners if not _can_be_beaten(table, row[c], after)]
        if sure:
            return min(sure, key=lambda c: (CARD_POINTS[c], row[c]))
    if losers:
        # Shed the most points while someone else takes the trick: a blank ace
        # or ten goes early.
        return max(losers, key=lambda c: (CARD_POINTS[c], row[c]))
    return min(winners, key=lambda c: (CARD_POINTS[c], row[c]))
