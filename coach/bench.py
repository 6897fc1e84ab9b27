"""``python -m coach.bench``: seconds to analyse one finished hand, per game, on one core.

Each hand is dealt from its own seed and played by the standard player in every seat
but the human's, where a random player makes the mistakes a coach is there for; then
the whole hand is analysed as the coach's task does (``coach.analysis.analyse``). One
JSON object a line per game: hands, decisions per hand, p50 and the slowest. The
target is at most 2 s a hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from rules_engine import SchafkopfHand, SheepsheadHand
from rules_engine.players import player_for
from rules_engine.records import record_of

from .analysis import analyse

TARGET_SECONDS = 2.0
GAMES = {
    "sheepshead": (SheepsheadHand.from_seed, 5),
    "schafkopf": (SchafkopfHand.from_seed, 4),
}


def played_record(game: str, seed: bytes, dealer: int) -> dict:
    deal, _seats = GAMES[game]
    state = deal(seed, dealer=dealer)
    human, others = player_for("random"), player_for("standard")
    while not state.is_over:
        seat = state.turn
        state = state.apply((human if seat == 0 else others).decide(state.view(seat), seed))
    return record_of(state).to_json()


def bench(game: str, hands: int) -> dict:
    seconds, decisions = [], []
    _deal, seats = GAMES[game]
    for n in range(hands):
        seed = f"coach bench {game} {n}".encode().ljust(32, b"\0")
        record = played_record(game, seed, n % seats)
        started = time.perf_counter()
        verdicts = analyse(record, 0, seed, 0)
        seconds.append(time.perf_counter() - started)
        decisions.append(len(verdicts))
    return {
        "bench": "coach_analysis",
        "game": game,
        "hands": hands,
        "decisions_per_hand": round(statistics.mean(decisions), 1),
        "p50_s": round(statistics.median(seconds), 3),
        "max_s": round(max(seconds), 3),
        "target_s": TARGET_SECONDS,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    args = parser.parse_args(argv)
    for game in GAMES:
        print(json.dumps(bench(game, args.hands)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
