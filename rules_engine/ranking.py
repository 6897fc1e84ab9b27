"""Trump order and card ranking of a contract, as data.

Every game the site plays (Sheepshead, and Schafkopf's Rufspiel, Wenz, Geier
and Solos) differs only in which cards are trump, in what order, and how the
plain suits rank. A :class:`Ranking` turns that description into lookup
tables, so trick play never branches on the game.

>>> from rules_engine.cards import parse_card as c
>>> SHEEPSHEAD.trick_winner([c("AC"), c("7D"), c("TC")])
1
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ACE, DECK_SIZE, EIGHT, KING, NINE, SEVEN, TEN, parse_card

#: The "suit" number of trump: a trick is led in a plain suit 0..3 or in trump.
TRUMP = 4
#: Plain suits rank A 10 K 9 8 7 in Sheepshead and Rufspiel (high to low).
PLAIN_ORDER = (ACE, TEN, KING, NINE, EIGHT, SEVEN)


@dataclass(frozen=True)
class Ranking:
    """Which cards are trump (high to low) and how plain suits rank."""

    name: str
    trumps: tuple[int, ...]
    plain_order: tuple[int, ...] = PLAIN_ORDER
    #: ``follow_class[card]``: TRUMP or the card's printed suit.
    follow_class: tuple[int, ...] = field(init=False, repr=False)
    #: ``class_masks[k]``: the cards that follow a lead of class k.
    class_masks: tuple[int, ...] = field(init=False, repr=False)
    #: ``strength[k][card]``: beats a lower value in a trick led in class k;
    #: 0 for a card that can't win it.
    strength: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    trump_mask: int = field(init=False, repr=False)
    #: ``follow_masks[card]``: the cards that follow a trick this card leads.
    follow_masks: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        trump_mask = 0
        for trump in self.trumps:
            trump_mask |= 1 << trump
        follow_class = tuple(TRUMP if trump_mask >> c & 1 else c >> 3 for c in range(DECK_SIZE))
        class_masks = tuple(
            sum(1 << c for c in range(DECK_SIZE) if follow_class[c] == k) for k in range(5)
        )
        trump_strength = {t: 100 + len(self.trumps) - i for i, t in enumerate(self.trumps)}
        plain_strength = {r: 1 + len(self.plain_order) - i for i, r in enumerate(self.plain_order)}
        strength = []
        for led in range(5):
            row = []
            for c in range(DECK_SIZE):
                if c in trump_strength:
                    row.append(trump_strength[c])
                elif follow_class[c] == led:
                    row.append(plain_strength.get(c & 7, 1))
                else:
                    row.append(0)
            strength.append(tuple(row))
        set_ = object.__setattr__
        set_(self, "trump_mask", trump_mask)
        set_(self, "follow_class", follow_class)
        set_(self, "class_masks", class_masks)
        set_(self, "strength", tuple(strength))
        set_(self, "follow_masks", tuple(class_masks[k] for k in follow_class))

    def trick_winner(self, cards: list[int], led: int | None = None) -> int:
        """Position in ``cards`` of the winning card; the first card leads."""
        row = self.strength[self.follow_class[cards[0]] if led is None else led]
        best, best_at = -1, 0
        for at, c in enumerate(cards):
            if row[c] > best:
                best, best_at = row[c], at
        return best_at

    def is_trump(self, c: int) -> bool:
        return bool(self.trump_mask >> c & 1)


def _codes(codes: str) -> tuple[int, ...]:
    return tuple(parse_card(code) for code in codes.split())


#: Sheepshead (docs/rules.md §2): 14 trumps, Q > J > diamonds.
SHEEPSHEAD = Ranking("sheepshead", _codes("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D"))
