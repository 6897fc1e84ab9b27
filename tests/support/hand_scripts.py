"""Hands built and played from short scripts, for the engine's tests.

Deals are written seat 0 first, one string of six cards per seat. A script step
is either one decision ("pick", "bury 8S KD", "call AH") or a run of plays in
turn order ("7C AC 9C TH 7S"); steps may be joined with commas.
"""

from __future__ import annotations

from rules_engine import Action, SheepsheadHand
from rules_engine.actions import ALONE, PASS, PICK, bury, call, play, unknown
from rules_engine.cards import CODES, cards_of, parse_card

DECK = sorted(rank + suit for suit in "CSHD" for rank in "789TJQKA")
DECISIONS = {"pass", "pick", "alone", "bury", "call", "unknown"}
SIMPLE = {"pass": PASS, "pick": PICK, "alone": ALONE}

# The dealer (seat 0) picks last; with 8S KD buried it holds QC QS JC AD 9H 7S.
HOLD_DEAL = (
    "QC QS JC AD 9H 7S",  # 0 dealer and picker: hold cards 9H and 7S, no clubs
    "7C 8C TS KS 7H 8D",  # 1 leads first
    "AC TC 9S 8H JS 9D",  # 2
    "AH KH 9C KC QH 7D",  # 3 the partner when AH is called
    "QD JH JD TD AS TH",  # 4
)
HOLD_BLIND = "8S KD"
#: The dealer picks, buries 8S KD and calls AH (seat 3 holds it).
PICK_AND_CALL = "pass, pass, pass, pass, pick, bury 8S KD, call AH"

# The dealer picks with no fail card in hand but the aces it owns, calls AH (seat 2's)
# and sets a card aside: the unknown.
UNKNOWN_DEAL = (
    "QC QS QH JC JS AD",  # 0 dealer and picker
    "7H 8H 7C 8C 7S 7D",  # 1
    "AH KH 9C 8S 9S 8D",  # 2 the partner when AH is called
    "TH 9H TC KC TS 9D",  # 3
    "QD JH JD KD AS KS",  # 4
)
UNKNOWN_BLIND = "AC TD"


def deal(*hands: str, blind: str, dealer: int = 0) -> SheepsheadHand:
    """A hand about to be picked; the test fails at once if a card is missing or doubled."""
    seats = [h.split() if isinstance(h, str) else list(h) for h in hands]
    blind_codes = blind.split() if isinstance(blind, str) else list(blind)
    every = sorted(c for h in [*seats, blind_codes] for c in h)
    assert every == DECK, "a hand-built deal must hold each card once"
    assert [len(h) for h in seats] == [6] * 5 and len(blind_codes) == 2
    return SheepsheadHand.new(
        [[parse_card(c) for c in h] for h in seats], [parse_card(c) for c in blind_codes], dealer
    )


def act(text: str) -> Action:
    """One script step as the engine's action: "pass", "bury 8S KD", "call AH", "7C"."""
    kind, *cards = text.split()
    if kind in SIMPLE:
        return SIMPLE[kind]
    if kind == "bury":
        return bury(cards)
    if kind in ("call", "unknown"):
        return (call if kind == "call" else unknown)(cards[0])
    return play(kind)


def steps(*script: str) -> list[str]:
    """The script split into single actions: a decision whole, a run of plays card by card."""
    out = []
    for step in script:
        for chunk in step.split(","):
            words = chunk.split()
            out.extend([chunk.strip()] if words[0] in DECISIONS else words)
    return out


def run(state: SheepsheadHand, *script: str) -> SheepsheadHand:
    """The state after each action of the script, applied in order."""
    for text in steps(*script):
        state = state.apply(act(text))
    return state


def unknown_game(*script: str, buried: str = "AC TD", aside: str = "JS") -> SheepsheadHand:
    """The unknown deal once the dealer has picked, buried, called AH and set ``aside``
    face down; then the rest of the script."""
    return run(
        deal(*UNKNOWN_DEAL, blind=UNKNOWN_BLIND),
        f"pass, pass, pass, pass, pick, bury {buried}, call AH, unknown {aside}",
        *script,
    )


def codes(mask: int) -> set[str]:
    """The card codes in a card mask (a hand, the blind)."""
    return {CODES[c] for c in cards_of(mask)}


def recorded(seat: int, action: str, **fields) -> dict:
    """One action in a hand record's form: ``recorded(1, "bury", cards=["9D", "AD"])``."""
    return {"seat": seat, "action": action, **fields}


# -- positions the hints and the computer players are judged on ---------------------
# As ``position(**...)`` arguments (tests/conftest.py): unnamed cards fill the other seats.


def defender_to_lead() -> dict:
    """Seat 1 picked, buried 9D AD and called AC; seat 0, a defender holding 7C of
    the called suit, leads the first trick."""
    return {
        "hands": {0: "7C 8S 9H KS 7H TS".split(), 1: "QC QS QH JC JS AD".split()},
        "blind": ["8C", "9D"],
        "dealer": 4,
        "actions": [
            recorded(0, "pass"),
            recorded(1, "pick"),
            recorded(1, "bury", cards=["9D", "AD"]),
            recorded(1, "call", card="AC"),
        ],
    }


def picker_to_lead(*then: dict) -> dict:
    """Seat 1 picked with four queens, buried 7S 8S and called AC (seat 2 holds it,
    with AH to schmier) and leads the first trick; then the actions ``then``."""
    return {
        "hands": {1: "QC QS QH QD JC 8C".split(), 2: "AC TS AH 9S KH 7H".split()},
        "blind": ["7S", "8S"],
        "dealer": 0,
        "actions": [
            recorded(1, "pick"),
            recorded(1, "bury", cards=["7S", "8S"]),
            recorded(1, "call", card="AC"),
            *then,
        ],
    }
