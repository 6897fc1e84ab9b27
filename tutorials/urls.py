from django.urls import path

from tutorials import views
from tutorials.course import SCHAFKOPF_COURSE

app_name = "tutorials"

SCHAFKOPF = {"course_name": SCHAFKOPF_COURSE}

urlpatterns = [
    path("", views.course_page, name="course"),
    # Before the lessons' <slug>: no lesson may be called "rules" or "schafkopf-course"
    # (course.RESERVED_SLUGS); lesson 10, /learn/schafkopf/, is the bridge between them.
    path("rules/", views.rules_page, name="rules"),
    path("schafkopf-course/", views.course_page, SCHAFKOPF, name="schafkopf_course"),
    path("schafkopf-course/<slug:slug>/", views.lesson_page, SCHAFKOPF, name="schafkopf_lesson"),
    path(
        "schafkopf-course/<slug:slug>/<slug:exercise_id>/",
        views.answer,
        SCHAFKOPF,
        name="schafkopf_answer",
    ),
    path("<slug:slug>/", views.lesson_page, name="lesson"),
    path("<slug:slug>/<slug:exercise_id>/", views.answer, name="answer"),
]
