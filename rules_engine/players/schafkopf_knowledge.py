"""What a Schafkopf seat knows, in card masks, worked out from its view alone.

As :mod:`.knowledge` does for Sheepshead: the cards still unseen, who has
shown a void in which class, how many cards each other hand still holds,
and who plays with whom, as far as the seat can tell. A Rufspiel's partner
knows itself from the start (it holds the called card); everyone else learns
it when the called card is played.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SUITS, codes_to_mask, parse_card
from ..contracts import GAMES_BY_KEY, Game, GameKind
from ..schafkopf_deal import variant_for
from ..schafkopf_view import SchafkopfView
from ..variant import Variant
from .cardplay import PlayTables, Table, table_from, tables_of
from .knowledge import tricks_seen


@dataclass
class SchafkopfKnowledge:
    """One seat's knowledge of a Schafkopf hand, as masks (see module docstring)."""

    view: SchafkopfView
    variant: Variant
    me: int
    seats: int
    hand: int
    unseen: int  # cards of the deck whose place this seat doesn't know
    played_by: list[int]  # cards each seat has played
    voids: list[int]  # per seat: bit k set when it showed it has no card of class k
    hidden_counts: dict[int, int]  # other seat -> cards it still holds
    kind: GameKind | None  # the game, once declared
    tables: PlayTables | None
    declarer: int  # -1 before a game is declared, and in a Ramsch
    partner: int  # -1 while this seat doesn't know it
    called: int  # the called card's index, or -1
    called_led: bool  # the called suit has been led: the partner's duties are over
    trick_seats: list[int]
    trick_cards: list[int]
    led_class: int  # of the current trick, -1 when it is empty

    @property
    def is_ramsch(self) -> bool:
        return self.kind is not None and self.kind.game is Game.RAMSCH

    @property
    def i_declare(self) -> bool:
        return self.declarer == self.me

    @property
    def i_am_partner(self) -> bool:
        return self.partner == self.me

    @property
    def on_declaring_side(self) -> bool:
        """A seat always knows its own side: it knows whether it holds the called card."""
        return self.i_declare or self.i_am_partner

    def on_my_side(self, seat: int) -> bool | None:
        """Whether ``seat`` plays with me; None while I can't tell."""
        if seat == self.me:
            return True
        if self.kind is None or self.is_ramsch:
            return False
        if self.kind.is_solo:
            return (seat == self.declarer) == self.i_declare
        if seat == self.declarer or seat == self.partner:
            return self.on_declaring_side
        if self.partner >= 0:  # both sides known
            return not self.on_declaring_side
        if self.i_am_partner:
            return False
        return None  # the declarer or a defender, not knowing the partner yet


def kind_of_view(view: SchafkopfView) -> GameKind | None:
    """The game a view says is played, or None before one is declared."""
    if view.contract is None:
        return None
    trump = SUITS.index(view.trump) if view.trump else -1
    return GAMES_BY_KEY[Game(view.contract), trump, view.tout]


def schafkopf_knowledge(view: SchafkopfView) -> SchafkopfKnowledge:
    """Everything ``view.seat`` can infer, from its view alone."""
    seats = view.seats
    me = view.seat
    variant = variant_for(view.options)
    kind = kind_of_view(view)
    ranking = kind.ranking if kind is not None else variant.ranking
    hand = codes_to_mask(view.hand)
    called = parse_card(view.called) if view.called else -1
    seen = tricks_seen(view, ranking.follow_class, called >> 3 if called >= 0 else -1)
    played = 0
    for mask in seen.played_by:
        played |= mask
    partner = -1 if view.partner is None else view.partner
    if called >= 0 and hand >> called & 1:
        partner = me
    return SchafkopfKnowledge(
        view=view,
        variant=variant,
        me=me,
        seats=seats,
        hand=hand,
        unseen=variant.deck & ~hand & ~played,
        played_by=seen.played_by,
        voids=seen.voids,
        hidden_counts={s: view.cards_left[s] for s in range(seats) if s != me},
        kind=kind,
        tables=tables_of(ranking),
        declarer=-1 if view.declarer is None else view.declarer,
        partner=partner,
        called=called,
        called_led=seen.called_led,
        trick_seats=seen.trick_seats,
        trick_cards=seen.trick_cards,
        led_class=seen.led_class,
    )


def table_of(k: SchafkopfKnowledge, legal: int) -> Table:
    """The card-choice inputs, from what the seat knows (not exact)."""
    return table_from(k, legal, k.kind.game.value, k.declarer, k.tables)
