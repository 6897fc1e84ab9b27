"""The coach's words: which moment of the hand a decision was and what the better move
was worth. Why it was better is the hint's sentence (``games.hint_text``)."""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from games.models import SCHAFKOPF
from games.schafkopf_sentences import money


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
