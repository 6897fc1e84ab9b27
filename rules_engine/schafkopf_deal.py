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
        "variant", "options", "dealer", "hands", "first_leader", "seats", "next_seat", "seat_after",
        "hand_size",
    )  # fmt: skip

    def __init__(self, variant: Variant, options, dealer: int, hands: tuple[int, ...]):
        self.variant = variant
        self.options = options
        self.dealer = dealer
        self.hands = hands
        self.seats = variant.seats
        self.next_seat = variant.next_seat
        self.seat_after = variant.seat_after
        self.hand_size = variant.hand_size
        self.first_leader = variant.next_seat[dealer]

    def holder(self, card_index: int) -> int:
        for seat, hand in enumerate(self.hands):
            if hand >> card_index & 1:
                return seat
        return -1


class Auction:
    """The standing declaration while bidders declare (None before the first), its
    seat, its game and rank. Never changes: a higher declaration is another one,
    made once for each declaration and seat, so the contracts it makes are kept here."""

    __slots__ = ("standing", "standing_seat", "standing_rank", "kind", "called", "_contracts")

    def __init__(self, standing: Action | None, standing_seat: int):
        self.standing = standing
        self.standing_seat = standing_seat
        kind = KIND_BY_ID[id(standing)] if standing is not None else None
        self.kind = kind
        self.standing_rank = kind.rank if kind is not None else 0
        #: The called card of a Rufspiel, else -1.
        self.called = standing.index if kind is not None and kind.game is Game.RUFSPIEL else -1
        self._contracts: dict[int, Contract] = {}  # by partner

    def contract(self, deal: SchafkopfDeal) -> Contract:
        """The contract of the standing declaration in ``deal``, where the called card's
        holder is the partner (contracts never change, so one serves every such hand)."""
        called = self.called
        partner = deal.holder(called) if called >= 0 else -1
        contract = self._contracts.get(partner)
        if contract is None:
            contract = Contract(self.kind, self.standing_seat, called, partner, deal.next_seat)
            self._contracts[partner] = contract
        return contract


class Contract:
    """The game being played and everything decided about it; the tables of its
    ranking are kept one attribute away for trick play."""

    __slots__ = (
        "kind", "declarer", "called", "partner", "follow_masks", "follow_class", "strength",
        "called_suit_mask", "called_bit", "called_class", "called_pending", "kontra", "re",
        "kontra_open", "kontra_turns", "_variants",
    )  # fmt: skip

    def __init__(
        self,
        kind: GameKind,
        declarer: int = -1,
        called: int = -1,
        partner: int = -1,
        next_seat: tuple[int, ...] = (),
    ):
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
        #: ``kontra_turns[leader]``: the seats asked for Kontra once trick 1's leader has
        #: played (the third and fourth hands, never the declarer); by ``next_seat``.
        self.kontra_turns = tuple(
            tuple(s for s in (next_seat[second], next_seat[next_seat[second]]) if s != declarer)
            for second in next_seat
        )
        self._variants: dict | None = None  # the contracts derived from this one, made once

    #: Schafkopf sets no card aside: trick play's unknown-card checks never match.
    unknown = -1

    def after_called_suit_led(self) -> Contract:
        """The same contract once the called suit has been led: the card is free."""
        return self._variant("called_pending", False)

    def with_kontra(self, seat: int) -> Contract:
        """The same contract once ``seat`` said Kontra (which may be said only once)."""
        return self._variant("kontra", seat)

    def with_re(self, seat: int) -> Contract:
        """The same contract once ``seat`` said Re."""
        return self._variant("re", seat)

    def _variant(self, field: str, value) -> Contract:
        """This contract with ``field`` set to ``value``. Contracts are shared between
        states and never change, so each variant is made once and kept here: a
        base contract has a few (a Kontra or a Re by each seat, the called suit led)."""
        variants = self._variants
        if variants is None:
            variants = self._variants = {}
        key = (field, value)
        contract = variants.get(key)
        if contract is None:
            contract = variants[key] = self.copy()
            setattr(contract, field, value)
            if field == "kontra":
                contract.kontra_open = False
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
        new.kontra_turns = self.kontra_turns
        new._variants = None
        return new
