"""The course page, lesson pages, answering an exercise (htmx or a plain form post),
and the full rules.

Answers are judged here on the server; the page only ever holds what an
exercise shows. An htmx request gets the exercise's partial back (with the
lesson's progress line out of band); a plain form post gets the whole lesson
page, so every exercise works without JavaScript too.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.identity import current_player

from . import exercises, rules_doc
from .course import (
    SCHAFKOPF_COURSE,
    SHEEPSHEAD_COURSE,
    Exercise,
    Lesson,
    course,
    lesson_by_slug,
)
from .progress import is_complete, mark_solved, solved

#: The new-game URL names the course's last step may post to, in order of preference.
NEW_GAME_URL_NAMES = ("games:new", "games:new_game")


#: The URL names of each course's pages: its lesson list, a lesson, an answer.
URL_NAMES = {
    SHEEPSHEAD_COURSE: {
        "course": "tutorials:course", "lesson": "tutorials:lesson", "answer": "tutorials:answer",
    },
    SCHAFKOPF_COURSE: {
        "course": "tutorials:schafkopf_course", "lesson": "tutorials:schafkopf_lesson",
        "answer": "tutorials:schafkopf_answer",
    },
}  # fmt: skip
#: What a Schafkopf graduate's practice session is: beginners, the default house rules.
SCHAFKOPF_PRACTICE = {
    "computer_level": "beginner", "all_pass": "ramsch", "tariff": "10/50", "deck": "long",
    "rounds": "1", "hints": "1",
}  # fmt: skip


def play_next(course_name: str = SHEEPSHEAD_COURSE) -> dict:
    """Where a course sends a graduate: a practice game with hints against beginners."""
    if course_name == SCHAFKOPF_COURSE:
        return {"method": "post", "url": reverse("games:new_schafkopf"),
                "fields": SCHAFKOPF_PRACTICE, "game": "schafkopf"}  # fmt: skip
    for name in NEW_GAME_URL_NAMES:
        try:
            fields = {"level": "beginner", "hints": "1"}
            return {"method": "post", "url": reverse(name), "fields": fields, "game": "sheepshead"}
        except NoReverseMatch:
            continue
    return {"method": "get", "url": reverse("games:home")}


def _lesson_status(lesson: Lesson, done: set[str]) -> dict:
    ids = lesson.exercise_ids
    solved_here = [i for i in ids if i in done]
    return {
        "lesson": lesson,
        "title": _(lesson.title),
        "summary": _(lesson.summary) if lesson.summary else "",
        "done": len(solved_here),
        "total": len(ids),
        "complete": is_complete(lesson, done),
        "started": bool(solved_here),
        "next_exercise": next((ex for ex in lesson.exercises if ex.id not in done), None),
    }


@require_GET
def course_page(request: HttpRequest, course_name: str = SHEEPSHEAD_COURSE) -> HttpResponse:
    progress = solved(request)
    lessons = [
        _lesson_status(lesson, progress.get(lesson.key, set())) for lesson in course(course_name)
    ]
    resume = next((status for status in lessons if not status["complete"]), None)
    context = {
        "lessons": lessons,
        "resume": resume,
        "finished": resume is None,
        "any_started": any(status["started"] for status in lessons),
        "lessons_done": sum(status["complete"] for status in lessons),
        "play_next": play_next(course_name),
        "course_name": course_name,
        "urls": URL_NAMES[course_name],
        # The Sheepshead course's bridge lesson, which both course pages point to.
        "bridge": course(SHEEPSHEAD_COURSE)[-1],
    }
    return render(request, "tutorials/course.html", context)


def _exercise_item(lesson: Lesson, ex: Exercise, done: set[str], answer=None, outcome=None) -> dict:
    following = lesson.exercises[ex.number :]
    return {
        "ex": ex,
        "next": following[0] if following else None,
        "label": exercises.KIND_LABELS[ex.kind],
        "prompt": _(ex.prompt),
        "solved": ex.id in done,
        "board": exercises.board(ex, answer, outcome),
        "answer": answer,
        "outcome": outcome,
        "selecting": ex.kind in exercises.SELECT_KINDS,
        "numbering": ex.kind in exercises.NUMBER_KINDS,
    }


def _lesson_context(
    request: HttpRequest, lesson: Lesson, answered: Exercise | None = None, answer=None,
    outcome=None,
) -> dict:  # fmt: skip
    done = solved(request).get(lesson.key, set())
    lessons = course(lesson.course)
    at = lessons.index(lesson)
    sections = []
    answered_item = None
    for section in lesson.sections:
        items = []
        for ex in section.exercises:
            if ex == answered:
                answered_item = _exercise_item(lesson, ex, done, answer, outcome)
                items.append(answered_item)
            else:
                items.append(_exercise_item(lesson, ex, done))
        sections.append(
            {
                "heading": _(section.heading) if section.heading else "",
                "paragraphs": [_(p) for p in section.paragraphs],
                "items": items,
            }
        )
    return {
        "lesson": lesson,
        "status": _lesson_status(lesson, done),
        "title": _(lesson.title),
        "sections": sections,
        "previous": lessons[at - 1] if at > 0 else None,
        "next": lessons[at + 1] if at + 1 < len(lessons) else None,
        "last": at + 1 == len(lessons),
        "play_next": play_next(lesson.course),
        "item": answered_item,
        "deck": _deck(request),
        "urls": URL_NAMES[lesson.course],
        # The bridge (the Sheepshead course's last lesson) leads on to the Schafkopf course.
        "onward": lesson.course == SHEEPSHEAD_COURSE and at + 1 == len(lessons),
    }


def _deck(request: HttpRequest) -> str:
    """The deck the player chose at the table (the four-colour one for colour-blind
    players), so a lesson's cards look like the table's; no player is made for it."""
    player = current_player(request, create=False)
    return player.deck if player is not None else "classic"


def _get_lesson(slug: str, course_name: str) -> Lesson:
    lesson = lesson_by_slug(slug, course_name)
    if lesson is None:
        raise Http404(_("There is no such lesson."))
    return lesson


@require_GET
def rules_page(request: HttpRequest) -> HttpResponse:
    """The full rules (docs/rules.md, or its translation in the reader's language)."""
    language = rules_doc.rules_language(translation.get_language())
    html = rules_doc.rules_html(rules_doc.rules_path(language))
    return render(request, "tutorials/rules.html", {"rules": html, "rules_language": language})


@require_GET
def lesson_page(
    request: HttpRequest, slug: str, course_name: str = SHEEPSHEAD_COURSE
) -> HttpResponse:
    lesson = _get_lesson(slug, course_name)
    return render(request, "tutorials/lesson.html", _lesson_context(request, lesson))


@require_POST
def answer(
    request: HttpRequest, slug: str, exercise_id: str, course_name: str = SHEEPSHEAD_COURSE
) -> HttpResponse:
    """Judge one answer; a right one is saved as progress."""
    lesson = _get_lesson(slug, course_name)
    ex = lesson.exercise(exercise_id)
    if ex is None:
        raise Http404(_("There is no such exercise."))
    given, outcome = exercises.read_answer(ex, request.POST)
    if outcome is not None and outcome.correct:
        mark_solved(request, lesson, ex.id)
    context = _lesson_context(request, lesson, ex, given, outcome)
    if _wants_partial(request):
        context["oob"] = True
        response = render(request, "tutorials/lesson.html#exercise", context)
    else:
        response = render(request, "tutorials/lesson.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _wants_partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request
