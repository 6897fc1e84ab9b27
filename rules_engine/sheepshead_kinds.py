"""Sheepshead's phases and contracts as enums, so no bare string is compared across
the engine; their values are the names views, records and results use.

>>> Phase.CALL.label, ContractKind.LEASTER == "leaster"
('call', True)
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Phase(IntEnum):
    """What the seat to act is asked; an int, so that tables index by it."""

    PICKING = 0
    BURY = 1
    CALL = 2
    UNKNOWN = 3
    PLAY = 4
    OVER = 5

    @property
    def label(self) -> str:
        """The name views and messages use: ``"picking"``, ``"play"``..."""
        return self.name.lower()


class ContractKind(StrEnum):
    """What picking and calling decided, as the result's ``contract`` names it."""

    CALLED_ACE = "called_ace"
    ALONE = "alone"
    LEASTER = "leaster"


class Role(StrEnum):
    """What a seat was in a finished hand, as the arena and the expert tell them apart."""

    PICKER = "picker"
    PARTNER = "partner"
    DEFENDER = "defender"
    LEASTER = "leaster"
