"""Hand records (docs/rules.md §5): parse, validate, replay, and write them.

A record is the deal plus the list of actions; it is how hands are stored,
exchanged and tested. ``parse_record`` rejects anything that is not of the
format with an :class:`InvalidRecord` naming the field; an action that is of
the format but against the rules is only found by replaying.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from .actions import Action, MalformedAction, action_from_json
from .cards import CODES, cards_of, parse_card
from .errors import IllegalAction, InvalidRecord
from .messages import Rule
from .options import SCHAFKOPF_DEFAULTS, schafkopf_options
from .schafkopf import SchafkopfHand, variant_for
from .schafkopf_actions import schafkopf_action_from_json
from .sheepshead import SheepsheadHand
from .variant import SCHAFKOPF_LONG, SHEEPSHEAD_FIVE

GAMES = {"sheepshead": SHEEPSHEAD_FIVE, "schafkopf": SCHAFKOPF_LONG}
#: How each game reads one action object of a record.
ACTION_READERS = {"sheepshead": action_from_json, "schafkopf": schafkopf_action_from_json}


@dataclass(frozen=True)
class HandRecord:
    game: str
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    blind: tuple[int, ...]
    actions: tuple[tuple[int, Action], ...]
    options: tuple[tuple[str, object], ...] = ()

    def start(self) -> SheepsheadHand | SchafkopfHand:
        """The state before the first action."""
        if self.game == "schafkopf":
            return SchafkopfHand.new(self.hands, self.dealer, dict(self.options))
        return SheepsheadHand.new(self.hands, self.blind, self.dealer, GAMES[self.game])

    def to_json(self) -> dict:
        deal: dict = {"hands": [[CODES[c] for c in hand] for hand in self.hands]}
        if self.game != "schafkopf":  # a Schafkopf deal has hands only (docs/rules.md §5)
            deal["blind"] = [CODES[c] for c in self.blind]
        return {
            "game": self.game,
            "options": dict(self.options),
            "dealer": self.dealer,
            "deal": deal,
            "actions": [action.to_json(seat) for seat, action in self.actions],
        }

    def replay(self) -> SheepsheadHand:
        """The state after every action; IllegalAction at the first illegal one."""
        state = self.start()
        for seat, action in self.actions:
            state = apply_as(state, seat, action)
        return state


def apply_as(state: SheepsheadHand, seat: int, action: Action) -> SheepsheadHand:
    """Apply an action that a record says ``seat`` took, checking the seat first."""
    if state.is_over:
        raise IllegalAction.breaking(Rule("no_more_actions"), action, seat)
    if seat != state.turn:
        raise IllegalAction.breaking(
            Rule("not_your_turn", turn=state.turn, seat=seat), action, seat
        )
    return state.apply(action)


def record_of(state: SheepsheadHand | SchafkopfHand) -> HandRecord:
    """The record of a state: its deal, its options other than defaults, every action so far."""
    deal = state.deal
    options = getattr(deal, "options", {})
    return HandRecord(
        game=deal.variant.name,
        dealer=deal.dealer,
        hands=tuple(tuple(cards_of(h)) for h in deal.hands),
        blind=tuple(cards_of(getattr(deal, "blind", 0))),
        actions=state.actions,
        options=tuple(sorted((k, v) for k, v in options.items() if v != SCHAFKOPF_DEFAULTS.get(k))),
    )


def parse_record(data: object) -> HandRecord:
    """A :class:`HandRecord` from its JSON object; InvalidRecord names the bad field."""
    if not isinstance(data, dict):
        raise InvalidRecord("record", "must be a JSON object")
    game = data.get("game", "sheepshead")
    if game not in GAMES:
        raise InvalidRecord(
            "game", f"{game!r} is not a game this engine plays ({', '.join(GAMES)})"
        )
    variant = GAMES[game]
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidRecord("options", "must be a JSON object")
    if game == "schafkopf":
        variant = variant_for(schafkopf_options(options))
    known = dict(variant.option_defaults) if game != "schafkopf" else SCHAFKOPF_DEFAULTS
    for name in options:
        if name not in known:
            raise InvalidRecord(f"options.{name}", f"{game} has no option {name!r}")
    dealer = data.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < variant.seats:
        raise InvalidRecord("dealer", f"must be a seat number from 0 to {variant.seats - 1}")
    hands, blind = _parse_deal(data.get("deal"), variant)
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise InvalidRecord("actions", "must be a list")
    actions = []
    read_action = ACTION_READERS[game]
    for i, raw in enumerate(raw_actions):
        try:
            actions.append(read_action(raw))
        except MalformedAction as error:
            where = (
                f"actions[{i}]"
                if error.field == "action" and not isinstance(raw, dict)
                else f"actions[{i}].{error.field}"
            )
            raise InvalidRecord(where, str(error).split(": ", 1)[1]) from None
    extra = set(data) - {"game", "options", "dealer", "deal", "actions"}
    if extra:
        name = sorted(extra)[0]
        raise InvalidRecord(name, "not a field of a hand record")
    return HandRecord(
        game=game,
        dealer=dealer,
        hands=hands,
        blind=blind,
        actions=tuple(actions),
        options=tuple(sorted(options.items())),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_cards(
    raw: object, field: str, count: int, seen: dict[int, str], deck: int
) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != count:
        raise InvalidRecord(field, f"must be a list of {count} cards")
    out = []
    for j, code in enumerate(raw):
        try:
            c = parse_card(code)
        except ValueError as error:
            raise InvalidRecord(f"{field}[{j}]", str(error)) from None
        if not deck >> c & 1:
            raise InvalidRecord(f"{field}[{j}]", f"{code} is not in this game's deck")
        if c in seen:
            raise InvalidRecord(f"{field}[{j}]", f"{code} is dealt twice (also in {seen[c]})")
        seen[c] = field
        out.append(c)
    return tuple(out)


def _parse_deal(raw: object, variant) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    if not isinstance(raw, dict):
        wanted = "'hands' and 'blind'" if variant.blind_size else "'hands'"
        raise InvalidRecord("deal", f"must be an object with {wanted}")
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != variant.seats:
        raise InvalidRecord("deal.hands", f"must be a list of {variant.seats} hands")
    seen: dict[int, str] = {}
    hands = tuple(
        _parse_cards(hand, f"deal.hands[{i}]", variant.hand_size, seen, variant.deck)
        for i, hand in enumerate(hands_raw)
    )
    if not variant.blind_size and raw.get("blind", []) == []:
        return hands, ()  # a game without a blind may leave it out
    blind = _parse_cards(raw.get("blind"), "deal.blind", variant.blind_size, seen, variant.deck)
    return hands, blind


def replay_lines(record: HandRecord, k: int, trace: bool) -> Iterator[dict]:
    """The replay command's output objects for record ``k`` (docs/rules.md §5)."""
    state = record.start()
    for step, (seat, action) in enumerate(record.actions):
        if trace:
            yield trace_line(k, step, state)
        try:
            state = apply_as(state, seat, action)
        except IllegalAction as error:
            yield {"record": k, "error": {"step": step, "message": str(error)}}
            return
    if trace and not state.is_over:
        yield trace_line(k, len(record.actions), state)
    yield {"record": k, "result": state.result().to_json()}


def trace_line(k: int, step: int, state: SheepsheadHand) -> dict:
    return {
        "record": k,
        "step": step,
        "seat": None if state.is_over else state.turn,
        "legal": canonical_actions(state.legal_actions()),
    }


def canonical_actions(actions) -> list[dict]:
    """Actions in the canonical order of docs/rules.md §5, seat left out."""
    return [json.loads(text) for text in sorted(a.canonical_text() for a in actions)]
