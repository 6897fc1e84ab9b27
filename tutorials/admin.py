from django.contrib import admin

from .models import LessonProgress


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    list_display = ("user", "lesson", "completed_at", "updated_at")
    list_filter = ("lesson",)
    search_fields = ("user__username",)
