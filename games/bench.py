"""``python -m games.bench``: server time per human action, one JSON object a line.

A human action is what one click on the table asks of the server: apply the
human's move, then every computer move up to the human's next decision (or
the hand's end), all stored. It is timed through the services
(``submit_action``, and ``next_hand``, which deals and lets the computers
move up to the human's first decision), on a throwaway copy of the configured
database that is created first and dropped afterwards. The human's own
decisions come from the standard player and are not timed. A second line
times the same through the table's HTTP view (``POST /play/<id>/act`` with
htmx), page rendering included, for the first match.

Run with ``DJANGO_SETTINGS_MODULE=config.settings`` (and ``DJANGO_DEBUG=true``
for the development settings). The target is p95 <= 300 ms at the default
level, ``standard``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time

TARGET_P95_MS = 300


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summary(name: str, level: str, times_ms: list[float], **extra) -> dict:
    return {
        "bench": name,
        "level": level,
        "actions": len(times_ms),
        "p50_ms": round(statistics.median(times_ms), 1),
        "p95_ms": round(percentile(times_ms, 0.95), 1),
        "max_ms": round(max(times_ms), 1),
        "mean_ms": round(statistics.fmean(times_ms), 1),
        "target_p95_ms": TARGET_P95_MS,
        **extra,
    }


def human_decision(match) -> dict:
    from rules_engine.players import player_for

    from .services import load_table

    table = load_table(match)
    action = player_for("standard").decide(table.state.view(match.human_seat), b"bench")
    return {"action": action.kind, "card": action.card, "cards": action.cards}


def play_matches(count: int, level: str, seed: int) -> dict[str, list[float]]:
    """Play ``count`` matches through the services; milliseconds per kind of action."""
    from django.db import reset_queries

    from .models import Player
    from .services import load_table, next_hand, start_match, submit_action

    times: dict[str, list[float]] = {"move": [], "next_hand": [], "start": []}
    player = Player.objects.create()
    for n in range(count):
        match_seed = (seed * 1000 + n).to_bytes(32, "big")
        started = time.perf_counter()
        match = start_match(player, level, seed=match_seed)
        times["start"].append((time.perf_counter() - started) * 1000)
        while not match.is_finished:
            if load_table(match).state.is_over:
                started = time.perf_counter()
                match = next_hand(match.pk, player, match.version)
                times["next_hand"].append((time.perf_counter() - started) * 1000)
                continue
            move = human_decision(match)
            started = time.perf_counter()
            match = submit_action(match.pk, player, move, match.version)
            times["move"].append((time.perf_counter() - started) * 1000)
            reset_queries()
    return times


def play_through_http(level: str, seed: int) -> list[float]:
    """One match through the act view with the test client: milliseconds per request."""
    from django.test import Client

    from .models import Match, Player
    from .services import load_table

    client = Client(HTTP_HX_REQUEST="true")
    client.post("/play/new", {"level": level})  # a guest, as a visitor would be
    player = Player.objects.order_by("-pk").first()
    match = Match.objects.filter(player=player).get()
    times = []
    while not match.is_finished:
        if load_table(match).state.is_over:
            fields = {"action": "next-hand"}
        else:
            decision = human_decision(match)
            fields = {k: v for k, v in decision.items() if v}
        fields["version"] = match.version
        started = time.perf_counter()
        response = client.post(f"/play/{match.pk}/act", fields)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.status_code
        match.refresh_from_db()
    return times


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.bench", description=__doc__)
    parser.add_argument("--matches", type=int, default=5, help="matches to play (default 5)")
    parser.add_argument("--level", default="standard", help="computer players' level")
    parser.add_argument("--seed", type=int, default=1, help="first match seed")
    parser.add_argument("--no-http", action="store_true", help="skip the HTTP view timing")
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client's host, and no e-mail is sent
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    vendor = connection.vendor
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        times = play_matches(args.matches, args.level, args.seed)
        actions = times["move"] + times["next_hand"]
        print(
            json.dumps(
                summary(
                    "games.human_action",
                    args.level,
                    actions,
                    matches=args.matches,
                    database=vendor,
                    moves=len(times["move"]),
                    next_hands=len(times["next_hand"]),
                    move_p95_ms=round(percentile(times["move"], 0.95), 1),
                    next_hand_p95_ms=round(percentile(times["next_hand"], 0.95), 1),
                    start_p95_ms=round(percentile(times["start"], 0.95), 1),
                ),
                sort_keys=True,
            ),
            flush=True,
        )
        if not args.no_http:
            http = play_through_http(args.level, args.seed)
            print(
                json.dumps(
                    summary("games.act_view", args.level, http, matches=1, database=vendor),
                    sort_keys=True,
                ),
                flush=True,
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
