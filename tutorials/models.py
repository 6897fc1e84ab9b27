"""An account's progress through the course (guests keep theirs in the session)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LessonProgress(models.Model):
    """Which exercises of one lesson an account has solved, and when it finished the lesson."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lesson_progress"
    )
    #: The lesson's key, course.Lesson.key (lessons are data files, not rows).
    lesson = models.CharField(_("lesson"), max_length=64)
    #: Ids of the exercises solved, in the order they were solved.
    completed_exercises = models.JSONField(_("completed exercises"), default=list, blank=True)
    #: When every exercise of the lesson was first solved.
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("lesson progress")
        verbose_name_plural = _("lesson progress")
        constraints = [
            models.UniqueConstraint(fields=["user", "lesson"], name="tutorials_progress_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.lesson}: {len(self.completed_exercises)} solved"
