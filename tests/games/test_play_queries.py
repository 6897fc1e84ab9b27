"""The database queries a table request makes stay few, whatever the hand's length."""

from __future__ import annotations

import pytest

from games.services import load_table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_showing_the_table_takes_a_handful_of_queries(
    client, new_match, django_assert_max_num_queries
):
    match = new_match()
    with django_assert_max_num_queries(5):
        page = client.get(f"/play/{match.pk}/")
    with django_assert_max_num_queries(5):
        step = client.get(f"/play/{match.pk}/?hand=1&step=1", **HTMX)
    assert page.status_code == step.status_code == 200
    assert "<html" in page.content.decode()
    assert 'data-hand="1" data-step="1"' in step.content.decode()


def test_a_move_with_every_computer_move_after_it_takes_a_bounded_number_of_queries(
    client, new_match, human_move, django_assert_max_num_queries
):
    match = new_match()
    for _ in range(8):  # picking, perhaps bury and call, then plays
        table = load_table(match)
        if table.state.is_over:
            break
        move = human_move(match)
        # The lock, the hand, the human's move, then the computers' moves written at once:
        # the count doesn't grow with the number of computer moves.
        version = match.version
        with django_assert_max_num_queries(21):
            response = client.post(
                f"/play/{match.pk}/act", {**move, "version": match.version}, **HTMX
            )
        match.refresh_from_db()
        assert response.status_code == 200
        assert match.version > version  # the move was taken, not refused


def test_a_refused_move_takes_few_queries(client, new_match, django_assert_max_num_queries):
    match = new_match()
    version = match.version
    with django_assert_max_num_queries(10):
        response = client.post(
            f"/play/{match.pk}/act", {"action": "fly", "version": match.version}, **HTMX
        )
    match.refresh_from_db()
    assert response.status_code == 200 and 'data-hand="1"' in response.content.decode()
    assert match.version == version


def test_dealing_the_next_hand_takes_a_bounded_number_of_queries(
    client, new_match, guest, human_move, django_assert_max_num_queries
):
    from games.services import submit_action

    match = new_match()
    while not load_table(match).state.is_over:
        match = submit_action(match.pk, guest, human_move(match), match.version)
    with django_assert_max_num_queries(21):
        response = client.post(
            f"/play/{match.pk}/act", {"action": "next-hand", "version": match.version}, **HTMX
        )
    assert response.status_code == 200
    assert match.hands.count() == 2
