"""CACHE_URL (config.env.parse_cache_url): Redis or local memory, anything else refused by name."""

import pytest
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured

from config.env import env_cache, parse_cache_url

LOCMEM = "django.core.cache.backends.locmem.LocMemCache"
REDIS = "django.core.cache.backends.redis.RedisCache"


def test_unset_or_empty_means_memory_in_the_process():
    assert env_cache("CACHE_URL", "locmem://", environ={})["BACKEND"] == LOCMEM
    assert env_cache("CACHE_URL", "locmem://", environ={"CACHE_URL": " "})["BACKEND"] == LOCMEM


def test_a_named_memory_cache_keeps_its_name():
    assert parse_cache_url("CACHE_URL", "locmem://limits")["LOCATION"] == "limits"


@pytest.mark.parametrize(
    "url", ["redis://127.0.0.1:6379/1", "rediss://user:secret@cache.example:6380/0", "redis://h"]
)
def test_a_redis_url_becomes_django_s_redis_cache_with_short_timeouts(url):
    entry = parse_cache_url("CACHE_URL", url)
    assert entry["BACKEND"] == REDIS and entry["LOCATION"] == url
    assert entry["OPTIONS"]["socket_connect_timeout"] <= 1
    assert entry["OPTIONS"]["socket_timeout"] <= 1


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("memcached://127.0.0.1:11211", "must start with redis://, rediss:// or locmem://"),
        ("127.0.0.1:6379", "must start with redis://, rediss:// or locmem://"),
        ("redis://:6379/1", "must name a host"),
        ("redis://cache:port/1", "is not a valid cache URL"),
        ("redis://cache:6379/one", "must end with a database number"),
        ("locmem://name/extra", "must look like locmem:// or locmem://name"),
    ],
)
def test_a_bad_url_is_refused_naming_the_variable_and_the_value(url, reason):
    with pytest.raises(ImproperlyConfigured) as caught:
        env_cache("CACHE_URL", "locmem://", environ={"CACHE_URL": url})
    message = str(caught.value)
    assert message.startswith(f"CACHE_URL {reason}")
    assert message.endswith(f", got {url!r}")


def test_the_test_suite_counts_in_a_real_redis():
    """pyproject.toml and `make test` point CACHE_URL at Redis, as in production."""
    default = caches["default"]
    assert type(default).__module__ + "." + type(default).__name__ == REDIS
    default.set("cache-url-check", 41)
    assert default.incr("cache-url-check") == 42


def test_without_cache_url_a_redis_broker_s_server_is_shared_under_a_prefix():
    """Web processes that reach the broker share the rate limits without a CACHE_URL;
    the prefix keeps the cache's keys apart from Celery's queues in that database."""
    environ = {"CELERY_BROKER_URL": "redis://broker.internal:6379/3"}
    entry = env_cache("CACHE_URL", "locmem://", broker_name="CELERY_BROKER_URL", environ=environ)
    assert entry["BACKEND"] == REDIS
    assert entry["LOCATION"] == "redis://broker.internal:6379/3"
    assert entry["KEY_PREFIX"] == "cache"


def test_cache_url_wins_over_the_broker():
    environ = {"CELERY_BROKER_URL": "redis://broker:6379/3", "CACHE_URL": "redis://cache:6379/1"}
    entry = env_cache("CACHE_URL", "locmem://", broker_name="CELERY_BROKER_URL", environ=environ)
    assert entry["LOCATION"] == "redis://cache:6379/1"
    assert "KEY_PREFIX" not in entry


@pytest.mark.parametrize("broker", [None, "filesystem://", "amqp://guest@127.0.0.1//"])
def test_without_a_redis_anywhere_the_cache_stays_in_the_process(broker):
    environ = {} if broker is None else {"CELERY_BROKER_URL": broker}
    entry = env_cache("CACHE_URL", "locmem://", broker_name="CELERY_BROKER_URL", environ=environ)
    assert entry["BACKEND"] == LOCMEM


def test_a_bad_broker_url_used_for_the_cache_is_refused_by_the_broker_s_name():
    environ = {"CELERY_BROKER_URL": "redis://:6379/0"}
    with pytest.raises(ImproperlyConfigured, match="^CELERY_BROKER_URL must name a host"):
        env_cache("CACHE_URL", "locmem://", broker_name="CELERY_BROKER_URL", environ=environ)
