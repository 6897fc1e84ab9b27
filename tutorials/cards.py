"""Cards as the course shows them: faces for templates and names people read.

The engine names cards in English (``card_name``); the course names them
through gettext, so a translation catalog can put them in another language.
A face is a small dict a template can draw without any logic of its own: French
and German-suited cards alike as the table's SVG cards.

>>> face("QC")["name"]
'queen of clubs'
>>> face("TD")["rank"], face("TD")["suit"], face("TD")["red"]
('10', 'D', True)
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.cards import RANK_LABELS, card_name, hand_order
from games.german_cards import GERMAN_RANK_LABELS, german_card_name
from rules_engine.cards import parse_card
from rules_engine.ranking import SHEEPSHEAD, Ranking


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
            "suit": code[1],
            "red": code[1] == "H",
            "german": True,
            "trump": trump,
            "name": german_card_name(code),
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
