"""Cards as small ints and sets of cards as bitmasks.

The hot paths of the engine (legal moves, trick winners) work on plain ints:
a card is ``suit * 8 + rank`` and a set of cards is an int with one bit per
card. Callers outside the engine see the two-letter codes of docs/rules.md §5
(``"TD"`` is the ten of diamonds).

>>> CODES[parse_card("QC")]
'QC'
>>> mask_to_codes(codes_to_mask(["7H", "AS"]))
['7H', 'AS']
"""

from __future__ import annotations

SUITS = "CSHD"  # clubs, spades, hearts, diamonds (Eichel, Gras, Herz, Schellen)
RANKS = "789TJQKA"  # Q = Ober and J = Unter in Schafkopf
CLUBS, SPADES, HEARTS, DIAMONDS = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")
RANK_NAMES = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)

DECK_SIZE = 32
FULL_DECK = (1 << DECK_SIZE) - 1

#: Card points by card index: 120 in the whole deck.
CARD_POINTS = tuple(RANK_POINTS[card % 8] for card in range(DECK_SIZE))

CODES = tuple(RANKS[card % 8] + SUITS[card // 8] for card in range(DECK_SIZE))
_INDEX = {code: card for card, code in enumerate(CODES)}

#: All cards of one printed suit, as a mask.
SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))
#: All cards of one rank, as a mask.
RANK_MASKS = tuple(sum(1 << (suit * 8 + rank) for suit in range(4)) for rank in range(8))

#: Mask to points: the points of a set of cards, summed per byte for speed.
_BYTE_POINTS = tuple(
    sum(RANK_POINTS[rank] for rank in range(8) if byte >> rank & 1) for byte in range(256)
)

#: Cards of a mask, in index order, for every byte value: ``_BYTE_CARDS[b]``.
_BYTE_CARDS = tuple(tuple(rank for rank in range(8) if byte >> rank & 1) for byte in range(256))
#: The same for each byte of a 32-card deck: ``_SUIT_CARDS[suit][b]`` holds card indices.
_SUIT_CARDS = tuple(
    tuple(tuple(8 * suit + rank for rank in cards) for cards in _BYTE_CARDS) for suit in range(4)
)


def card(rank: int, suit: int) -> int:
    """The index of a card from its rank and suit numbers."""
    return suit * 8 + rank


def is_card_code(code: object) -> bool:
    return isinstance(code, str) and code in _INDEX


def parse_card(code: str) -> int:
    """The card index of a two-character code; ValueError names a bad code."""
    try:
        return _INDEX[code]
    except (KeyError, TypeError):
        raise ValueError(
            f"{code!r} is not a card (rank 7 8 9 T J Q K A, then suit C S H D)"
        ) from None


def card_name(card: int) -> str:
    """Spoken name, for messages and accessible labels: ``'queen of clubs'``."""
    return f"{RANK_NAMES[card & 7]} of {SUIT_NAMES[card >> 3]}"


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in index order (deterministic, no set iteration)."""
    if 0 <= mask <= FULL_DECK:  # every mask of the deck: one table lookup per suit
        clubs, spades, hearts, diamonds = _SUIT_CARDS
        return [
            *clubs[mask & 0xFF],
            *spades[mask >> 8 & 0xFF],
            *hearts[mask >> 16 & 0xFF],
            *diamonds[mask >> 24],
        ]
    out = []
    base = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            out.extend(base + rank for rank in _BYTE_CARDS[byte])
        mask >>= 8
        base += 8
    return out


def mask_points(mask: int) -> int:
    """Card points of a set of cards."""
    return (
        _BYTE_POINTS[mask & 0xFF]
        + _BYTE_POINTS[mask >> 8 & 0xFF]
        + _BYTE_POINTS[mask >> 16 & 0xFF]
        + _BYTE_POINTS[mask >> 24 & 0xFF]
    )


def codes_to_mask(codes) -> int:
    """The mask of some card codes; a None (a face-down card in a view) is skipped."""
    mask = 0
    for code in codes:
        if code is not None:
            mask |= 1 << parse_card(code)
    return mask


def mask_to_codes(mask: int) -> list[str]:
    """Codes of a mask, sorted as strings (the canonical order of docs/rules.md §5)."""
    return sorted(CODES[card] for card in cards_of(mask))
