"""The phases of a Schafkopf hand, as an enum whose values are the views' ``phase``."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the seat to act is asked; the names are the views' ``phase``."""

    BIDDING = "bidding"
    DECLARING = "declaring"
    KONTRA = "kontra"  # the third or fourth hand's Kontra turn after the first card
    RE = "re"  # the Re round right after a Kontra
    PLAY = "play"
    OVER = "over"


# The phases as module names: read on every action, so one lookup and no more.
BIDDING, DECLARING, KONTRA_TURN, RE_ROUND, PLAY, OVER = Phase
