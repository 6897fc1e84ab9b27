"""Errors the engine raises, each saying what was wrong in a player's words."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules don't allow now; the message names the rule broken.

    ``rule`` is the same as data (a :class:`~rules_engine.messages.Rule`), for
    pages that say it in another language.
    """

    def __init__(self, message: str, action=None, seat: int | None = None, rule=None) -> None:
        super().__init__(message)
        self.action = action
        self.seat = seat
        self.rule = rule

    @classmethod
    def breaking(cls, rule, action=None, seat: int | None = None) -> IllegalAction:
        return cls(str(rule), action, seat, rule)


class InvalidRecord(ValueError):
    """A hand record that is not of the §5 format; ``field`` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
