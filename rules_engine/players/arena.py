"""``python -m rules_engine.players.arena``: duplicate matches between player levels.

Every deal is played once per seat, with the candidate in each seat in turn
and the field in the others, so every candidate meets the same cards from
every seat and the luck of the deal cancels out. A deal's figure is the
candidate's mean score over its seats; the report gives the mean over deals
with a 95 % confidence interval, the same split by the candidate's role
(Sheepshead: picker, partner, defender, leaster; Schafkopf: declarer,
partner, defender, ramsch), for Schafkopf also by contract, and the time
each level took per decision (p50 and p99, forced moves included).

``--game schafkopf [--short-deck]`` plays Schafkopf, four seats, scores in
cents. The game decides only the state a deal starts from, the seats, and
how a finished hand is tallied: one loop plays both.

Everything but the times is a function of ``--seed``: a rerun, with any
number of ``--workers``, prints the same scores. So a change to a player is
measured deal by deal: ``--per-deal FILE`` writes each deal's figure as a JSON
line, and a run of the changed code with ``--paired-with FILE`` adds the mean
difference over the deals both played, with its 95 % interval, which is far
narrower than the difference of two means.
"""

from __future__ import annotations

import argparse
import hmac
import json
import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from hashlib import sha256

from ..schafkopf import SchafkopfHand
from ..schafkopf_result import SchafkopfRole
from ..sheepshead import SheepsheadHand
from ..sheepshead_kinds import Role
from ..variant import SCHAFKOPF_LONG, SCHAFKOPF_SHORT, SHEEPSHEAD_FIVE
from . import LEVELS, player_for

#: Seats at the Sheepshead table: the candidate takes each in turn.
SEATS = SHEEPSHEAD_FIVE.seats

ROLES = tuple(str(role) for role in Role)
SCHAFKOPF_ROLES = tuple(str(role) for role in SchafkopfRole if role is not SchafkopfRole.REDEAL)
#: Schafkopf's contracts as the report splits them (a redeal is added if one occurs).
SCHAFKOPF_CONTRACTS = (
    "rufspiel", "wenz", "geier", "solo", "wenz tout", "geier tout", "solo tout", "ramsch",
)  # fmt: skip
Z95 = 1.959964


def deal_seed(seed: int, deal: int) -> bytes:
    return hmac.digest(str(seed).encode(), f"arena-deal:{deal}".encode(), sha256)


def contract_of(result) -> str:
    return f"{result.contract} tout" if result.tout else result.contract


def sheepshead_hand(state, seat: int) -> dict:
    result = state.result()
    return {"score": result.scores[seat], "role": str(result.role(seat))}


def schafkopf_hand(state, seat: int) -> dict:
    result = state.result()
    return {
        "score": result.scores[seat],
        "role": str(result.role(seat)),
        "contract": contract_of(result),
        "declared": seat == result.declarer,
        "kontra": state.contract.kontra == seat,
        "re": state.contract.re == seat,
    }


@dataclass(frozen=True)
class ArenaGame:
    """What the arena needs of a game: the rest of a deal's play is shared."""

    name: str
    seats: int
    #: The hand dealt from a deal's seed bytes, by the dealer's seat.
    start: Callable[[bytes, int], object]
    #: A finished hand as the candidate in ``seat`` saw it: score, role, and more.
    tally: Callable[[object, int], dict]
    roles: tuple[str, ...]
    contracts: tuple[str, ...] = ()  # none: no split by contract
    deck: str | None = None
    unit: str = ""


def _schafkopf(short: bool) -> ArenaGame:
    options = {"short_deck": True} if short else {}

    def start(cards: bytes, dealer: int) -> SchafkopfHand:
        return SchafkopfHand.from_seed(cards, dealer=dealer, options=options)

    variant = SCHAFKOPF_SHORT if short else SCHAFKOPF_LONG
    return ArenaGame(
        "schafkopf",
        variant.seats,
        start,
        schafkopf_hand,
        SCHAFKOPF_ROLES,
        SCHAFKOPF_CONTRACTS,
        deck="short" if short else "long",
        unit=" in cents",
    )


#: The games by ``(--game, --short-deck)``.
GAMES = {
    ("sheepshead", False): ArenaGame(
        "sheepshead", SHEEPSHEAD_FIVE.seats, SheepsheadHand.from_seed, sheepshead_hand, ROLES
    ),
    ("schafkopf", False): _schafkopf(False),
    ("schafkopf", True): _schafkopf(True),
}


def play_deal(candidate: str, field: str, seed: int, deal: int, game=GAMES["sheepshead", False]):
    """One deal, once per seat: the candidate's hands, tallied, and decision times."""
    players = {level: player_for(level) for level in {candidate, field}}
    cards = deal_seed(seed, deal)
    hands = []
    times: dict[str, list[float]] = {candidate: [], field: []}
    for seat in range(game.seats):
        state = game.start(cards, deal % game.seats)
        while not state.is_over:
            turn = state.turn
            level = candidate if turn == seat else field
            started = time.perf_counter()
            action = players[level].decide(state.view(turn), cards + bytes([turn]))
            times[level].append(time.perf_counter() - started)
            state = state.apply(action)
        hands.append(game.tally(state, seat))
    return {"deal": deal, "hands": hands, "times": times}


def _play_chunk(args) -> list[dict]:
    candidate, field, seed, deals, game = args
    return [play_deal(candidate, field, seed, d, GAMES[game]) for d in deals]


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


def run(candidate: str, field: str, deals: int, seed: int, **options) -> dict:
    """The summary of deals 0 to ``deals`` - 1 (``options``: those of :func:`play`)."""
    outcomes = play(candidate, field, range(deals), seed, **options)
    game = GAMES[options.get("game", "sheepshead"), options.get("short_deck", False)]
    return summarize(candidate, field, seed, outcomes, game)


def play(
    candidate: str,
    field: str,
    numbers: range,
    seed: int,
    workers: int = 1,
    game: str = "sheepshead",
    short_deck: bool = False,
) -> list[dict]:
    """The deals ``numbers`` of ``seed`` played, in order, by ``workers`` processes."""
    key = (game, short_deck)
    numbers = list(numbers)
    if workers > 1:
        chunks = [numbers[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play_chunk, [(candidate, field, seed, c, key) for c in chunks]))
        by_deal = {}
        for chunk, part in zip(chunks, parts, strict=True):
            by_deal.update(zip(chunk, part, strict=True))
        outcomes = [by_deal[d] for d in numbers]
    else:
        outcomes = _play_chunk((candidate, field, seed, numbers, key))
    return outcomes


def _figures(hands: list[dict]) -> dict:
    mean, low, high = mean_ci([h["score"] for h in hands])
    return {"hands": len(hands), "mean": mean, "ci_low": low, "ci_high": high}


def _split(hands: list[dict], key: str, names: tuple[str, ...]) -> dict[str, list[dict]]:
    """The hands by ``key``, every one of ``names`` first (empty or not), then any other."""
    groups: dict[str, list[dict]] = {name: [] for name in names}
    for hand in hands:
        groups.setdefault(hand[key], []).append(hand)
    return groups


def deal_figures(outcomes: list[dict]) -> dict[int, float]:
    """Each deal's figure by its number: the candidate's mean score over its seats."""
    return {o["deal"]: sum(h["score"] for h in o["hands"]) / len(o["hands"]) for o in outcomes}


def summarize(
    candidate: str, field: str, seed: int, outcomes: list[dict], game=GAMES["sheepshead", False]
) -> dict:
    per_deal = list(deal_figures(outcomes).values())
    hands = [h for o in outcomes for h in o["hands"]]
    mean, low, high = mean_ci(per_deal)
    roles = {role: _figures(group) for role, group in _split(hands, "role", game.roles).items()}
    latency = {}
    for level in dict.fromkeys([candidate, field]):
        times = sorted(t for o in outcomes for t in o["times"][level])
        latency[level] = {
            "decisions": len(times),
            "p50": round(percentile(times, 0.50) * 1000, 3),
            "p99": round(percentile(times, 0.99) * 1000, 3),
        }
    summary = {
        "game": game.name,
        "candidate": candidate,
        "field": field,
        "seed": seed,
        "deals": len(outcomes),
        "hands": len(hands),
        "mean": mean,
        "ci_low": low,
        "ci_high": high,
        "roles": roles,
        "latency_ms": latency,
    }
    if game.contracts:
        summary["deck"] = game.deck
        summary["contracts"] = {
            contract: {**_figures(group), "declared": sum(h["declared"] for h in group)}
            for contract, group in _split(hands, "contract", game.contracts).items()
        }
        summary["said"] = {said: sum(h[said] for h in hands) for said in ("kontra", "re")}
    return summary


#: What two runs must share for their deals to be compared one by one.
PAIRED_KEYS = ("game", "deck", "seed", "field")


class PairingError(ValueError):
    """A --paired-with file that does not fit this run; the message names why."""


def per_deal_lines(comparable: dict, figures: dict[int, float]) -> list[str]:
    """Each deal's figure as a JSON line, with what makes runs comparable."""
    same = {key: comparable.get(key) for key in PAIRED_KEYS}
    return [
        json.dumps({**same, "deal": deal, "score": score}, sort_keys=True)
        for deal, score in figures.items()
    ]


def _is_number(value, kind) -> bool:
    """A finite JSON number of ``kind``: never true or false, NaN or infinity."""
    return isinstance(value, kind) and not isinstance(value, bool) and math.isfinite(value)


def read_per_deal(lines, comparable: dict) -> dict[int, float]:
    """The deals' figures of an earlier run, checked to be of the same game, deck,
    seed and field as ``comparable``."""
    scores: dict[int, float] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            deal, score = row["deal"], row["score"]
        except (ValueError, TypeError, KeyError):
            raise PairingError(f"line {number} is not a deal's figure of --per-deal") from None
        if not (_is_number(deal, int) and _is_number(score, int | float)):
            raise PairingError(f"line {number} is not a deal's figure of --per-deal")
        for key in PAIRED_KEYS:
            if row.get(key) != comparable.get(key):
                raise PairingError(
                    f"line {number} has {key} {row.get(key)!r}, this run {comparable.get(key)!r}"
                )
        scores[deal] = float(score)
    return scores


def paired(now: dict[int, float], before: dict[int, float]) -> dict:
    """This run's mean minus the earlier run's, deal by deal, over the deals both
    played (:func:`main` refuses a file with none of them before playing)."""
    common = sorted(set(now) & set(before))
    mean, low, high = mean_ci([now[d] - before[d] for d in common])
    return {
        "deals": len(common),
        "before": sum(before[d] for d in common) / len(common),
        "after": sum(now[d] for d in common) / len(common),
        "mean": mean,
        "ci_low": low,
        "ci_high": high,
    }


def report(summary: dict) -> str:
    unit = GAMES[summary["game"], summary.get("deck") == "short"].unit
    at = f" at {summary['game']}, {summary['deck']} deck" if "deck" in summary else ""
    lines = [
        f"{summary['candidate']} against {summary['field']}{at}: {summary['deals']} deals, "
        f"{summary['hands']} hands (seed {summary['seed']})",
        f"  mean score per hand{unit} {summary['mean']:+.3f}  "
        f"95% CI [{summary['ci_low']:+.3f}, {summary['ci_high']:+.3f}]",
    ]
    for role, figures in summary["roles"].items():
        lines.append(
            f"  as {role:<9} {figures['hands']:>6} hands  mean {figures['mean']:+.3f}  "
            f"[{figures['ci_low']:+.3f}, {figures['ci_high']:+.3f}]"
        )
    for contract, figures in summary.get("contracts", {}).items():
        lines.append(
            f"  in {contract:<10} {figures['hands']:>5} hands  mean {figures['mean']:+.3f}  "
            f"[{figures['ci_low']:+.3f}, {figures['ci_high']:+.3f}]  "
            f"declared {figures['declared']}"
        )
    if "said" in summary:
        said = summary["said"]
        lines.append(f"  said Kontra in {said['kontra']} hands, Re in {said['re']}")
    if "paired" in summary:
        pair = summary["paired"]
        lines.append(
            f"  paired with the earlier run on {pair['deals']} deals: {pair['before']:+.3f} "
            f"then {pair['after']:+.3f}, difference {pair['mean']:+.3f}  "
            f"95% CI [{pair['ci_low']:+.3f}, {pair['ci_high']:+.3f}]"
        )
    for level, figures in summary["latency_ms"].items():
        lines.append(
            f"  {level:<9} decision time p50 {figures['p50']:.2f} ms, "
            f"p99 {figures['p99']:.2f} ms over {figures['decisions']} decisions"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_engine.players.arena")
    parser.add_argument("--game", default="sheepshead", choices=["sheepshead", "schafkopf"])
    parser.add_argument(
        "--short-deck", action="store_true", help="Schafkopf's 24-card deck, six cards each"
    )
    parser.add_argument("--candidate", required=True, choices=list(LEVELS))
    parser.add_argument("--field", required=True, choices=list(LEVELS))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    parser.add_argument("--per-deal", metavar="FILE", help="write each deal's figure, a JSON line")
    parser.add_argument(
        "--paired-with", metavar="FILE", help="compare deal by deal with an earlier --per-deal"
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1 or args.first < 0:
        parser.error("--deals and --workers must be at least 1, --first at least 0")
    if args.short_deck and args.game != "schafkopf":
        parser.error("--short-deck is for --game schafkopf only")
    game = GAMES[args.game, args.short_deck]
    comparable = {"game": game.name, "deck": game.deck, "seed": args.seed, "field": args.field}
    numbers = range(args.first, args.first + args.deals)
    before = None
    if args.paired_with:
        try:
            with open(args.paired_with, encoding="utf-8") as lines:
                before = read_per_deal(lines, comparable)
            if not before.keys() & set(numbers):
                raise PairingError("the file has none of this run's deals")
        except (OSError, UnicodeDecodeError, PairingError) as error:
            parser.error(f"--paired-with {args.paired_with}: {error}")
    try:
        # opened before the deals are played, so that a bad path costs no run
        out = open(args.per_deal, "w", encoding="utf-8") if args.per_deal else None
    except OSError as error:
        parser.error(f"--per-deal {args.per_deal}: {error}")
    outcomes = play(
        args.candidate, args.field, numbers, args.seed, args.workers, args.game, args.short_deck
    )
    summary = summarize(args.candidate, args.field, args.seed, outcomes, game)
    figures = deal_figures(outcomes)
    if before is not None:
        summary["paired"] = paired(figures, before)
    if out is not None:
        with out:
            out.write("".join(f"{line}\n" for line in per_deal_lines(comparable, figures)))
    print(json.dumps(summary, sort_keys=True) if args.json else report(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
