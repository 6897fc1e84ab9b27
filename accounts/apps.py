from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .guest_merge import on_user_logged_in

        user_logged_in.connect(on_user_logged_in, dispatch_uid="accounts.adopt_guest")
