"""``python -m games.bench``: server time per human action, as JSON figures."""

import json

import pytest
from factories import PlayerFactory
from moves import play_until

from games.bench import (
    human_decision,
    level_summary,
    parse_args,
    percentile,
    play_matches,
    print_lines,
    start_dailies,
    summary,
)
from games.models import DailyDeal, Match
from games.services import DAILY_LEVEL, load_table, parse_action, start_match, submit_action
from rules_engine.players import player_for


def test_percentiles_are_taken_by_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.95) == 95
    assert percentile([7.0], 0.95) == 7.0


def test_the_summary_names_the_figures_and_the_target():
    line = summary("games.human_action", "standard", [1.0, 2.0, 3.0, 400.0])
    assert line["p50_ms"] == 2.5 and line["p95_ms"] == 400.0
    assert line["target_p95_ms"] == 300 and line["actions"] == 4
    assert "target_p95_ms" not in summary("games.start_daily", "expert", [1.0])


def test_a_level_line_counts_starting_a_match_among_the_clicks():
    times = {"start": [500.0], "move": [1.0, 2.0, 3.0], "next_hand": [4.0]}
    line = level_summary("expert", times)
    assert line["level"] == "expert" and line["actions"] == 5
    assert line["starts"] == 1 and line["moves"] == 3 and line["next_hands"] == 1
    assert line["max_ms"] == line["start_p95_ms"] == 500.0


def test_a_kind_of_click_that_never_came_has_no_p95():
    line = level_summary("standard", {"start": [5.0], "move": [1.0], "next_hand": []})
    assert line["next_hands"] == 0 and line["next_hand_p95_ms"] is None


def human_decisions(match) -> int:
    return sum(
        1
        for hand in match.hands.all()
        for action in hand.record["actions"]
        if action["seat"] == match.human_seat
    )


@pytest.mark.django_db
def test_a_match_is_played_through_the_services_and_every_click_is_timed():
    times = play_matches(1, "beginner", seed=7)
    match = Match.objects.get()
    assert match.is_finished and match.level == "beginner"
    assert len(times["start"]) == 1
    assert len(times["next_hand"]) == match.hands.count() - 1 == 9
    assert len(times["move"]) == human_decisions(match)


@pytest.mark.django_db
def test_the_daily_level_is_timed_with_its_computer_players():
    times = play_matches(1, DAILY_LEVEL, seed=3, hands=1)
    match = Match.objects.get()
    assert match.level == "expert" and match.hands.count() == 1
    assert load_table(match).state.is_over
    assert len(times["start"]) == 1 and times["next_hand"] == []
    assert len(times["move"]) == human_decisions(match)


@pytest.mark.django_db
def test_starting_the_daily_is_timed_on_a_new_deal_each_time():
    times = start_dailies(2, seed=5)
    assert len(times) == 2
    attempts = Match.objects.select_related("daily")
    assert attempts.count() == 2 == DailyDeal.objects.count()
    for match in attempts:
        assert match.ranked and match.level == DAILY_LEVEL
        assert bytes(match.seed) == bytes(match.daily.seed)
        state = load_table(match).state
        assert state.turn == match.human_seat  # the expert players moved up to the human
    assert len({bytes(deal.seed) for deal in DailyDeal.objects.all()}) == 2


@pytest.mark.django_db
def test_a_schafkopf_session_is_played_through_the_services_and_every_click_is_timed():
    times = play_matches(1, "beginner", seed=7, game="schafkopf")
    match = Match.objects.get()
    assert match.is_finished and (match.game, match.level) == ("schafkopf", "beginner")
    assert match.rules == {} and match.hand_count == 8  # the default house rules and rounds
    assert len(times["start"]) == 1
    assert len(times["next_hand"]) == match.hands.count() - 1 == 7
    assert len(times["move"]) == human_decisions(match)


def human_to_declare(table) -> bool:
    state = table.state
    return not state.is_over and any(a.kind == "declare" for a in state.legal_actions())


@pytest.mark.django_db
def test_the_humans_schafkopf_declaration_is_the_standard_players_as_form_fields():
    player = PlayerFactory()
    match = start_match(player, "beginner", seed=b"a declaring bench", game="schafkopf")
    match = play_until(match, player, human_to_declare)
    view = load_table(match).state.view(match.human_seat)
    fields = human_decision(match)
    assert fields["action"] == "declare" and fields["contract"]
    wanted = player_for("standard").decide(view, b"bench")
    assert parse_action(fields, match.human_seat, "schafkopf") == wanted
    assert submit_action(match.pk, player, fields, match.version).version > match.version


QUICK = [
    *("--matches 0 --expert-matches 0 --daily-starts 0".split()),
    *("--schafkopf-sessions 1 --schafkopf-expert-sessions 1 --hands 2".split()),
]


@pytest.mark.django_db
def test_the_schafkopf_lines_are_printed_with_sane_figures(capsys):
    print_lines(parse_args(QUICK), "postgresql")
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert [(line["bench"], line["game"], line["level"]) for line in lines] == [
        ("games.act_view", "sheepshead", "standard"),
        ("games.human_action", "schafkopf", "standard"),
        ("games.human_action", "schafkopf", "expert"),
        ("games.act_view", "schafkopf", "standard"),
    ]
    for line in lines:
        assert 0 < line["p50_ms"] <= line["p95_ms"] <= line["max_ms"]
        assert line["matches"] == 1 and line["database"] == "postgresql"
        assert ("target_p95_ms" in line) == (line["level"] == "standard")
    standard, expert, http = Match.objects.filter(game="schafkopf").order_by("created_at")
    for line, match in ((lines[1], standard), (lines[2], expert)):
        assert match.level == line["level"] and match.hands.count() == 2
        assert (line["starts"], line["next_hands"]) == (1, 1)
        assert line["moves"] == human_decisions(match)
        assert line["actions"] == 1 + line["moves"] + 1
    assert http.level == "standard" and http.hands.count() == 2
    assert lines[3]["actions"] == human_decisions(http) + 1  # and one next-hand click
