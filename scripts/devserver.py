"""Run the whole site locally: web server, Celery worker and Celery beat.

Used by `make run`. Each process's output is forwarded line by line with a
prefix naming it. On Ctrl-C (SIGINT), SIGTERM, or when any of the three exits,
the others are stopped (SIGTERM, then SIGKILL after a grace period) and this
script waits for all of them before it exits.

Each child runs in its own process group. runserver gets SIGTERM for its
whole group (its autoreloader parent would otherwise leave the server child
behind); the Celery worker gets it alone, so that it shuts its pool down
itself (a warm shutdown). Anything still left in a group at the end is killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
GRACE_SECONDS = 10.0
PYTHON = sys.executable


@dataclass
class Child:
    name: str
    command: list[str]
    # Send the stop signal to the whole process group rather than the leader alone.
    stop_group: bool = True
    process: subprocess.Popen[bytes] | None = None
    reader: threading.Thread | None = field(default=None, repr=False)


def commands(address: str) -> list[Child]:
    celery = [PYTHON, "-m", "celery", "--app", "config"]
    return [
        Child("web", [PYTHON, "manage.py", "runserver", address]),
        Child("worker", [*celery, "worker", "--loglevel", "INFO"], stop_group=False),
        Child("beat", [*celery, "beat", "--loglevel", "INFO"]),
    ]


_print_lock = threading.Lock()


def say(prefix: str, text: str) -> None:
    with _print_lock:
        sys.stdout.write(f"{prefix:<7}| {text}\n")
        sys.stdout.flush()


def forward_output(child: Child) -> None:
    assert child.process is not None and child.process.stdout is not None
    for raw in child.process.stdout:
        say(child.name, raw.decode(errors="replace").rstrip("\n"))


def start(child: Child) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child.process = subprocess.Popen(
        child.command,
        cwd=BASE_DIR,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    child.reader = threading.Thread(target=forward_output, args=(child,), daemon=True)
    child.reader.start()
    say("dev", f"started {child.name} (pid {child.process.pid}): {' '.join(child.command[1:])}")


def signal_group(child: Child, sig: signal.Signals) -> None:
    if child.process is None:
        return
    try:
        os.killpg(child.process.pid, sig)
    except ProcessLookupError:
        pass


def ask_to_stop(child: Child) -> None:
    if child.process is None or child.process.poll() is not None:
        # The leader is gone; whatever it started is still in its group.
        signal_group(child, signal.SIGTERM)
        return
    say("dev", f"stopping {child.name}")
    if child.stop_group:
        signal_group(child, signal.SIGTERM)
    else:
        child.process.send_signal(signal.SIGTERM)


def stop_all(children: list[Child]) -> None:
    for child in children:
        ask_to_stop(child)
    deadline = time.monotonic() + GRACE_SECONDS
    for child in children:
        if child.process is None:
            continue
        try:
            child.process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            say("dev", f"{child.name} did not stop in {GRACE_SECONDS:.0f}s; killing it")
            signal_group(child, signal.SIGKILL)
            child.process.wait()
    for child in children:
        # Whatever the group leader left behind (e.g. runserver's reloader child).
        signal_group(child, signal.SIGKILL)
        if child.reader is not None:
            child.reader.join(timeout=1.0)


def main() -> int:
    address = os.environ.get("DEV_SERVER_ADDRESS", "127.0.0.1:8000")
    children = commands(address)
    stop_requested = threading.Event()

    def request_stop(signum: int, _frame: object) -> None:
        say("dev", f"received {signal.Signals(signum).name}")
        stop_requested.set()

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    exit_code = 0
    try:
        for child in children:
            start(child)
        say("dev", f"site at http://{address}/ (Ctrl-C stops everything)")
        while not stop_requested.is_set():
            for child in children:
                assert child.process is not None
                code = child.process.poll()
                if code is not None:
                    say("dev", f"{child.name} exited with code {code}; stopping the others")
                    exit_code = code if code > 0 else 1
                    stop_requested.set()
                    break
            stop_requested.wait(0.2)
    finally:
        stop_all(children)
    say("dev", "all processes stopped")
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
