"""Every finished match offers the next sensible step, and the table's place says
what it ranks (the players at this table, not the day's board)."""

import pytest
from django.urls import reverse
from factories import PlayerFactory
from moves import finish_in_one_hand
from seating import seat_player

from games.daily import ensure_daily, today
from games.services import start_daily_match, start_match

pytestmark = pytest.mark.django_db


def finished_table(client, start) -> tuple:
    player = seat_player(client, PlayerFactory())
    match = finish_in_one_hand(player, start(player))
    page = client.get(reverse("games:table", args=[match.pk])).content.decode()
    assert match.is_finished
    return match, page


def test_an_ordinary_match_offers_a_new_game_and_its_hands_to_replay(client):
    match, page = finished_table(client, lambda p: start_match(p, "standard"))
    assert 'data-action="new-game"' in page
    replay = reverse("games:replay", args=[match.pk, 1])
    assert f'href="{replay}" data-action="replay-hands"' in page
    assert 'data-action="daily-summary"' not in page
    assert "players at this table" in page


def test_a_finished_daily_ends_on_its_summary_not_on_a_new_game(client):
    deal = ensure_daily(today())
    match, page = finished_table(client, lambda p: start_daily_match(p, deal, ranked=False))
    summary = reverse("leaderboards:daily_summary", args=[match.pk])
    assert f'href="{summary}" data-action="daily-summary" autofocus' in page
    assert 'data-action="new-game"' not in page
    assert client.get(summary).status_code == 200


def test_a_practice_match_from_the_course_leads_back_to_the_course(client):
    match, page = finished_table(client, lambda p: start_match(p, "beginner", hints=True))
    assert f'href="{reverse("tutorials:course")}" data-action="back-to-course"' in page
    assert 'data-action="new-game"' not in page
    assert 'data-action="replay-hands"' in page


def test_the_tables_place_names_the_players_it_ranks(client):
    match, page = finished_table(client, lambda p: start_match(p, "standard"))
    scores = match.scores
    mine = scores[match.human_seat]
    place = 1 + sum(score > mine for score in scores)
    assert f"you finished in place {place} of the 5 players at this table" in page
    assert "the standings at this table" in page
