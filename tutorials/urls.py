from django.urls import path

from tutorials import views

app_name = "tutorials"

urlpatterns = [
    path("", views.course_page, name="course"),
    # Before the lessons' <slug>: no lesson may be called "rules" (course.RESERVED_SLUGS).
    path("rules/", views.rules_page, name="rules"),
    path("<slug:slug>/", views.lesson_page, name="lesson"),
    path("<slug:slug>/<slug:exercise_id>/", views.answer, name="answer"),
]
