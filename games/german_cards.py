"""Schafkopf's German-suited cards as the pages name and label them.

The engine keeps the French codes (rank letter + suit letter) for both games;
only what a reader sees changes: C = Eichel, S = Gras, H = Herz, D = Schellen,
Q = Ober, J = Unter, A = Sau. The names go through gettext like the French
ones in games.cards, so a catalogue may spell them its own way.

>>> german_card_name("QC")
'Eichel-Ober'
>>> GERMAN_RANK_LABELS["J"], GERMAN_RANK_LABELS["T"]
('U', '10')
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine.cards import parse_card

GERMAN_SUIT_NAMES = {
    "C": gettext_lazy("Eichel"),
    "S": gettext_lazy("Gras"),
    "H": gettext_lazy("Herz"),
    "D": gettext_lazy("Schellen"),
}
GERMAN_RANK_NAMES = {
    "Q": gettext_lazy("Ober"),
    "J": gettext_lazy("Unter"),
    "A": gettext_lazy("Sau"),
    "K": gettext_lazy("König"),
    "T": gettext_lazy("Zehn"),
    "9": gettext_lazy("Neun"),
    "8": gettext_lazy("Acht"),
    "7": gettext_lazy("Sieben"),
}
#: The corner index: O and U as on Bavarian cards, so an Ober never reads as a queen.
GERMAN_RANK_LABELS = {
    "Q": "O",
    "J": "U",
    "A": "A",
    "K": "K",
    "T": "10",
    "9": "9",
    "8": "8",
    "7": "7",
}


def german_card_name(code: str) -> str:
    """The spoken name of a German card: 'Eichel-Ober'; ValueError for a bad code."""
    parse_card(code)
    return _("%(suit)s-%(rank)s") % {
        "suit": GERMAN_SUIT_NAMES[code[1]],
        "rank": GERMAN_RANK_NAMES[code[0]],
    }
