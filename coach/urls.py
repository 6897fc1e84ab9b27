from django.urls import path

from . import views

app_name = "coach"

urlpatterns = [
    path("play/<uuid:match_id>/hand/<int:number>/coach", views.hand_summary, name="summary"),
    path("play/<uuid:match_id>/hand/<int:number>/coach/marks", views.replay_marks, name="marks"),
]
