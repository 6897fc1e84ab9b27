"""The load test's figures as text lines (``--json`` prints the same as one object)."""

from __future__ import annotations

from .stats import ACTION_KINDS, KINDS, TARGET_P95_MS, action_p95


def _cells(spread: dict) -> str:
    if not spread.get("count"):
        return f"{'-':>23}"
    return f"{spread['p50_ms']:>7.1f}{spread['p95_ms']:>8.1f}{spread['p99_ms']:>8.1f}"


def phase_lines(title: str, summary: dict) -> list[str]:
    """A phase: its totals, then p50/p95/p99 by kind of request, client and server."""
    lines = [
        f"{title}: {summary['requests']} requests in {summary['seconds']} s = "
        f"{summary['requests_per_second']} req/s; errors {summary['errors']}, "
        f"stale {summary['stale']}; matches started {summary['matches_started']}, "
        f"finished {summary['matches_finished']}; moves {summary['moves']}",
        f"  {'requests':<10}{'count':>7}   client p50/p95/p99 ms   server p50/p95/p99 ms",
    ]
    rows = [("actions", summary["actions"]), ("all", summary["overall"])]
    rows += [(kind, summary["by_kind"][kind]) for kind in KINDS if kind in summary["by_kind"]]
    for name, timing in rows:
        count = timing["client"].get("count", 0)
        lines.append(
            f"  {name:<10}{count:>7}   {_cells(timing['client'])}   {_cells(timing['server'])}"
        )
    if "cpu" in summary:
        lines.append("  " + cpu_text(summary["cpu"]))
    for error, count in summary["errors_by_kind"].items():
        lines.append(f"  error: {error} x{count}")
    return lines


def cpu_text(cpu: dict) -> str:
    return (
        f"CPU, in cores: server {cpu['server_cores']}, load test {cpu['loadtest_cores']}, "
        f"whole machine {cpu['machine_cores']} of {cpu['machine_cores_total']}"
    )


def ramp_lines(steps: list[dict], crossing: dict) -> list[str]:
    lines = [
        "as fast as they can, players added step by step:",
        f"  {'players':>7}{'req/s':>8}{'actions p95':>13}{'server p95':>12}{'all p95':>9}"
        f"{'errors':>8}   CPU cores: server / load test / machine",
    ]
    for step in steps:
        server = step["actions"]["server"].get("p95_ms")
        lines.append(
            f"  {step['players']:>7}{step['requests_per_second']:>8.1f}"
            f"{action_p95(step) or 0:>13.1f}{server if server is not None else '-':>12}"
            f"{step['overall']['client'].get('p95_ms', 0):>9.1f}{step['errors']:>8}"
            + (
                f"   {step['cpu']['server_cores']} / {step['cpu']['loadtest_cores']} / "
                f"{step['cpu']['machine_cores']}"
                if "cpu" in step
                else ""
            )
        )
    lines.append("  " + crossing["text"])
    return lines


def crossing_point(steps: list[dict]) -> dict:
    """The throughput at which the actions' p95 first passed the target, if it did,
    and the highest throughput of any step."""
    found = _crossing(steps)
    if steps:
        peak = max(steps, key=lambda step: step["requests_per_second"])
        found["peak"] = {"players": peak["players"],
                         "requests_per_second": peak["requests_per_second"],
                         "actions_p95_ms": action_p95(peak)}  # fmt: skip
        found["text"] += (
            f"; the most: {peak['requests_per_second']} req/s at {peak['players']} players"
        )
    return found


def _crossing(steps: list[dict]) -> dict:
    for n, step in enumerate(steps):
        p95 = action_p95(step)
        if p95 is not None and p95 > TARGET_P95_MS:
            before = steps[n - 1] if n else None
            text = (
                f"actions' p95 first passed {TARGET_P95_MS:.0f} ms at {step['players']} players, "
                f"{step['requests_per_second']} req/s (p95 {p95} ms)"
            )
            if before:
                text += (
                    f"; under it at {before['players']} players, "
                    f"{before['requests_per_second']} req/s"
                )
            return {"passed": True, "players": step["players"],
                    "requests_per_second": step["requests_per_second"],
                    "last_under": before and {"players": before["players"],
                                              "requests_per_second":
                                                  before["requests_per_second"]},
                    "text": text}  # fmt: skip
    top = steps[-1] if steps else None
    text = (
        f"actions' p95 stayed under {TARGET_P95_MS:.0f} ms up to {top['players']} players, "
        f"{top['requests_per_second']} req/s"
        if top
        else "no step ran"
    )
    return {"passed": False, "players": top and top["players"],
            "requests_per_second": top and top["requests_per_second"], "text": text}  # fmt: skip


def verdict(human: dict | None, errors: int, replay_ok: bool, checked: int) -> tuple[bool, str]:
    """The pass/fail line against the targets: no errors, the replay check, and the
    actions' p95 at human pace. Returns whether the run failed for errors or the
    replay check: the p95 is a measurement, and does not fail the run by itself."""
    parts = [
        f"{errors} errors (target 0)",
        f"replay check {'OK' if replay_ok else 'FAILED'} ({checked} matches)",
    ]
    met = True
    if human is not None:
        p95 = action_p95(human)
        met = p95 is not None and p95 <= TARGET_P95_MS
        parts.append(
            f"p95 of actions ({'+'.join(ACTION_KINDS)}) at human pace {p95} ms "
            f"(target <= {TARGET_P95_MS:.0f} ms)"
        )
    ok = errors == 0 and replay_ok
    return ok, f"{'PASS' if ok and met else 'FAIL'}: " + "; ".join(parts)
