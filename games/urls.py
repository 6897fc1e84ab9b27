from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("play/new", views.new_game, name="new_game"),
    path("play/schafkopf/new", views.new_schafkopf_game, name="new_schafkopf"),
    path("play/<uuid:match_id>/", views.table, name="table"),
    path("play/<uuid:match_id>/act", views.act, name="act"),
    path("play/<uuid:match_id>/speed", views.speed, name="speed"),
    path("play/<uuid:match_id>/hint", views.hint, name="hint"),
    path("play/<uuid:match_id>/hand/<int:number>/", views.replay, name="replay"),
]
