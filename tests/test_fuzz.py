"""Hostile input never ends in a 5xx: every URL of the site, GET and POST, bad values.

The URL patterns come from the resolver, so a new endpoint is fuzzed without
touching this file (a new path parameter needs its values below, or the test
says so). The form fields fuzzed are the ones each view actually reads: a
first request records every key looked up in ``request.GET`` / ``request.POST``,
then each such field gets every hostile value in turn while the others hold
plausible ones, and once all together. The admin is left out: it is Django's
own, tested code, open to staff only, and its dozens of patterns would take
most of the time budget.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import sys
import uuid

import pytest
from django.core.cache import cache
from django.db import transaction
from django.http import QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from factories import DailyDealFactory, PlayerFactory, UserFactory
from moves import hand_over, play_until

from games.daily import today
from games.identity import SESSION_KEY
from games.models import Match
from games.services import load_table, start_match, submit_action
from rules_engine.players import player_for
from tutorials.course import course

pytestmark = pytest.mark.django_db

SKIPPED_NAMESPACES = {"admin"}
HUGE = "x" * 100_000
#: Every kind of bad value, in a fixed order (no randomness).
HOSTILE = [
    None,  # the field is missing
    "",
    HUGE,
    "-1",
    "\u00b2",  # superscript two: str.isdigit() says yes, int() says no
    "\u0661\u0662",  # Arabic-Indic 12: int() would take it
    "9" * 5000,
    "a\x00b",
    "1e309",
    "0001-01-01",
    "9999-12-31",
    "<script>alert(1)</script>",
    str(uuid.UUID(int=0)),
    ["1", "2"],  # a list where one value is expected
]
#: htmx headers as a page would send them, and as a forger might.
PARTIAL = {"HTTP_HX_REQUEST": "true"}
HTMX_HEADERS = [
    {},
    {**PARTIAL, "HTTP_HX_CURRENT_URL": HUGE, "HTTP_HX_TARGET": "a\x00b"},
    {"HTTP_HX_REQUEST": "\x00garbage", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"},
]
ROUTE_PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


class ReadKeys:
    """Records every key a view (or a form it uses) looks up in a QueryDict."""

    #: Lookups made by QueryDict itself (``items()``, ``copy()``) are not a view reading.
    INTERNAL = ("django.utils.datastructures", "django.http.request")

    def __init__(self, monkeypatch):
        self.keys: set[str] = set()
        for method in ("get", "getlist", "__getitem__", "__contains__"):
            original = getattr(QueryDict, method)
            monkeypatch.setattr(QueryDict, method, self._recording(original))

    def _recording(self, original):
        keys = self.keys
        internal = self.INTERNAL

        def recorded(querydict, key, *args, **kwargs):
            if sys._getframe(1).f_globals.get("__name__") not in internal:
                keys.add(key)
            return original(querydict, key, *args, **kwargs)

        return recorded


def routes(patterns=None, prefix=""):
    """(route, name) of every URL pattern outside the skipped namespaces."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace in SKIPPED_NAMESPACES:
                continue
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            assert isinstance(pattern, URLPattern)
            yield prefix + str(pattern.pattern), pattern.name


class Site:
    """The data the fuzzing needs: a guest with a match (one hand finished), a
    stranger's match, an account, a past daily deal, and one exercise of each kind."""

    def __init__(self, client):
        self.player = PlayerFactory()
        session = client.session
        session[SESSION_KEY] = self.player.pk
        session.save()
        self.match = start_match(self.player, "beginner", seed=bytes(32))
        self.finished = start_match(self.player, "beginner", seed=bytes([1]) + bytes(31))
        while not load_table(self.finished).state.is_over:
            table = load_table(self.finished)
            move = player_for("standard").decide(table.state.view(self.finished.human_seat), b"")
            data = {"action": move.kind, "card": move.card or "", "cards": list(move.cards or ())}
            self.finished = submit_action(
                self.finished.pk, self.player, data, self.finished.version
            )
        # A Schafkopf session with its first hand over: its table, moves and replays.
        self.schafkopf = play_until(
            start_match(self.player, "beginner", seed=bytes(32), game="schafkopf"),
            self.player,
            hand_over,
        )
        self.strangers = start_match(PlayerFactory(), "beginner", seed=bytes(32))
        self.user = UserFactory()
        self.past_deal = DailyDealFactory(date=today() - dt.timedelta(days=3))
        self.exercises = {}
        for lesson in course():
            for ex in lesson.exercises:
                self.exercises.setdefault(ex.kind, (lesson.slug, ex.id))

    def version(self) -> str:
        return str(Match.objects.get(pk=self.match.pk).version)

    def path_variants(self, route: str):
        """(path, whose) for a route: ``whose`` is "own" for paths to real things of the
        client's, "stranger" for another player's match (must be a 404), else "other"."""
        names = [m["name"] for m in ROUTE_PARAMETER.finditer(route)]
        unknown = set(names) - {"match_id", "number", "slug", "exercise_id", "date"}
        assert not unknown, f"{route}: give test_fuzz values for the path parameter(s) {unknown}"
        options = []
        if "exercise_id" in names:
            pairs = [(*pair, "own") for pair in self.exercises.values()]
            first_slug, first_id = next(iter(self.exercises.values()))
            pairs += [
                (first_slug, "no-such-exercise", "other"),
                ("no-such-lesson", first_id, "other"),
            ]
            options.append([({"slug": s, "exercise_id": e}, w) for s, e, w in pairs])
        elif "slug" in names:
            slugs = [(lesson.slug, "own") for lesson in course()[:1]]
            options.append([({"slug": s}, w) for s, w in slugs + [("no-such-lesson", "other")]])
        if "match_id" in names:
            options.append(
                [
                    ({"match_id": self.finished.pk if "number" in names else self.match.pk}, "own"),
                    ({"match_id": self.schafkopf.pk}, "own"),
                    ({"match_id": self.strangers.pk}, "stranger"),
                    ({"match_id": uuid.UUID(int=1)}, "other"),
                ]
            )
        if "number" in names:
            options.append(
                [({"number": 1}, "own"), ({"number": 0}, "other"), ({"number": 10**30}, "other")]
            )
        if "date" in names:
            dates = [self.past_deal.date.isoformat(), "0001-01-01", "9999-12-31", "not-a-date",
                     "2026-02-30", HUGE[:2000]]  # fmt: skip
            options.append(
                [({"date": d}, "own" if i == 0 else "other") for i, d in enumerate(dates)]
            )
        for combination in itertools.product(*options):
            values = {}
            whose = "own"
            for part, part_whose in combination:
                values.update(part)
                if part_whose != "own":
                    whose = part_whose if whose == "own" else whose
            path = ROUTE_PARAMETER.sub(lambda m, v=values: str(v[m["name"]]), route)
            yield "/" + path, whose


def plausible(site: Site) -> dict:
    """Values a real page would post. The account forms' values are deliberately
    wrong (no such user, passwords that differ) so that fuzzing never logs the
    guest in, which would move its matches to an account."""
    return {
        "action": "play",
        "card": "QC",
        "cards": ["7C", "8C"],
        "version": site.version(),
        "step": "1",
        "hand": "1",
        "seat": "1",
        "level": "beginner",
        "hints": "1",
        "speed": "fast",
        "deck": "classic",
        "schafkopf_deck": "german",
        "contract": "rufspiel",
        "trump": "H",
        "tout": "1",
        "chosen": "QC",
        "toggle": "QC",
        "date": site.past_deal.date.isoformat(),
        "board": "daily",
        "page": "1",
        "nickname": "Fuzzy",
        "back": "board",
        "choice": "0",
        "number": "12",
        "selected": "QC",
        "check": "1",
        "next": "/",
        "username": "nobody-by-this-name",
        "password": "not-the-password",
        "password1": "Plausible-pass-1",
        "password2": "Plausible-pass-2",
        "old_password": "not-the-password",
        "new_password1": "Plausible-pass-1",
        "new_password2": "Plausible-pass-2",
        **{f"score-{s}": "1" for s in range(5)},
    }


def send(client, method, path, fields, headers):
    data = {k: v for k, v in fields.items() if v is not None}
    if method == "GET":
        return client.get(path, data, **headers)
    return client.post(path, data, **headers)


@pytest.fixture
def fast_hashing(settings):
    """Logins are fuzzed too: a real password hash per attempt would take minutes."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def fuzz(client, site, read, *, logged_in=None, deep=True):
    """Every route, method and bad value; returns the failures as readable lines."""
    failures = []
    requests = 0

    def attempt(method, path, fields, headers, whose, what):
        nonlocal requests
        requests += 1
        read.keys.clear()
        try:
            with transaction.atomic():  # a database error must not end the whole walk
                response = send(client, method, path, fields, headers)
        except Exception as error:  # noqa: BLE001 (reported below, with the input)
            failures.append(f"{method} {path} {what}: raised {type(error).__name__}: {error}"[:500])
            return set()
        finally:
            if logged_in is not None and path.startswith("/accounts/"):
                client.force_login(logged_in)  # a fuzzed logout must not end the pass
        if response.status_code >= 500:
            failures.append(f"{method} {path} {what}: {response.status_code}")
        if whose == "stranger" and response.status_code not in (404, 405):
            failures.append(f"{method} {path} {what}: another player's match gave "
                            f"{response.status_code}, not 404")  # fmt: skip
        return set(read.keys) - {"csrfmiddlewaretoken"}

    for route, _name in routes():
        cache.clear()  # each route gets the rate limits' whole allowance (429s hide paths)
        for path, whose in site.path_variants(route):
            for method in ("GET", "POST"):
                if not deep or whose != "own":
                    attempt(method, path, {}, {}, whose, "no fields")
                    continue
                keys = set()
                for headers in HTMX_HEADERS:
                    keys |= attempt(method, path, {}, headers, whose, f"headers={sorted(headers)}")
                keys |= attempt(method, path, plausible(site), {}, whose, "plausible fields")
                for value in HOSTILE if keys else ():
                    label = repr(value)[:40]
                    fields = {key: value for key in keys}
                    attempt(method, path, fields, PARTIAL, whose, f"every field={label}")
                    for key in sorted(keys):
                        fields = {**plausible(site), key: value}
                        if key == "version" and value is None:
                            fields[key] = str(int(site.version()) - 1)  # a stale version
                        attempt(method, path, fields, PARTIAL, whose, f"{key}={label}")
    return failures, requests


def test_no_input_to_any_url_ends_in_a_server_error(client, monkeypatch, fast_hashing):
    site = Site(client)
    read = ReadKeys(monkeypatch)
    failures, requests = fuzz(client, site, read)
    anonymous, more = fuzz(Client(), site, read, deep=False)
    account_client = Client()
    account_client.force_login(site.user)
    as_account, most = fuzz(account_client, site, read, logged_in=site.user, deep=False)
    failures += anonymous + as_account
    assert requests + more + most > 1000  # the walk really reached the site
    assert not failures, f"{len(failures)} server errors:\n" + "\n".join(failures[:60])


def test_every_route_is_walked():
    """The walk finds the pages of each app, so a new URL is fuzzed by itself."""
    found = {route for route, _name in routes()}
    assert "play/<uuid:match_id>/act" in found
    assert "learn/<slug:slug>/<slug:exercise_id>/" in found
    assert "leaderboards/" in found
    assert not any(route.startswith("admin/") for route in found)
