"""Accounts: sign up, log in and out, change password, profile; guests keep their games."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from factories import PASSWORD as MEMBERS_PASSWORD
from factories import UserFactory
from moves import hand_over, play_until
from seating import seat_player

from games.identity import current_player
from games.models import Match, Player
from games.services import start_match

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-and-unusual-passphrase-42"


def guest_with_a_game(client):
    """A guest session that has started a match, as the table page would."""
    guest = seat_player(client)
    return guest, start_match(guest, "beginner")


def test_signing_up_keeps_the_game_in_progress(client):
    guest, match = guest_with_a_game(client)
    response = client.post(
        reverse("accounts:signup"),
        {"username": "ann", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="ann")
    match.refresh_from_db()
    assert match.player.user == user
    assert not Player.objects.filter(pk=guest.pk).exists()


def test_logging_in_moves_a_guests_finished_games_to_the_account(client):
    user = UserFactory(password=PASSWORD)
    guest, match = guest_with_a_game(client)
    play_until(match, guest, hand_over)
    login = {"username": user.username, "password": PASSWORD}
    response = client.post(reverse("accounts:login"), login)
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).player.user == user


def test_a_bad_signup_is_refused_and_creates_nothing(client):
    response = client.post(
        reverse("accounts:signup"),
        {"username": "cy", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="cy").exists()
    assert "password" in response.content.decode().lower()


def test_a_wrong_password_does_not_log_in(client):
    user = UserFactory(password=PASSWORD)
    login = {"username": user.username, "password": "nope"}
    response = client.post(reverse("accounts:login"), login)
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logging_out_ends_the_session(client, member):
    assert client.session["_auth_user_id"] == str(member.pk)
    response = client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_the_password_can_be_changed(client, member):
    new = PASSWORD + "-new"
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": MEMBERS_PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.check_password(new)


def test_the_profile_shows_hands_points_and_picks(client, member, rf):
    request = rf.get("/")
    request.user = member
    player = current_player(request)
    match = play_until(start_match(player, "beginner"), player, hand_over)
    hand = match.hands.get(number=0)
    seat = match.human_seat
    response = client.get(reverse("accounts:profile"))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'data-stat="hands">1<' in page
    assert f'data-stat="points-per-hand">{hand.result["scores"][seat]:.2f}<' in page
    assert "<svg" in page and "polyline" in page


def test_the_profile_needs_an_account(client):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]
