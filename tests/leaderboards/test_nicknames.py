"""Guest nicknames: trimmed, a sensible length, nothing hidden, nobody else's name."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from factories import PlayerFactory, UserFactory
from seating import sign_up

from games.identity import SESSION_KEY
from games.models import Player
from leaderboards.nicknames import NICKNAME_MAX, clean_nickname

pytestmark = pytest.mark.django_db


def refusal(raw, player=None) -> str:
    with pytest.raises(ValidationError) as caught:
        clean_nickname(raw, player or PlayerFactory())
    return caught.value.code


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Bold   Bob \t", "Bold Bob"),
        ("ｆｕｌｌ ｗｉｄｔｈ", "full width"),  # NFKC: the plain letters
        ("ﬁsh", "fish"),
        ("Zoe\u0308", "Zoë"),  # one combining mark is fine, and composed
        ("Ana-María 7", "Ana-María 7"),
        ("بيتر", "بيتر"),  # right-to-left letters themselves are welcome
        ("x" * NICKNAME_MAX, "x" * NICKNAME_MAX),
    ],
)
def test_good_names_are_trimmed_and_normalised(typed, kept):
    assert clean_nickname(typed, PlayerFactory()) == kept


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "length"),
        ("   ", "length"),
        ("x", "length"),
        ("x" * (NICKNAME_MAX + 1), "length"),
        ("x" * 100_000, "length"),
        ("bell\x07", "hidden"),  # Cc
        ("nul\x00name", "hidden"),
        ("\u202eevil", "hidden"),  # right-to-left override
        ("a\u2066b\u2069c", "hidden"),  # bidi isolates
        ("left\u200fmark", "hidden"),  # right-to-left mark
        ("zero\u200bwidth", "hidden"),  # Cf
        ("join\u200der", "hidden"),
        ("soft\u00adhyphen", "hidden"),
        ("lone\ud800", "hidden"),  # a surrogate
        ("odd\u0378", "hidden"),  # unassigned
        ("own\ue000", "hidden"),  # private use
        ("...", "empty"),
        ("Z\u0301\u0302\u0303\u0304\u0305algo", "marks"),  # four left after composing
        (None, "missing"),
    ],
)
def test_bad_names_are_refused_with_a_reason(typed, code):
    assert refusal(typed) == code


def test_an_accounts_name_is_taken_whatever_the_case_or_width():
    UserFactory(username="Alice")
    for typed in ("Alice", "alice", "ALICE", "Ａｌｉｃｅ", " alice "):
        assert refusal(typed) == "taken", typed


def test_another_guests_nickname_is_taken_but_your_own_is_yours():
    PlayerFactory(nickname="Bob")
    assert refusal("bob") == "taken"
    me = PlayerFactory(nickname="Carol")
    assert clean_nickname("carol", me) == "carol"


def test_a_guests_default_name_cannot_be_borrowed():
    assert refusal("Guest 0042") == "taken"
    assert refusal("guest42") == "taken"


def as_guest(client, player: Player) -> Player:
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return player


def test_the_page_saves_a_good_name(client):
    guest = as_guest(client, PlayerFactory())
    response = client.post(reverse("leaderboards:nickname"), {"nickname": "  Ｄａｎ  "})
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.nickname == "Dan"


def test_a_bad_name_is_a_clear_400_and_changes_nothing(client):
    UserFactory(username="Alice")
    guest = as_guest(client, PlayerFactory(nickname="Before"))
    for typed, says in [
        ("\u202eecilA", "invisible or control characters"),
        ("ALICE", "someone else"),
        ("x" * 200, f"2 to {NICKNAME_MAX} characters"),
    ]:
        response = client.post(reverse("leaderboards:nickname"), {"nickname": typed})
        assert response.status_code == 400
        page = response.content.decode()
        assert "data-nickname-error" in page and says in page
        assert 'aria-invalid="true"' in page
        guest.refresh_from_db()
        assert guest.nickname == "Before"


def test_an_account_chooses_its_name_on_the_board(client):
    user = UserFactory(username="alice77")
    account = PlayerFactory(user=user)
    assert account.display_name == "alice77"
    client.force_login(user)
    response = client.post(reverse("leaderboards:nickname"), {"nickname": "  Alice  the  Great "})
    assert response.status_code == 302
    account.refresh_from_db()
    assert account.nickname == "Alice the Great"
    assert account.display_name == "Alice the Great"


def test_an_account_may_not_take_another_accounts_name(client):
    UserFactory(username="Bob")
    user = UserFactory()
    account = PlayerFactory(user=user)
    client.force_login(user)
    response = client.post(reverse("leaderboards:nickname"), {"nickname": "bob"})
    assert response.status_code == 400
    account.refresh_from_db()
    assert account.nickname == ""


def test_a_new_user_name_may_not_pass_for_a_name_on_the_board(client):
    PlayerFactory(nickname="Carol")
    response = sign_up(client, "CAROL")
    assert response.status_code == 200
    assert "someone else" in response.content.decode()
    assert not get_user_model().objects.filter(username__iexact="carol").exists()


def test_a_guests_name_comes_along_when_it_signs_up(client):
    guest = as_guest(client, PlayerFactory(nickname="Dora"))
    response = sign_up(client, "dora_s")
    assert response.status_code == 302
    account = Player.objects.get(user__username="dora_s")
    assert account.nickname == "Dora" and account.display_name == "Dora"
    assert not Player.objects.filter(pk=guest.pk).exists()


def test_a_bad_name_from_a_new_visitor_creates_no_player(client):
    response = client.post(reverse("leaderboards:nickname"), {"nickname": "\u202e"})
    assert response.status_code == 400
    assert not Player.objects.exists()
    good = client.post(reverse("leaderboards:nickname"), {"nickname": "Erin"})
    assert good.status_code == 302
    assert Player.objects.get().nickname == "Erin"
