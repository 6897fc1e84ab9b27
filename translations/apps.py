from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TranslationsConfig(AppConfig):
    """The site's languages: the language menu, an account's choice, the catalogs."""

    name = "translations"
    verbose_name = _("Languages")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .languages import on_user_logged_in

        # Connected after accounts' guest merge (INSTALLED_APPS order), so the account's
        # player is the merged one.
        user_logged_in.connect(on_user_logged_in, dispatch_uid="translations.account_language")
