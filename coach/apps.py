from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoachConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "coach"
    verbose_name = _("Coach")

    def ready(self) -> None:
        from games.signals import hand_finished

        from .tasks import schedule_analysis

        hand_finished.connect(schedule_analysis, dispatch_uid="coach.hand_finished")
