"""The two phases: many players at human pace, then players as fast as they can.

Players run in threads, each with its own connection, address and seeded
choices. A phase's figures are those of the requests sent within its time; a
request in flight when the time is up is waited for and counted.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .client import PlayerClient
from .cpu import CpuReading, cores_used
from .player import FAST, MatchSeen, Pace, SimulatedPlayer
from .stats import TARGET_P95_MS, Recorder, action_p95, summarize

#: Human players arrive spread over this many seconds (at most a quarter of the phase).
ARRIVAL_SECONDS = 10.0
#: Players of the fast phase and of the warm-up are numbered from here, so that every
#: player has an address of its own.
FAST_NUMBERS_FROM = 100_000
WARM_UP_NUMBERS_FROM = 200_000
JOIN_SECONDS = 90


@dataclass
class Crowd:
    """Players sharing a stop signal and a recorder."""

    host: str
    port: int
    level: str
    seed: int
    pace: Pace
    recorder: Recorder = field(default_factory=Recorder)
    stop: threading.Event = field(default_factory=threading.Event)
    players: list[SimulatedPlayer] = field(default_factory=list)
    threads: list[threading.Thread] = field(default_factory=list)

    def add(self, number: int, arrival_seconds: float = 0.0) -> None:
        client = PlayerClient(self.host, self.port, address_of(number))
        player = SimulatedPlayer(
            number, client, seed=self.seed, pace=self.pace, level=self.level,
            recorder=self.recorder, stop=self.stop,
        )  # fmt: skip
        thread = threading.Thread(
            target=player.run, args=(arrival_seconds,), name=f"player-{number}", daemon=True
        )
        self.players.append(player)
        self.threads.append(thread)
        thread.start()

    def finish(self) -> None:
        """Tell every player to stop, and wait for their requests in flight."""
        self.stop.set()
        deadline = time.monotonic() + JOIN_SECONDS
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    @property
    def matches(self) -> list[MatchSeen]:
        return [m for p in self.players for m in p.matches]


def address_of(number: int) -> str:
    """The player's own client address, 10.x.y.z: each player is its own client."""
    return f"10.{(number >> 16) & 255}.{(number >> 8) & 255}.{number & 255}"


@dataclass
class Window:
    """A stretch of time the figures are given for, with the CPU used in it."""

    players: int
    first: CpuReading
    last: CpuReading | None = None

    @property
    def start(self) -> float:
        return self.first.at

    @property
    def end(self) -> float:
        return self.last.at if self.last else time.monotonic()

    def summary(self, recorder: Recorder) -> dict:
        """The figures of what was sent in this window, its players and CPU."""
        summary = summarize(recorder.window(self.start, self.end), self.end - self.start)
        summary["players"] = self.players
        if self.last:
            summary["cpu"] = cores_used(self.first, self.last)
        return summary


def timed(crowd: Crowd, players: int, seconds: float, probe: Callable[[], CpuReading]):
    """``crowd`` plays for ``seconds``: the window, for the players it has."""
    window = Window(players, probe())
    time.sleep(max(0.0, window.start + seconds - time.monotonic()))
    window.last = probe()
    return window


def warm_up(crowd: Crowd, players: int, seconds: float, probe) -> Window:
    """A few players at full speed, so that every web process has answered each kind of
    request once (a process's first requests compile templates) before measuring."""
    try:
        for number in range(players):
            crowd.add(WARM_UP_NUMBERS_FROM + number)
        return timed(crowd, players, seconds, probe)
    finally:
        crowd.finish()


def human_phase(crowd: Crowd, players: int, seconds: float, probe) -> Window:
    """``players`` players at human pace for ``seconds``; they arrive over the first seconds."""
    arrivals = random.Random(f"{crowd.seed}:arrivals")
    spread = min(ARRIVAL_SECONDS, seconds / 4)
    try:
        for number in range(1, players + 1):
            crowd.add(number, arrivals.uniform(0, spread))
        return timed(crowd, players, seconds, probe)
    finally:
        crowd.finish()


def fast_phase(
    crowd: Crowd,
    ramp: list[int],
    step_seconds: float,
    probe: Callable[[], CpuReading],
    progress: Callable[[dict], None],
) -> list[Window]:
    """Players as fast as they can, more at each step of ``ramp``, until the actions'
    p95 passes the target (or the ramp ends); one window per step."""
    assert crowd.pace is FAST
    windows = []
    try:
        for count in ramp:
            while len(crowd.players) < count:
                crowd.add(FAST_NUMBERS_FROM + len(crowd.players) + 1)
            window = timed(crowd, count, step_seconds, probe)
            windows.append(window)
            summary = window.summary(crowd.recorder)
            progress(summary)
            p95 = action_p95(summary)
            if p95 is not None and p95 > TARGET_P95_MS:
                break
    finally:
        crowd.finish()
    return windows
