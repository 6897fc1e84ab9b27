from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaderboardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leaderboards"
    verbose_name = _("Leaderboards")

    def ready(self) -> None:
        from games.signals import match_finished

        from .receivers import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="leaderboards.match_finished")
