"""Where the machine's CPU went during a window: the server's processes, the load test
itself (its players share the machine with the server), and the machine as a whole.

Read from /proc (Linux): the server is its supervisor and every process under it.
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
    server: float  # CPU seconds used by the server's processes so far
    loadtest: float  # CPU seconds used by this process so far
    busy: float  # CPU seconds the whole machine was busy (all cores)


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds used so far by ``root`` and every process descended from it
    (config.serve starts gunicorn and Celery each in a session of its own)."""
    parents: dict[int, int] = {}
    used: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended meanwhile
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])  # ppid
        used[pid] = int(fields[11]) + int(fields[12])  # utime + stime
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(used.get(pid, 0) for pid in tree) / TICKS


def machine_busy_seconds() -> float:
    """CPU seconds all cores were busy since boot (everything but idle and iowait)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / TICKS


def read_cpu(server_pid: int) -> CpuReading:
    return CpuReading(
        at=time.monotonic(),
        server=tree_cpu_seconds(server_pid),
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
