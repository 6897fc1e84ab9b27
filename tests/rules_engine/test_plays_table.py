"""The shared table of legal plays by mask: what it keeps, and that it never changes a list."""

import random
from math import comb

from rules_engine.actions import PLAY
from rules_engine.cards import DECK_SIZE
from rules_engine.options import schafkopf_options
from rules_engine.schafkopf import SchafkopfHand
from rules_engine.sheepshead import SheepsheadHand
from rules_engine.tricks import KEPT_CARDS, PLAYS_BY_MASK, new_plays, plays_of


def _plays_by_hand(mask: int) -> tuple:
    return tuple(PLAY[c] for c in range(DECK_SIZE) if mask >> c & 1)


def test_small_masks_are_kept_and_big_ones_are_not():
    PLAYS_BY_MASK.clear()
    small = sum(1 << c for c in (0, 9, 31))
    big = sum(1 << c for c in (0, 9, 17, 31))
    assert small.bit_count() == KEPT_CARDS < big.bit_count()

    assert new_plays(small) == _plays_by_hand(small)
    assert new_plays(big) == _plays_by_hand(big)

    assert small in PLAYS_BY_MASK
    assert big not in PLAYS_BY_MASK
    assert plays_of(small) is plays_of(small)  # interned: asking again allocates nothing


def test_every_kept_mask_fits_so_no_game_locks_another_out():
    """After both games' random hands the table holds only small masks, all of them
    correct, and at most every mask of that size a deck has."""
    PLAYS_BY_MASK.clear()
    rng = random.Random(7)
    for n in range(200):
        seed = n.to_bytes(8, "big")
        for state in (
            SheepsheadHand.from_seed(seed, dealer=0),
            SchafkopfHand.from_seed(seed, 0, schafkopf_options({})),
        ):
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))

    assert PLAYS_BY_MASK
    assert all(mask.bit_count() <= KEPT_CARDS for mask in PLAYS_BY_MASK)
    assert all(plays == _plays_by_hand(mask) for mask, plays in PLAYS_BY_MASK.items())
    possible = sum(comb(DECK_SIZE, k) for k in range(1, KEPT_CARDS + 1))
    assert len(PLAYS_BY_MASK) <= possible
