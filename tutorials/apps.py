"""Learning to play: the course, its lessons and exercises, and each visitor's progress."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tutorials"
    verbose_name = _("Tutorials")
