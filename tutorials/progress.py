"""Progress through the course: in the session for guests, in the database for accounts.

A guest's progress is a dict in the session, lesson key to the ids of the
solved exercises (the key is the slug in the Sheepshead course, ``schafkopf/slug``
in the Schafkopf one). When a guest signs up or logs in, ``accounts.guest_merge``
adds it to the account's rows with :func:`keep_guest_progress`; Django keeps
the session's data through ``login()``, so nothing is lost on the way.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from .course import Lesson, lesson_by_key
from .models import LessonProgress

SESSION_KEY = "tutorials_progress"


def solved(request: HttpRequest) -> dict[str, set[str]]:
    """Lesson key (:attr:`Lesson.key`) → ids of the exercises this visitor has solved."""
    if request.user.is_authenticated:
        return {
            row.lesson: set(row.completed_exercises)
            for row in LessonProgress.objects.filter(user=request.user)
        }
    stored = request.session.get(SESSION_KEY, {})
    if not isinstance(stored, dict):
        return {}
    return {slug: set(ids) for slug, ids in stored.items() if isinstance(ids, list)}


def mark_solved(request: HttpRequest, lesson: Lesson, exercise_id: str) -> None:
    """Remember that this visitor solved an exercise (solving it again changes nothing)."""
    if request.user.is_authenticated:
        add_to_account(request.user, lesson.key, [exercise_id])
        return
    stored = request.session.get(SESSION_KEY)
    if not isinstance(stored, dict):
        stored = {}
    ids = stored.setdefault(lesson.key, [])
    if exercise_id not in ids:
        ids.append(exercise_id)
        request.session[SESSION_KEY] = stored
        request.session.modified = True


def add_to_account(user, key: str, exercise_ids: Iterable[str]) -> LessonProgress:
    """Add solved exercises to an account's row for a lesson (by its key), under a row lock."""
    with transaction.atomic():
        row, created = LessonProgress.objects.select_for_update().get_or_create(
            user=user, lesson=key
        )
        done = list(row.completed_exercises)
        done.extend(i for i in exercise_ids if i not in done)
        changed = done != row.completed_exercises
        row.completed_exercises = done
        lesson = lesson_by_key(key)
        if row.completed_at is None and lesson and set(lesson.exercise_ids) <= set(done):
            row.completed_at = timezone.now()
            changed = True
        if changed or created:
            row.save()
    return row


def is_complete(lesson: Lesson, done: set[str]) -> bool:
    return set(lesson.exercise_ids) <= done


def keep_guest_progress(user, stored: object) -> None:
    """Add what a guest solved (the session's copy) to the account's rows.

    Called by ``accounts.guest_merge`` inside its transaction; the caller drops
    the session's copy only once everything has been kept.
    """
    if not isinstance(stored, dict):
        return
    for key, ids in stored.items():
        if isinstance(ids, list) and ids and lesson_by_key(key) is not None:
            add_to_account(user, key, [i for i in ids if isinstance(i, str)])
