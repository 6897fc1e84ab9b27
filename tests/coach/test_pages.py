"""The coach on the pages: a finished hand queues its analysis once it commits, its
summary is pending until the analysis is stored, then names the costliest decisions;
the replay marks each decision. Only the hand's own player sees any of it."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from english_words import english_in
from factories import PlayerFactory
from moves import finish_in_one_hand
from seating import seat_player

from coach import tasks
from coach.models import HandAnalysis
from coach.sentences import moment
from coach.store import analyse_hand_once
from coach.views import MAX_WAITS
from games.services import start_match
from rules_engine.schafkopf_phases import Phase as SchafkopfPhase
from rules_engine.sheepshead_kinds import Phase as SheepsheadPhase

pytestmark = pytest.mark.django_db
SEED = b"the coach looks at this hand".ljust(32, b"\0")


@pytest.fixture
def finished(client):
    """A guest's one-hand match, played by a random player in the human's seat."""
    player = seat_player(client)
    match = finish_in_one_hand(player, start_match(player, "beginner", seed=SEED), "random")
    return player, match, match.hands.get()


def summary_url(match, number=1, **query) -> str:
    url = reverse("coach:summary", args=[match.pk, number])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_a_hand_s_end_queues_its_analysis_once_it_commits(
    monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(tasks, "queue_safely", lambda task, **options: queued.append(options))
    player = PlayerFactory()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = finish_in_one_hand(player, start_match(player, "beginner", seed=SEED))
    assert queued == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert queued == [{"kwargs": {"hand_id": match.hands.get().pk}}]


def test_the_summary_is_pending_until_the_analysis_is_stored_then_names_the_costliest(
    client, finished
):
    _player, match, hand = finished
    pending = client.get(summary_url(match)).content.decode()
    assert 'data-coach="pending"' in pending and f'hx-get="{summary_url(match, wait=1)}"' in pending
    analysis, created = analyse_hand_once(hand.pk)
    assert created and analysis.decisions > 0
    ready = client.get(summary_url(match)).content.decode()
    assert 'data-coach="ready"' in ready and "hx-get" not in ready
    assert f'data-coach-decisions="{analysis.decisions}"' in ready
    assert f'data-coach-fine="{analysis.fine}"' in ready
    costly = sorted((v for v in analysis.verdicts if not v["fine"]), key=lambda v: -v["cost"])
    shown = [int(s) for s in re.findall(r'data-remark-step="(\d+)"', ready)]
    assert shown == [v["step"] for v in costly[:3]] and shown


def test_the_analysis_is_stored_once_however_often_it_runs(finished):
    _player, _match, hand = finished
    first, created = analyse_hand_once(hand.pk)
    again, created_again = analyse_hand_once(hand.pk)
    assert created and not created_again and again.pk == first.pk
    assert HandAnalysis.objects.count() == 1 and again.verdicts == first.verdicts


def test_a_hand_not_over_or_not_there_has_no_analysis(client):
    player = seat_player(client)
    match = start_match(player, "beginner", seed=SEED)
    hand = match.hands.get()
    assert analyse_hand_once(hand.pk) == (None, False)
    assert analyse_hand_once(10**9) == (None, False)
    assert client.get(summary_url(match)).status_code == 404
    assert client.get(summary_url(match, number=7)).status_code == 404


def test_with_no_worker_the_summary_stops_asking_and_says_where_to_look(client, finished):
    _player, match, _hand = finished
    last = client.get(summary_url(match, wait=MAX_WAITS)).content.decode()
    assert 'data-coach="waiting"' in last and "hx-get" not in last
    assert "replay" in last


@pytest.mark.parametrize("wait", ["-1", "x" * 5000, "99999999999", "", "1.5"])
def test_any_wait_is_answered_without_error(client, finished, wait):
    _player, match, _hand = finished
    response = client.get(summary_url(match, wait=wait))
    assert response.status_code == 200


def test_another_visitor_sees_no_coach_for_a_hand_not_theirs(client, finished):
    _player, match, hand = finished
    analyse_hand_once(hand.pk)
    stranger = client.__class__()
    seat_player(stranger)
    assert stranger.get(summary_url(match)).status_code == 404
    marks = reverse("coach:marks", args=[match.pk, 1])
    assert stranger.get(marks).status_code == 404
    assert client.post(summary_url(match)).status_code == 405


def test_the_replay_marks_every_decision_and_the_verdict_on_the_move_shown(client, finished):
    _player, match, hand = finished
    analysis, _ = analyse_hand_once(hand.pk)
    marks_url = reverse("coach:marks", args=[match.pk, 1])
    costly = next(v for v in analysis.verdicts if not v["fine"])
    page = client.get(f"{marks_url}?step={costly['step'] + 1}").content.decode()
    assert page.count("data-mark=") == analysis.decisions
    assert page.count('data-mark="costly"') == analysis.decisions - analysis.fine
    assert 'data-verdict="costly"' in page and 'aria-current="step"' in page
    replay = client.get(reverse("games:replay", args=[match.pk, 1])).content.decode()
    assert reverse("coach:marks", args=[match.pk, 1]) in replay


def test_the_table_fetches_the_summary_under_the_hand_s_result(client, finished):
    _player, match, _hand = finished
    page = client.get(reverse("games:table", args=[match.pk])).content.decode()
    assert f'hx-get="{summary_url(match)}"' in page


@pytest.mark.parametrize("language", ["de", "it", "hu"])
def test_the_summary_reads_in_the_visitors_language(client, finished, language):
    _player, match, hand = finished
    analyse_hand_once(hand.pk)
    for url in (summary_url(match), reverse("coach:marks", args=[match.pk, 1]) + "?step=3"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        text = re.sub(r"<[^>]+>", " ", page)
        assert english_in(text, language) == [], url


def test_every_phase_a_decision_is_made_in_has_a_name():
    phases = {p.label for p in SheepsheadPhase} | {p.value for p in SchafkopfPhase}
    for phase in phases - {"over"}:
        name = moment(SimpleNamespace(phase=phase, tricks=(None, None)))
        assert name and name != phase, phase
    assert moment(SimpleNamespace(phase="play", tricks=(None, None))) == "Trick 3"
