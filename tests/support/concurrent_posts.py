"""Two clicks at once and three new games at once, through the whole site (WSGI).

Shared by tests/test_concurrency.py on PostgreSQL and, run as a script, against
a real SQLite file as ``make run`` uses (pytest-django's database is
PostgreSQL, so the SQLite run happens in its own process and prints JSON).
Each thread has its own client and its own database connection, closed when
the thread ends.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import threading
from pathlib import Path

#: Several rounds: a race that only sometimes goes wrong must still be seen.
ROUNDS = 4
NEW_GAMES = 3
#: Each client is a different visitor (the rate limits count per address).
_addresses = (f"10.0.{n // 250}.{n % 250 + 1}" for n in itertools.count())


def _visitor():
    from django.test import Client

    return Client(REMOTE_ADDR=next(_addresses))


def _in_threads(jobs) -> list:
    """Run ``jobs`` (callables) at the same moment, one thread each; their results or
    the exception each raised, as text."""
    from django.db import connection

    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(index, job):
        try:
            barrier.wait()
            results[index] = job()
        except Exception as error:  # noqa: BLE001 (the caller reports it)
            results[index] = f"{type(error).__name__}: {error}"
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _client_sharing(client):
    """A second browser tab: another client with the same session cookie."""
    from django.test import Client

    tab = Client(REMOTE_ADDR=client.defaults["REMOTE_ADDR"])
    tab.cookies = client.cookies
    return tab


def same_move_twice() -> dict:
    """A guest starts a game, then the same move is posted from two tabs at once."""
    from games.models import Match
    from games.services import load_table
    from rules_engine.players import player_for

    client = _visitor()
    response = client.post("/play/new", {"level": "beginner"})
    match = Match.objects.get(pk=response["Location"].split("/")[2])
    table = load_table(match)
    move = player_for("standard").decide(table.state.view(match.human_seat), b"race")
    fields = {"action": move.kind, "card": move.card or "", "cards": list(move.cards or ())}
    fields["version"] = match.version
    before = _human_actions(table, match.human_seat)
    tabs = [client, _client_sharing(client)]
    url = f"/play/{match.pk}/act"
    statuses = _in_threads([lambda tab=tab: tab.post(url, fields).status_code for tab in tabs])
    match.refresh_from_db()
    after = _human_actions(load_table(match), match.human_seat)
    return {"statuses": statuses, "moves_applied": after - before}


def _human_actions(table, seat: int) -> int:
    """The human's moves in the match so far (earlier hands and this one)."""
    done = sum(
        sum(1 for action in hand.record["actions"] if action["seat"] == seat)
        for hand in table.match.hands.all()
    )
    return done


def new_games_at_once() -> dict:
    """Guests start games at the same moment: every one gets a table."""
    from games.models import Match

    before = Match.objects.count()
    clients = [_visitor() for _ in range(NEW_GAMES)]
    statuses = _in_threads(
        [lambda c=c: c.post("/play/new", {"level": "beginner"}).status_code for c in clients]
    )
    return {"statuses": statuses, "matches_made": Match.objects.count() - before}


def rounds(count: int = ROUNDS) -> dict:
    return {
        "same_move": [same_move_twice() for _ in range(count)],
        "new_games": [new_games_at_once() for _ in range(count)],
    }


def journal_mode() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        return cursor.fetchone()[0]


def main() -> None:
    """As a script: migrate the SQLite file DATABASE_URL names, race, print JSON."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    setup_test_environment()
    call_command("migrate", verbosity=0)
    print(json.dumps({**rounds(), "journal_mode": journal_mode()}))


if __name__ == "__main__":
    main()
