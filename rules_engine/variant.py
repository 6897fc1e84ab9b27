"""The shape of a game as data: seats, hand size, blind, and ranking.

Schafkopf (RULES.md §3) is another instance of the same description with
other numbers and more rankings, not a fork of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE, CLUBS, FULL_DECK, HEARTS, SPADES, card
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
    #: Rule options this game knows, with their defaults (RULES.md §2, §3).
    option_defaults: tuple[tuple[str, object], ...] = ()


SHEEPSHEAD_FIVE = Variant(
    name="sheepshead",
    seats=5,
    hand_size=6,
    blind_size=2,
    deck=FULL_DECK,
    ranking=SHEEPSHEAD,
    callable_suits=(CLUBS, SPADES, HEARTS),
)

#: The fail aces, whose place decides which calls a Sheepshead picker has.
FAIL_ACES = tuple(card(ACE, suit) for suit in SHEEPSHEAD_FIVE.callable_suits)
