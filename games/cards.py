"""Cards as the pages name and sort them, in the reader's language.

The engine names cards in English for its own messages; pages name them
through gettext. What is trump, a card's points and the trump order come
from the rules engine, never from a second copy here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine.cards import CARD_POINTS, parse_card
from rules_engine.ranking import SHEEPSHEAD, Ranking

RANK_LABELS = {"7": "7", "8": "8", "9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
RANK_NAMES = {
    "7": gettext_lazy("seven"),
    "8": gettext_lazy("eight"),
    "9": gettext_lazy("nine"),
    "T": gettext_lazy("ten"),
    "J": gettext_lazy("jack"),
    "Q": gettext_lazy("queen"),
    "K": gettext_lazy("king"),
    "A": gettext_lazy("ace"),
}
SUIT_NAMES = {
    "C": gettext_lazy("clubs"),
    "S": gettext_lazy("spades"),
    "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"),
}
#: Suits in the order a hand is sorted, and ranks within a plain suit (high to low).
SUIT_ORDER = "CSHD"
RANK_ORDER = "ATKQJ987"


def card_name(code: str) -> str:
    """The spoken name of a card: 'queen of clubs'; ValueError for a bad code."""
    parse_card(code)
    return _("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[code[0]], "suit": SUIT_NAMES[code[1]]}


def is_trump(code: str, ranking: Ranking = SHEEPSHEAD) -> bool:
    return ranking.is_trump(parse_card(code))


def card_points(code: str) -> int:
    return CARD_POINTS[parse_card(code)]


def hand_order(code: str, ranking: Ranking | None = SHEEPSHEAD) -> tuple[int, int]:
    """Sort key of a hand as a player holds it: trump high to low, then each suit.

    With ``ranking`` None, by printed suit and rank only (nothing marked as trump).
    """
    index = parse_card(code)
    if ranking is not None and ranking.is_trump(index):
        return 0, ranking.trumps.index(index)
    return 1 + SUIT_ORDER.index(code[1]), RANK_ORDER.index(code[0])
