"""Cards as the course shows them: faces for templates and names people read.

The engine names cards in English (``card_name``); the course names them
through gettext, so a translation catalog can put them in another language.
A face is a small dict a template can draw without any logic of its own: French
cards as the table's SVG cards, German-suited ones by their names.

>>> face("QC")["name"]
'queen of clubs'
>>> face("TD")["rank"], face("TD")["suit"], face("TD")["red"]
('10', 'D', True)
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.cards import RANK_LABELS, card_name, hand_order
from rules_engine.cards import parse_card
from rules_engine.ranking import SHEEPSHEAD, Ranking

#: Schafkopf's German cards (docs/rules.md §1): the same codes, other names.
GERMAN_SUITS = {"C": "Eichel", "S": "Gras", "H": "Herz", "D": "Schellen"}
GERMAN_RANKS = {
    "7": "Sieben",
    "8": "Acht",
    "9": "Neun",
    "T": "Zehn",
    "J": "Unter",
    "Q": "Ober",
    "K": "König",
    "A": "Ass",
}
GERMAN_RANK_LABELS = {**RANK_LABELS, "J": "U", "Q": "O"}


def sort_hand(codes, ranking: Ranking | None = SHEEPSHEAD) -> list[str]:
    """A hand as a player holds it: trump first (high to low), then clubs, spades, hearts.

    With ``ranking`` None, by printed suit and rank only (no hint of what is trump).
    """
    return sorted(codes, key=lambda code: hand_order(code, ranking))


def card_names(codes) -> str:
    """Several cards in words: 'the ace of hearts and the seven of clubs'."""
    names = [_("the %(card)s") % {"card": card_name(code)} for code in codes]
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def german_name(code: str) -> str:
    """A Schafkopf card's German name: 'Eichel-Ober' (names of cards are not translated)."""
    parse_card(code)
    return f"{GERMAN_SUITS[code[1]]}-{GERMAN_RANKS[code[0]]}"


def face(code: str | None, ranking: Ranking | None = SHEEPSHEAD, german: bool = False) -> dict:
    """What a template needs to draw one card; ``code`` None is a face-down card.

    ``ranking`` None leaves trump unmarked (for exercises that ask what is trump).
    """
    if code is None:
        return {"code": "", "up": False, "name": _("a face-down card")}
    index = parse_card(code)
    trump = ranking is not None and ranking.is_trump(index)
    if german:
        return {
            "code": code,
            "up": True,
            "rank": GERMAN_RANK_LABELS[code[0]],
            "symbol": GERMAN_SUITS[code[1]],
            "suit": code[1],
            "red": code[1] == "H",
            "german": True,
            "trump": trump,
            "name": german_name(code),
        }
    return {
        "code": code,
        "up": True,
        "rank": RANK_LABELS[code[0]],
        "suit": code[1],
        "red": code[1] in "HD",
        "german": False,
        "trump": trump,
        "name": card_name(code),
    }
