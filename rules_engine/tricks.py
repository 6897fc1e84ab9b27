"""Trick play shared by every game: legal plays by mask of playable cards.

A state in trick play knows the mask of the cards its seat may play; the
actions for it come from here, built once per mask and interned, so listing
legal plays allocates nothing in the common case, whichever game is played.

>>> from rules_engine.cards import codes_to_mask
>>> [str(a) for a in plays_of(codes_to_mask(["QC", "7D"]))]
['play QC', 'play 7D']
"""

from __future__ import annotations

from .actions import PLAY, Action
from .cards import DECK_SIZE

#: ``(c,)`` for every card, made once: a trick grows by one card without a new tuple for it.
ONE_CARD = tuple((c,) for c in range(DECK_SIZE))

#: Legal plays by mask of playable cards, filled as masks turn up.
PLAYS_BY_MASK: dict[int, tuple[Action, ...]] = {}
#: The most cards a mask kept in :data:`PLAYS_BY_MASK` holds. Small masks recur (a
#: suit followed, a hand's last cards); a bigger one is mostly a whole hand seen once,
#: and keeping it would only crowd the table. Every mask this small fits (5,488 of a
#: 32-card deck), so the table never fills, and whichever game or search ran first no
#: longer decides what it holds for the rest of the process.
KEPT_CARDS = 3
#: The plays of one byte of a mask (one suit's eight cards), for every byte value.
_PLAYS_BY_BYTE = tuple(
    tuple(
        tuple(PLAY[suit * 8 + rank] for rank in range(8) if byte >> rank & 1) for byte in range(256)
    )
    for suit in range(4)
)


def plays_of(mask: int) -> tuple[Action, ...]:
    """The play actions of the cards in ``mask``, in card-index order (interned)."""
    return PLAYS_BY_MASK.get(mask) or new_plays(mask)


def new_plays(mask: int) -> tuple[Action, ...]:
    """``plays_of`` a mask not in the table yet (a caller that looked it up already
    saves a second lookup), entered in the table if it is small enough to recur."""
    clubs, spades, hearts, diamonds = mask.to_bytes(4, "little")  # one byte a suit
    by_suit = _PLAYS_BY_BYTE
    plays = by_suit[0][clubs] + by_suit[1][spades] + by_suit[2][hearts] + by_suit[3][diamonds]
    if mask.bit_count() <= KEPT_CARDS:
        PLAYS_BY_MASK[mask] = plays
    return plays
