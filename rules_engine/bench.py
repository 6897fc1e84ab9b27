"""``python -m rules_engine.bench``: the engine's speed, one JSON object a line.

Figures, not a pass/fail test: compare them from run to run. Each figure is
measured on one core through the public API; hands per second is the best of
``--rounds`` rounds, the games taking their rounds in turn so that the figures
of one run compare.

- ``sheepshead.random_hands_per_s``: full hands (deal from a seed, picking,
  bury, call, all 30 plays), every action chosen at random among
  ``legal_actions()`` and applied with ``apply()``.
- ``sheepshead.legal_actions_first_call_us``: mean time of the first
  ``legal_actions()`` call on a state nobody asked before (its own memo
  empty), over every decision point of other random hands, with the engine's
  shared table of plays by mask emptied first (it refills as masks recur, as
  in a running process). This is the cost a search pays on each new state.
- ``sheepshead.legal_actions_memo_us``: the same states asked again: each
  answers from its memo, so this is the cost of a repeated call only.
- ``sheepshead.apply_us``: mean time of one ``apply()`` on those states, their
  legal actions already known (a search asks them, then applies one).
- ``schafkopf.random_hands_per_s``, once with ``"deck": "long"`` and once with
  ``"deck": "short"``: full Schafkopf hands (deal, bidding, declaring, Kontra
  and Re turns, every play) chosen at random the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from .options import schafkopf_options
from .schafkopf import SchafkopfHand
from .sheepshead import _PLAYS_BY_MASK, SheepsheadHand
from .variant import SCHAFKOPF_LONG, SHEEPSHEAD_FIVE


def random_hands(count: int, seed: int = 1, first: int = 0) -> int:
    """Play ``count`` random hands (deal seeds ``first`` on); returns the actions taken.

    Each round of the benchmark deals new hands, so no round replays positions
    an earlier one already met (and cached).
    """
    uniform = random.Random(seed).random
    taken = 0
    for n in range(first, first + count):
        state = SheepsheadHand.from_seed(n.to_bytes(8, "big"), dealer=n % SHEEPSHEAD_FIVE.seats)
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[int(uniform() * len(legal))])
            taken += 1
    return taken


def random_schafkopf_hands(count: int, seed: int = 1, first: int = 0, short: bool = False) -> int:
    """Play ``count`` random Schafkopf hands; returns the actions taken.

    The options are checked once and what the check returns is given to every hand,
    which the engine knows as checked: the figure is the hands', not the options'.
    """
    uniform = random.Random(seed).random
    options = schafkopf_options({"short_deck": short})
    taken = 0
    for n in range(first, first + count):
        state = SchafkopfHand.from_seed(n.to_bytes(8, "big"), n % SCHAFKOPF_LONG.seats, options)
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[int(uniform() * len(legal))])
            taken += 1
    return taken


#: The random hands timed, each a function of (count, seed, first) returning the actions.
GAMES_TIMED = {
    "sheepshead": random_hands,
    "long": random_schafkopf_hands,
    "short": lambda count, seed, first: random_schafkopf_hands(count, seed, first, short=True),
}


def best_rates(hands: int, rounds: int) -> tuple[dict[str, int], int]:
    """Hands a second of each of :data:`GAMES_TIMED`, the least disturbed of ``rounds``
    rounds each on new deals, and the actions of Sheepshead's last round. The games
    take their rounds in turn, so a disturbance of the machine falls on all of them
    alike and the figures of one run compare."""
    elapsed = dict.fromkeys(GAMES_TIMED, float("inf"))
    actions = 0
    for round_number in range(rounds):
        for name, play in GAMES_TIMED.items():
            started = time.perf_counter()
            taken = play(hands, seed=round_number + 1, first=round_number * hands)
            elapsed[name] = min(elapsed[name], time.perf_counter() - started)
            if name == "sheepshead":
                actions = taken
    return {name: round(hands / seconds) for name, seconds in elapsed.items()}, actions


def sample_lines(count: int, seed: int = 2) -> list[tuple[bytes, int, list]]:
    """The deal seed, dealer and random actions of ``count`` hands."""
    rng = random.Random(seed)
    lines = []
    for n in range(count):
        deal_seed, dealer = b"sample" + n.to_bytes(8, "big"), n % SHEEPSHEAD_FIVE.seats
        state = SheepsheadHand.from_seed(deal_seed, dealer=dealer)
        actions = []
        while not state.is_over:
            actions.append(rng.choice(state.legal_actions()))
            state = state.apply(actions[-1])
        lines.append((deal_seed, dealer, actions))
    return lines


def fresh_states(lines: list[tuple[bytes, int, list]]) -> list[SheepsheadHand]:
    """Every decision point of ``lines``, each a state that was never asked anything.

    Applying an action asks the state for its legal actions (and it remembers
    them), so each state kept is a twin made by applying the same action once
    more to its predecessor, and the walk goes on from the other twin.
    """
    states = []
    for deal_seed, dealer, actions in lines:
        states.append(SheepsheadHand.from_seed(deal_seed, dealer=dealer))
        walker = SheepsheadHand.from_seed(deal_seed, dealer=dealer)
        for action in actions[:-1]:
            states.append(walker.apply(action))
            walker = walker.apply(action)
    return states


def measure(hands: int, rounds: int) -> list[dict]:
    rates, actions = best_rates(hands, rounds)

    states = fresh_states(sample_lines(max(hands // 10, 100)))
    _PLAYS_BY_MASK.clear()
    started = time.perf_counter()
    legal = [state.legal_actions() for state in states]
    first_call = time.perf_counter() - started

    started = time.perf_counter()
    for state in states:
        state.legal_actions()
    memo = time.perf_counter() - started

    started = time.perf_counter()
    for state, options in zip(states, legal, strict=True):
        state.apply(options[0])
    apply_elapsed = time.perf_counter() - started

    def per_state_us(seconds: float) -> float:
        return round(seconds / len(states) * 1e6, 2)

    return [
        {"name": "sheepshead.random_hands_per_s", "value": rates["sheepshead"]},
        {"name": "sheepshead.actions_per_hand", "value": round(actions / hands, 1)},
        {"name": "sheepshead.decision_points", "value": len(states)},
        {"name": "sheepshead.legal_actions_first_call_us", "value": per_state_us(first_call)},
        {"name": "sheepshead.legal_actions_memo_us", "value": per_state_us(memo)},
        {"name": "sheepshead.apply_us", "value": per_state_us(apply_elapsed)},
        *(
            {"name": "schafkopf.random_hands_per_s", "deck": deck, "value": rates[deck]}
            for deck in ("long", "short")
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_engine.bench")
    parser.add_argument("--hands", type=int, default=10000, help="random hands a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best is reported")
    args = parser.parse_args(argv)
    for line in measure(args.hands, args.rounds):
        print(json.dumps(line, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
