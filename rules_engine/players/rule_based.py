"""The two rule-based levels: ``standard`` plays the known strategy well,
``beginner`` plays like someone who has just learnt the rules.

The beginner's mistakes are the ones new players make (picking on trump
count alone, throwing the highest card to win a trick, not schmiering, a
defender leading trump now and then), never absurd ones: it never buries
trump when it has fail cards, and never wastes a high trump on a trick it
can't win.
"""

from __future__ import annotations

from ..actions import PLAY, UNKNOWN, Action, bury_mask
from ..cards import CARD_POINTS, cards_of, codes_to_mask
from ..view import SeatView
from .base import (
    Player,
    call_action,
    knowledge_and_table,
    legal_buries,
    legal_calls,
    legal_mask,
    pick_or_pass,
    position_after_dealer,
)
from .rng import Rng
from .schafkopf_players import SchafkopfBeginner, SchafkopfStandard
from .strategy import (
    POWER,
    STRENGTH,
    TRUMP_MASK,
    choose_bury,
    choose_call,
    choose_play,
    choose_unknown,
    may_consider_picking,
    strong_enough_to_pick,
)


class StandardPlayer(Player):
    level = "standard"
    schafkopf = SchafkopfStandard()

    def on_picking(self, view: SeatView, rng: Rng) -> Action:
        hand = codes_to_mask(view.hand)
        return pick_or_pass(
            strong_enough_to_pick(hand, position_after_dealer(view.seat, view.dealer, view.seats))
        )

    def on_bury(self, view: SeatView, rng: Rng) -> Action:
        return bury_mask(choose_bury(codes_to_mask(view.hand), legal_buries(view)))

    def on_call(self, view: SeatView, rng: Rng) -> Action:
        return call_action(choose_call(codes_to_mask(view.hand), legal_calls(view)))

    def on_unknown(self, view: SeatView, rng: Rng) -> Action:
        return UNKNOWN[choose_unknown(codes_to_mask(view.hand))]

    def on_play(self, view: SeatView, rng: Rng) -> Action:
        _, table = knowledge_and_table(view)
        return PLAY[choose_play(table)]


class BeginnerPlayer(Player):
    level = "beginner"
    schafkopf = SchafkopfBeginner()

    def on_picking(self, view: SeatView, rng: Rng) -> Action:
        hand = codes_to_mask(view.hand)
        trumps = (hand & TRUMP_MASK).bit_count()
        # Counts trumps, not their height: picks on four, sometimes on three.
        wants = trumps >= 4 or (trumps == 3 and rng.random() < 0.3)
        return pick_or_pass(wants and may_consider_picking(hand))

    def on_bury(self, view: SeatView, rng: Rng) -> Action:
        def score(pair: int) -> tuple:
            trumps = (pair & TRUMP_MASK).bit_count()
            points = sum(CARD_POINTS[c] for c in cards_of(pair))
            return (-trumps, points, -pair)

        return bury_mask(max(legal_buries(view), key=score))

    def on_call(self, view: SeatView, rng: Rng) -> Action:
        calls = legal_calls(view)
        return call_action(calls[0] if calls else None)

    def on_unknown(self, view: SeatView, rng: Rng) -> Action:
        return UNKNOWN[choose_unknown(codes_to_mask(view.hand))]

    def on_play(self, view: SeatView, rng: Rng) -> Action:
        k, table = knowledge_and_table(view)
        legal = cards_of(legal_mask(view, "play"))
        if not table.trick_cards:
            if k.contract != "leaster" and rng.random() < 0.7:
                return PLAY[choose_play(table)]
            return PLAY[max(legal, key=lambda c: (POWER[c], c))]
        row = STRENGTH[table.led]
        best = max(row[c] for c in table.trick_cards if c >= 0)
        winners = [c for c in legal if row[c] > best]
        if winners and k.contract != "leaster":
            return PLAY[max(winners, key=lambda c: row[c])]  # overkill
        return PLAY[min(legal, key=lambda c: (CARD_POINTS[c], POWER[c]))]
