"""``python -m rules_engine.players.arena``: duplicate matches between player levels.

Every deal is played five times, with the candidate in each seat in turn and
the field in the other four, so every candidate meets the same cards from
every seat and the luck of the deal cancels out. A deal's figure is the
candidate's mean score over its five seats; the report gives the mean over
deals with a 95 % confidence interval, the same split by the candidate's
role (picker, partner, defender, leaster), and the time each level took per
decision (p50 and p99, forced moves included).

Everything but the times is a function of ``--seed``: a rerun, with any
number of ``--workers``, prints the same scores.
"""

from __future__ import annotations

import argparse
import hmac
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from hashlib import sha256

from ..sheepshead import SheepsheadHand
from ..variant import SHEEPSHEAD_FIVE
from . import LEVELS, player_for

#: Seats at the table: the candidate takes each in turn.
SEATS = SHEEPSHEAD_FIVE.seats

ROLES = ("picker", "partner", "defender", "leaster")
Z95 = 1.959964


def deal_seed(seed: int, deal: int) -> bytes:
    return hmac.digest(str(seed).encode(), f"arena-deal:{deal}".encode(), sha256)


def role_of(result, seat: int) -> str:
    if result.contract == "leaster":
        return "leaster"
    if seat == result.picker:
        return "picker"
    if seat == result.partner:
        return "partner"
    return "defender"


def play_deal(candidate: str, field: str, seed: int, deal: int) -> dict:
    """One deal, five times: the candidate's scores and roles, and decision times."""
    players = {level: player_for(level) for level in {candidate, field}}
    cards = deal_seed(seed, deal)
    scores, roles = [], []
    times: dict[str, list[float]] = {candidate: [], field: []}
    for seat in range(SEATS):
        state = SheepsheadHand.from_seed(cards, dealer=deal % SEATS)
        while not state.is_over:
            turn = state.turn
            level = candidate if turn == seat else field
            started = time.perf_counter()
            action = players[level].decide(state.view(turn), cards + bytes([turn]))
            times[level].append(time.perf_counter() - started)
            state = state.apply(action)
        result = state.result()
        scores.append(result.scores[seat])
        roles.append(role_of(result, seat))
    return {"scores": scores, "roles": roles, "times": times}


def _play_chunk(args) -> list[dict]:
    candidate, field, seed, deals = args
    return [play_deal(candidate, field, seed, d) for d in deals]


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


def run(candidate: str, field: str, deals: int, seed: int, workers: int = 1) -> dict:
    numbers = list(range(deals))
    if workers > 1:
        chunks = [numbers[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play_chunk, [(candidate, field, seed, c) for c in chunks]))
        by_deal = {}
        for chunk, part in zip(chunks, parts, strict=True):
            by_deal.update(zip(chunk, part, strict=True))
        outcomes = [by_deal[d] for d in numbers]
    else:
        outcomes = _play_chunk((candidate, field, seed, numbers))
    return summarize(candidate, field, seed, outcomes)


def summarize(candidate: str, field: str, seed: int, outcomes: list[dict]) -> dict:
    per_deal = [sum(o["scores"]) / len(o["scores"]) for o in outcomes]
    mean, low, high = mean_ci(per_deal)
    roles = {}
    for role in ROLES:
        values = [
            s for o in outcomes for s, r in zip(o["scores"], o["roles"], strict=True) if r == role
        ]
        r_mean, r_low, r_high = mean_ci(values)
        roles[role] = {"hands": len(values), "mean": r_mean, "ci_low": r_low, "ci_high": r_high}
    latency = {}
    for level in dict.fromkeys([candidate, field]):
        times = sorted(t for o in outcomes for t in o["times"][level])
        latency[level] = {
            "decisions": len(times),
            "p50": round(percentile(times, 0.50) * 1000, 3),
            "p99": round(percentile(times, 0.99) * 1000, 3),
        }
    return {
        "candidate": candidate,
        "field": field,
        "seed": seed,
        "deals": len(outcomes),
        "hands": SEATS * len(outcomes),
        "mean": mean,
        "ci_low": low,
        "ci_high": high,
        "roles": roles,
        "latency_ms": latency,
    }


def report(summary: dict) -> str:
    lines = [
        f"{summary['candidate']} against {summary['field']}: {summary['deals']} deals, "
        f"{summary['hands']} hands (seed {summary['seed']})",
        f"  mean score per hand {summary['mean']:+.3f}  "
        f"95% CI [{summary['ci_low']:+.3f}, {summary['ci_high']:+.3f}]",
    ]
    for role, figures in summary["roles"].items():
        lines.append(
            f"  as {role:<9} {figures['hands']:>6} hands  mean {figures['mean']:+.3f}  "
            f"[{figures['ci_low']:+.3f}, {figures['ci_high']:+.3f}]"
        )
    for level, figures in summary["latency_ms"].items():
        lines.append(
            f"  {level:<9} decision time p50 {figures['p50']:.2f} ms, "
            f"p99 {figures['p99']:.2f} ms over {figures['decisions']} decisions"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_engine.players.arena")
    parser.add_argument("--game", default="sheepshead", choices=["sheepshead"])
    parser.add_argument("--candidate", required=True, choices=list(LEVELS))
    parser.add_argument("--field", required=True, choices=list(LEVELS))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    summary = run(args.candidate, args.field, args.deals, args.seed, args.workers)
    print(json.dumps(summary, sort_keys=True) if args.json else report(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
