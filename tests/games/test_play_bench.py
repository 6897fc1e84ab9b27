"""``python -m games.bench``: server time per human action, as JSON figures."""

import pytest

from games.bench import percentile, play_matches, summary


def test_percentiles_are_taken_by_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.95) == 95
    assert percentile([7.0], 0.95) == 7.0


def test_the_summary_names_the_figures_and_the_target():
    line = summary("games.human_action", "standard", [1.0, 2.0, 3.0, 400.0])
    assert line["p50_ms"] == 2.5 and line["p95_ms"] == 400.0
    assert line["target_p95_ms"] == 300 and line["actions"] == 4


@pytest.mark.django_db
def test_a_match_is_played_through_the_services_and_every_click_is_timed():
    times = play_matches(1, "beginner", seed=7)
    assert len(times["start"]) == 1
    assert len(times["next_hand"]) == 9
    assert len(times["move"]) >= 60
    assert all(t > 0 for t in times["move"])
