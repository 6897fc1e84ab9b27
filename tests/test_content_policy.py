"""Every response carries a strict Content-Security-Policy (over HTTP, no browser)."""

from __future__ import annotations

import pytest
from content_policy import HEADER, parse_policy, policy_problems
from django.test import Client
from factories import PlayerFactory, UserFactory

from games.identity import SESSION_KEY
from games.services import load_table, start_match, submit_action
from rules_engine.players import player_for

pytestmark = pytest.mark.django_db

#: Pages anyone may open.
OPEN_PAGES = [
    "/",
    "/daily/",
    "/leaderboards/",
    "/learn/",
    "/learn/tricks/",
    "/accounts/login/",
    "/accounts/signup/",
]


def assert_strict(response) -> None:
    assert policy_problems(response.headers.get(HEADER)) == [], (
        response.request["PATH_INFO"],
        response.headers.get(HEADER),
    )


def seated_guest(client):
    player = PlayerFactory()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return player


def played_out(match):
    """The match with its first hand played to the end by standard players."""
    while not load_table(match).state.is_over:
        action = player_for("standard").decide(load_table(match).state.view(0), b"csp")
        fields = {"action": action.kind, "card": action.card, "cards": action.cards}
        match = submit_action(match.pk, match.player, fields, match.version)
    return match


@pytest.mark.parametrize("path", OPEN_PAGES)
def test_each_open_page_has_the_strict_policy(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert_strict(response)


def test_the_policy_is_what_the_settings_say(client):
    policy = parse_policy(client.get("/")[HEADER])
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]  # no nonce on a page that doesn't use one
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


def test_the_table_its_htmx_fragments_and_the_replay_have_the_policy(client):
    player = seated_guest(client)
    match = start_match(player, "beginner")
    table = f"/play/{match.pk}/"
    assert_strict(client.get(table))
    fragment = client.get(table, headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and b"<html" not in fragment.content
    assert_strict(fragment)
    refused = client.post(f"{table}act", {"action": "play", "card": "nonsense"})
    assert 400 <= refused.status_code < 500
    assert_strict(refused)
    played_out(match)
    replay = client.get(f"{table}hand/1/")
    assert replay.status_code == 200
    assert_strict(replay)


def test_account_pages_have_the_policy(client):
    client.force_login(UserFactory())
    for path in ("/accounts/profile/", "/accounts/password/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_strict(response)


def test_error_pages_have_the_policy(client):
    missing = client.get("/no-such-page/")
    assert missing.status_code == 404
    assert_strict(missing)
    wrong_method = client.get("/play/new")
    assert wrong_method.status_code == 405
    assert_strict(wrong_method)


def test_the_csrf_failure_page_is_the_sites_own_with_no_inline_style():
    """A refused CSRF token gets templates/403_csrf.html: the site's stylesheet, no
    inline <style>, so the strict policy needs no nonce there."""
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "x"})
    assert response.status_code == 403
    assert_strict(response)
    assert b'data-error="403-csrf"' in response.content
    assert b"<style" not in response.content
    policy = parse_policy(response[HEADER])
    assert not any(source.startswith("'nonce-") for source in policy["style-src"])
    assert not any(source.startswith("'nonce-") for source in policy["script-src"])


def test_the_admin_pages_have_the_policy(client):
    assert_strict(client.get("/admin/login/"))
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    for path in ("/admin/", "/admin/auth/user/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_strict(response)
