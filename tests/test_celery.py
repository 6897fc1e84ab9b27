"""The Celery app: named, configured from Django settings, reaching its broker, and
handing a task whose worker died to the next worker."""

import datetime as dt
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from celery_worker import TableLock, Worker, purge, wait_for
from django.conf import settings

from config import celery_app
from games.daily import DAILY_GAMES
from games.models import DailyDeal
from leaderboards.tasks import create_daily_deals

#: The second worker's visibility timeout: how old an unacknowledged task must be
#: before it is handed out again (seconds).
VISIBILITY_SECONDS = 1

BASE_DIR = Path(__file__).resolve().parent.parent


def test_it_is_the_sheepshead_app_configured_from_django_settings():
    assert celery_app.main == "sheepshead"
    assert celery_app.conf.broker_url == settings.CELERY_BROKER_URL
    assert celery_app.conf.beat_schedule_filename == str(BASE_DIR / "var" / "celerybeat-schedule")


def test_a_worker_reserves_one_task_at_a_time_and_waits_for_the_broker_at_start():
    assert celery_app.conf.worker_prefetch_multiplier == 1
    assert celery_app.conf.broker_connection_retry_on_startup is True


@pytest.mark.django_db(transaction=True)
def test_a_task_whose_worker_is_killed_mid_run_is_run_again_by_the_next_worker_once(tmp_path):
    day = dt.date(2027, 5, 1)
    queue = f"test-{uuid.uuid4().hex[:12]}"
    purge(queue)
    first = Worker(queue, tmp_path).start()
    second = Worker(queue, tmp_path, CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY_SECONDS))
    name = create_daily_deals.name
    try:
        with TableLock(DailyDeal._meta.db_table) as lock:
            result = create_daily_deals.apply_async(args=[day.isoformat()], queue=queue)
            wait_for(lock.blocked, what="the task waiting for the lock")
            taken = time.monotonic()
            first.kill()  # mid-task: nothing acknowledged, nothing committed
            for pid in lock.blocked():
                lock.terminate(pid)  # the dead worker's session, as PostgreSQL would
        # The message stays in Redis, unacknowledged, until it is old enough to hand out.
        wait_for(lambda: time.monotonic() - taken > VISIBILITY_SECONDS, what="the timeout")
        second.start()
        wait_for(lambda: second.task_ids(name, "succeeded"), what="the second worker's run")
    finally:
        first.stop()
        second.stop()
    assert first.task_ids(name, "received") == [result.id]
    assert first.task_ids(name, "succeeded") == []
    assert second.task_ids(name, "received") == [result.id]
    assert second.task_ids(name, "succeeded") == [result.id]
    assert sorted(DailyDeal.objects.values_list("date", "game")) == sorted(
        (date, game) for date in (day, day + dt.timedelta(days=1)) for game in DAILY_GAMES
    )


def test_it_reaches_the_broker():
    with celery_app.connection_for_write() as connection:
        connection.ensure_connection(max_retries=1, timeout=5)


def test_without_a_broker_url_it_passes_messages_through_files_in_var():
    environ = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    code = (
        "from config import celery_app as app; "
        "print(app.conf.broker_url); "
        "print(app.conf.broker_transport_options['data_folder_in']); "
        "print(app.conf.broker_transport_options['data_folder_out']); "
        "print(app.conf.broker_transport_options['control_folder'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env={**environ, "DJANGO_DEBUG": "true"},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    url, folder_in, folder_out, control = result.stdout.split()
    assert url == "filesystem://"
    assert folder_in == folder_out == str(BASE_DIR / "var" / "celery" / "queue")
    assert Path(folder_in).is_dir()
    assert control == str(BASE_DIR / "var" / "celery" / "control")
