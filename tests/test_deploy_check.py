"""Start-up checks: production settings pass `check --deploy`; bad values stop the site."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# Variables whose test-time or developer values must not leak into these runs.
OWN_VARIABLES = (
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_SECURE_HSTS_SECONDS",
    "DAILY_TIMEZONE",
    # Set by tests/test_browser_home.py for Playwright; check --deploy rightly refuses it.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in OWN_VARIABLES}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def production_env() -> dict[str, str]:
    return {
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "example.org",
    }


def test_production_settings_pass_the_deploy_check_without_issues():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **production_env())
    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stderr + result.stdout


def test_it_rejects_a_bad_debug_value():
    result = manage("check", DJANGO_DEBUG="maybe", **production_env())
    assert result.returncode != 0
    assert "DJANGO_DEBUG must be one of true/false/1/0/yes/no, got 'maybe'" in result.stderr


def test_it_requires_a_secret_key_when_debug_is_off():
    result = manage("check", DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false." in result.stderr


def test_it_rejects_an_unknown_daily_timezone():
    result = manage("check", DAILY_TIMEZONE="Mars/Olympus_Mons", **production_env())
    assert result.returncode != 0
    assert "DAILY_TIMEZONE must be an IANA time zone name" in result.stderr
    assert "'Mars/Olympus_Mons'" in result.stderr


def test_it_rejects_a_bad_database_url():
    result = manage("check", DATABASE_URL="mysql://localhost/site", **production_env())
    assert result.returncode != 0
    assert "DATABASE_URL must start with postgres://" in result.stderr
