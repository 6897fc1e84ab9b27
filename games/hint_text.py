"""Why a move is good, in one sentence of the reader's language, for either game: what
a practice table's hint and the coach both say (the same words from the same code)."""

from __future__ import annotations

from .models import SCHAFKOPF
from .schafkopf_hints import hint_sentence as schafkopf_hint_sentence
from .sheepshead_hints import hint_sentence as sheepshead_hint_sentence


def hint_sentence(view, action, game: str, deck: str) -> str:
    """``deck`` is the cards the player chose for ``game`` (Schafkopf names its cards
    as that deck draws them)."""
    if game == SCHAFKOPF:
        return schafkopf_hint_sentence(view, action, deck)
    return sheepshead_hint_sentence(view, action)
