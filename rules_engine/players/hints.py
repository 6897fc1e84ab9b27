"""A hint for a learner: what the expert would do, and why in one sentence.

The expert decides from the learner's own view, so a hint shows nothing the
learner may not see. The sentence names the rule of thumb the move follows,
worked out from the same view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..cards import CARD_POINTS, card_name, codes_to_mask, parse_card
from ..view import SeatView
from .base import knowledge_and_table, position_after_dealer
from .expert import ExpertPlayer
from .strategy import (
    CLASS_MASKS,
    JACKS,
    QUEENS,
    STRENGTH,
    TRUMP_MASK,
    strong_enough_to_pick,
)


@dataclass(frozen=True)
class Hint:
    action: Action
    sentence: str


def hint_for(view: SeatView, seed: bytes, explain=None) -> Hint:
    """The expert's move for this view, with the reason for it: ``explain(view, action)``
    gives it (by default Sheepshead's :func:`reason`), so any game may have hints."""
    action = ExpertPlayer().decide(view, seed)
    return Hint(action, (explain or reason)(view, action))


def reason(view: SeatView, action: Action) -> str:
    """One sentence saying why ``action`` is a good move here."""
    if len(view.legal) == 1:
        return f"It is your only legal move: {describe(action)}."
    hand = codes_to_mask(view.hand)
    if action.kind in ("pick", "pass"):
        trumps = (hand & TRUMP_MASK).bit_count()
        high = (hand & (QUEENS | JACKS)).bit_count()
        facts = f"{trumps} trumps, {high} of them queens or jacks"
        if action.kind == "pick":
            return f"Pick: with {facts}, this hand can win with a partner's help."
        position = position_after_dealer(view.seat, view.dealer, view.seats)
        weak = not strong_enough_to_pick(hand, position)
        if weak:
            return f"Pass: {facts} is too little to take on four players."
        return "Pass: the search found the hand wins more often when someone else picks."
    if action.kind == "bury":
        points = sum(CARD_POINTS[parse_card(c)] for c in action.cards)
        return (
            f"Bury {' and '.join(action.cards)}: {points} points are safe in the bury, "
            "and fail cards you can't protect are better out of your hand."
        )
    if action.kind == "call":
        return (
            f"Call the {describe_card(action.card)}: you keep a card of that suit "
            "(the hold card), and whoever holds it becomes your partner."
        )
    if action.kind == "alone":
        return "Go alone: the hand is strong enough to take the points without a partner."
    if action.kind == "unknown":
        return f"Set aside the {describe_card(action.card)}: it is the card you need least."
    return _play_reason(view, action)


def _play_reason(view: SeatView, action: Action) -> str:
    k, table = knowledge_and_table(view)
    c = action.index
    name = describe_card(action.card)
    if view.contract == "leaster":
        if not table.trick_cards:
            return f"Lead the {name}: a low card rarely takes the trick in a leaster."
        if CARD_POINTS[c] >= 10:
            return f"Throw the {name} now: in a leaster you shed aces and tens while others win."
        return f"Play the {name}: in a leaster you take at most one cheap trick."
    if not table.trick_cards:
        if TRUMP_MASK >> c & 1 and k.i_am_on_picker_side:
            return f"Lead the {name}: the picker's side leads trump to pull the defenders' trumps."
        called_suit = k.called >= 0 and not k.called_led and c >> 3 == k.called >> 3
        if called_suit and not TRUMP_MASK >> c & 1:
            if not k.i_am_on_picker_side:
                return (
                    f"Lead the {name}: defenders lead the called suit first, to find the partner."
                )
            return f"Lead the {name}: the called suit brings out the partner's ace."
        return f"Lead the {name}: fail is led to make the picker spend trumps."
    row = STRENGTH[table.led]
    strengths = [row[x] if x >= 0 else -1 for x in table.trick_cards]
    best = max(strengths)
    winner = table.trick_seats[strengths.index(best)]
    points = sum(CARD_POINTS[x] for x in table.trick_cards if x >= 0)
    if row[c] > best:
        return f"Play the {name}: it takes this trick, worth {points} points so far."
    if CARD_POINTS[c] >= 10 and k.on_my_side(winner):
        return f"Schmier the {name}: your side is taking this trick, so give it points."
    follow = hand_follows(view, table.led)
    if follow:
        return f"Play the {name}: you must follow suit, and this gives away the fewest points."
    return f"Play the {name}: you can't win this trick, so give away as few points as possible."


def hand_follows(view: SeatView, led: int) -> bool:
    return bool(codes_to_mask(view.hand) & CLASS_MASKS[led])


def describe(action: Action) -> str:
    if action.card:
        return f"{action.kind} the {describe_card(action.card)}"
    if action.cards:
        return f"{action.kind} {' and '.join(action.cards)}"
    return action.kind


def describe_card(code: str | None) -> str:
    return card_name(parse_card(code)) if code else "card"
