"""Hints in a practice game from the course: the expert's move, and why."""

import pytest
from django.urls import reverse
from hand_scripts import defender_to_lead, picker_to_lead
from seating import seat_player

from games import services
from games.models import Match
from games.sheepshead_hints import hint_sentence as reason

pytestmark = pytest.mark.django_db
SEED = b"a practice game with hints"


def test_the_course_starts_a_practice_game_with_hints(client):
    response = client.post(reverse("games:new_game"), {"level": "beginner", "hints": "1"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.hints and match.level == "beginner"


def test_a_hint_names_a_legal_move_and_says_why(client):
    player = seat_player(client)
    match = services.start_match(player, "beginner", seed=SEED, hints=True)
    page = client.get(reverse("games:table", args=[match.pk])).content.decode()
    assert 'data-action="hint"' in page
    response = client.get(reverse("games:hint", args=[match.pk]))
    page = response.content.decode()
    assert "Hint:" in page
    state = services.load_table(match).state
    legal = {a.card or a.kind for a in state.legal_actions()}
    marker = page.split('data-hint="', 1)[1].split('"', 1)[0]
    assert marker in legal


def test_a_hint_changes_nothing(client):
    player = seat_player(client)
    match = services.start_match(player, "beginner", seed=SEED, hints=True)
    before = (match.version, services.load_table(match).hand.record)
    client.get(reverse("games:hint", args=[match.pk]))
    match.refresh_from_db()
    assert (match.version, services.load_table(match).hand.record) == before


def test_an_ordinary_game_offers_no_hints(client):
    player = seat_player(client)
    match = services.start_match(player, "beginner", seed=SEED)
    page = client.get(reverse("games:table", args=[match.pk])).content.decode()
    assert 'data-action="hint"' not in page
    refused = client.get(reverse("games:hint", args=[match.pk])).content.decode()
    assert "Hints are for practice games" in refused


def test_the_reasons_name_the_rules_of_thumb(position):
    from rules_engine.actions import play

    defender = position(**defender_to_lead())
    assert "called suit" in reason(defender.view(0), play("7C"))
    picker = position(**picker_to_lead())
    assert "leads trump" in reason(picker.view(1), play("QC"))
    partner = picker.apply(play("QC"))
    assert "Schmier" in reason(partner.view(2), play("AH"))


@pytest.mark.parametrize("language", ["de", "it", "hu"])
def test_a_hint_reads_in_the_visitors_language(client, language):
    from english_words import english_in

    player = seat_player(client)
    match = services.start_match(player, "beginner", seed=SEED, hints=True)
    english = client.get(reverse("games:hint", args=[match.pk])).content.decode()
    sentence = english.split("Hint:", 1)[1].split("</p>", 1)[0].strip()
    page = client.get(reverse("games:hint", args=[match.pk]), HTTP_ACCEPT_LANGUAGE=language)
    translated = page.content.decode()
    assert sentence not in translated
    hint = translated.split('data-hint="', 1)[1].split("</p>", 1)[0]
    assert english_in(hint, language) == []
