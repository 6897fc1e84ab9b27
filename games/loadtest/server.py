"""The production server on loopback, started for the load test and always stopped.

``start_server`` is the one place that knows how the server is started:
``python -m config.serve``, as in production. ``stop_server`` sends it SIGTERM
(a graceful stop: gunicorn finishes the requests in flight, the Celery worker
its task) and kills its group only if it does not stop in time. gunicorn's
access log records each request's time in microseconds with the player's
request id (through ``GUNICORN_CMD_ARGS``), so server times can be joined to
the players' own.
"""

from __future__ import annotations

import http.client
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from config.serve import SUPERVISOR_GRACE_SECONDS

from .client import REQUEST_ID_HEADER

BASE_DIR = Path(__file__).resolve().parent.parent.parent
#: How long a graceful stop may take before the group is killed: config.serve's own grace.
STOP_SECONDS = SUPERVISOR_GRACE_SECONDS + 5
ACCESS_LOG_FORMAT = f"%({{{REQUEST_ID_HEADER.lower()}}}i)s %(s)s %(D)s"


class ServerFailed(Exception):
    """The server did not start, or stopped by itself."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_env(base: dict[str, str], access_log: Path) -> dict[str, str]:
    """The environment for the server: ``base`` plus gunicorn's access log settings."""
    log_args = (
        f"--access-logfile {shlex.quote(str(access_log))} "
        f"--access-logformat {shlex.quote(ACCESS_LOG_FORMAT)}"
    )
    return {**base, "GUNICORN_CMD_ARGS": log_args}


def start_server(port: int, workers: int, env: dict[str, str], log) -> subprocess.Popen:
    """``python -m config.serve`` on 127.0.0.1:``port`` with ``workers`` web processes:
    the production run (migrations, static files, gunicorn, a Celery worker and beat).

    ``log`` is an open file for the server's output.
    """
    return subprocess.Popen(
        [sys.executable, "-m", "config.serve", "--bind", f"127.0.0.1:{port}",
         "--web-workers", str(workers), "--worker-concurrency", "1"],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, out of reach of our Ctrl-C
    )  # fmt: skip


def wait_healthy(server: subprocess.Popen, port: int, timeout: float = 60.0) -> None:
    """Until ``/healthz`` answers 200 (over the proxy's HTTPS header, like the players)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise ServerFailed(f"the server stopped at start (exit {server.returncode})")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", "/healthz", headers={"X-Forwarded-Proto": "https"})
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.2)
    raise ServerFailed(f"/healthz did not answer 200 within {timeout:.0f} s")


def stop_server(server: subprocess.Popen) -> int:
    """SIGTERM to the server, then its whole group killed if it has not stopped in time."""
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(server.pid, signal.SIGKILL)  # workers left behind, if any
    except ProcessLookupError:
        pass
    return server.wait()


def read_access_log(path: Path) -> dict[str, float]:
    """Request id -> server time in ms, for the requests the players made."""
    times: dict[str, float] = {}
    if not path.exists():
        return times
    for line in path.read_text(errors="replace").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] != "-" and parts[2].isdigit():
            times[parts[0]] = int(parts[2]) / 1000
    return times
