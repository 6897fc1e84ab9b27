"""Where the machine's CPU went during a window: the server's processes, the load test
itself (its players share the machine with the server), and the machine as a whole.

Read from /proc (Linux): the server is every process in its process group.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class CpuReading:
    at: float  # time.monotonic()
    server: float  # CPU seconds used by the server's process group so far
    loadtest: float  # CPU seconds used by this process so far
    busy: float  # CPU seconds the whole machine was busy (all cores)


def group_cpu_seconds(pgid: int) -> float:
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended meanwhile
        if int(fields[2]) == pgid:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime + stime
    return total / TICKS


def machine_busy_seconds() -> float:
    """CPU seconds all cores were busy since boot (everything but idle and iowait)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / TICKS


def read_cpu(server_pgid: int) -> CpuReading:
    return CpuReading(
        at=time.monotonic(),
        server=group_cpu_seconds(server_pgid),
        loadtest=time.process_time(),
        busy=machine_busy_seconds(),
    )


def cores_used(start: CpuReading, end: CpuReading) -> dict:
    """Cores used on average between two readings, each part and the machine's total."""
    seconds = max(end.at - start.at, 1e-9)
    return {
        "server_cores": round((end.server - start.server) / seconds, 2),
        "loadtest_cores": round((end.loadtest - start.loadtest) / seconds, 2),
        "machine_cores": round((end.busy - start.busy) / seconds, 2),
        "machine_cores_total": os.cpu_count(),
    }
