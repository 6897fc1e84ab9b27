"""Signing up or logging in keeps everything the guest did, and never fails because of it."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from django.db import connection
from django.urls import reverse
from factories import (
    DailyDealFactory,
    LessonProgressFactory,
    MatchFactory,
    PlayerFactory,
    UserFactory,
    finished_daily_attempt,
)
from moves import hand_over, play_until
from seating import sign_up

from games.daily import today
from games.identity import SESSION_KEY
from games.models import HandOutcome, Match, Player
from games.services import load_table, start_match
from leaderboards.models import DailyRank
from leaderboards.ranking import recompute
from rules_engine.players import player_for
from tutorials.models import LessonProgress
from tutorials.progress import SESSION_KEY as PROGRESS_KEY

pytestmark = pytest.mark.django_db
PASSWORD = "password"  # the factories' password


def as_guest(client, player: Player) -> Player:
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return player


def log_in(client, user):
    return client.post(reverse("accounts:login"), {"username": user.username, "password": PASSWORD})


def ranked_attempt(player, deal, score_each_hand):
    """A finished ranked attempt at a day's deal, with its hand results."""
    return finished_daily_attempt(player, deal, score_each_hand, ranked=True)


def board_row(page: str, name: str) -> str | None:
    cell = rf"<td[^>]*>{re.escape(name)}(?:</td>| <span)"  # your own row adds "(you)"
    found = re.search(rf"<tr[^>]*>\s*<td[^>]*>\d+</td>\s*{cell}.*?</tr>", page, re.S)
    return found.group(0) if found else None


def test_a_finished_hands_results_are_kept_when_logging_in(client):
    user = UserFactory()
    guest = as_guest(client, PlayerFactory())
    match = play_until(start_match(guest, "beginner"), guest, hand_over)
    outcome = HandOutcome.objects.get(match=match)
    assert log_in(client, user).status_code == 302
    account = Player.objects.get(user=user)
    outcome.refresh_from_db()
    assert outcome.player == account
    assert Match.objects.get(pk=match.pk).player == account
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert SESSION_KEY not in client.session


def test_signing_up_keeps_the_results_too(client):
    guest = as_guest(client, PlayerFactory(deck="four", speed="fast"))
    match = play_until(start_match(guest, "beginner"), guest, hand_over)
    response = sign_up(client, "newcomer")
    assert response.status_code == 302
    account = Player.objects.get(user__username="newcomer")
    assert list(HandOutcome.objects.filter(match=match).values_list("player", flat=True)) == [
        account.pk
    ]
    assert (account.deck, account.speed) == ("four", "fast")


def test_the_daily_board_shows_the_right_score_right_after_login(client):
    deal = DailyDealFactory(date=today())
    user = UserFactory(username="ruth")
    other = PlayerFactory(nickname="Other")
    ranked_attempt(other, deal, 1)
    guest = as_guest(client, PlayerFactory())
    guest_name = guest.display_name
    attempt = ranked_attempt(guest, deal, 3)
    recompute()
    assert DailyRank.objects.get(match=attempt).player == guest
    assert log_in(client, user).status_code == 302

    page = client.get(reverse("leaderboards:board")).content.decode()
    row = board_row(page, "ruth")
    assert row is not None and "+30" in row and 'aria-current="true"' in row
    assert board_row(page, guest_name) is None
    recompute()
    rank = DailyRank.objects.get(match=attempt)
    assert (rank.player.user, rank.score, rank.rank) == (user, 30, 1)
    daily = client.get(reverse("leaderboards:daily")).content.decode()
    assert 'data-daily-status="finished"' in daily and "+30" in daily


def test_both_ranked_the_same_day_the_accounts_attempt_stays_ranked(client):
    deal = DailyDealFactory(date=today())
    user = UserFactory(username="sam")
    account = PlayerFactory(user=user)
    mine = ranked_attempt(account, deal, 1)
    guest = as_guest(client, PlayerFactory())
    theirs = ranked_attempt(guest, deal, 5)
    recompute()
    assert DailyRank.objects.filter(daily=deal).count() == 2

    assert log_in(client, user).status_code == 302
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.ranked and not theirs.ranked
    assert theirs.player == account
    assert not HandOutcome.objects.filter(match=theirs, ranked=True).exists()
    assert HandOutcome.objects.filter(match=theirs).count() == 10
    assert list(DailyRank.objects.values_list("match", flat=True)) == [mine.pk]
    recompute()
    assert list(DailyRank.objects.values_list("match", "score")) == [(mine.pk, 10)]


def test_course_progress_and_games_move_in_the_same_login(client):
    user = UserFactory()
    LessonProgressFactory(user=user, lesson="tricks", completed_exercises=["two-trumps"])
    guest = as_guest(client, PlayerFactory())
    match = start_match(guest, "beginner")
    session = client.session
    session[PROGRESS_KEY] = {"tricks": ["highest-of-the-suit"], "cards": ["ten-or-king"]}
    session.save()
    assert log_in(client, user).status_code == 302
    rows = {row.lesson: row.completed_exercises for row in LessonProgress.objects.filter(user=user)}
    assert rows == {"tricks": ["two-trumps", "highest-of-the-suit"], "cards": ["ten-or-king"]}
    assert Match.objects.get(pk=match.pk).player.user == user
    assert PROGRESS_KEY not in client.session


def test_a_game_in_progress_is_still_playable_after_login(client):
    user = UserFactory()
    guest = as_guest(client, PlayerFactory())
    match = start_match(guest, "beginner")
    version = match.version
    assert log_in(client, user).status_code == 302
    table = load_table(match)
    action = player_for("standard").decide(table.state.view(match.human_seat), b"t")
    response = client.post(
        reverse("games:act", args=[match.pk]), {**action.to_json(), "version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.version > version
    assert client.get(reverse("games:table", args=[match.pk])).status_code == 200


def test_logging_in_twice_keeps_everything_and_a_second_guest_joins_too(client):
    user = UserFactory()
    first = as_guest(client, PlayerFactory())
    first_match = start_match(first, "beginner")
    assert log_in(client, user).status_code == 302
    assert log_in(client, user).status_code == 302  # the same session, again
    client.post(reverse("accounts:logout"))
    assert client.post(reverse("games:new_game"), {"level": "beginner"}).status_code == 302
    second_match = Match.objects.exclude(pk=first_match.pk).get()
    assert second_match.player.user is None
    assert log_in(client, user).status_code == 302
    account = Player.objects.get(user=user)
    assert set(account.matches.values_list("pk", flat=True)) == {first_match.pk, second_match.pk}
    assert Player.objects.count() == 1


def test_a_guest_id_that_no_longer_exists_is_simply_forgotten(client):
    user = UserFactory()
    gone = as_guest(client, PlayerFactory())
    gone.delete()
    assert log_in(client, user).status_code == 302
    assert SESSION_KEY not in client.session
    assert client.get(reverse("accounts:profile")).status_code == 200


def test_an_account_id_in_the_guest_slot_takes_nothing_from_that_account(client):
    victim = PlayerFactory(account=True)
    victims_game = MatchFactory(player=victim)
    user = UserFactory()
    as_guest(client, victim)
    assert log_in(client, user).status_code == 302
    assert Match.objects.get(pk=victims_game.pk).player == victim


@contextmanager
def database_refuses(model, event: str):
    """While the block runs, PostgreSQL itself refuses ``event`` on the model's table
    (a trigger that raises): a real database failure, not a mock."""
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$"
        )
        cursor.execute(
            f"CREATE TRIGGER refuse BEFORE {event} ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION refuse()"
        )
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER refuse ON {table}")
            cursor.execute("DROP FUNCTION refuse()")


def test_a_failed_move_keeps_the_login_and_the_guest_and_is_finished_later(client):
    user = UserFactory()
    guest = as_guest(client, PlayerFactory())
    match = play_until(start_match(guest, "beginner"), guest, hand_over)
    with database_refuses(Match, "UPDATE OF player_id"):
        response = log_in(client, user)
        assert response.status_code == 302
        assert client.session["_auth_user_id"] == str(user.pk)
        assert client.session[SESSION_KEY] == guest.pk
        assert Match.objects.get(pk=match.pk).player == guest
        assert HandOutcome.objects.get(match=match).player == guest

    assert client.get(reverse("accounts:profile")).status_code == 200
    account = Player.objects.get(user=user)
    assert Match.objects.get(pk=match.pk).player == account
    assert HandOutcome.objects.get(match=match).player == account
    assert SESSION_KEY not in client.session


def test_course_progress_alone_that_failed_to_move_is_moved_on_a_later_request(client):
    user = UserFactory()
    session = client.session  # a visitor who did lessons but never played: no guest player
    session[PROGRESS_KEY] = {"cards": ["ten-or-king"]}
    session.save()
    with database_refuses(LessonProgress, "INSERT"):
        assert log_in(client, user).status_code == 302
        assert not LessonProgress.objects.filter(user=user).exists()
        assert PROGRESS_KEY in client.session

    assert client.get(reverse("accounts:profile")).status_code == 200
    assert LessonProgress.objects.get(user=user).completed_exercises == ["ten-or-king"]
    assert PROGRESS_KEY not in client.session
