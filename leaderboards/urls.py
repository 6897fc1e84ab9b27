from django.urls import path

from leaderboards import summary, views

app_name = "leaderboards"

urlpatterns = [
    path("daily/", views.daily, name="daily"),
    path("daily/start/", views.start_daily, name="start_daily"),
    path("daily/nickname/", views.set_nickname, name="nickname"),
    path("daily/attempt/<uuid:match_id>/", summary.daily_summary, name="daily_summary"),
    path("daily/attempt/<uuid:match_id>/place/", summary.daily_place, name="daily_place"),
    path("daily/<str:date>/practice/", views.practice_daily, name="practice"),
    path("leaderboards/", views.board, name="board"),
]
