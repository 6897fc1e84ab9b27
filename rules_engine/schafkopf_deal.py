"""What the states of one Schafkopf hand share: the deal, the auction and the contract.

They change rarely (a contract when a game is declared, Kontra or Re is said,
or the called suit is first led), so states link to them instead of copying
them, and trick play reads the contract's ranking tables one attribute away.
"""

from __future__ import annotations

from .actions import Action
from .contracts import Game, GameKind
from .schafkopf_actions import KIND_BY_ID
from .variant import SCHAFKOPF_LONG, SCHAFKOPF_SHORT, Variant


def variant_for(options) -> Variant:
    """The long deck, or the short one with the ``short_deck`` option."""
    return SCHAFKOPF_SHORT if options["short_deck"] else SCHAFKOPF_LONG


class SchafkopfDeal:
    """The cards as dealt, the dealer and the rule options. Never changes."""

    __slots__ = (
        "variant", "options", "dealer", "hands", "first_leader", "seats", "next_seat", "hand_size",
    )  # fmt: skip

    def __init__(self, variant: Variant, options, dealer: int, hands: tuple[int, ...]):
        self.variant = variant
        self.options = options
        self.dealer = dealer
        self.hands = hands
        self.seats = variant.seats
        self.next_seat = variant.next_seat
        self.hand_size = variant.hand_size
        self.first_leader = variant.next_seat[dealer]

    def holder(self, card_index: int) -> int:
        for seat, hand in enumerate(self.hands):
            if hand >> card_index & 1:
                return seat
        return -1


class Auction:
    """Declaring so far: who bid, and the standing declaration."""

    __slots__ = ("bidders", "declared", "standing", "standing_seat", "standing_rank")

    def __init__(self, bidders=(), declared=0, standing=None, standing_seat=-1):
        self.bidders = bidders  # seats that bid, in bidding order
        self.declared = declared  # bidders who had their declaring turn
        self.standing: Action | None = standing
        self.standing_seat = standing_seat
        self.standing_rank = KIND_BY_ID[id(standing)].rank if standing is not None else 0


class Contract:
    """The game being played and everything decided about it; the tables of its
    ranking are kept one attribute away for trick play."""

    __slots__ = (
        "kind", "declarer", "called", "partner", "follow_masks", "follow_class", "strength",
        "called_suit_mask", "called_bit", "called_class", "called_pending", "kontra", "re",
        "kontra_open",
    )  # fmt: skip

    def __init__(self, kind: GameKind, declarer: int = -1, called: int = -1, partner: int = -1):
        ranking = kind.ranking
        self.kind = kind
        self.declarer = declarer
        self.called = called
        self.partner = partner
        self.follow_masks = ranking.follow_masks
        self.follow_class = ranking.follow_class
        self.strength = ranking.strength
        self.called_class = called >> 3 if called >= 0 else -1
        self.called_suit_mask = ranking.class_masks[called >> 3] if called >= 0 else 0
        self.called_bit = 1 << called if called >= 0 else 0
        #: True until the called suit is first led: till then the partner must keep
        #: the called card for it (docs/rules.md §3).
        self.called_pending = called >= 0
        self.kontra = -1  # the seat that said Kontra
        self.re = -1  # the seat that said Re
        #: True while Kontra may still be said: never in a Ramsch, and only once.
        self.kontra_open = kind.game is not Game.RAMSCH

    #: Schafkopf sets no card aside: trick play's unknown-card checks never match.
    unknown = -1

    def after_called_suit_led(self) -> Contract:
        """The same contract once the called suit has been led: the card is free."""
        contract = self.copy()
        contract.called_pending = False
        return contract

    def copy(self) -> Contract:
        """A copy to change (contracts are shared between states, so never changed)."""
        new = Contract.__new__(Contract)
        new.kind = self.kind
        new.declarer = self.declarer
        new.called = self.called
        new.partner = self.partner
        new.follow_masks = self.follow_masks
        new.follow_class = self.follow_class
        new.strength = self.strength
        new.called_suit_mask = self.called_suit_mask
        new.called_bit = self.called_bit
        new.called_class = self.called_class
        new.called_pending = self.called_pending
        new.kontra = self.kontra
        new.re = self.re
        new.kontra_open = self.kontra_open
        return new
