"""Hand-built Schafkopf deals and a short script language for the rule tests.

A script is ``"seat:action ..."`` steps: ``0:bid``, ``1:pass``, ``0:kontra``,
``2:re``, ``0:play:QC`` (or just ``0:QC``), ``0:ruf:AS``, ``1:wenz``,
``1:geier``, ``2:solo:H``, and ``tout`` appended for a Tout (``3:wenz:tout``,
``0:solo:C:tout``).
"""

from __future__ import annotations

from rules_engine import SchafkopfHand
from rules_engine.actions import PASS, Action, play
from rules_engine.cards import SUITS, parse_card
from rules_engine.contracts import GAMES_BY_KEY, Game
from rules_engine.records import apply_as
from rules_engine.schafkopf_actions import BID, CALL_ACTIONS, DECLARE_ACTIONS, KONTRA, RE

#: The deal most worked examples use: seat 2 holds AS, so a Rufspiel on AS has it as partner.
RUF_DEAL = (
    "QC QS JC AH TH 7S 9C 9D",
    "QD JH 8H KS 9S TC KC 8D",
    "QH JS KH 9H AS TS 8C 7D",
    "JD 7H 8S AC 7C AD TD KD",
)
#: Seat 0 holds all three callable aces.
ACES_DEAL = (
    "AC AS AD TC QC 7H 8H 9H",
    "QS QH QD JC JS JH JD AH",
    "TS KS 9S 8S 7S TH KH TD",
    "KC 9C 8C 7C KD 9D 8D 7D",
)
#: Seat 0 holds four spades with AS: it may run away once seat 1 calls AS.
RUN_DEAL = (
    "AS KS 9S 8S QD JD 7C 8D",
    "QC QS JC AH TH 7S AD TD",
    "QH JS 9H TS AC TC 9D 7D",
    "JH KH 8H 7H KC 9C 8C KD",
)


def deal(*hands: str, dealer: int = 3, **options) -> SchafkopfHand:
    return SchafkopfHand.new(
        [[parse_card(c) for c in hand.split()] for hand in hands], dealer, options
    )


def act(word: str):
    """The action of one script step (without its seat)."""
    parts = word.split(":")
    kind, rest = parts[0], parts[1:]
    tout = "tout" in rest
    rest = [p for p in rest if p != "tout"]
    simple = {"bid": BID, "pass": PASS, "kontra": KONTRA, "re": RE}
    if kind in simple:
        return simple[kind]
    if kind == "play":
        return play(rest[0])
    if kind == "ruf":  # any card, so that tests can call what may not be called
        called = parse_card(rest[0])
        return CALL_ACTIONS.get(called) or Action("declare", rest[0], contract="rufspiel")
    if kind in ("wenz", "geier"):
        return DECLARE_ACTIONS[GAMES_BY_KEY[Game(kind), -1, tout]]
    if kind == "solo":
        return DECLARE_ACTIONS[GAMES_BY_KEY[Game.SOLO, SUITS.index(rest[0]), tout]]
    return play(kind)


def run(state: SchafkopfHand, *script: str) -> SchafkopfHand:
    """Apply every step of the scripts, checking each seat's turn."""
    for text in script:
        for step in text.split():
            seat, word = step.split(":", 1)
            state = apply_as(state, int(seat), act(word))
    return state


def legal(state: SchafkopfHand) -> list[str]:
    """The legal actions as short words: ``play QC``, ``kontra``, ``declare wenz``..."""
    return sorted(str(a) for a in state.legal_actions())
