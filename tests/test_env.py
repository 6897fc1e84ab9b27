"""config.env: each helper takes good values and rejects bad ones by name."""

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    env_bool,
    env_database,
    env_int,
    env_list,
    env_required,
    env_str,
    env_timezone,
    parse_database_url,
)

BASE = Path("/srv/site")


class TestEnvStr:
    def test_it_returns_the_value(self):
        assert env_str("NAME", "x", environ={"NAME": "hello"}) == "hello"

    def test_it_strips_surrounding_blanks(self):
        assert env_str("NAME", "x", environ={"NAME": "  hello "}) == "hello"

    def test_it_uses_the_default_when_unset_or_empty(self):
        assert env_str("NAME", "x", environ={}) == "x"
        assert env_str("NAME", "x", environ={"NAME": ""}) == "x"
        assert env_str("NAME", environ={}) is None


class TestEnvRequired:
    def test_it_returns_the_value(self):
        assert env_required("KEY", environ={"KEY": "s3cret"}) == "s3cret"

    def test_it_rejects_a_missing_value_and_says_when_it_is_needed(self):
        with pytest.raises(ImproperlyConfigured, match="^KEY must be set when DEBUG is off.$"):
            env_required("KEY", why="when DEBUG is off", environ={})


class TestEnvBool:
    @pytest.mark.parametrize("word", ["true", "TRUE", "1", "yes", "Yes"])
    def test_it_accepts_true_words(self, word):
        assert env_bool("DJANGO_DEBUG", False, environ={"DJANGO_DEBUG": word}) is True

    @pytest.mark.parametrize("word", ["false", "False", "0", "no", "NO"])
    def test_it_accepts_false_words(self, word):
        assert env_bool("DJANGO_DEBUG", True, environ={"DJANGO_DEBUG": word}) is False

    def test_it_uses_the_default_when_unset(self):
        assert env_bool("DJANGO_DEBUG", True, environ={}) is True
        assert env_bool("DJANGO_DEBUG", False, environ={}) is False

    @pytest.mark.parametrize("word", ["maybe", "on", "2", "tru"])
    def test_it_rejects_a_bad_debug_value(self, word):
        message = f"DJANGO_DEBUG must be one of true/false/1/0/yes/no, got '{word}'"
        with pytest.raises(ImproperlyConfigured) as caught:
            env_bool("DJANGO_DEBUG", False, environ={"DJANGO_DEBUG": word})
        assert str(caught.value) == message


class TestEnvInt:
    def test_it_returns_a_whole_number(self):
        assert env_int("AGE", 5, environ={"AGE": "60"}) == 60
        assert env_int("AGE", 5, environ={"AGE": "-3"}) == -3

    def test_it_uses_the_default_when_unset(self):
        assert env_int("AGE", 5, environ={}) == 5

    @pytest.mark.parametrize("value", ["sixty", "1.5", "10s"])
    def test_it_rejects_what_is_not_a_whole_number(self, value):
        with pytest.raises(
            ImproperlyConfigured, match=f"^AGE must be a whole number, got '{value}'$"
        ):
            env_int("AGE", 5, environ={"AGE": value})

    def test_it_rejects_a_number_below_the_minimum(self):
        with pytest.raises(ImproperlyConfigured, match="^AGE must be at least 0, got '-1'$"):
            env_int("AGE", 5, minimum=0, environ={"AGE": "-1"})


class TestEnvList:
    def test_it_splits_on_commas_and_trims(self):
        value = "example.org, www.example.org"
        assert env_list("HOSTS", environ={"HOSTS": value}) == ["example.org", "www.example.org"]

    def test_it_uses_the_default_when_unset(self):
        assert env_list("HOSTS", ["localhost"], environ={}) == ["localhost"]
        assert env_list("HOSTS", environ={}) == []

    def test_it_rejects_empty_items(self):
        with pytest.raises(ImproperlyConfigured, match="^HOSTS must be a comma-separated list"):
            env_list("HOSTS", environ={"HOSTS": "example.org,,other.org"})


class TestEnvTimezone:
    def test_it_accepts_an_iana_name(self):
        zone = env_timezone("DAILY_TIMEZONE", "UTC", environ={"DAILY_TIMEZONE": "Europe/Berlin"})
        assert zone == "Europe/Berlin"

    def test_it_uses_the_default_when_unset(self):
        assert env_timezone("DAILY_TIMEZONE", "America/Chicago", environ={}) == "America/Chicago"

    @pytest.mark.parametrize("value", ["America/Chicag", "Central Time", "../etc/passwd"])
    def test_it_rejects_an_unknown_zone(self, value):
        with pytest.raises(ImproperlyConfigured, match="^DAILY_TIMEZONE must be an IANA time zone"):
            env_timezone("DAILY_TIMEZONE", "UTC", environ={"DAILY_TIMEZONE": value})


class TestDatabaseUrl:
    def test_it_reads_a_full_postgres_url(self):
        db = parse_database_url(
            "DATABASE_URL", "postgres://sheep:p%40ss@db.internal:6543/sheepshead", base_dir=BASE
        )
        assert db == {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": "sheepshead",
            "USER": "sheep",
            "PASSWORD": "p@ss",
            "HOST": "db.internal",
            "PORT": "6543",
            "OPTIONS": {},
        }

    def test_it_reads_a_short_postgresql_url_with_options(self):
        db = parse_database_url(
            "DATABASE_URL", "postgresql://localhost/site?sslmode=require", base_dir=BASE
        )
        assert db["NAME"] == "site"
        assert db["USER"] == ""
        assert db["PORT"] == ""
        assert db["OPTIONS"] == {"sslmode": "require"}

    def test_it_reads_a_relative_sqlite_path_from_the_project_directory(self):
        db = parse_database_url("DATABASE_URL", "sqlite:///var/db.sqlite3", base_dir=BASE)
        assert db == {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE / "var/db.sqlite3"}

    def test_it_reads_an_absolute_sqlite_path(self):
        db = parse_database_url("DATABASE_URL", "sqlite:////tmp/site.sqlite3", base_dir=BASE)
        assert db["NAME"] == Path("/tmp/site.sqlite3")

    @pytest.mark.parametrize(
        ("url", "reason"),
        [
            ("mysql://root@localhost/site", "must start with postgres://"),
            ("localhost:5432", "must start with postgres://"),
            ("postgres:///sheepshead", "must name a host"),
            ("postgres://localhost", "must name one database"),
            ("postgres://localhost:port/db", "is not a valid database URL"),
            ("sqlite://db.sqlite3", "three slashes"),
            ("sqlite:///", "must name a file"),
        ],
    )
    def test_it_rejects_a_bad_url_naming_the_variable_and_the_value(self, url, reason):
        with pytest.raises(ImproperlyConfigured) as caught:
            parse_database_url("DATABASE_URL", url, base_dir=BASE)
        message = str(caught.value)
        assert message.startswith("DATABASE_URL ")
        assert reason in message
        assert message.endswith(f"got {url!r}")

    def test_env_database_falls_back_to_the_default_url_when_unset(self):
        db = env_database("DATABASE_URL", "sqlite:///var/db.sqlite3", base_dir=BASE, environ={})
        assert db["ENGINE"] == "django.db.backends.sqlite3"
