"""The ranking benchmark's seeding, at a small scale."""

import json

import pytest
from django.core.management import CommandError, call_command

from games.models import HandOutcome, Player

pytestmark = pytest.mark.django_db


def test_it_seeds_hand_results_and_reports_the_recompute(capsys):
    call_command("bench_rankings", players=250, days=7)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    figures = {line["name"]: line["value"] for line in lines}
    assert figures["rankings.hand_results"] == 2500 == HandOutcome.objects.count()
    assert figures["rankings.daily_rows"] == 250
    assert figures["rankings.all_time_rows"] == 200  # four in five have an account
    assert figures["rankings.recompute_s"] >= 0


def test_it_refuses_a_database_that_already_has_players():
    Player.objects.create()
    with pytest.raises(CommandError, match="already has players"):
        call_command("bench_rankings", players=10, days=2)
