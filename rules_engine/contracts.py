"""Schafkopf's games as data: what each declaration ranks, trumps and pays.

A declaration fixes the hand's :class:`~rules_engine.ranking.Ranking` (which
cards are trump, how plain suits rank), so trick play reads its tables from
the contract and never asks which game it is (docs/rules.md §3).

>>> GAMES_BY_KEY[(Game.WENZ, -1, True)].rank
4
>>> from rules_engine.cards import CODES
>>> [CODES[c] for c in RANKINGS[Game.GEIER, -1].trumps]
['QC', 'QS', 'QH', 'QD']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SPADES,
    SUITS,
    TEN,
    card,
)
from .ranking import Ranking


class Game(StrEnum):
    """The contract of a Schafkopf hand, as the result's ``contract`` names it."""

    RUFSPIEL = "rufspiel"
    WENZ = "wenz"
    GEIER = "geier"
    SOLO = "solo"
    RAMSCH = "ramsch"
    REDEAL = "redeal"


#: The suits whose ace (or ten) a Rufspiel may call: never Herz.
CALLABLE_SUITS = (CLUBS, SPADES, DIAMONDS)

_OBER = tuple(card(QUEEN, s) for s in range(4))
_UNTER = tuple(card(JACK, s) for s in range(4))
_SUIT_ORDER = (ACE, TEN, KING, NINE, EIGHT, SEVEN)


def _solo_ranking(trump: int) -> Ranking:
    """Ober, Unter, then the trump suit A 10 K 9 8 7: Rufspiel and Ramsch use Herz."""
    suit = tuple(card(rank, trump) for rank in _SUIT_ORDER)
    return Ranking(f"solo-{SUITS[trump]}", _OBER + _UNTER + suit)


#: The ranking of each (game, trump suit or -1).
RANKINGS: dict[tuple[Game, int], Ranking] = {
    (Game.WENZ, -1): Ranking("wenz", _UNTER, (ACE, TEN, KING, QUEEN, NINE, EIGHT, SEVEN)),
    (Game.GEIER, -1): Ranking("geier", _OBER, (ACE, TEN, KING, JACK, NINE, EIGHT, SEVEN)),
    **{(Game.SOLO, suit): _solo_ranking(suit) for suit in range(4)},
}
for _game in (Game.RUFSPIEL, Game.RAMSCH, Game.REDEAL):
    RANKINGS[_game, -1] = RANKINGS[Game.SOLO, HEARTS]


@dataclass(frozen=True)
class GameKind:
    """One game a hand can be played as: its rank in the bidding, its ranking,
    and what it pays. Made once per game (``GAMES_BY_KEY``), so its derived
    fields are worked out once."""

    game: Game
    trump: int  # the Farbsolo's suit, else -1
    tout: bool
    #: Rufspiel 1 < Wenz = Geier 2 < Farbsolo 3 < Wenz Tout = Geier Tout 4 < Solo Tout 5.
    rank: int = field(init=False, compare=False)
    #: Wenz, Geier and Farbsolo: the declarer plays alone against three.
    is_solo: bool = field(init=False, compare=False)
    ranking: Ranking = field(init=False, compare=False, repr=False)
    #: Laufende pay from 3 in Rufspiel and Farbsolo, from 2 in Wenz and Geier.
    laufende_minimum: int = field(init=False, compare=False)
    #: ``game.value`` (the name in records and results), kept here: an Enum member's
    #: ``value`` is a property, which costs on the hot path of a search.
    value: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.game is Game.RUFSPIEL:
            rank = 1
        elif self.game in (Game.RAMSCH, Game.REDEAL):
            rank = 0
        else:
            rank = (3 if self.game is Game.SOLO else 2) + (2 if self.tout else 0)
        set_(self, "rank", rank)
        set_(self, "is_solo", self.game in (Game.WENZ, Game.GEIER, Game.SOLO))
        set_(self, "ranking", RANKINGS[self.game, self.trump])
        set_(self, "laufende_minimum", 2 if self.game in (Game.WENZ, Game.GEIER) else 3)
        set_(self, "value", self.game.value)


GAMES_BY_KEY: dict[tuple[Game, int, bool], GameKind] = {
    (g.game, g.trump, g.tout): g
    for g in [
        GameKind(Game.RUFSPIEL, -1, False),
        *(GameKind(game, -1, tout) for game in (Game.WENZ, Game.GEIER) for tout in (False, True)),
        *(GameKind(Game.SOLO, suit, tout) for suit in range(4) for tout in (False, True)),
        GameKind(Game.RAMSCH, -1, False),
        GameKind(Game.REDEAL, -1, False),
    ]
}


def laufende(ranking: Ranking, deck: int, side_cards: int) -> int:
    """The unbroken run of top trumps the side was dealt, or lacks (cards not in
    the deck skipped): the Laufende before the contract's minimum applies."""
    run = 0
    first = None
    for trump in ranking.trumps:
        if not deck >> trump & 1:
            continue
        held = bool(side_cards >> trump & 1)
        if first is None:
            first = held
        elif held != first:
            break
        run += 1
    return run
