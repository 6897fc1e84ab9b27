"""The shape of a game as data: seats, hand size, blind, and ranking.

Schafkopf (docs/rules.md §3) is another instance of the same description with
other numbers and more rankings, not a fork of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import (
    ACE,
    CLUBS,
    EIGHT,
    FULL_DECK,
    HEARTS,
    RANK_MASKS,
    SEVEN,
    SPADES,
    TEN,
    card,
    cards_of,
)
from .contracts import CALLABLE_SUITS, RANKINGS, Game
from .ranking import SHEEPSHEAD, Ranking


@dataclass(frozen=True)
class Variant:
    name: str
    seats: int
    hand_size: int
    blind_size: int
    deck: int  # mask of the cards in play
    ranking: Ranking
    #: Plain suits whose ace (or ten) may be called.
    callable_suits: tuple[int, ...]
    #: Rule options this game knows, with their defaults (docs/rules.md §2, §3).
    option_defaults: tuple[tuple[str, object], ...] = ()
    #: The label of the deal's hash stream (rules_engine/dealing.py, step 1).
    deal_label: bytes = b"sheepshead-deal"
    #: Cards of the called suit, ace included, that let the partner run away
    #: (lead another card of it); 0 where the game has no such rule.
    run_away_length: int = 0
    #: Per callable suit: (mask of the cards that follow it, its ace, its ten), so the
    #: picker's calls are found without rebuilding cards each time.
    call_table: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    #: The bit of each card of the deck, in index order: what a deal shuffles.
    deck_bits: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: ``next_seat[s]``: the seat on s's left, who plays after s.
    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: ``seat_after[s][k]``: the seat k places to s's left (the k-th card of a trick s leads).
    seat_after: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = tuple(
            (self.ranking.class_masks[suit], card(ACE, suit), card(TEN, suit))
            for suit in self.callable_suits
        )
        object.__setattr__(self, "call_table", table)
        object.__setattr__(self, "deck_bits", tuple(1 << c for c in cards_of(self.deck)))
        seats = range(self.seats)
        object.__setattr__(self, "next_seat", tuple((s + 1) % self.seats for s in seats))
        after = tuple(tuple((s + k) % self.seats for k in seats) for s in seats)
        object.__setattr__(self, "seat_after", after)


SHEEPSHEAD_FIVE = Variant(
    name="sheepshead",
    seats=5,
    hand_size=6,
    blind_size=2,
    deck=FULL_DECK,
    ranking=SHEEPSHEAD,
    callable_suits=(CLUBS, SPADES, HEARTS),
)

SCHAFKOPF_LONG = Variant(
    name="schafkopf",
    seats=4,
    hand_size=8,
    blind_size=0,
    deck=FULL_DECK,
    ranking=RANKINGS[Game.RUFSPIEL, -1],
    callable_suits=CALLABLE_SUITS,
    deal_label=b"schafkopf-deal",
    run_away_length=4,
)
#: The ``short_deck`` option: no 7s and 8s, six cards each (docs/rules.md §3).
SCHAFKOPF_SHORT = Variant(
    name="schafkopf",
    seats=4,
    hand_size=6,
    blind_size=0,
    deck=FULL_DECK & ~RANK_MASKS[SEVEN] & ~RANK_MASKS[EIGHT],
    ranking=RANKINGS[Game.RUFSPIEL, -1],
    callable_suits=CALLABLE_SUITS,
    deal_label=b"schafkopf-deal",
    run_away_length=3,
)

#: The fail aces, whose place decides which calls a Sheepshead picker has.
FAIL_ACES = tuple(card(ACE, suit) for suit in SHEEPSHEAD_FIVE.callable_suits)
