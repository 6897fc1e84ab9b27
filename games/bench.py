"""``python -m games.bench``: server time per human action, one JSON object a line.

A human action is what one click on the table asks of the server: apply the
human's move, then every computer move up to the human's next decision (or
the hand's end), all stored. It is timed through the services
(``submit_action``, and ``next_hand``, which deals and lets the computers
move up to the human's first decision), on a throwaway copy of the configured
database that is created first and dropped afterwards, at ``standard`` (the
default level) and at ``expert`` (the daily's level, the slowest computer
players). Starting a match is timed too, and at ``expert`` also as the daily
starts it: ``start_daily_match`` on a different day's deal each time, which
deals the first hand and lets the expert players move up to the human's
first decision. The human's own decisions come from the standard player and
are not timed. A line times the same clicks through the table's HTTP view
(``POST /play/<id>/act`` with htmx), page rendering included, for one match
at ``standard``.

Sheepshead's lines come first (ten-hand matches), then Schafkopf's: sessions
of the default house rules (the long deck, two rounds: eight hands at four
seats) timed the same way at ``standard`` and ``expert``, and one session
through the HTTP view, started from the home page's form; the daily is
Sheepshead's only. Each line names its ``game``; ``--hands`` plays only each
match's first hands, for a quick look.

Run with ``DJANGO_SETTINGS_MODULE=config.settings`` (and ``DJANGO_DEBUG=true``
for the development settings). The target is p95 <= 300 ms at the default
level, ``standard``, in either game.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from collections.abc import Iterator

TARGET_P95_MS = 300
#: The level the target is set for: the one a new visitor plays.
TARGET_LEVEL = "standard"
#: Schafkopf sessions (eight hands each) at standard and at expert: about as many hands
#: as the Sheepshead matches have at each level.
SCHAFKOPF_SESSIONS = 6
SCHAFKOPF_EXPERT_SESSIONS = 2


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summary(name: str, level: str, times_ms: list[float], **extra) -> dict:
    """p50 / p95 / max / mean of ``times_ms``; the p95 target only at the level it is for."""
    line = {
        "bench": name,
        "level": level,
        "actions": len(times_ms),
        "p50_ms": round(statistics.median(times_ms), 1),
        "p95_ms": round(percentile(times_ms, 0.95), 1),
        "max_ms": round(max(times_ms), 1),
        "mean_ms": round(statistics.fmean(times_ms), 1),
        **extra,
    }
    if level == TARGET_LEVEL:
        line["target_p95_ms"] = TARGET_P95_MS
    return line


def human_decision(match) -> dict:
    """The standard player's move in the human's seat as the table's form fields, only
    those it fills in (a Schafkopf declaration's ``contract``, ``trump`` and ``tout`` too)."""
    from rules_engine.players import player_for

    from .services import load_table

    table = load_table(match)
    action = player_for("standard").decide(table.state.view(match.human_seat), b"bench")
    fields = {
        "action": action.kind,
        "card": action.card,
        "cards": list(action.cards or ()),
        "contract": action.contract,
        "trump": action.trump,
        "tout": "1" if action.tout else "",
    }
    return {name: value for name, value in fields.items() if value}


def stop_before_next_hand(match, hands: int | None) -> bool:
    """Whether to stop at the end of a hand: once the first ``hands`` hands are played
    (None: play on to the match's end)."""
    return hands is not None and match.hands.count() >= hands


def play_matches(
    count: int, level: str, seed: int, hands: int | None = None, game: str = "sheepshead"
) -> dict[str, list[float]]:
    """Play ``count`` matches of ``game`` through the services (a Schafkopf one is a
    session of the default house rules and rounds; only their first ``hands`` hands, if
    given); milliseconds per kind of action: ``start``, ``move``, ``next_hand``."""
    from django.db import reset_queries

    from .models import Player
    from .services import load_table, next_hand, start_match, submit_action

    times: dict[str, list[float]] = {"move": [], "next_hand": [], "start": []}
    player = Player.objects.create()
    for n in range(count):
        match_seed = (seed * 1000 + n).to_bytes(32, "big")
        started = time.perf_counter()
        match = start_match(player, level, seed=match_seed, game=game)
        times["start"].append((time.perf_counter() - started) * 1000)
        while not match.is_finished:
            if load_table(match).state.is_over:
                if stop_before_next_hand(match, hands):
                    break
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


def start_dailies(count: int, seed: int) -> list[float]:
    """Start the daily's ranked attempt on ``count`` days' deals, as ``/daily/start/``
    does: milliseconds each, dealing and the expert players' first moves included."""
    import datetime as dt
    import random

    from django.contrib.auth import get_user_model

    from .game_kinds import seats_of
    from .models import SHEEPSHEAD, DailyDeal, Player
    from .services import start_daily_match

    rng = random.Random(seed)
    # Only a signed-in player's attempt is ranked: an account with no usable password.
    user = get_user_model().objects.create_user(f"bench-{rng.randbytes(8).hex()}")
    player = Player.objects.create(user=user)
    first_day = dt.date(2000, 1, 1)
    times = []
    for n in range(count):
        deal_seed = rng.randbytes(32)
        deal = DailyDeal.objects.create(
            date=first_day + dt.timedelta(days=n),
            seed=deal_seed,
            first_dealer=deal_seed[-1] % seats_of(SHEEPSHEAD, {}),
        )
        started = time.perf_counter()
        start_daily_match(player, deal, ranked=True)
        times.append((time.perf_counter() - started) * 1000)
    return times


def new_game_form(game: str, level: str) -> tuple[str, dict]:
    """Where the home page posts a new match of ``game``, and its fields with the
    form's default choices (for Schafkopf the default house rules and rounds)."""
    from .models import SCHAFKOPF
    from .schafkopf_setup import DEFAULT

    if game != SCHAFKOPF:
        return "/play/new", {"level": level}
    return "/play/schafkopf/new", {
        "computer_level": level,
        "deck": "short" if DEFAULT.short_deck else "long",
        "all_pass": DEFAULT.all_pass,
        "tariff": DEFAULT.tariff,
        "rounds": DEFAULT.rounds,
    }


def play_through_http(
    level: str, seed: int, game: str = "sheepshead", hands: int | None = None
) -> list[float]:
    """One match of ``game`` (only its first ``hands`` hands, if given) through the act
    view with the test client: milliseconds per request."""
    from django.test import Client

    from .models import Match, Player
    from .services import load_table

    client = Client(HTTP_HX_REQUEST="true")
    url, form = new_game_form(game, level)
    response = client.post(url, form)  # a guest, as a visitor would be
    assert response.status_code == 302, response.status_code
    player = Player.objects.order_by("-pk").first()
    match = Match.objects.filter(player=player).get()
    times = []
    while not match.is_finished:
        if load_table(match).state.is_over:
            if stop_before_next_hand(match, hands):
                break
            fields = {"action": "next-hand"}
        else:
            fields = human_decision(match)
        fields["version"] = match.version
        started = time.perf_counter()
        response = client.post(f"/play/{match.pk}/act", fields)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.status_code
        match.refresh_from_db()
        # A refused move is shown on the table with a 200 too; asking again would loop.
        assert match.version > fields["version"], f"the table refused {fields}"
    return times


def level_summary(level: str, times: dict[str, list[float]], **extra) -> dict:
    """One line for a level: every click of its matches, starting them included (a kind of
    click that never came, as ``next_hand`` in one-hand matches, has a p95 of None)."""
    clicks = times["start"] + times["move"] + times["next_hand"]

    def p95(kind: str) -> float | None:
        return round(percentile(times[kind], 0.95), 1) if times[kind] else None

    return summary(
        "games.human_action",
        level,
        clicks,
        starts=len(times["start"]),
        moves=len(times["move"]),
        next_hands=len(times["next_hand"]),
        start_p95_ms=p95("start"),
        move_p95_ms=p95("move"),
        next_hand_p95_ms=p95("next_hand"),
        **extra,
    )


def level_lines(game: str, counts: dict[str, int], args, vendor: str) -> Iterator[dict]:
    """A line for each level of ``counts`` (level: how many matches) given any matches."""
    for level, count in counts.items():
        if count > 0:
            times = play_matches(count, level, args.seed, args.hands, game)
            yield level_summary(level, times, game=game, matches=count, database=vendor)


def http_line(game: str, args, vendor: str) -> dict:
    """The act view's line: one match of ``game`` at the target level."""
    times = play_through_http(TARGET_LEVEL, args.seed, game, args.hands)
    return summary("games.act_view", TARGET_LEVEL, times, game=game, matches=1, database=vendor)


def bench_lines(args, vendor: str) -> Iterator[dict]:
    """Every figure of a run, as it is measured: Sheepshead's (its human actions at
    standard and expert, starting the daily, the act view), then Schafkopf's (the same
    but the daily, which is Sheepshead's)."""
    from .services import DAILY_LEVEL

    counts = {TARGET_LEVEL: args.matches, DAILY_LEVEL: args.expert_matches}
    yield from level_lines("sheepshead", counts, args, vendor)
    if args.daily_starts > 0:
        starts = start_dailies(args.daily_starts, args.seed)
        yield summary("games.start_daily", DAILY_LEVEL, starts, game="sheepshead", database=vendor)
    if not args.no_http:
        yield http_line("sheepshead", args, vendor)
    counts = {TARGET_LEVEL: args.schafkopf_sessions, "expert": args.schafkopf_expert_sessions}
    yield from level_lines("schafkopf", counts, args, vendor)
    if not args.no_http:
        yield http_line("schafkopf", args, vendor)


def print_lines(args, vendor: str) -> None:
    """Each line of ``bench_lines`` as JSON on standard output, as soon as it is measured."""
    for line in bench_lines(args, vendor):
        print(json.dumps(line, sort_keys=True), flush=True)


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.bench", description=__doc__)
    parser.add_argument("--matches", type=int, default=5, help="matches at standard (default 5)")
    parser.add_argument(
        "--expert-matches", type=int, default=2, help="matches at expert (default 2)"
    )
    parser.add_argument(
        "--daily-starts", type=int, default=10, help="daily attempts started (default 10)"
    )
    parser.add_argument(
        "--schafkopf-sessions",
        type=int,
        default=SCHAFKOPF_SESSIONS,
        help=f"Schafkopf sessions at standard (default {SCHAFKOPF_SESSIONS})",
    )
    parser.add_argument(
        "--schafkopf-expert-sessions",
        type=int,
        default=SCHAFKOPF_EXPERT_SESSIONS,
        help=f"Schafkopf sessions at expert (default {SCHAFKOPF_EXPERT_SESSIONS})",
    )
    parser.add_argument(
        "--hands", type=int, help="play only each match's first HANDS hands (default all)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first match seed")
    parser.add_argument("--no-http", action="store_true", help="skip the HTTP view timing")
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    return args


def main(argv=None) -> None:
    args = parse_args(argv)
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
        print_lines(args, vendor)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
