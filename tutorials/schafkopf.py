"""Schafkopf's trump orders (docs/rules.md §3), for the course's Schafkopf lesson.

The engine plays only Sheepshead so far, but its :class:`Ranking` describes
any of these games as data; the lesson's trick questions are judged by these
rankings, exactly as the Sheepshead ones are judged by the engine's.

>>> from rules_engine.cards import parse_card as c
>>> RANKINGS["wenz"].trick_winner([c("QC"), c("KC"), c("9C"), c("QS")])  # König over Ober
1
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from rules_engine.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, TEN, parse_card
from rules_engine.ranking import Ranking

OBER = "QC QS QH QD"
UNTER = "JC JS JH JD"


def _codes(text: str) -> tuple[int, ...]:
    return tuple(parse_card(code) for code in text.split())


def solo(suit: str) -> Ranking:
    """A Farbsolo: Ober, Unter, then the named suit's A 10 K 9 8 7."""
    suit_cards = " ".join(rank + suit for rank in "ATK987")
    return Ranking(f"solo-{suit}", _codes(f"{OBER} {UNTER} {suit_cards}"))


RANKINGS = {
    # Rufspiel, Farbsolo Herz and Ramsch share one order.
    "rufspiel": solo("H"),
    # Wenz: only the Unter are trump; each suit ranks A 10 K O 9 8 7.
    "wenz": Ranking("wenz", _codes(UNTER), (ACE, TEN, KING, QUEEN, NINE, EIGHT, SEVEN)),
    # Geier: only the Ober are trump; each suit ranks A 10 K U 9 8 7.
    "geier": Ranking("geier", _codes(OBER), (ACE, TEN, KING, JACK, NINE, EIGHT, SEVEN)),
}

CONTRACT_NAMES = {
    "rufspiel": _("a Rufspiel"),
    "wenz": _("a Wenz"),
    "geier": _("a Geier"),
    "solo": _("a Solo"),
}

#: What is trump, in words, per contract (for explanations).
TRUMP_WORDS = {
    "rufspiel": _("the Ober, the Unter and Herz"),
    "wenz": _("only the four Unter"),
    "geier": _("only the four Ober"),
    "solo": _("the Ober, the Unter and the suit the soloist named"),
}

#: The order within a plain suit, in words, per contract.
PLAIN_ORDER_WORDS = {
    "rufspiel": _("Ass, Zehn, König, Neun, Acht, Sieben"),
    "wenz": _("Ass, Zehn, König, Ober, Neun, Acht, Sieben"),
    "geier": _("Ass, Zehn, König, Unter, Neun, Acht, Sieben"),
    "solo": _("Ass, Zehn, König, Neun, Acht, Sieben"),
}

TRUMP_ORDER = {
    "rufspiel": "QC QS QH QD JC JS JH JD AH TH KH 9H 8H 7H",
    "wenz": UNTER,
    "geier": OBER,
}


def ranking_for(contract: str, trump: str | None = None) -> Ranking:
    """The ranking of a Schafkopf contract; ``trump`` names a Solo's suit."""
    if contract == "solo":
        if trump not in ("C", "S", "H", "D"):
            raise ValueError("a Solo names its trump suit: C, S, H or D")
        return solo(trump)
    try:
        return RANKINGS[contract]
    except KeyError:
        games = ", ".join(CONTRACT_NAMES)
        raise ValueError(f"{contract!r} is not a Schafkopf game ({games})") from None
