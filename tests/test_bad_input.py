"""Inputs that once ended in a 500, and the site's own 400/403/404/405 pages."""

from __future__ import annotations

import pytest
from django.test import Client
from seating import seat_player

from games.numbers import parse_int
from tutorials.course import course

pytestmark = pytest.mark.django_db


def first_exercise(kind: str):
    return next(
        (lesson.slug, ex.id) for lesson in course() for ex in lesson.exercises if ex.kind == kind
    )


def test_parse_int_takes_ascii_digits_of_a_sane_length_only():
    assert parse_int("42") == 42
    assert parse_int(" 7 ") == 7
    assert parse_int("-3", signed=True) == -3
    assert parse_int("-3") is None
    assert parse_int("\u00b2") is None  # isdigit() is true, int() refuses it
    assert parse_int("\u0661\u0662") is None  # int() would read 12
    assert parse_int("9" * 5000) is None
    assert parse_int("9" * 10) is None
    assert parse_int("1_000") is None
    assert parse_int(None, default=0) == 0
    assert parse_int(["1"]) is None


def test_the_oldest_date_on_the_boards_is_a_page_not_a_crash(client):
    response = client.get("/leaderboards/", {"date": "0001-01-01"})
    assert response.status_code == 200
    assert 'data-action="previous-day"' not in response.content.decode()


@pytest.mark.parametrize("choice", ["\u00b2", "9" * 5000, "\u0661"])
def test_a_lesson_choice_of_odd_digits_is_a_wrong_answer_not_a_crash(client, choice):
    slug, exercise_id = first_exercise("choice")
    response = client.post(f"/learn/{slug}/{exercise_id}/", {"choice": choice})
    assert response.status_code == 200
    assert "Choose one of the answers." in response.content.decode()


@pytest.mark.parametrize(
    ("number", "answer"),
    [
        ("\u00b2", "Type a number."),
        ("\u0661\u0662", "Type a number."),
        ("9" * 5000, "999999 is too high"),  # the form keeps six characters
    ],
)
def test_a_typed_number_of_odd_digits_is_judged_not_a_crash(client, number, answer):
    slug, exercise_id = first_exercise("points")
    response = client.post(f"/learn/{slug}/{exercise_id}/", {"number": number})
    assert response.status_code == 200
    assert answer in response.content.decode()


def test_a_nickname_with_a_nul_byte_is_refused_and_nothing_changes(client):
    guest = seat_player(client)
    response = client.post("/daily/nickname/", {"nickname": "a\x00b"})
    assert response.status_code == 400
    assert "invisible or control characters" in response.content.decode()
    guest.refresh_from_db()
    assert guest.nickname == ""


def test_an_unknown_address_gets_the_sites_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert 'data-error="404"' in page and 'data-action="home"' in page


def test_a_wrong_method_gets_a_405_page_that_keeps_its_allow_header(client):
    response = client.get("/play/new")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert 'data-error="405"' in response.content.decode()


def test_a_form_without_its_csrf_token_gets_a_clear_403_page():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/play/new", {"level": "beginner"})
    assert response.status_code == 403
    assert 'data-error="403-csrf"' in response.content.decode()
    assert "This form has expired" in response.content.decode()


def test_too_many_fields_get_the_sites_400_page(client):
    fields = {f"f{n}": "1" for n in range(1001)}  # more than DATA_UPLOAD_MAX_NUMBER_FIELDS
    response = client.get("/leaderboards/", fields)
    assert response.status_code == 400
    assert 'data-error="400"' in response.content.decode()


def test_a_damaged_hand_record_is_a_clear_404_on_the_table_and_the_replay(client):
    from moves import hand_over, play_until

    from games.services import start_match

    guest = seat_player(client)
    match = play_until(start_match(guest, "beginner"), guest, hand_over)
    hand = match.hands.get()
    # A stored action no rule allows: the record can no longer be replayed.
    hand.record["actions"].insert(0, {"seat": 0, "action": "play", "card": "QC"})
    hand.save(update_fields=["record"])
    for url in (f"/play/{match.pk}/", f"/play/{match.pk}/hand/1/"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert 'data-error="404"' in response.content.decode()
