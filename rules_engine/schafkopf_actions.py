"""Schafkopf's actions (docs/rules.md §5): bid, declare, Kontra, Re, pass and play.

Every action the engine offers is built once here, so legal lists allocate
nothing; ``schafkopf_action_from_json`` reads a record's action object and
names the field that is not of the format.

>>> DECLARE_ACTIONS[GAMES_BY_KEY[Game.SOLO, 0, True]].to_json()
{'action': 'declare', 'contract': 'solo', 'trump': 'C', 'tout': True}
"""

from __future__ import annotations

from .actions import PASS, PLAY, Action, MalformedAction, seat_of_json
from .cards import ACE, CODES, SUIT_NAMES, SUITS, TEN, card, parse_card
from .contracts import CALLABLE_SUITS, GAMES_BY_KEY, Game, GameKind

BID = Action("bid")
KONTRA = Action("kontra")
RE = Action("re")

#: The declarations of every game but a Rufspiel, by its kind.
DECLARE_ACTIONS: dict[GameKind, Action] = {
    kind: Action(
        "declare",
        contract=kind.game.value,
        trump=SUITS[kind.trump] if kind.trump >= 0 else None,
        tout=kind.tout,
    )
    for kind in GAMES_BY_KEY.values()
    if kind.game not in (Game.RUFSPIEL, Game.RAMSCH, Game.REDEAL)
}
#: A Rufspiel declaration by its called card (an ace or a ten of a callable suit).
CALL_ACTIONS: dict[int, Action] = {
    card(rank, suit): Action("declare", CODES[card(rank, suit)], contract=Game.RUFSPIEL.value)
    for suit in CALLABLE_SUITS
    for rank in (ACE, TEN)
}
RUFSPIEL = GAMES_BY_KEY[Game.RUFSPIEL, -1, False]
#: The game each declaration declares.
KIND_OF: dict[Action, GameKind] = {
    **{action: kind for kind, action in DECLARE_ACTIONS.items()},
    **{action: RUFSPIEL for action in CALL_ACTIONS.values()},
}
#: The same by the identity of the interned action: a lookup that needs no hashing
#: of the action's fields (the engine only ever applies the actions it offered).
KIND_BY_ID: dict[int, GameKind] = {id(action): kind for action, kind in KIND_OF.items()}
#: Declarations other than a Rufspiel, lowest rank first.
SOLO_DECLARATIONS = tuple(sorted(DECLARE_ACTIONS.values(), key=lambda a: KIND_OF[a].rank))

_SIMPLE = {"pass": PASS, "bid": BID, "kontra": KONTRA, "re": RE}
_DECLARABLE = ("rufspiel", "wenz", "geier", "solo")


def game_words(declaration: Action) -> str:
    """A declaration's game in words, for messages: ``'solo tout (clubs)'``.

    >>> game_words(CALL_ACTIONS[parse_card("AS")])
    'rufspiel (AS called)'
    """
    words = declaration.contract + (" tout" if declaration.tout else "")
    if declaration.trump is not None:
        return f"{words} ({SUIT_NAMES[SUITS.index(declaration.trump)]})"
    if declaration.card is not None:
        return f"{words} ({declaration.card} called)"
    return words


def schafkopf_action_from_json(data: object) -> tuple[int, Action]:
    """``(seat, action)`` from a Schafkopf action object; MalformedAction names the field."""
    seat = seat_of_json(data)
    kind = data.get("action")
    fields = {"seat", "action"}
    if kind in _SIMPLE:
        action = _SIMPLE[kind]
    elif kind == "play":
        fields.add("card")
        action = PLAY[_card(data, "play")]
    elif kind == "declare":
        fields |= {"contract", "card", "trump", "tout"}
        action = _declaration(data)
    else:
        kinds = ", ".join([*_SIMPLE, "declare", "play"])
        raise MalformedAction("action", f"{kind!r} is not a Schafkopf action ({kinds})")
    extra = set(data) - fields
    if extra:
        raise MalformedAction(sorted(extra)[0], f"not a field of a {kind!r} action")
    return seat, action


def _card(data: dict, kind: str) -> int:
    if "card" not in data:
        raise MalformedAction("card", f"a {kind!r} action needs 'card'")
    try:
        return parse_card(data["card"])
    except ValueError as error:
        raise MalformedAction("card", str(error)) from None


def _declaration(data: dict) -> Action:
    """The declared game as an Action; whether it is allowed is for the engine to say."""
    contract = data.get("contract")
    if contract not in _DECLARABLE:
        raise MalformedAction("contract", f"must be one of {', '.join(_DECLARABLE)}")
    tout = data.get("tout", False)
    if not isinstance(tout, bool):
        raise MalformedAction("tout", "must be true or false")
    trump = data.get("trump")
    if contract == "solo":
        if trump not in tuple(SUITS):
            raise MalformedAction("trump", "a solo names its trump suit: C, S, H or D")
    elif trump is not None:
        raise MalformedAction("trump", f"a {contract} has no trump suit to name")
    if contract == "rufspiel":
        called = _card(data, "declare")
        return CALL_ACTIONS.get(called) or Action(
            "declare", CODES[called], contract=contract, tout=tout
        )
    if "card" in data:
        raise MalformedAction("card", f"a {contract} calls no card")
    kind = GAMES_BY_KEY[Game(contract), SUITS.index(trump) if trump else -1, tout]
    return DECLARE_ACTIONS[kind]
