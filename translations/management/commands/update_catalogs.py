"""``manage.py update_catalogs``: every language's catalogs in line with the code.

Runs ``makemessages`` (GNU gettext's xgettext and msgmerge) for the site's own
messages, then brings each ``lessons.po`` in line with the course's lesson files.
A changed English string comes back fuzzy and a new one untranslated, which
``tests/translations`` reports until a translator has seen to it.
"""

from __future__ import annotations

import shutil

import polib
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from translations.catalogs import LESSONS_CATALOG, LOCALE_DIR, SITE_CATALOG, update_lessons_catalog
from tutorials.management.commands.lesson_messages import lesson_strings

#: What makemessages must not read: the virtualenv, the tests, files the site writes.
IGNORED = [".venv", "var", "tests", "node_modules", "build"]


def translated_languages() -> list[str]:
    """Every language of the site but the one its messages are written in."""
    return [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


class Command(BaseCommand):
    help = "Update every language's django.po (makemessages) and lessons.po from the code."

    def handle(self, *args, **options) -> None:
        if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
            raise CommandError(
                "update_catalogs needs GNU gettext (xgettext, msgmerge): "
                "apt-get install gettext. Compiling the catalogs does not."
            )
        languages = translated_languages()
        call_command(
            "makemessages",
            locale=languages,
            ignore_patterns=IGNORED,
            no_obsolete=True,
            verbosity=0,
        )
        strings = lesson_strings()
        for language in languages:
            messages = LOCALE_DIR / language / "LC_MESSAGES"
            site = {e.msgid for e in polib.pofile(str(messages / SITE_CATALOG))}
            added, dropped = update_lessons_catalog(
                messages / LESSONS_CATALOG,
                language,
                [(where, text) for where, text in strings if text not in site],
            )
            self.stdout.write(f"{language}: lessons {added} new, {dropped} dropped")
