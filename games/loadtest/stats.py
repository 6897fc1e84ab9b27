"""What the players measured: one sample per request, and their summaries.

Samples are appended from many player threads (``list.append`` is atomic);
everything else reads them once the players have stopped, or a copy.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from games.bench import percentile

#: The kinds of request, as a browser makes them.
KINDS = ("home", "new", "table", "poll", "toggle", "act")
#: The requests that make the server play: starting a match and the player's moves
#: (each also runs the computer players up to the human's next decision).
ACTION_KINDS = ("new", "act")
TARGET_P95_MS = 300.0


@dataclass
class Sample:
    kind: str
    started: float  # time.monotonic() when sent
    client_ms: float
    status: int  # 0: no answer (connection error)
    request_id: str
    server_ms: float | None = None  # from the server's access log, when it has one


@dataclass
class Recorder:
    """Every request the players made, and every error, as they happen."""

    samples: list[Sample] = field(default_factory=list)
    #: (when, kind, what): "500", "429", "connection", "refused", "stuck", ...
    errors: list[tuple[float, str, str]] = field(default_factory=list)
    stale: list[tuple[float, str]] = field(default_factory=list)
    #: (when, "finished" / "move")
    events: list[tuple[float, str]] = field(default_factory=list)

    def sample(self, sample: Sample) -> None:
        self.samples.append(sample)

    def error(self, kind: str, what: str) -> None:
        self.errors.append((time.monotonic(), kind, what))

    def event(self, name: str) -> None:
        self.events.append((time.monotonic(), name))

    def window(self, start: float, end: float) -> Recorder:
        """What was sent (errors: happened) from ``start`` until before ``end``."""
        return Recorder(
            samples=[s for s in self.samples if start <= s.started < end],
            errors=[e for e in self.errors if start <= e[0] < end],
            stale=[e for e in self.stale if start <= e[0] < end],
            events=[e for e in self.events if start <= e[0] < end],
        )


def spread(values: list[float]) -> dict:
    """p50 / p95 / p99 / max in ms (nearest rank), or only the count when empty."""
    if not values:
        return {"count": 0}
    return {
        "count": len(values),
        "p50_ms": round(percentile(values, 0.50), 1),
        "p95_ms": round(percentile(values, 0.95), 1),
        "p99_ms": round(percentile(values, 0.99), 1),
        "max_ms": round(max(values), 1),
    }


def timings(samples: list[Sample]) -> dict:
    """Client and server spreads for these samples (server: those the log timed)."""
    answered = [s for s in samples if s.status]
    server = [s.server_ms for s in answered if s.server_ms is not None]
    return {
        "client": spread([s.client_ms for s in answered]),
        "server": spread(server),
    }


def summarize(recorder: Recorder, seconds: float) -> dict:
    """One phase (or ramp step): requests, requests/s, spreads by kind, errors, progress."""
    samples = recorder.samples
    by_kind = {kind: timings([s for s in samples if s.kind == kind]) for kind in KINDS}
    actions = [s for s in samples if s.kind in ACTION_KINDS]
    errors = Counter(f"{kind} {what}" for _when, kind, what in recorder.errors)
    events = Counter(name for _when, name in recorder.events)
    return {
        "seconds": round(seconds, 1),
        "requests": len(samples),
        "requests_per_second": round(len(samples) / seconds, 1) if seconds > 0 else 0.0,
        "overall": timings(samples),
        "actions": timings(actions),
        "by_kind": {kind: value for kind, value in by_kind.items() if value["client"]["count"]},
        "errors": sum(errors.values()),
        "errors_by_kind": dict(sorted(errors.items())),
        "stale": len(recorder.stale),
        "matches_started": events["started"],
        "matches_finished": events["finished"],
        "moves": events["move"],
    }


def action_p95(summary: dict) -> float | None:
    """The figure the target is about: p95 of the actions as the players waited for them."""
    return summary["actions"]["client"].get("p95_ms")
