"""The production run (`make serve`, config/serve.py): what it needs, several web
processes serving one player, and a clean stop."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading

import pytest
from celery_worker import wait_for
from production_server import ROOT, ProductionServer, server_has_read

from config.ratelimit import limits_for
from config.serve import configuration_problems, parse_arguments
from games.loadtest.client import PlayerClient
from games.loadtest.player import FAST, SimulatedPlayer
from games.loadtest.replay import check_matches
from games.loadtest.stats import Recorder
from games.models import Match

COMPLETE = {
    "DJANGO_SECRET_KEY": "x" * 50,
    "DJANGO_ALLOWED_HOSTS": "example.org",
    "DATABASE_URL": "postgres://site@db.internal:5432/sheepshead",
    "CELERY_BROKER_URL": "redis://redis.internal:6379/0",
}


def test_a_complete_environment_has_no_problems():
    assert configuration_problems(COMPLETE) == []
    assert configuration_problems({**COMPLETE, "DJANGO_DEBUG": "false"}) == []


def test_every_missing_variable_is_named_at_once():
    assert [p.variable for p in configuration_problems({})] == list(COMPLETE)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DATABASE_URL", "sqlite:///var/db.sqlite3"),
        ("CELERY_BROKER_URL", "filesystem://"),
        ("CELERY_BROKER_URL", "amqp://guest@rabbit//"),
        ("DJANGO_SECRET_KEY", "   "),
        ("DJANGO_DEBUG", "true"),
    ],
)
def test_a_value_that_cannot_serve_real_players_is_named(variable, value):
    problems = configuration_problems({**COMPLETE, variable: value})
    assert [p.variable for p in problems] == [variable]


def test_the_roles_default_to_all_three_and_unknown_ones_are_refused(capsys):
    assert parse_arguments([]).roles == ["web", "worker", "beat"]
    assert parse_arguments(["worker", "worker"]).roles == ["worker"]
    with pytest.raises(SystemExit) as exited:
        parse_arguments(["webserver"])
    assert exited.value.code == 2
    assert "unknown role 'webserver'" in capsys.readouterr().err


def test_without_its_variables_the_server_says_which_and_starts_nothing():
    environ = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/")}
    done = subprocess.run(
        [sys.executable, "-m", "config.serve"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    for variable in COMPLETE:
        assert variable in done.stderr
    assert "gunicorn" not in done.stdout


class RoundRobin:
    """A load balancer in front of several web processes: each request goes to the next.
    The browser behind it keeps one set of cookies."""

    def __init__(self, clients: list[PlayerClient]):
        self.clients = clients
        shared: dict[str, str] = {}
        for client in clients:
            client.cookies = shared
        self.sent = 0

    def request(self, *args, **kwargs):
        client = self.clients[self.sent % len(self.clients)]
        self.sent += 1
        return client.request(*args, **kwargs)

    def close(self) -> None:
        for client in self.clients:
            client.close()


@pytest.fixture
def two_web_processes(tmp_path):
    servers = []
    try:
        for _ in range(2):
            servers.append(ProductionServer(tmp_path).start())
        yield servers
    finally:
        for server in servers:
            server.stop()


#: Enough of the player's own moves for several hands: picks, buries, calls, cards.
MOVES = 30


@pytest.mark.django_db(transaction=True)
def test_a_player_s_moves_land_once_each_when_requests_alternate_between_processes(
    two_web_processes,
):
    balancer = RoundRobin(
        [PlayerClient("127.0.0.1", server.port, "10.0.0.7") for server in two_web_processes]
    )
    recorder = Recorder()
    player = SimulatedPlayer(
        1, balancer, seed=3, pace=FAST, level="beginner", recorder=recorder,
        stop=threading.Event(),
    )  # fmt: skip
    page = player.open_home()
    for _ in range(2000):
        if player.current is not None and len(player.current.moves) >= MOVES:
            break
        page = player.advance(page)
    balancer.close()

    assert recorder.errors == [] and recorder.stale == []
    assert len(player.current.moves) >= MOVES
    for server in two_web_processes:
        assert f"POST /play/{player.current.match_id}/act" in server.log()
    report = check_matches(player.matches)
    assert report.problems == []
    assert report.checked == Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_rate_limits_count_across_processes(two_web_processes):
    """Each process alone has seen only half the new games: the limit is met anyway."""
    balancer = RoundRobin(
        [PlayerClient("127.0.0.1", server.port, "10.0.0.8") for server in two_web_processes]
    )
    per_minute = min(limit.count for limit in limits_for("new-game"))
    token = "a" * 32  # a CSRF secret of the right form, sent as cookie and as field
    balancer.clients[0].cookies["csrftoken"] = token
    answers = [
        balancer.request(
            "POST", "/play/new", [("csrfmiddlewaretoken", token), ("level", "beginner")]
        )
        for _ in range(per_minute + 1)
    ]
    balancer.close()
    assert [a.status for a in answers] == [302] * per_minute + [429]
    assert Match.objects.count() == per_minute


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.django_db(transaction=True)
def test_a_stop_lets_the_request_in_flight_finish_then_stops(tmp_path, stop_signal):
    """SIGTERM (a service manager) or SIGINT (Ctrl-C) stops the server gracefully."""
    server = ProductionServer(tmp_path).start()
    token = "b" * 32
    body = f"csrfmiddlewaretoken={token}&level=beginner".encode()
    head = (
        f"POST /play/new HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Origin: https://127.0.0.1:{server.port}\r\nX-Forwarded-Proto: https\r\n"
        f"X-Forwarded-For: 10.0.0.9\r\nCookie: csrftoken={token}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
            # A slow client: the worker has the request and waits for the rest of its body.
            connection.sendall(head + body[:10])
            wait_for(lambda: server_has_read(connection, server.port), what="the worker reading")
            server.terminate(stop_signal)
            server.wait_for_log("Handling signal: term")
            connection.sendall(body[10:])
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 302"), answer[:200]
        assert Match.objects.count() == 1
        assert server.process.wait(60) == 0
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
    finally:
        server.stop()
