"""`python -m config.serve` in a subprocess, on the pytest test database, for the tests
of the production run. Tests using it need ``django_db(transaction=True)``: the
server's processes see only committed rows, and write their own."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from celery_worker import database_url, wait_for
from django.conf import settings

from games.loadtest.server import free_port, stop_server, wait_healthy

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    """What an operator sets: this test run's database, broker, cache and secret, debug
    off, behind one proxy that speaks HTTPS (the test client plays it)."""
    env = dict(
        os.environ,
        DATABASE_URL=database_url(),
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        CACHE_URL=settings.CACHES["default"]["LOCATION"],
        DJANGO_SECRET_KEY=settings.SECRET_KEY,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_TRUST_X_FORWARDED_PROTO="true",
        DJANGO_TRUSTED_PROXY_COUNT="1",
        DJANGO_LOG_LEVEL="WARNING",
    )
    env.pop("DJANGO_DEBUG", None)
    env.update(extra)
    return env


class ProductionServer:
    """``ProductionServer(log_dir).start()`` serves the web role on a free port."""

    def __init__(self, log_dir: Path, *, web_workers: int = 1):
        self.port = free_port()
        self.web_workers = web_workers
        self.log_path = log_dir / f"serve-{self.port}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> ProductionServer:
        with self.log_path.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "config.serve", "web", "--bind", f"127.0.0.1:{self.port}",
                 "--web-workers", str(self.web_workers)],
                cwd=ROOT,
                env=production_env(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        wait_healthy(self.process, self.port)
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def terminate(self, sig: signal.Signals = signal.SIGTERM) -> None:
        """SIGTERM as a service manager stops it (SIGINT: Ctrl-C); returns at once."""
        assert self.process is not None
        self.process.send_signal(sig)

    def wait_for_log(self, text: str) -> None:
        wait_for(lambda: text in self.log(), what=f"{text!r} in the server's log")

    def stop(self) -> int:
        assert self.process is not None
        return stop_server(self.process)


def server_has_read(client: socket.socket, server_port: int) -> bool:
    """Whether the server side of ``client``'s connection has taken everything sent so
    far off the socket (from /proc/net/tcp): a worker accepted it and is reading it."""
    client_port = client.getsockname()[1]
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local_port = int(fields[1].split(":")[1], 16)
        remote_port = int(fields[2].split(":")[1], 16)
        if (local_port, remote_port) == (server_port, client_port):
            return int(fields[4].split(":")[1], 16) == 0  # rx_queue
    return False
