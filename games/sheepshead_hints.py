"""Why the expert's move is good, at a Sheepshead practice table, in one sentence.

The engine's expert chooses the move from the learner's own view (so a hint shows
nothing the learner may not see); this module names the rule of thumb the move
follows, worked out from the same view, through gettext, as the course words it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine.actions import Action
from rules_engine.cards import CARD_POINTS, codes_to_mask, parse_card
from rules_engine.players.base import knowledge_and_table, position_after_dealer
from rules_engine.players.strategy import (
    CLASS_MASKS,
    JACKS,
    QUEENS,
    STRENGTH,
    TRUMP_MASK,
    strong_enough_to_pick,
)
from rules_engine.view import SeatView

from .cards import card_name


def hint_sentence(view: SeatView, action: Action) -> str:
    """One sentence saying why ``action`` is a good move for ``view.seat`` now."""
    if len(view.legal) == 1:
        return _("It is your only legal move.")
    hand = codes_to_mask(view.hand)
    if action.kind in ("pick", "pass"):
        return _picking_sentence(view, action, hand)
    if action.kind == "bury":
        points = sum(CARD_POINTS[parse_card(c)] for c in action.cards)
        first, second = (card_name(c) for c in action.cards)
        return _(
            "Bury the %(first)s and the %(second)s: %(points)d points are safe in the bury, "
            "and fail cards you can't protect are better out of your hand."
        ) % {"first": first, "second": second, "points": points}
    if action.kind == "call":
        return _(
            "Call the %(card)s: you keep a card of that suit (the hold card), "
            "and whoever holds it becomes your partner."
        ) % {"card": card_name(action.card)}
    if action.kind == "alone":
        return _("Go alone: the hand is strong enough to take the points without a partner.")
    if action.kind == "unknown":
        return _("Set aside the %(card)s: it is the card you need least.") % {
            "card": card_name(action.card)
        }
    return _play_sentence(view, action)


def _picking_sentence(view: SeatView, action: Action, hand: int) -> str:
    facts = {
        "trumps": (hand & TRUMP_MASK).bit_count(),
        "high": (hand & (QUEENS | JACKS)).bit_count(),
    }
    if action.kind == "pick":
        return (
            _(
                "Pick: with %(trumps)d trumps, %(high)d of them queens or jacks, "
                "this hand can win with a partner's help."
            )
            % facts
        )
    position = position_after_dealer(view.seat, view.dealer, view.seats)
    if not strong_enough_to_pick(hand, position):
        return (
            _(
                "Pass: %(trumps)d trumps, %(high)d of them queens or jacks, "
                "are too little to take on four players."
            )
            % facts
        )
    return _("Pass: the search found the hand wins more often when someone else picks.")


def _play_sentence(view: SeatView, action: Action) -> str:
    k, table = knowledge_and_table(view)
    c = action.index
    card = {"card": card_name(action.card)}
    if view.contract == "leaster":
        if not table.trick_cards:
            return _("Lead the %(card)s: a low card rarely takes the trick in a leaster.") % card
        if CARD_POINTS[c] >= 10:
            return (
                _("Throw the %(card)s now: in a leaster you shed aces and tens while others win.")
                % card
            )
        return _("Play the %(card)s: in a leaster you take at most one cheap trick.") % card
    if not table.trick_cards:
        return _lead_sentence(k, c, card)
    row = STRENGTH[table.led]
    strengths = [row[x] if x >= 0 else -1 for x in table.trick_cards]
    best = max(strengths)
    winner = table.trick_seats[strengths.index(best)]
    if row[c] > best:
        points = sum(CARD_POINTS[x] for x in table.trick_cards if x >= 0)
        return _("Play the %(card)s: it takes this trick, worth %(points)d points so far.") % {
            **card,
            "points": points,
        }
    if CARD_POINTS[c] >= 10 and k.on_my_side(winner):
        return _("Schmier the %(card)s: your side is taking this trick, so give it points.") % card
    if codes_to_mask(view.hand) & CLASS_MASKS[table.led]:
        return (
            _("Play the %(card)s: you must follow suit, and this gives away the fewest points.")
            % card
        )
    return (
        _("Play the %(card)s: you can't win this trick, so give away as few points as possible.")
        % card
    )


def _lead_sentence(k, c: int, card: dict) -> str:
    if TRUMP_MASK >> c & 1 and k.i_am_on_picker_side:
        return (
            _("Lead the %(card)s: the picker's side leads trump to pull the defenders' trumps.")
            % card
        )
    called_suit = k.called >= 0 and not k.called_led and c >> 3 == k.called >> 3
    if called_suit and not TRUMP_MASK >> c & 1:
        if not k.i_am_on_picker_side:
            return (
                _("Lead the %(card)s: defenders lead the called suit first, to find the partner.")
                % card
            )
        return _("Lead the %(card)s: the called suit brings out the partner's ace.") % card
    return _("Lead the %(card)s: fail is led to make the picker spend trumps.") % card
