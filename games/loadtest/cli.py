"""``python -m games.loadtest``: the production server under simulated players.

Starts the production server on loopback (4 web processes by default) on a
database and Redis databases of its own, emptied first; then N players
(default 50) play whole matches through HTTP at human pace for a bounded time,
then players play as fast as they can, more at each step, until the p95 of the
actions passes 300 ms. Prints requests per second, p50/p95/p99 per kind of
request (client time, and server time from the access log), errors, progress,
and a replay check of every match in the database against what its player
last saw. Exit 1 on any error or replay mismatch (not on the p95, a measurement).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time

from .server import BASE_DIR

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/sheepshead_load"
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/5"
DEFAULT_CACHE_URL = "redis://127.0.0.1:6379/6"
LOG_DIR = BASE_DIR / "var" / "loadtest"


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.loadtest", description=__doc__)
    parser.add_argument("--phase", choices=("human", "fast", "both"), default="both")
    parser.add_argument("--players", type=int, default=50, help="human-pace players (50)")
    parser.add_argument("--duration", type=float, default=60, help="human phase, seconds (60)")
    parser.add_argument(
        "--think", type=float, nargs=2, default=(1.0, 4.0), metavar=("MIN", "MAX"),
        help="human think time before each click, uniform, seconds (1 4)",
    )  # fmt: skip
    parser.add_argument(
        "--ramp", default="1,2,4,8,16,32,64",
        help="fast phase: players at each step (1,2,4,8,16,32,64)",
    )  # fmt: skip
    parser.add_argument("--step", type=float, default=10, help="fast phase step, seconds (10)")
    parser.add_argument(
        "--warm-up", type=float, default=5,
        help="seconds of full-speed play before measuring, not counted (5; 0: none)",
    )  # fmt: skip
    parser.add_argument(
        "--level", default="standard", choices=("beginner", "standard", "expert"),
        help="computer players (standard)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="players' choices (1)")
    parser.add_argument("--port", type=int, default=0, help="server port (0: a free one)")
    parser.add_argument("--web-workers", type=int, default=4, help="web processes (4)")
    parser.add_argument(
        "--database-url",
        default=DEFAULT_DATABASE_URL,
        help="dropped and created again (its name must contain 'load')",
    )
    parser.add_argument("--broker-url", default=DEFAULT_BROKER_URL, help="emptied first")
    parser.add_argument("--cache-url", default=DEFAULT_CACHE_URL, help="emptied first")
    parser.add_argument("--json", action="store_true", help="one JSON object at the end")
    args = parser.parse_args(argv)
    try:
        args.ramp = [int(n) for n in args.ramp.split(",")]
    except ValueError:
        parser.error("--ramp takes whole numbers separated by commas, as in 1,2,4")
    if args.players < 1 or args.duration <= 0 or args.step <= 0 or min(args.ramp) < 1:
        parser.error("players, duration, step and ramp must be positive")
    return args


def site_env(args: argparse.Namespace) -> dict[str, str]:
    """Production settings, behind one trusted proxy (the players) that speaks HTTPS."""
    env = {k: v for k, v in os.environ.items() if k != "GUNICORN_CMD_ARGS"}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="true",
        DJANGO_TRUST_X_FORWARDED_PROTO="true",
        DJANGO_TRUSTED_PROXY_COUNT="1",
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=args.database_url,
        CELERY_BROKER_URL=args.broker_url,
        CACHE_URL=args.cache_url,
    )
    return env


def main(argv=None) -> int:
    args = parse_args(argv)
    say = (
        (lambda text: print(text, file=sys.stderr, flush=True))
        if args.json
        else (lambda text: print(text, flush=True))
    )
    env = site_env(args)
    os.environ.update(env)  # the replay check reads the same database through Django
    import django

    django.setup()
    try:
        return run(args, env, say)
    except KeyboardInterrupt:
        say("interrupted: the server was stopped")
        return 130


def run(args, env: dict[str, str], say) -> int:
    from .cpu import read_cpu
    from .database import empty_redis, recreate_database
    from .server import (
        ServerFailed,
        free_port,
        read_access_log,
        server_env,
        start_server,
        stop_server,
        wait_healthy,
    )

    name = recreate_database(args.database_url)
    empty_redis(args.broker_url, args.cache_url)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    access_log, server_log = LOG_DIR / "access.log", LOG_DIR / "server.log"
    access_log.unlink(missing_ok=True)
    port = args.port or free_port()
    load_before = os.getloadavg()
    say(f"database {name}, server on 127.0.0.1:{port} with {args.web_workers} web processes "
        f"(log: {server_log}); load average {load_before[0]:.2f}")  # fmt: skip

    crowds: dict = {}
    windows: dict = {}
    with open(server_log, "w") as log:
        started = time.monotonic()
        server = start_server(port, args.web_workers, server_env(env, access_log), log)
        try:
            wait_healthy(server, port)
            say(f"server ready in {time.monotonic() - started:.1f} s")
            play(args, port, lambda: read_cpu(server.pid), crowds, windows, say)
        except ServerFailed as error:
            say(f"the server failed: {error} (see {server_log})")
            return 1
        finally:
            for crowd in crowds.values():
                crowd.finish()
            exit_code = stop_server(server)
    load_after = os.getloadavg()

    server_times = read_access_log(access_log)
    for crowd in crowds.values():
        for sample in crowd.recorder.samples:
            sample.server_ms = server_times.get(sample.request_id)
    result = {
        "server": {"port": port, "web_workers": args.web_workers, "exit_code": exit_code},
        "load_average": {"before": load_before, "after": load_after},
        "level": args.level,
        "seed": args.seed,
    }
    result.update(figures(crowds, windows, say))
    return finish(args, result, crowds, say)


def play(args, port: int, probe, crowds: dict, windows: dict, say) -> None:
    """The warm-up, then the phases asked for; crowds and windows are filled as they run."""
    from .phases import Crowd, fast_phase, human_phase, warm_up
    from .player import FAST, Pace

    def crowd(name: str, pace) -> Crowd:
        crowds[name] = Crowd("127.0.0.1", port, args.level, args.seed, pace)
        return crowds[name]

    if args.warm_up > 0:
        say(f"warm-up: {args.web_workers} players at full speed for {args.warm_up:.0f} s ...")
        windows["warm_up"] = warm_up(crowd("warm_up", FAST), args.web_workers, args.warm_up,
                                     probe)  # fmt: skip
    if args.phase in ("human", "both"):
        say(f"human pace: {args.players} players for {args.duration:.0f} s ...")
        pace = Pace("human", tuple(args.think), True)
        windows["human"] = human_phase(crowd("human", pace), args.players, args.duration, probe)
    if args.phase in ("fast", "both"):
        say(f"as fast as they can: {args.ramp} players, {args.step:.0f} s a step ...")

        def progress(summary: dict) -> None:
            p95 = summary["actions"]["client"].get("p95_ms")
            say(f"  {summary['players']} players: {summary['requests_per_second']} req/s, "
                f"actions p95 {p95} ms, errors {summary['errors']}")  # fmt: skip

        windows["fast"] = fast_phase(crowd("fast", FAST), args.ramp, args.step, probe, progress)


def figures(crowds: dict, windows: dict, say) -> dict:
    """Each phase's summary (printed as it goes), keyed for the JSON object."""
    from .report import crossing_point, phase_lines, ramp_lines
    from .stats import summarize

    result: dict = {}
    if "warm_up" in windows:
        warm = windows["warm_up"].summary(crowds["warm_up"].recorder)
        result["warm_up"] = {k: warm[k] for k in ("requests", "errors", "errors_by_kind")}
        say(f"warm-up: {warm['requests']} requests, {warm['errors']} errors (not in the figures)")
    if "human" in windows:
        human = windows["human"].summary(crowds["human"].recorder)
        result["human"] = human
        for line in phase_lines(f"human pace, {human['players']} players", human):
            say(line)
    if windows.get("fast"):
        recorder = crowds["fast"].recorder
        steps = [window.summary(recorder) for window in windows["fast"]]
        whole = summarize(recorder, sum(w.end - w.start for w in windows["fast"]))
        crossing = crossing_point(steps)
        result["fast"] = {"steps": steps, "whole": whole, "p95_passed_target": crossing}
        for line in ramp_lines(steps, crossing):
            say(line)
        for line in phase_lines("as fast as they can, all steps", whole):
            say(line)
    return result


def finish(args, result: dict, crowds: dict, say) -> int:
    """The replay check, the verdict line, the JSON object; the exit code."""
    from .replay import check_matches
    from .report import verdict

    replay = check_matches([m for crowd in crowds.values() for m in crowd.matches])
    result["replay"] = {
        "checked": replay.checked,
        "uncertain": replay.uncertain,
        "problems": replay.problems,
    }
    say(f"replay check: {replay.checked} matches replayed and compared with what their "
        f"players saw, {len(replay.problems)} mismatches"
        + (f" ({replay.uncertain} not compared: a move got no answer)" if replay.uncertain
           else ""))  # fmt: skip
    for problem in replay.problems[:50]:
        say(f"  {problem}")
    before, after = result["load_average"]["before"], result["load_average"]["after"]
    say(f"load average (1 min): {before[0]:.2f} before, {after[0]:.2f} after; "
        f"{os.cpu_count()} cores")  # fmt: skip
    errors = sum(len(crowd.recorder.errors) for crowd in crowds.values())
    result["errors"] = errors
    ok, line = verdict(result.get("human"), errors, replay.ok, replay.checked)
    result["ok"] = ok
    result["verdict"] = line
    say(line)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0 if ok else 1
