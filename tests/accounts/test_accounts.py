"""Accounts: sign up, log in and out, change password, profile; guests keep their games."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.identity import SESSION_KEY, current_player
from games.models import Match, Player
from games.services import load_table, start_match, submit_action
from rules_engine.players import player_for

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-and-unusual-passphrase-42"


def guest_with_a_game(client):
    """A guest session that has started a match, as the table page would."""
    player = Player.objects.create()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return player, start_match(player, "beginner")


def play_one_hand(player, match):
    while not load_table(match).state.is_over:
        table = load_table(match)
        action = player_for("standard").decide(table.state.view(match.human_seat), b"t")
        data = {"action": action.kind, "card": action.card, "cards": action.cards}
        match = submit_action(match.pk, player, data, match.version)
    return match


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
    user = get_user_model().objects.create_user("bob", password=PASSWORD)
    guest, match = guest_with_a_game(client)
    play_one_hand(guest, match)
    response = client.post(reverse("accounts:login"), {"username": "bob", "password": PASSWORD})
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
    get_user_model().objects.create_user("dee", password=PASSWORD)
    response = client.post(reverse("accounts:login"), {"username": "dee", "password": "nope"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logging_out_ends_the_session(client):
    user = get_user_model().objects.create_user("eve", password=PASSWORD)
    client.force_login(user)
    response = client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_the_password_can_be_changed(client):
    user = get_user_model().objects.create_user("fay", password=PASSWORD)
    client.force_login(user)
    new = PASSWORD + "-new"
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_the_profile_shows_hands_points_and_picks(client, rf):
    user = get_user_model().objects.create_user("gus", password=PASSWORD)
    client.force_login(user)
    request = rf.get("/")
    request.user = user
    player = current_player(request)
    match = play_one_hand(player, start_match(player, "beginner"))
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
