from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("accounts/", include("accounts.urls")),
    path("learn/", include("tutorials.urls")),
    path("", include("leaderboards.urls")),
    path("", include("translations.urls")),
    path("", include("coach.urls")),
    path("admin/", admin.site.urls),
]

handler500 = "config.errors.server_error"
