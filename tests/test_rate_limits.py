"""Rate limits (config/ratelimit.py) on every costly endpoint, counted in the real Redis.

Each limited request past its limit gets a 429 page with Retry-After and changes
nothing; the limit follows the client's address, not its cookies. The clock the
windows are measured in is frozen (and moved on) through ``ratelimit.clock``.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from factories import PlayerFactory

from config import ratelimit
from config.env import parse_cache_url
from games import services
from games.daily import ensure_daily, today
from games.identity import SESSION_KEY
from games.models import Match

pytestmark = pytest.mark.django_db

HOME = "127.0.0.1"  # the test client's REMOTE_ADDR
ELSEWHERE = "203.0.113.9"
SEED = b"a practice game with hints, limited"
#: The start of some minute, hour and day: every window begins here.
MIDNIGHT = 1_800_000_000 - 1_800_000_000 % ratelimit.DAY


class FrozenClock:
    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch) -> FrozenClock:
    frozen = FrozenClock(MIDNIGHT + 1)
    monkeypatch.setattr(ratelimit, "clock", frozen)
    return frozen


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    """Sign-ups and logins hash passwords; a fast hasher keeps these tests quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def as_guest(client: Client, player) -> None:
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()


def fill(action: str, address: str, times: int) -> None:
    for _ in range(times):
        ratelimit.hit(action, address)


def tightest(action: str) -> ratelimit.Limit:
    return min(ratelimit.limits_for(action), key=lambda limit: limit.count)


# -- one description per limited endpoint ------------------------------------------------


@dataclass
class Endpoint:
    action: str
    method: str
    #: Builds what the endpoint needs; returns (url, data, player or None).
    prepare: Callable[[], tuple[str, dict, object]]
    #: What a request would change, as something comparable.
    rows: Callable[[], object]
    #: The status code of an allowed request.
    allowed: int


def _new_game():
    return reverse("games:new_game"), {"level": "beginner"}, None


def _start_daily():
    ensure_daily(today())
    return reverse("leaderboards:start_daily"), {}, None


def _practice_daily():
    deal = ensure_daily(today() - dt.timedelta(days=3))
    return reverse("leaderboards:practice", args=[deal.date.isoformat()]), {}, None


def _hint():
    player = PlayerFactory()
    match = services.start_match(player, "beginner", seed=SEED, hints=True)
    return reverse("games:hint", args=[match.pk]), {}, player


_signups = iter(range(1_000_000))


def _signup():
    name = f"newcomer{next(_signups)}"
    phrase = "a long pass phrase 7"
    data = {"username": name, "password1": phrase, "password2": phrase}
    return reverse("accounts:signup"), data, None


def _matches():
    return sorted(Match.objects.values_list("pk", "version"))


ENDPOINTS = [
    Endpoint("new-game", "post", _new_game, _matches, 302),
    Endpoint("daily-start", "post", _start_daily, _matches, 302),
    Endpoint("daily-practice", "post", _practice_daily, _matches, 302),
    Endpoint("hint", "get", _hint, _matches, 200),
    Endpoint("signup", "post", _signup, lambda: get_user_model().objects.count(), 302),
]


def send(endpoint: Endpoint, client: Client, url: str, data: dict, **headers):
    return getattr(client, endpoint.method)(url, data, **headers)


def client_for(address: str, player=None) -> Client:
    """A new cookie jar at ``address`` (as ``player``'s guest session when given)."""
    client = Client(REMOTE_ADDR=address)
    if player is not None:
        as_guest(client, player)
    return client


def assert_refused(response, limit: ratelimit.Limit) -> None:
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= limit.window
    page = response.content.decode()
    assert "Slow down a little" in page
    assert "Please try again in" in page
    assert "no-store" in response["Cache-Control"]


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.action)
def test_the_request_past_the_limit_is_refused_and_changes_nothing(endpoint):
    url, data, player = endpoint.prepare()
    client = client_for(HOME, player)
    limit = tightest(endpoint.action)
    fill(endpoint.action, HOME, limit.count - 1)

    last_allowed = send(endpoint, client, url, data)
    assert last_allowed.status_code == endpoint.allowed

    if endpoint.action == "signup":
        url, data, _ = _signup()  # a fresh name, so only the limit can refuse it
    before = endpoint.rows()
    refused = send(endpoint, client, url, data)
    assert_refused(refused, limit)
    assert endpoint.rows() == before
    assert "Hint:" not in refused.content.decode()


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.action)
def test_a_new_cookie_jar_is_still_limited_and_another_address_is_not(endpoint):
    url, data, player = endpoint.prepare()
    limit = tightest(endpoint.action)
    fill(endpoint.action, HOME, limit.count)

    assert_refused(send(endpoint, client_for(HOME), url, data), limit)
    elsewhere = send(endpoint, client_for(ELSEWHERE, player), url, data)
    assert elsewhere.status_code == endpoint.allowed


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.action)
def test_the_next_window_lets_the_client_in_again(endpoint, clock):
    url, data, player = endpoint.prepare()
    limit = tightest(endpoint.action)
    fill(endpoint.action, HOME, limit.count)
    refused = send(endpoint, client_for(HOME, player), url, data)
    assert refused.status_code == 429

    clock.now += int(refused["Retry-After"])
    assert send(endpoint, client_for(HOME, player), url, data).status_code == endpoint.allowed


def test_a_longer_window_holds_when_the_short_one_has_passed(clock):
    minute, hour = sorted(ratelimit.limits_for("new-game"), key=lambda limit: limit.window)
    url, data, _ = _new_game()
    for _ in range(hour.count // minute.count):
        fill("new-game", HOME, minute.count)
        clock.now += minute.window
    fill("new-game", HOME, hour.count % minute.count)

    refused = client_for(HOME).post(url, data)
    assert_refused(refused, hour)
    assert int(refused["Retry-After"]) > minute.window


def test_only_a_sign_up_post_counts(client):
    fill("signup", HOME, tightest("signup").count)
    assert client.get(reverse("accounts:signup")).status_code == 200
    assert client.post(reverse("accounts:signup"), {}).status_code == 429


def test_an_htmx_request_gets_a_notice_for_the_top_of_the_page():
    url, _, player = _hint()
    fill("hint", HOME, tightest("hint").count)
    response = client_for(HOME, player).get(url, headers={"HX-Request": "true"})
    assert response.status_code == 429
    assert response["HX-Retarget"] == "#main"
    assert response["HX-Reswap"].startswith("afterbegin")
    body = response.content.decode()
    assert "<html" not in body
    assert 'role="alert"' in body and "Please try again in" in body


# -- which address counts ------------------------------------------------------------------


def limited_new_game(**meta):
    return Client(**meta).post(reverse("games:new_game"), {"level": "beginner"}).status_code


def test_without_trusted_proxies_x_forwarded_for_is_ignored(settings):
    assert settings.TRUSTED_PROXY_COUNT == 0
    fill("new-game", HOME, tightest("new-game").count)
    assert limited_new_game(HTTP_X_FORWARDED_FOR="198.51.100.1") == 429
    fill("new-game", "198.51.100.2", tightest("new-game").count)
    assert limited_new_game(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.2") == 302


def test_behind_a_trusted_proxy_the_forwarded_address_counts(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    fill("new-game", "198.51.100.7", tightest("new-game").count)
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    assert limited_new_game(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.7") == 429
    # A client's own X-Forwarded-For entries sit left of the proxy's: they change nothing.
    assert limited_new_game(**proxy, HTTP_X_FORWARDED_FOR="192.0.2.5, 198.51.100.7") == 429
    assert limited_new_game(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.7, 198.51.100.8") == 302
    # The proxy's own address is not the client's.
    fill("new-game", "10.0.0.1", tightest("new-game").count)
    assert limited_new_game(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.9") == 302


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "expected"),
    [
        (0, "192.0.2.1", "198.51.100.1", "192.0.2.1"),
        (1, "10.0.0.1", "", "10.0.0.1"),
        (1, "10.0.0.1", "6.6.6.6, 198.51.100.1", "198.51.100.1"),
        (2, "10.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.2", "198.51.100.1"),
        # Fewer hops than proxies: the request skipped the outer ones; the innermost saw it.
        (2, "10.0.0.1", "198.51.100.1", "198.51.100.1"),
        (1, "10.0.0.1", "not an address", "10.0.0.1"),
        (0, "2001:db8:1:2:3:4:5:6", "", "2001:db8:1:2::/64"),
        (0, "::ffff:192.0.2.1", "", "192.0.2.1"),
    ],
)
def test_the_client_address(rf, settings, proxies, remote, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = rf.get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert ratelimit.client_address(request) == expected


def test_addresses_in_one_ipv6_64_share_their_counters():
    fill("new-game", "2001:db8:1:2::/64", tightest("new-game").count)
    assert limited_new_game(REMOTE_ADDR="2001:db8:1:2::abcd") == 429
    assert limited_new_game(REMOTE_ADDR="2001:db8:1:3::abcd") == 302


# -- failed logins ---------------------------------------------------------------------------


PASSWORD = "password"  # UserFactory's


@pytest.fixture
def user():
    from factories import UserFactory

    return UserFactory(username="ada")


@pytest.fixture
def failed_logins():
    """Every failed password check the auth backends report (user_login_failed)."""
    from django.contrib.auth.signals import user_login_failed

    seen = []

    def note(sender, credentials, **kwargs):
        seen.append(credentials.get("username"))

    user_login_failed.connect(note)
    yield seen
    user_login_failed.disconnect(note)


def log_in(username, password, address=HOME):
    client = Client(REMOTE_ADDR=address)
    response = client.post(reverse("accounts:login"), {"username": username, "password": password})
    return client, response


def lockout(scope: str) -> ratelimit.Lockout:
    return next(lock for lock in ratelimit.LOGIN_LOCKOUTS if lock.scope == scope)


def fail(times: int, username: str, address: str = HOME) -> None:
    for _ in range(times):
        _, response = log_in(username, "wrong", address)
        assert response.status_code == 200  # the form again, with its error


def test_the_free_failures_cost_nothing_then_the_name_is_locked_before_any_hash(
    user, failed_logins
):
    free = lockout("username").free
    fail(free - 1, "ada")
    _, response = log_in("ada", PASSWORD)
    assert response.status_code == 302  # a success clears the name's count

    fail(free, "ada")
    assert len(failed_logins) == 2 * free - 1

    client, refused = log_in("ada", PASSWORD, address=ELSEWHERE)  # any address, any jar
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == lockout("username").first_lock
    page = refused.content.decode()
    assert "Too many failed log-ins" in page and "Please try again in 1 minute." in page
    assert "_auth_user_id" not in client.session
    log_in("ada", "wrong")
    assert len(failed_logins) == 2 * free - 1  # refused before the password was checked


def test_the_lock_grows_with_each_failure_and_a_success_ends_it(user, clock):
    rule = lockout("username")
    fail(rule.free, "ada")
    waits = []
    for _ in range(3):
        _, refused = log_in("ada", PASSWORD)
        waits.append(int(refused["Retry-After"]))
        clock.now += waits[-1]
        fail(1, "ada")
    assert waits == [rule.first_lock, 2 * rule.first_lock, 4 * rule.first_lock]

    clock.now += 8 * rule.first_lock
    _, response = log_in("ada", PASSWORD)
    assert response.status_code == 302
    fail(1, "ada")
    assert log_in("ada", PASSWORD)[1].status_code == 302


def test_the_name_lock_ignores_letter_case(user):
    fail(lockout("username").free, "ADA")
    assert log_in("ada", PASSWORD)[1].status_code == 429


def test_the_name_lock_holds_for_look_alike_letters_the_form_logs_in_with(user):
    fail(lockout("username").free, "ada")
    for look_alike in ("\uff41\uff44\uff41", "\U0001d41a\U0001d41d\U0001d41a"):  # full-width, bold
        assert log_in(look_alike, PASSWORD)[1].status_code == 429


def test_a_burst_of_parallel_tries_waits_its_turn_and_checks_no_password(user, failed_logins):
    held = ratelimit.claim_login_turn(ELSEWHERE, "ada")  # a check of ada's password running
    assert held
    client, refused = log_in("ADA", PASSWORD)
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert "already being checked" in refused.content.decode()
    assert "_auth_user_id" not in client.session and failed_logins == []
    ratelimit.release_login_turn(held)
    assert log_in("ada", PASSWORD)[1].status_code == 302


def test_an_address_has_a_few_password_checks_at_once_and_no_more(user):
    allowed = ratelimit.LOGIN_CHECKS_AT_ONCE["address"]
    turns = [ratelimit.claim_login_turn(HOME, f"name{n}") for n in range(allowed)]
    assert all(turns)
    assert log_in("ada", PASSWORD)[1].status_code == 429
    assert log_in("ada", PASSWORD, address=ELSEWHERE)[1].status_code == 302
    for turn in turns:
        ratelimit.release_login_turn(turn)
    assert log_in("ada", PASSWORD)[1].status_code == 302


def test_one_address_trying_many_names_is_locked_out_and_others_are_not(user):
    rule = lockout("address")
    for number in range(rule.free):
        fail(1, f"guess{number}")
    assert log_in("ada", PASSWORD)[1].status_code == 429
    assert log_in("ada", PASSWORD, address=ELSEWHERE)[1].status_code == 302


def test_the_lock_lengths_double_up_to_the_longest():
    rule = ratelimit.Lockout("username", free=3, first_lock=60, longest_lock=600, memory=3600)
    assert [rule.lock_after(n) for n in range(1, 9)] == [0, 0, 60, 120, 240, 480, 600, 600]
    assert rule.lock_after(10_000) == 600


def test_an_htmx_login_past_the_lock_gets_a_notice(user):
    fail(lockout("username").free, "ada")
    response = Client().post(
        reverse("accounts:login"),
        {"username": "ada", "password": PASSWORD},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 429 and response["HX-Retarget"] == "#main"


# -- the cache is down ------------------------------------------------------------------------


@pytest.fixture
def cache_down(settings):
    """A Redis URL at a port where nothing listens."""
    settings.CACHES = {"default": parse_cache_url("CACHE_URL", "redis://127.0.0.1:1/0")}


def test_with_the_cache_down_requests_go_through_and_a_warning_is_logged(cache_down, caplog):
    with caplog.at_level(logging.WARNING, logger="config.ratelimit"):
        response = Client().post(reverse("games:new_game"), {"level": "beginner"})
    assert response.status_code == 302
    assert Match.objects.count() == 1
    assert "the cache is unreachable" in caplog.text


def test_with_the_cache_down_logging_in_still_works(cache_down, user):
    assert log_in("ada", "wrong")[1].status_code == 200
    assert log_in("ada", PASSWORD)[1].status_code == 302
