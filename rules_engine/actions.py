"""Actions: what a seat does, as frozen values that compare by content.

Every action the engine can offer is built once at import and reused, so
listing legal actions allocates nothing. ``to_json`` gives the record form of
docs/rules.md §5 with ``cards`` sorted, which is also the canonical form.

>>> play("QC") == PLAY[parse_card("QC")]
True
>>> bury(["TH", "9S"]).to_json(2)
{'action': 'bury', 'cards': ['9S', 'TH'], 'seat': 2}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .cards import CODES, DECK_SIZE, cards_of, parse_card
from .messages import Rule

#: The action names of Sheepshead records, and which card field each takes.
CARD_FIELD = {
    "pass": None,
    "pick": None,
    "alone": None,
    "bury": "cards",
    "call": "card",
    "unknown": "card",
    "play": "card",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``kind`` plus the card or cards it names, as codes."""

    kind: str
    card: str | None = None
    cards: tuple[str, ...] | None = None
    #: A Schafkopf declaration's game, trump suit letter and Tout (docs/rules.md §5).
    contract: str | None = None
    trump: str | None = None
    tout: bool = False
    #: The card as an index, or -1; ``mask`` has a bit for each card named.
    index: int = field(init=False, compare=False, repr=False)
    mask: int = field(init=False, compare=False, repr=False)
    #: ``mask`` for a play of one card, else 0: lets a play be checked with one ``&``.
    play_bit: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = -1 if self.card is None else parse_card(self.card)
        mask = 0 if index < 0 else 1 << index
        if self.cards is not None:
            object.__setattr__(self, "cards", tuple(self.cards))
            for code in self.cards:
                mask |= 1 << parse_card(code)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "mask", mask)
        is_play = self.kind == "play" and self.cards is None
        object.__setattr__(self, "play_bit", mask if is_play else 0)

    def to_json(self, seat: int | None = None) -> dict:
        out: dict = {"action": self.kind}
        if self.card is not None:
            out["card"] = self.card
        if self.cards is not None:
            out["cards"] = list(self.cards)
        if self.contract is not None:
            out["contract"] = self.contract
        if self.trump is not None:
            out["trump"] = self.trump
        if self.tout:
            out["tout"] = True
        if seat is not None:
            out["seat"] = seat
        return out

    def canonical_text(self) -> str:
        """The sort key of docs/rules.md §5: canonical JSON without the seat."""
        return json.dumps(self.to_json(), sort_keys=True)

    def __str__(self) -> str:
        if self.contract is not None:
            words = [self.kind, self.contract, self.trump or "", self.card or ""]
            return " ".join(w for w in [*words, "tout" if self.tout else ""] if w)
        if self.card is not None:
            return f"{self.kind} {self.card}"
        if self.cards is not None:
            return f"{self.kind} {' '.join(self.cards)}"
        return self.kind


def shape_problem(action: Action) -> Rule | None:
    """What is wrong with an action's fields for its kind (a Rule), or None."""
    if action.kind not in CARD_FIELD:
        return Rule("not_an_action", kind=action.kind, kinds=list(CARD_FIELD))
    wanted = CARD_FIELD[action.kind]
    if wanted is None and (action.card is not None or action.cards is not None):
        return Rule("names_no_card", kind=action.kind)
    if wanted == "card" and (action.card is None or action.cards is not None):
        return Rule("names_one_card", kind=action.kind)
    if wanted == "cards" and (action.cards is None or action.card is not None):
        return Rule("names_card_list", kind=action.kind)
    return None


def _card_action(kind: str, card: int) -> Action:
    return Action(kind, CODES[card])


PASS = Action("pass")
PICK = Action("pick")
ALONE = Action("alone")
PLAY = tuple(_card_action("play", c) for c in range(DECK_SIZE))
CALL = tuple(_card_action("call", c) for c in range(DECK_SIZE))
UNKNOWN = tuple(_card_action("unknown", c) for c in range(DECK_SIZE))
_BURIES: dict[int, Action] = {}


def bury_mask(mask: int) -> Action:
    """The bury of exactly the cards in ``mask`` (interned)."""
    action = _BURIES.get(mask)
    if action is None:
        codes = tuple(sorted(CODES[c] for c in cards_of(mask)))
        action = _BURIES[mask] = Action("bury", None, codes)
    return action


def play(code: str) -> Action:
    return PLAY[parse_card(code)]


def call(code: str) -> Action:
    return CALL[parse_card(code)]


def unknown(code: str) -> Action:
    return UNKNOWN[parse_card(code)]


def bury(codes) -> Action:
    """A bury of the given codes; duplicates are kept so the engine can refuse them."""
    action = Action("bury", None, tuple(sorted(codes)))
    if len(action.cards) == 2 and action.mask.bit_count() == 2:
        return bury_mask(action.mask)
    return action


_SIMPLE = {"pass": PASS, "pick": PICK, "alone": ALONE}
_BY_CARD = {"play": PLAY, "call": CALL, "unknown": UNKNOWN}


class MalformedAction(ValueError):
    """An action object that is not of the record format (not merely illegal)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name


def seat_of_json(data: object) -> int:
    """The seat of a record's action object; MalformedAction if it has none."""
    if not isinstance(data, dict):
        raise MalformedAction("action", "each action must be a JSON object")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedAction("seat", "must be a seat number")
    return seat


def action_from_json(data: object) -> tuple[int, Action]:
    """``(seat, action)`` from a record's action object; MalformedAction if it has no valid form."""
    seat = seat_of_json(data)
    kind = data.get("action")
    if kind not in CARD_FIELD:
        raise MalformedAction("action", f"{kind!r} is not an action ({', '.join(CARD_FIELD)})")
    wanted = CARD_FIELD[kind]
    extra = set(data) - {"seat", "action"} - ({wanted} if wanted else set())
    if extra:
        raise MalformedAction(sorted(extra)[0], f"not a field of a {kind!r} action")
    if wanted is None:
        return seat, _SIMPLE[kind]
    if wanted not in data:
        raise MalformedAction(wanted, f"a {kind!r} action needs {wanted!r}")
    try:
        if wanted == "card":
            return seat, _BY_CARD[kind][parse_card(data["card"])]
        codes = data["cards"]
        if not isinstance(codes, list):
            raise MalformedAction("cards", "must be a list of cards")
        return seat, bury(codes)
    except ValueError as error:
        if isinstance(error, MalformedAction):
            raise
        raise MalformedAction(wanted, str(error)) from None
