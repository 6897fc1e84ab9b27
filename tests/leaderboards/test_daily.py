"""The daily deal: created once a day, one ranked attempt, same cards for everyone."""

import datetime as dt

import pytest
from at_once import at_once
from django.db import IntegrityError
from django.test import override_settings
from factories import PlayerFactory
from moves import hand_over, play_until, standard_move

from games.daily import DAILY_GAMES, DAILY_RULES, daily_seed, ensure_daily, ensure_upcoming, today
from games.models import SCHAFKOPF, SHEEPSHEAD, DailyDeal, HandOutcome
from games.services import load_table, start_daily_match, submit_action

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 12, 24)


def test_a_day_is_created_once_however_often_it_is_asked_for():
    first = ensure_daily(DAY)
    second = ensure_daily(DAY)
    assert first.pk == second.pk
    assert DailyDeal.objects.filter(date=DAY).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_processes_creating_the_same_day_at_once_give_one_day():
    made = at_once(lambda: ensure_daily(DAY).pk, times=4)
    assert len(made) == 4 and len(set(made)) == 1 and isinstance(made[0], int)
    assert DailyDeal.objects.filter(date=DAY).count() == 1


def test_the_deals_come_from_a_secret_and_the_date():
    with override_settings(DAILY_SECRET="one secret"):
        a = daily_seed(DAY)
        assert daily_seed(DAY) == a
        assert daily_seed(DAY + dt.timedelta(days=1)) != a
    with override_settings(DAILY_SECRET="another secret"):
        assert daily_seed(DAY) != a
    assert daily_seed(DAY, SCHAFKOPF) != daily_seed(DAY, SHEEPSHEAD)


def test_the_beat_job_makes_today_and_tomorrow_for_each_game():
    deals = ensure_upcoming(DAY)
    tomorrow = DAY + dt.timedelta(days=1)
    assert sorted((d.date, d.game) for d in deals) == sorted(
        (day, game) for day in (DAY, tomorrow) for game in DAILY_GAMES
    )
    assert len({bytes(d.seed) for d in deals}) == len(deals)  # every deal its own cards
    assert ensure_upcoming(DAY) == deals  # again: the same rows, nothing new
    assert DailyDeal.objects.count() == len(deals)


def test_the_schafkopf_daily_is_a_session_of_the_default_house_rules_at_expert():
    deal = ensure_daily(DAY, SCHAFKOPF)
    first = start_daily_match(PlayerFactory(account=True), deal, ranked=True)
    second = start_daily_match(PlayerFactory(account=True), deal, ranked=True)
    assert (first.game, first.level, first.rules) == (SCHAFKOPF, "expert", {})
    assert first.hand_count == DAILY_RULES[SCHAFKOPF].hand_count == 2 * len(first.scores)
    assert load_table(first).hand.record == load_table(second).hand.record
    assert load_table(first).hand.record["game"] == SCHAFKOPF
    sheepshead = start_daily_match(PlayerFactory(account=True), ensure_daily(DAY), ranked=True)
    assert sheepshead.game == SHEEPSHEAD and sheepshead.hand_count == 10


def test_everyone_gets_the_same_cards_and_the_same_computer_play():
    deal = ensure_daily(DAY)
    first = start_daily_match(PlayerFactory(account=True), deal, ranked=True)
    second = start_daily_match(PlayerFactory(account=True), deal, ranked=True)
    assert load_table(first).hand.record == load_table(second).hand.record


def test_a_second_ranked_attempt_the_same_day_is_refused():
    deal = ensure_daily(DAY)
    player = PlayerFactory(account=True)
    start_daily_match(player, deal, ranked=True)
    with pytest.raises(IntegrityError):
        start_daily_match(player, deal, ranked=True)


def test_a_practice_attempt_is_never_ranked():
    deal = ensure_daily(DAY)
    player = PlayerFactory()
    match = start_daily_match(player, deal, ranked=False)
    match = play_until(match, player, hand_over)
    outcome = HandOutcome.objects.get(match=match, number=0)
    assert outcome.ranked is False and outcome.daily == deal


def test_a_score_sent_with_a_move_is_ignored():
    deal = ensure_daily(DAY)
    player = PlayerFactory(account=True)
    match = start_daily_match(player, deal, ranked=True)
    data = {
        **standard_move(match),
        "score": 99,
        "scores": [99, 0, 0, 0, 0],
        "result": {"scores": [99]},
    }
    match = submit_action(match.pk, player, data, match.version)
    assert 99 not in match.scores
    assert sum(match.scores) == 0


def test_today_is_counted_in_the_daily_time_zone(settings):
    from zoneinfo import ZoneInfo

    for zone in ("Pacific/Kiritimati", "America/Chicago", "Pacific/Pago_Pago"):
        settings.DAILY_TIMEZONE = zone
        assert today() == dt.datetime.now(ZoneInfo(zone)).date()


def test_the_daily_command_creates_a_day(capsys):
    from django.core.management import call_command

    call_command("daily", "--date", "2027-01-02")
    assert DailyDeal.objects.filter(date=dt.date(2027, 1, 2)).exists()
    assert "2027-01-02" in capsys.readouterr().out


def test_the_daily_command_refuses_a_bad_date():
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="YYYY-MM-DD"):
        call_command("daily", "--date", "tomorrow")
    assert not DailyDeal.objects.exists()


def test_the_beat_schedule_runs_both_jobs():
    from config.celery import app

    schedule = app.conf.beat_schedule
    tasks = {entry["task"] for entry in schedule.values()}
    assert tasks == {"games.create_daily_deals", "leaderboards.recompute_rankings"}
    app.loader.import_default_modules()
    assert tasks <= set(app.tasks)
    assert schedule["create-daily-deals"]["schedule"] <= 60 * 60 * 12  # well before a day starts
