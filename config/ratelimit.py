"""Rate limits on everything that costs the server real work, keyed by the client's address.

Every figure lives here, as frozen data. The counters live in Django's cache
(Redis in production, so every web process shares them; memory under
`make run`), so a new cookie jar does not reset them. Counting uses fixed
windows: ``cache.add`` starts a window's counter and ``cache.incr`` counts
atomically. When the cache cannot be reached the limiter logs a warning and
lets the request through: a dead cache must not take the site down with it.

Failed logins are counted separately, per address and per user name, and each
failure past the free ones locks that address or name out for twice as long as
the last time; the lock is checked before the password is hashed.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import logging
import math
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

logger = logging.getLogger(__name__)

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR

#: Clients on IPv6 usually get a whole /64 network, so they count as one address.
IPV6_CLIENT_PREFIX = 64


@dataclass(frozen=True)
class Limit:
    """At most ``count`` requests for ``action`` from one address per ``window`` seconds."""

    action: str
    count: int
    window: int


#: A person playing fast starts a few games a minute and asks one hint per move.
LIMITS: tuple[Limit, ...] = (
    Limit("new-game", 10, MINUTE),
    Limit("new-game", 100, HOUR),
    Limit("daily-start", 10, MINUTE),
    Limit("daily-practice", 10, MINUTE),
    Limit("daily-practice", 100, HOUR),
    Limit("hint", 30, MINUTE),
    Limit("hint", 600, HOUR),
    Limit("language", 30, MINUTE),
    Limit("signup", 10, HOUR),
    Limit("signup", 20, DAY),
)


@dataclass(frozen=True)
class Lockout:
    """Failed logins per ``scope`` (address or user name): ``free`` of them cost
    nothing; each one after that locks the scope out for ``first_lock`` seconds,
    doubled per further failure up to ``longest_lock``. A failure is remembered
    for ``memory`` seconds after the last one."""

    scope: str
    free: int
    first_lock: int
    longest_lock: int
    memory: int

    def lock_after(self, failures: int) -> int:
        """Seconds locked out after ``failures`` failed logins in a row (0: none)."""
        if failures < self.free:
            return 0
        doublings = min(failures - self.free, 32)  # the longest lock comes long before
        return min(self.first_lock * 2**doublings, self.longest_lock)


LOGIN_LOCKOUTS: tuple[Lockout, ...] = (
    Lockout("address", free=10, first_lock=MINUTE, longest_lock=HOUR, memory=DAY),
    Lockout("username", free=5, first_lock=MINUTE, longest_lock=HOUR, memory=DAY),
)

#: The time the windows and locks are measured in; tests replace it to move time on.
clock: Callable[[], float] = time.time


def _cache_errors() -> tuple[type[BaseException], ...]:
    errors: tuple[type[BaseException], ...] = (OSError,)
    try:
        from redis.exceptions import RedisError
    except ImportError:  # only the Redis cache raises these
        return errors
    return (*errors, RedisError)


CACHE_ERRORS = _cache_errors()


# -- who is asking --------------------------------------------------------------------


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or with ``TRUSTED_PROXY_COUNT`` proxies in
    front, the address the outermost of them reports in X-Forwarded-For (never one
    the client wrote itself). An IPv6 client counts as its /64 network."""
    address = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",")]
        # Each trusted proxy appended one address; anything left of those came from the client.
        address = hops[-min(proxies, len(hops))]
    return _normalised(address) or _normalised(request.META.get("REMOTE_ADDR", "")) or "unknown"


def _normalised(text: str) -> str | None:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if address.version == 6:
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/{IPV6_CLIENT_PREFIX}", strict=False))
    return str(address)


# -- counting ---------------------------------------------------------------------------


def limits_for(action: str) -> tuple[Limit, ...]:
    found = tuple(limit for limit in LIMITS if limit.action == action)
    if not found:
        raise ValueError(f"No rate limit is defined for {action!r}")
    return found


def hit(action: str, address: str) -> int | None:
    """Count one request for ``action`` from ``address``; the seconds to wait if it
    is one too many, else None. Fails open (None) when the cache is unreachable."""
    now = clock()
    wait = None
    for limit in limits_for(action):
        window = int(now // limit.window)
        key = f"ratelimit:{limit.action}:{limit.window}:{window}:{address}"
        try:
            count = _increment(key, timeout=limit.window + 1)
        except CACHE_ERRORS:
            logger.warning("Rate limit %s not checked: the cache is unreachable", action,
                           exc_info=True)  # fmt: skip
            return None
        if count > limit.count:
            left = math.ceil((window + 1) * limit.window - now)
            wait = max(wait or 0, left, 1)
    return wait


def _increment(key: str, timeout: int) -> int:
    cache.add(key, 0, timeout=timeout)
    try:
        return cache.incr(key)
    except ValueError:  # the counter expired between add and incr
        cache.add(key, 0, timeout=timeout)
        return cache.incr(key)


def rate_limited(action: str, methods: tuple[str, ...] | None = None):
    """View decorator: past ``action``'s limits the view does not run and the client
    gets a 429 page. ``methods`` limits only those methods (default: every one)."""
    limits_for(action)  # an unknown action is a mistake in the code: fail at import

    def decorator(view):
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if methods is None or request.method in methods:
                address = client_address(request)
                wait = hit(action, address)
                if wait is not None:
                    logger.info("Rate limit %s reached by %s", action, address)
                    return too_many_requests(request, wait)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


# -- failed logins ------------------------------------------------------------------------


def _login_subjects(address: str, username: str) -> list[tuple[Lockout, str]]:
    subjects = []
    # The form logs in with the NFKC form of the name (full-width or bold letters
    # are the plain ones), so the lock-out counts that form too.
    name = unicodedata.normalize("NFKC", username).strip().casefold()
    for lockout in LOGIN_LOCKOUTS:
        if lockout.scope == "address":
            subjects.append((lockout, address))
        elif name:
            # A digest keeps the key short and free of whatever was typed.
            subjects.append((lockout, hashlib.sha256(name.encode()).hexdigest()))
    return subjects


def _failures_key(lockout: Lockout, subject: str) -> str:
    return f"login-failures:{lockout.scope}:{subject}"


def _lock_key(lockout: Lockout, subject: str) -> str:
    return f"login-lock:{lockout.scope}:{subject}"


def login_wait(address: str, username: str) -> int | None:
    """Seconds until this address and user name may try a password again, or None.
    Cheap on purpose: it runs before any password is hashed."""
    now = clock()
    wait = None
    try:
        for lockout, subject in _login_subjects(address, username):
            until = cache.get(_lock_key(lockout, subject))
            if until is not None and until > now:
                wait = max(wait or 0, math.ceil(until - now))
    except CACHE_ERRORS:
        logger.warning("Login lock-out not checked: the cache is unreachable", exc_info=True)
        return None
    return wait


def record_login_failure(address: str, username: str) -> None:
    """Count a failed login; past the free ones, lock the address or name out."""
    now = clock()
    try:
        for lockout, subject in _login_subjects(address, username):
            key = _failures_key(lockout, subject)
            failures = _increment(key, timeout=lockout.memory)
            cache.touch(key, lockout.memory)
            lock = lockout.lock_after(failures)
            if lock:
                cache.set(_lock_key(lockout, subject), now + lock, timeout=lock + 1)
    except CACHE_ERRORS:
        logger.warning("Failed login not counted: the cache is unreachable", exc_info=True)


#: Password checks one user name, or one address, may have running at once. A burst
#: of parallel tries waits its turn, so none slips past a lock-out being written.
LOGIN_CHECKS_AT_ONCE = {"username": 1, "address": 3}
#: A turn left behind by a process that died is free again after this long.
LOGIN_TURN_SECONDS = 30


def claim_login_turn(address: str, username: str) -> list[str] | None:
    """The keys to release after checking this password now, or None if the name or
    address already has its password checks running (the caller answers 429)."""
    taken: list[str] = []
    try:
        for lockout, subject in _login_subjects(address, username):
            key = f"login-checking:{lockout.scope}:{subject}"
            running = _increment(key, timeout=LOGIN_TURN_SECONDS)
            taken.append(key)
            if running > LOGIN_CHECKS_AT_ONCE[lockout.scope]:
                release_login_turn(taken)
                return None
    except CACHE_ERRORS:
        logger.warning("Login turn not taken: the cache is unreachable", exc_info=True)
    return taken


def release_login_turn(keys: list[str]) -> None:
    try:
        for key in keys:
            cache.decr(key)
    except (ValueError, *CACHE_ERRORS):  # expired meanwhile, or the cache is gone
        pass


def forget_login_failures(username: str) -> None:
    """A successful login clears its user name's failures (not the address's)."""
    try:
        for lockout, subject in _login_subjects("", username):
            if lockout.scope == "username":
                cache.delete_many([_failures_key(lockout, subject), _lock_key(lockout, subject)])
    except CACHE_ERRORS:
        logger.warning("Login failures not cleared: the cache is unreachable", exc_info=True)


# -- the answer ----------------------------------------------------------------------------


def wait_sentence(seconds: int) -> str:
    """When to try again, in whole seconds under a minute, else in minutes (rounded up)."""
    if seconds < MINUTE:
        return ngettext(
            "Please try again in %(seconds)d second.",
            "Please try again in %(seconds)d seconds.",
            seconds,
        ) % {"seconds": seconds}
    minutes = math.ceil(seconds / MINUTE)
    return ngettext(
        "Please try again in %(minutes)d minute.",
        "Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def too_many_requests(request: HttpRequest, wait: int, message: str = "") -> HttpResponse:
    """A 429 with Retry-After: the whole page, or for htmx a notice put at the top of
    the page's main region (the page's own content stays as it was)."""
    context = {
        "message": message or _("That was a lot of requests in a short time."),
        "wait": wait_sentence(wait),
    }
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.history_restore_request:
        response = render(request, "429.html#notice", context, status=429)
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "afterbegin show:top"
    else:
        response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(wait)
    add_never_cache_headers(response)
    patch_vary_headers(response, ["HX-Request"])
    return response
