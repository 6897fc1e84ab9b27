"""Results flow one way: games announce finished matches, the leaderboards listen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from factories import DailyDealFactory, PlayerFactory
from moves import finish_in_one_hand

from games.daily import DAILY_GAMES
from games.models import SHEEPSHEAD
from games.services import start_daily_match, start_match
from games.signals import match_finished
from leaderboards.models import AllTimeRank, DailyRank, RankingDue
from leaderboards.ranking import needs_recompute, rank_match
from leaderboards.tasks import _queue_ranking

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


def rankings_queued(callbacks) -> list:
    """The matches whose ranking the captured on-commit callbacks would queue."""
    return [c.args[0] for c in callbacks if getattr(c, "func", None) is _queue_ranking]


@pytest.mark.django_db
@pytest.mark.parametrize("game", DAILY_GAMES)
def test_finishing_a_ranked_daily_match_notes_it_due_and_queues_its_ranking(
    game, django_capture_on_commit_callbacks
):
    player = PlayerFactory(account=True)
    match = start_daily_match(player, DailyDealFactory(game=game), ranked=True)
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
    assert rankings_queued(callbacks) == [str(match.pk)]
    assert RankingDue.objects.filter(match=match).exists()
    assert needs_recompute()
    rank_match(match.pk)  # what the task does
    assert not RankingDue.objects.exists()
    assert DailyRank.objects.filter(match=match).exists()
    assert AllTimeRank.objects.filter(player=player, game=game).exists()


@pytest.mark.django_db
def test_finishing_a_guest_s_match_schedules_nothing(django_capture_on_commit_callbacks):
    player = PlayerFactory()
    match = start_match(player, "beginner")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = finish_in_one_hand(player, match)
    assert match.is_finished
    assert rankings_queued(callbacks) == []
    assert not RankingDue.objects.exists()


@pytest.mark.django_db
def test_an_accounts_ordinary_match_is_ranked_for_its_all_time_hands(
    django_capture_on_commit_callbacks,
):
    player = PlayerFactory(account=True)
    match = start_match(player, "beginner")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = finish_in_one_hand(player, match)
    assert match.is_finished
    assert rankings_queued(callbacks) == [str(match.pk)]
    rank_match(match.pk)
    row = AllTimeRank.objects.get(player=player, game=SHEEPSHEAD)
    assert (row.hands, row.points, row.days) == (1, match.scores[match.human_seat], 0)
    assert not needs_recompute()
