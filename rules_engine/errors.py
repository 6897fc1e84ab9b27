"""Errors the engine raises, each saying what was wrong in a player's words."""


class IllegalAction(ValueError):
    """An action the rules don't allow now; the message names the rule broken."""

    def __init__(self, message: str, action=None, seat: int | None = None) -> None:
        super().__init__(message)
        self.action = action
        self.seat = seat


class InvalidRecord(ValueError):
    """A hand record that is not of the §5 format; ``field`` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
