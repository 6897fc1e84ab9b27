"""A clean database and Redis for each run: the run's own, never the site's.

The database named in the URL is dropped and created again (migrations take
seconds), and the Redis databases for the broker and the cache are emptied,
so no rate-limit counter or queued task from an earlier run is left.
"""

from __future__ import annotations

import psycopg
import redis
from psycopg import sql

from config.env import parse_database_url

from .server import BASE_DIR

#: The load test drops only a database with this in its name: never the site's by mistake.
NAME_MUST_CONTAIN = "load"


def recreate_database(url: str) -> str:
    """Drop and create the PostgreSQL database of ``url``; its name."""
    db = parse_database_url("--database-url", url, base_dir=BASE_DIR)
    if db["ENGINE"] != "django.db.backends.postgresql":
        raise ValueError("the load test runs on PostgreSQL: give a postgres:// URL")
    name = db["NAME"]
    if NAME_MUST_CONTAIN not in name:
        raise ValueError(
            f"refusing to drop the database {name!r}: its name must contain {NAME_MUST_CONTAIN!r}"
        )
    with psycopg.connect(
        host=db["HOST"] or None,
        port=db["PORT"] or None,
        user=db["USER"] or None,
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
        connect_timeout=5,
    ) as connection:
        connection.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return name


def empty_redis(*urls: str) -> None:
    """FLUSHDB on each Redis URL (each names its own database number)."""
    for url in urls:
        client = redis.Redis.from_url(url, socket_connect_timeout=5)
        try:
            client.flushdb()
        finally:
            client.close()
