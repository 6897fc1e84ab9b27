"""The right answer to a Schafkopf exercise as form fields, worked out from the engine
(or, for the strategy kinds, the lesson data): for the view tests and the browser."""

from __future__ import annotations

from rules_engine.cards import CARD_POINTS, CODES, parse_card
from tutorials.schafkopf_kinds import declaration


def engine_winner(ex) -> str:
    leader, cards, winner = ex.state.tricks[ex.spec.get("trick", -1)]
    return CODES[cards[(winner - leader) % ex.state.deal.variant.seats]]


def trumps_held(ex) -> list[str]:
    ranking = ex.state.contract.kind.ranking
    return [c for c in ex.state.view(ex.seat).hand if ranking.is_trump(parse_card(c))]


def legal_cards(ex) -> list[str]:
    return sorted(a.card for a in ex.state.legal_actions() if a.play_bit)


def declarable(ex) -> list[str]:
    legal = ex.state.legal_actions()
    return [key for key in ex.spec["options"] if declaration(key) in legal]


def points(ex) -> int:
    return sum(CARD_POINTS[c] for t in ex.spec["tricks"] for c in ex.state.tricks[t][1])


def right_fields(ex) -> dict:
    kind = ex.kind
    if kind == "sk_winner":
        return {"card": engine_winner(ex)}
    if kind == "sk_trumps":
        return {"selected": trumps_held(ex), "check": "1"}
    if kind == "sk_legal":
        return {"selected": legal_cards(ex), "check": "1"}
    if kind == "sk_declare":
        return {"selected": declarable(ex), "check": "1"}
    if kind == "sk_points":
        return {"number": str(points(ex))}
    if kind == "sk_scores":
        return {f"score-{s}": str(v) for s, v in enumerate(ex.state.result().scores)}
    if kind == "sk_play":
        return {"card": ex.spec["answer"][0]}
    if kind == "sk_game":
        return {"game": ex.spec["answer"][0]}
    if kind == "sk_kontra":
        return {"decision": ex.spec["answer"]}
    if kind == "choice":
        return {"choice": str(ex.spec["answer"])}
    raise ValueError(f"{kind} is not a Schafkopf kind")
