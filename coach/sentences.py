"""The coach's words: which moment of the hand a decision was, what the better move
was and why, and what it was worth. The why is the hint's sentence, from the same code
(``games.sheepshead_hints``, ``games.schafkopf_hints``), so hints and coach agree."""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from games.models import SCHAFKOPF
from games.schafkopf_hints import hint_sentence as schafkopf_hint_sentence
from games.schafkopf_sentences import money
from games.sheepshead_hints import hint_sentence as sheepshead_hint_sentence


def moment(view) -> str:
    """When in the hand a decision was made: 'Trick 3', 'Picking', 'Bidding'."""
    phase = view.phase
    if phase == "play":
        return _("Trick %(number)d") % {"number": len(view.tricks) + 1}
    labels = {
        "picking": _("Picking"),
        "bury": _("Burying"),
        "call": _("Calling a partner"),
        "unknown": _("Setting a card aside"),
        "bidding": _("Bidding"),
        "declaring": _("Declaring a game"),
        "kontra": _("Kontra"),
        "re": _("Re"),
    }
    return labels[phase]


def advice(view, action, game: str, deck: str) -> str:
    """Why ``action`` (the expert's) is the move here, as a hint says it."""
    if game == SCHAFKOPF:
        return schafkopf_hint_sentence(view, action, deck)
    return sheepshead_hint_sentence(view, action)


def gain(cost: float, game: str) -> str:
    """What the better move was worth over the one made: '+0.8', '+€0.44'."""
    if game == SCHAFKOPF:
        return "+" + money(round(cost))
    return "+" + number_format(Decimal(f"{cost:.1f}"), decimal_pos=1)


def average(cost: float, game: str) -> str:
    """An average cost per decision: '0.12' points, '€0.03'."""
    if game == SCHAFKOPF:
        return money(round(cost))
    return number_format(Decimal(f"{cost:.2f}"), decimal_pos=2)
