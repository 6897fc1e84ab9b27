"""The Celery app "sheepshead".

Broker, result backend and schedule file come from Django settings (the
CELERY_* names in config/settings.py); tasks are found in each app's tasks.py.
Tasks should be thin wrappers around plain functions, take ids rather than
model instances, and be safe to run twice: with acks_late a task whose worker
dies is delivered again.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("sheepshead")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_acks_late=True,
    worker_prefetch_multiplier=1,
    broker_connection_retry_on_startup=True,
)
app.autodiscover_tasks()
