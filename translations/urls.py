from django.urls import path

from translations import views

app_name = "translations"

urlpatterns = [
    path("language/", views.choose_language, name="choose"),
]
