"""The Schafkopf exercise kinds' data: declarations named by short keys, and the
structure each kind needs (the answers themselves are checked by the tests).

A declaration in a lesson file is a key a person can read and write:
``rufspiel-AS`` (a Rufspiel calling the Gras-Sau), ``wenz``, ``geier``,
``solo-H`` (a Farbsolo in Herz), and ``-tout`` after any of the solo games.
The engine's own action is read from it by the engine's record reader, so a
key means exactly what the same declaration in a hand record means.

>>> str(declaration("solo-H-tout").contract), declaration("solo-H-tout").tout
('solo', True)
>>> key_of(declaration("rufspiel-AS"))
'rufspiel-AS'
"""

from __future__ import annotations

from rules_engine.actions import MalformedAction
from rules_engine.cards import is_card_code
from rules_engine.schafkopf_actions import KONTRA, schafkopf_action_from_json

#: What a Kontra exercise may be answered.
KONTRA_ANSWERS = ("kontra", "no")


def declaration(key: str):
    """The engine's declaration for a key; ValueError for a key that names none."""
    if not isinstance(key, str):
        raise ValueError(f"{key!r} is not a declaration")
    parts = key.split("-")
    tout = parts[-1] == "tout"
    if tout:
        parts = parts[:-1]
    data: dict = {"seat": 0, "action": "declare", "contract": parts[0]}
    if tout:
        data["tout"] = True
    if parts[0] == "rufspiel" and len(parts) == 2:
        data["card"] = parts[1]
    elif parts[0] == "solo" and len(parts) == 2:
        data["trump"] = parts[1]
    elif len(parts) != 1:
        raise ValueError(f"{key!r} is not a declaration")
    try:
        return schafkopf_action_from_json(data)[1]
    except MalformedAction as error:
        raise ValueError(f"{key!r} is not a declaration ({error})") from None


def key_of(action) -> str:
    """The key of an engine declaration (the inverse of :func:`declaration`)."""
    parts = [action.contract]
    if action.card is not None:
        parts.append(action.card)
    if action.trump is not None:
        parts.append(action.trump)
    if action.tout:
        parts.append("tout")
    return "-".join(parts)


def check_schafkopf_kind(at: str, kind: str, spec: dict, state, seat) -> None:
    """Refuse a Schafkopf exercise whose position can't ask its question."""
    from .course import LessonDataError, check_moment

    def fail(field_name: str, message: str):
        raise LessonDataError(f"{at}.{field_name}: {message}")

    wants_phase = {
        "sk_legal": "play", "sk_play": "play", "sk_trumps": "play", "sk_scores": "over",
        "sk_declare": "declaring", "sk_game": "declaring",
    }  # fmt: skip
    acting = ("sk_legal", "sk_play", "sk_declare", "sk_game", "sk_kontra")
    check_moment(kind, spec, state, seat, fail, wants_phase, acting)
    if kind == "sk_trumps" and seat is None:
        fail("seat", "names whose cards are shown")
    if kind == "sk_points":
        tricks = spec["tricks"]
        if (
            not isinstance(tricks, list)
            or not tricks
            or not all(isinstance(t, int) and 0 <= t < len(state.tricks) for t in tricks)
        ):
            fail("tricks", "must list completed tricks of the record")
    if kind == "sk_play":
        answer = spec["answer"]
        if not isinstance(answer, list) or not answer or not all(map(is_card_code, answer)):
            fail("answer", "must be a list of cards")
    if kind in ("sk_declare", "sk_game"):
        options = spec["options"]
        if (
            not isinstance(options, list)
            or len(options) < 2
            or len(set(map(str, options))) != len(options)
        ):
            fail("options", "must list at least two different declarations")
        for key in options:
            try:
                declaration(key)
            except ValueError as error:
                fail("options", str(error))
    if kind == "sk_game":
        answer = spec["answer"]
        if not isinstance(answer, list) or not answer or not set(answer) <= set(spec["options"]):
            fail("answer", "must list some of the options")
    if kind == "sk_kontra":
        if state.is_over or KONTRA not in state.legal_actions():
            fail("record", "a sk_kontra exercise needs a moment when you may say Kontra")
        if spec["answer"] not in KONTRA_ANSWERS:
            fail("answer", "must be 'kontra' or 'no'")
