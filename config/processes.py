"""Run several processes as one: the web server, a Celery worker and Celery beat.

Used by `make run` (scripts/devserver.py) and `make serve` (config/serve.py).
Each process's output is forwarded line by line with a prefix naming it. On
Ctrl-C (SIGINT), SIGTERM, or when any of them exits, the others are asked to
stop (SIGTERM), killed after a grace period, and the supervisor waits for all
of them before it returns.

Each child runs in its own session, so Ctrl-C in the terminal reaches only the
supervisor, which then stops the children the way each stops cleanly: a
gunicorn master or a Celery worker gets SIGTERM alone and winds its own
workers down (requests in flight finish, a task in progress completes);
runserver gets it for its whole group (its autoreloader parent would otherwise
leave the server child behind). Anything still left in a group at the end is killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


@dataclass
class Child:
    name: str
    command: list[str]
    #: Send the stop signal to the whole process group rather than the leader alone.
    stop_group: bool = True
    #: Variables added to (or replacing) this process's environment.
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None
    reader: threading.Thread | None = field(default=None, repr=False)


class Supervisor:
    """Starts the children, forwards their output, stops them all together."""

    def __init__(self, children: Sequence[Child], *, label: str, grace_seconds: float):
        self.children = list(children)
        self.label = label
        self.grace_seconds = grace_seconds
        self._print_lock = threading.Lock()
        self._stop_requested = threading.Event()

    def say(self, prefix: str, text: str) -> None:
        with self._print_lock:
            sys.stdout.write(f"{prefix:<7}| {text}\n")
            sys.stdout.flush()

    def run(self, banner: str) -> int:
        """Run until a signal or a child's exit; the exit code to leave with."""
        signal.signal(signal.SIGINT, self._request_stop)
        signal.signal(signal.SIGTERM, self._request_stop)
        exit_code = 0
        try:
            for child in self.children:
                self._start(child)
            self.say(self.label, banner)
            while not self._stop_requested.is_set():
                ended = self._first_ended()
                if ended is not None:
                    child, code = ended
                    self.say(self.label, f"{child.name} exited with code {code}; stopping the rest")
                    exit_code = code if code > 0 else 1
                    break
                self._stop_requested.wait(0.2)
        finally:
            self._stop_all()
        self.say(self.label, "all processes stopped")
        return exit_code

    def _request_stop(self, signum: int, _frame: object) -> None:
        self.say(self.label, f"received {signal.Signals(signum).name}")
        self._stop_requested.set()

    def _first_ended(self) -> tuple[Child, int] | None:
        for child in self.children:
            assert child.process is not None
            code = child.process.poll()
            if code is not None:
                return child, code
        return None

    def _forward_output(self, child: Child) -> None:
        assert child.process is not None and child.process.stdout is not None
        for raw in child.process.stdout:
            self.say(child.name, raw.decode(errors="replace").rstrip("\n"))

    def _start(self, child: Child) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **child.env}
        child.process = subprocess.Popen(
            child.command,
            cwd=BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        child.reader = threading.Thread(target=self._forward_output, args=(child,), daemon=True)
        child.reader.start()
        shown = " ".join(child.command[1:])
        self.say(self.label, f"started {child.name} (pid {child.process.pid}): {shown}")

    def _ask_to_stop(self, child: Child) -> None:
        if child.process is None or child.process.poll() is not None:
            # The leader is gone; whatever it started is still in its group.
            _signal_group(child, signal.SIGTERM)
            return
        self.say(self.label, f"stopping {child.name}")
        if child.stop_group:
            _signal_group(child, signal.SIGTERM)
        else:
            child.process.send_signal(signal.SIGTERM)

    def _stop_all(self) -> None:
        for child in self.children:
            self._ask_to_stop(child)
        deadline = time.monotonic() + self.grace_seconds
        for child in self.children:
            if child.process is None:
                continue
            try:
                child.process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self.say(
                    self.label,
                    f"{child.name} did not stop in {self.grace_seconds:.0f}s; killing it",
                )
                _signal_group(child, signal.SIGKILL)
                child.process.wait()
        for child in self.children:
            # Whatever the group leader left behind (e.g. runserver's reloader child).
            _signal_group(child, signal.SIGKILL)
            if child.reader is not None:
                child.reader.join(timeout=1.0)


def _signal_group(child: Child, sig: signal.Signals) -> None:
    if child.process is None:
        return
    try:
        os.killpg(child.process.pid, sig)
    except ProcessLookupError:
        pass
