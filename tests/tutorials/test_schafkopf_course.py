"""The Schafkopf course's pages: its lesson list, its lessons, answers, progress, bad
input, and the practice session with hints that ends it."""

from __future__ import annotations

import re

import pytest
import schafkopf_answers
from django.urls import reverse
from factories import PlayerFactory, UserFactory
from moves import play_until

from games import services
from games.models import Match
from tutorials import views
from tutorials.course import SCHAFKOPF_COURSE, course, lesson_by_slug
from tutorials.models import LessonProgress
from tutorials.progress import SESSION_KEY

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def answer_url(slug: str, exercise_id: str) -> str:
    return reverse("tutorials:schafkopf_answer", args=[slug, exercise_id])


def test_the_course_page_lists_the_lessons_and_points_to_the_bridge(client):
    html = client.get(reverse("tutorials:schafkopf_course")).content.decode()
    assert "Learn to play Schafkopf" in html
    for lesson in course(SCHAFKOPF_COURSE):
        assert reverse("tutorials:schafkopf_lesson", args=[lesson.slug]) in html
    assert reverse("tutorials:lesson", args=["schafkopf"]) in html


def test_the_sheepshead_course_and_its_bridge_lesson_link_to_the_schafkopf_course(client):
    target = reverse("tutorials:schafkopf_course")
    assert target in client.get(reverse("tutorials:course")).content.decode()
    bridge = client.get(reverse("tutorials:lesson", args=["schafkopf"])).content.decode()
    assert f'href="{target}" data-onward' in bridge


def test_a_lesson_draws_german_cards_as_the_table_does(client):
    url = reverse("tutorials:schafkopf_lesson", args=["rufspiel"])
    html = client.get(url).content.decode()
    assert 'class="lc-card is-svg is-german' in html and '<svg class="card-svg"' in html
    assert 'aria-label="Gras-Sau"' in html


def test_a_right_answer_is_kept_under_the_courses_own_key(client):
    ex = lesson_by_slug("deck", SCHAFKOPF_COURSE).exercise("count-two-tricks")
    html = client.post(
        answer_url("deck", ex.id), schafkopf_answers.right_fields(ex), **HX
    ).content.decode()
    assert 'data-feedback="right"' in html
    assert client.session[SESSION_KEY] == {"schafkopf/deck": ["count-two-tricks"]}


def test_an_account_keeps_the_same_key(client):
    user = UserFactory()
    client.force_login(user)
    ex = lesson_by_slug("ramsch", SCHAFKOPF_COURSE).exercise("ramsch-aim")
    client.post(answer_url("ramsch", ex.id), schafkopf_answers.right_fields(ex), **HX)
    row = LessonProgress.objects.get(user=user)
    assert row.lesson == "schafkopf/ramsch" and row.completed_exercises == ["ramsch-aim"]


def test_a_wrong_answer_is_explained_and_kept_nowhere(client):
    html = client.post(
        answer_url("rufspiel", "must-play-sau"), {"selected": ["QH"], "check": "1"}, **HX
    ).content.decode()
    assert 'data-feedback="wrong"' in html and "Not the Herz-Ober" in html
    assert SESSION_KEY not in client.session


@pytest.mark.parametrize(
    ("url", "status"),
    [
        (reverse("tutorials:schafkopf_lesson", args=["no-such-lesson"]), 404),
        (reverse("tutorials:schafkopf_answer", args=["deck", "no-such-exercise"]), 404),
        (reverse("tutorials:schafkopf_answer", args=["no-such-lesson", "x"]), 404),
    ],
)
def test_an_unknown_lesson_or_exercise_is_a_404(client, url, status):
    method = client.get if "/x/" not in url and "exercise" not in url else client.post
    assert method(url).status_code == status
    assert SESSION_KEY not in client.session


def test_a_bad_answer_post_changes_nothing(client):
    for data in ({}, {"game": "solo-Z"}, {"decision": "maybe"}, {"selected": ["XX"], "check": "1"}):
        for slug, ex_id in (("strategy", "solo-or-not"), ("strategy", "kontra-wenz"),
                            ("bidding", "outrank")):  # fmt: skip
            response = client.post(answer_url(slug, ex_id), data, **HX)
            assert response.status_code == 200
            judged = slug != "bidding" or "check" in data  # choosing a game is not answering
            assert ('data-feedback="wrong"' in response.content.decode()) == judged
    assert SESSION_KEY not in client.session
    assert client.get(answer_url("deck", "which-is-ober")).status_code == 405


def test_the_last_lesson_starts_a_practice_session_with_hints(client):
    target = views.play_next(SCHAFKOPF_COURSE)
    html = client.get(reverse("tutorials:schafkopf_lesson", args=["strategy"])).content.decode()
    assert f'action="{target["url"]}" class="learn-play-form"' in html
    response = client.post(target["url"], target["fields"])
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.game == "schafkopf" and match.hints and match.level == "beginner"


def test_a_schafkopf_practice_table_gives_the_experts_hint_with_its_reason(client):
    player = PlayerFactory()
    match = services.start_match(
        player, "beginner", seed=b"schafkopf practice", hints=True, game="schafkopf"
    )
    services.run_computers(match.pk)
    advice = services.hint(match.pk, player)
    table = services.load_table(match)
    assert advice.action in table.state.legal_actions()
    assert advice.sentence.strip().endswith(".")


@pytest.mark.parametrize(
    ("deck", "names"),
    [
        ("german", r"(Eichel|Gras|Herz|Schellen)-"),
        ("classic", r" of (clubs|spades|hearts|diamonds)"),
    ],
)
def test_a_schafkopf_hint_names_its_card_as_the_players_schafkopf_deck_draws_it(deck, names):
    player = PlayerFactory(schafkopf_deck=deck, deck="four")
    match = services.start_match(
        player, "beginner", seed=b"schafkopf practice", hints=True, game="schafkopf"
    )
    services.run_computers(match.pk)

    def card_to_choose(table) -> bool:
        legal = table.state.legal_actions() if table.state.turn == match.human_seat else []
        return len([a for a in legal if a.card]) > 1

    play_until(match, player, card_to_choose)
    advice = services.hint(match.pk, player)
    assert advice.action.card and re.search(names, advice.sentence), advice.sentence
