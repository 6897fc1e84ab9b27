"""The rule-based levels at a Schafkopf table: ``standard`` and ``beginner``.

Each answers one kind of decision per method, named after the view's
phase: bidding, declaring, the Kontra turn, the Re round, and play (which in
trick 1 may offer Kontra beside the cards). The beginner's mistakes are the
ones new players make: it bids on how many trumps it holds rather than how
high they are, never dares a Wenz or a Geier, never doubles, and throws its
highest card to win a trick; it never plays an absurd card.
"""

from __future__ import annotations

from ..actions import PASS, PLAY, Action
from ..cards import CARD_POINTS, cards_of, codes_to_mask
from ..contracts import GAMES_BY_KEY, Game
from ..schafkopf_actions import BID, CALL_ACTIONS, DECLARE_ACTIONS, KONTRA, RE
from ..schafkopf_view import SchafkopfView
from .cardplay import winning
from .rng import Rng
from .schafkopf_knowledge import SchafkopfKnowledge, schafkopf_knowledge, table_of
from .schafkopf_strategy import (
    callable_cards,
    choose_call,
    choose_declaration,
    choose_play,
    scale,
    wants_kontra,
    wants_re,
    wants_to_bid,
)


def leads_first(view: SchafkopfView) -> bool:
    return view.seat == (view.dealer + 1) % view.seats


def play_mask(view: SchafkopfView) -> int:
    return codes_to_mask(a.card for a in view.legal if a.play_bit)


class SchafkopfStandard:
    """The known strategy (:mod:`.schafkopf_strategy`) from what the view shows."""

    def decide(self, view: SchafkopfView, rng: Rng) -> Action:
        return getattr(self, f"on_{view.phase}")(view, rng)

    def on_bidding(self, view: SchafkopfView, rng: Rng) -> Action:
        k = schafkopf_knowledge(view)
        return BID if wants_to_bid(k.hand, k.variant) else PASS

    def on_declaring(self, view: SchafkopfView, rng: Rng) -> Action:
        k = schafkopf_knowledge(view)
        return choose_declaration(k.hand, view.legal, k.variant, leads_first(view))

    def on_kontra(self, view: SchafkopfView, rng: Rng) -> Action:
        return KONTRA if self.doubles(schafkopf_knowledge(view)) else PASS

    def on_re(self, view: SchafkopfView, rng: Rng) -> Action:
        if RE not in view.legal:
            return PASS
        k = schafkopf_knowledge(view)
        return RE if wants_re(k.hand, k.kind, k.variant, k.i_declare) else PASS

    def on_play(self, view: SchafkopfView, rng: Rng) -> Action:
        k = schafkopf_knowledge(view)
        if KONTRA in view.legal and self.doubles(k):
            return KONTRA
        return PLAY[self.card(table_of(k, play_mask(view)), rng)]

    def doubles(self, k: SchafkopfKnowledge) -> bool:
        """Kontra: never from the partner, who knows it plays with the declarer."""
        if k.i_am_partner:
            return False
        return wants_kontra(k.hand, k.kind, k.variant)

    def card(self, table, rng: Rng) -> int:
        return choose_play(table)


#: The beginner's bars: trumps counted, not weighed (long deck).
BEGINNER_RUFSPIEL_TRUMPS = 4
BEGINNER_SOLO_TRUMPS = 6


class SchafkopfBeginner(SchafkopfStandard):
    """Someone who has just learnt the rules (see module docstring)."""

    def on_bidding(self, view: SchafkopfView, rng: Rng) -> Action:
        return BID if self._game(view) is not None else PASS

    def on_declaring(self, view: SchafkopfView, rng: Rng) -> Action:
        wanted = self._game(view)
        if wanted in view.legal:
            return wanted
        if PASS in view.legal:
            return PASS
        calls = [a for a in view.legal if a.contract == Game.RUFSPIEL.value]
        return calls[0] if calls else view.legal[0]

    def _game(self, view: SchafkopfView) -> Action | None:
        """A Farbsolo in its longest trump suit with six trumps, else a Rufspiel
        with four, on the first ace it may call."""
        k = schafkopf_knowledge(view)
        factor = scale(k.variant)
        best_suit, most = -1, 0
        for suit in range(4):
            kind = GAMES_BY_KEY[Game.SOLO, suit, False]
            trumps = (k.hand & kind.ranking.trump_mask).bit_count()
            if trumps > most:
                best_suit, most = suit, trumps
        if most >= round(BEGINNER_SOLO_TRUMPS * factor):
            return DECLARE_ACTIONS[GAMES_BY_KEY[Game.SOLO, best_suit, False]]
        rufspiel = GAMES_BY_KEY[Game.RUFSPIEL, -1, False]
        trumps = (k.hand & rufspiel.ranking.trump_mask).bit_count()
        calls = callable_cards(k.hand, k.variant)
        if calls and trumps >= round(BEGINNER_RUFSPIEL_TRUMPS * factor):
            return CALL_ACTIONS[choose_call(k.hand, calls[:1])]
        return None

    def doubles(self, k: SchafkopfKnowledge) -> bool:
        return False

    def on_re(self, view: SchafkopfView, rng: Rng) -> Action:
        return PASS

    def card(self, table, rng: Rng) -> int:
        legal = cards_of(table.legal)
        power = table.tables.power
        if not table.trick_cards:
            if table.contract != Game.RAMSCH.value and rng.random() < 0.7:
                return choose_play(table)
            return max(legal, key=lambda c: (power[c], c))
        row = table.tables.strength[table.led]
        _, best = winning(table)
        winners = [c for c in legal if row[c] > best]
        if winners and table.contract != Game.RAMSCH.value:
            return max(winners, key=lambda c: row[c])  # overkill
        return min(legal, key=lambda c: (CARD_POINTS[c], power[c]))
