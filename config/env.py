"""Typed readers for environment variables.

Every helper either returns a value of the promised type or raises
ImproperlyConfigured naming the variable and the bad value: a typo in a
variable stops the site at start-up instead of silently becoming a default.
A default is used only when the variable is unset (an empty string counts as
unset, so `FOO= make run` behaves like no FOO at all).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"true", "1", "yes"})
FALSE_WORDS = frozenset({"false", "0", "no"})

POSTGRES_SCHEMES = frozenset({"postgres", "postgresql"})
REDIS_SCHEMES = frozenset({"redis", "rediss"})

#: Seconds a Redis cache may take to connect or answer: the rate limiter lets a
#: request through when the cache is down, so a dead cache must fail fast.
CACHE_SOCKET_TIMEOUT = 0.5


def _raw(name: str, environ: Mapping[str, str] | None) -> str | None:
    value = (os.environ if environ is None else environ).get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def env_str(
    name: str, default: str | None = None, *, environ: Mapping[str, str] | None = None
) -> str | None:
    """The variable as a string, or `default` when it is unset."""
    value = _raw(name, environ)
    return default if value is None else value


def env_required(name: str, *, why: str = "", environ: Mapping[str, str] | None = None) -> str:
    """The variable as a string; unset is an error (`why` says when it is required)."""
    value = _raw(name, environ)
    if value is None:
        reason = f" {why}" if why else ""
        raise ImproperlyConfigured(f"{name} must be set{reason}.")
    return value


def env_bool(name: str, default: bool, *, environ: Mapping[str, str] | None = None) -> bool:
    """true/false/1/0/yes/no in any case; anything else is an error."""
    value = _raw(name, environ)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be one of true/false/1/0/yes/no, got {value!r}")


def env_int(
    name: str,
    default: int,
    *,
    minimum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """A whole number (optionally at least `minimum`); anything else is an error."""
    value = _raw(name, environ)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {value!r}") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {value!r}")
    return number


def env_list(
    name: str, default: list[str] | None = None, *, environ: Mapping[str, str] | None = None
) -> list[str]:
    """A comma-separated list with blanks trimmed; empty items are an error."""
    value = _raw(name, environ)
    if value is None:
        return list(default or [])
    items = [item.strip() for item in value.split(",")]
    if any(item == "" for item in items):
        raise ImproperlyConfigured(
            f"{name} must be a comma-separated list without empty items, got {value!r}"
        )
    return items


def env_timezone(name: str, default: str, *, environ: Mapping[str, str] | None = None) -> str:
    """An IANA time zone name such as America/Chicago, checked against zoneinfo."""
    value = _raw(name, environ) or default
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(
            f"{name} must be an IANA time zone name such as America/Chicago, got {value!r}"
        ) from None
    return value


def parse_database_url(name: str, url: str, *, base_dir: Path) -> dict[str, Any]:
    """Turn a database URL into a Django DATABASES entry.

    Accepted forms:

    - ``postgres://user:password@host:port/name`` (or ``postgresql://``); user,
      password and port may be left out, query parameters such as
      ``?sslmode=require`` become connection OPTIONS.
    - ``sqlite:///relative/path.sqlite3`` (relative to the project directory)
      or ``sqlite:////absolute/path.sqlite3``.
    """

    def bad(reason: str) -> ImproperlyConfigured:
        return ImproperlyConfigured(f"{name} {reason}, got {url!r}")

    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise bad("is not a valid database URL") from None

    if parts.scheme == "sqlite":
        if parts.netloc:
            raise bad("must look like sqlite:///path/to/db.sqlite3 (three slashes)")
        path = unquote(parts.path[1:])
        if not path:
            raise bad("must name a file, as in sqlite:///var/db.sqlite3")
        file = Path(path)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": file if file.is_absolute() else base_dir / file,
        }

    if parts.scheme in POSTGRES_SCHEMES:
        db_name = unquote(parts.path.lstrip("/"))
        if not parts.hostname:
            raise bad("must name a host, as in postgres://user:password@host:5432/name")
        if not db_name or "/" in db_name:
            raise bad("must name one database, as in postgres://user:password@host:5432/name")
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": db_name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname,
            "PORT": str(port) if port else "",
            "OPTIONS": dict(parse_qsl(parts.query)),
        }

    raise bad("must start with postgres://, postgresql:// or sqlite:///")


def env_database(
    name: str, default: str, *, base_dir: Path, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The database URL in `name` (or `default`) parsed by parse_database_url."""
    return parse_database_url(name, _raw(name, environ) or default, base_dir=base_dir)


def parse_cache_url(name: str, url: str) -> dict[str, Any]:
    """Turn a cache URL into a Django CACHES entry.

    Accepted forms:

    - ``redis://host:port/db`` (or ``rediss://`` for TLS, with an optional
      ``user:password@``): Django's Redis cache, shared by every web process.
    - ``locmem://`` (or ``locmem://name``): memory inside one process, enough
      for ``make run`` and its single web process.
    """

    def bad(reason: str) -> ImproperlyConfigured:
        return ImproperlyConfigured(f"{name} {reason}, got {url!r}")

    try:
        parts = urlsplit(url)
        _ = parts.port  # a port that is not a number raises ValueError here
    except ValueError:
        raise bad("is not a valid cache URL") from None

    if parts.scheme == "locmem":
        if parts.path not in ("", "/") or parts.query:
            raise bad("must look like locmem:// or locmem://name")
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": parts.netloc or "sheepshead",
        }

    if parts.scheme in REDIS_SCHEMES:
        if not parts.hostname:
            raise bad("must name a host, as in redis://127.0.0.1:6379/0")
        db = parts.path.lstrip("/")
        if db and not db.isdigit():
            raise bad("must end with a database number, as in redis://127.0.0.1:6379/0")
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "OPTIONS": {
                "socket_connect_timeout": CACHE_SOCKET_TIMEOUT,
                "socket_timeout": CACHE_SOCKET_TIMEOUT,
            },
        }

    raise bad("must start with redis://, rediss:// or locmem://")


#: Where the cache keeps its keys when it shares the broker's Redis database:
#: apart from Celery's own keys (queues, unacknowledged tasks), which have no prefix.
SHARED_CACHE_KEY_PREFIX = "cache"


def env_cache(
    name: str,
    default: str,
    *,
    broker_name: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> dict:
    """The cache URL in `name` parsed by parse_cache_url.

    Unset, the cache shares the Redis that `broker_name` (the Celery broker)
    names, if it names one: every web process that reaches the broker then
    shares the rate limits too. Otherwise `default`.
    """
    url = _raw(name, environ)
    if url is not None:
        return parse_cache_url(name, url)
    broker = _raw(broker_name, environ) if broker_name else None
    if broker is not None and urlsplit(broker).scheme in REDIS_SCHEMES:
        entry = parse_cache_url(broker_name, broker)
        entry["KEY_PREFIX"] = SHARED_CACHE_KEY_PREFIX
        return entry
    return parse_cache_url(name, default)
