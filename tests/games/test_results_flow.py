"""Results flow one way: games announce finished matches, the leaderboards listen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from factories import DailyDealFactory, PlayerFactory
from moves import finish_in_one_hand

from games.services import start_daily_match, start_match
from games.signals import match_finished
from leaderboards.models import RankingState
from leaderboards.ranking import needs_recompute
from leaderboards.tasks import _queue_recompute

GAMES = Path(__file__).resolve().parents[2] / "games"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_module_under_games_imports_the_leaderboards():
    modules = sorted(GAMES.rglob("*.py"))
    assert len(modules) > 10  # the scan really looked at the app
    offenders = {
        str(path.relative_to(GAMES)): name
        for path in modules
        for name in imported_modules(path)
        if name == "leaderboards" or name.startswith("leaderboards.")
    }
    assert offenders == {}


def test_the_import_scan_would_see_a_leaderboards_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from leaderboards.tasks import schedule_recompute\n")
    assert "leaderboards.tasks" in imported_modules(sample)


@pytest.mark.django_db
def test_finishing_a_ranked_daily_match_schedules_a_recompute(django_capture_on_commit_callbacks):
    player = PlayerFactory(account=True)
    match = start_daily_match(player, DailyDealFactory(), ranked=True)
    heard = []

    def listener(sender, match, **kwargs):
        heard.append(match.pk)

    match_finished.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            match = finish_in_one_hand(player, match)
    finally:
        match_finished.disconnect(listener)
    assert match.is_finished
    assert heard == [match.pk]
    assert _queue_recompute in callbacks
    state = RankingState.objects.get(pk=1)
    assert state.changed_at is not None


@pytest.mark.django_db
def test_finishing_an_unranked_match_schedules_nothing(django_capture_on_commit_callbacks):
    player = PlayerFactory()
    match = start_match(player, "beginner")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = finish_in_one_hand(player, match)
    assert match.is_finished
    assert _queue_recompute not in callbacks
    assert not RankingState.objects.exists()


@pytest.mark.django_db
def test_an_accounts_ordinary_match_is_noted_for_the_all_time_board_without_a_task(
    django_capture_on_commit_callbacks,
):
    player = PlayerFactory(account=True)
    match = start_match(player, "beginner")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        match = finish_in_one_hand(player, match)
    assert match.is_finished
    assert _queue_recompute not in callbacks  # no task: the beat's catch-up will do
    assert needs_recompute()
    assert RankingState.objects.get(pk=1).changed_at is not None
