"""The Celery app: named, configured from Django settings, reaching its broker."""

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from config import celery_app

BASE_DIR = Path(__file__).resolve().parent.parent


def test_it_is_the_sheepshead_app_configured_from_django_settings():
    assert celery_app.main == "sheepshead"
    assert celery_app.conf.broker_url == settings.CELERY_BROKER_URL
    assert celery_app.conf.beat_schedule_filename == str(BASE_DIR / "var" / "celerybeat-schedule")


def test_a_task_whose_worker_dies_is_delivered_again():
    assert celery_app.conf.task_acks_late is True
    assert celery_app.conf.worker_prefetch_multiplier == 1
    assert celery_app.conf.broker_connection_retry_on_startup is True


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
