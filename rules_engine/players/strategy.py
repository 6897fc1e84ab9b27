"""Sheepshead strategy as plain functions of card masks.

One strategy, two callers: the ``standard`` player feeds it what a seat's view
lets it know, and the ``expert``'s playouts feed it a sampled full deal. The
rules of thumb are the well-known ones: pick on trump count and height, fail
aces and position; bury points and short fail suits but keep a hold card;
the picker's side leads trump, defenders lead the called suit first and then
fail; the card play every game shares is in :mod:`.cardplay`; in a leaster shed a blank
ace or ten early and take one cheap trick.
"""

from __future__ import annotations

from ..cards import ACE, CARD_POINTS, JACK, QUEEN, RANK_MASKS, TEN, cards_of
from ..ranking import SHEEPSHEAD
from .cardplay import (
    Table,
    can_be_beaten,
    defender_lead,
    follow,
    opponents_may_trump,
    still_to_play,
    tables_of,
    winning,
)

TRUMP_MASK = SHEEPSHEAD.trump_mask
CLASS_MASKS = SHEEPSHEAD.class_masks
STRENGTH = SHEEPSHEAD.strength
FAIL_SUITS = (0, 1, 2)  # clubs, spades, hearts
QUEENS = RANK_MASKS[QUEEN]
JACKS = RANK_MASKS[JACK]
FAIL_ACES = RANK_MASKS[ACE] & ~TRUMP_MASK
#: The tables the card play reads, for a Sheepshead table.
TABLES = tables_of(SHEEPSHEAD)
#: Power of a card as trump or within its suit (a lead's point of view).
POWER = TABLES.power


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


def choose_play(table: Table) -> int:
    """The card to play (an index) among ``table.legal``."""
    legal = cards_of(table.legal)
    if len(legal) == 1:
        return legal[0]
    if table.contract == "leaster":
        return _leaster_play(table, legal)
    if not table.trick_cards:
        return _lead(table, legal)
    return follow(table, legal)


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
        if trumps and (opponents_may_trump(table) or not fails):
            return max(trumps, key=lambda c: POWER[c])
        # Counting trumps: once the other side has none, cash fail aces first.
        return max(fails, key=lambda c: (POWER[c], -CARD_POINTS[c]))
    return defender_lead(table, trumps, fails)


def _leaster_play(table: Table, legal: list[int]) -> int:
    if not table.trick_cards:
        fails = [c for c in legal if not TRUMP_MASK >> c & 1]
        pool = fails or legal
        return min(pool, key=lambda c: (POWER[c], CARD_POINTS[c]))
    row = STRENGTH[table.led]
    _, best = winning(table)
    after = still_to_play(table)
    points = sum(CARD_POINTS[c] for c in table.trick_cards if c >= 0)
    losers = [c for c in legal if row[c] <= best]
    winners = [c for c in legal if row[c] > best]
    if table.my_tricks == 0 and winners and points <= 6:
        sure = [c for c in winners if not can_be_beaten(table, row[c], after)]
        if sure:
            return min(sure, key=lambda c: (CARD_POINTS[c], row[c]))
    if losers:
        # Shed the most points while someone else takes the trick: a blank ace
        # or ten goes early.
        return max(losers, key=lambda c: (CARD_POINTS[c], row[c]))
    return min(winners, key=lambda c: (CARD_POINTS[c], row[c]))
