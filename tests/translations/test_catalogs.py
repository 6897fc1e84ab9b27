"""The catalogs: how they are checked (untranslated, fuzzy, a placeholder dropped or
changed) and compiled, and the lessons' catalogs complete in every language."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext

from translations.catalogs import (
    LESSONS_CATALOG,
    LOCALE_DIR,
    SITE_CATALOG,
    catalog_problems,
    compile_language,
    placeholders,
)
from translations.management.commands.update_catalogs import translated_languages
from tutorials.management.commands.lesson_messages import lesson_strings

ROOT = Path(settings.BASE_DIR)
LANGUAGES = translated_languages()
#: What the copy of the project for a fresh extraction leaves out.
NOT_COPIED = shutil.ignore_patterns(".venv", ".git", "var", "node_modules", "*.mo", "__pycache__")


def test_the_site_offers_english_german_italian_and_hungarian():
    assert [code for code, _ in settings.LANGUAGES] == ["en", "de", "it", "hu"]
    assert LANGUAGES == ["de", "it", "hu"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_site_message_has_a_translation_that_keeps_its_placeholders(language):
    problems = catalog_problems(LOCALE_DIR / language / "LC_MESSAGES" / SITE_CATALOG)
    assert not problems, "\n".join(map(str, problems[:30]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_string_has_a_translation_that_keeps_its_placeholders(language):
    problems = catalog_problems(LOCALE_DIR / language / "LC_MESSAGES" / LESSONS_CATALOG)
    assert not problems, "\n".join(map(str, problems[:30]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogs_are_what_django_reads(language):
    lesson = next(text for _, text in lesson_strings())
    with translation.override(language):
        assert gettext(lesson) != lesson
        assert gettext("Pass") != "Pass"
        rounds = ngettext("%(count)s round", "%(count)s rounds", 2) % {"count": 2}
        assert rounds != "2 rounds" and "2" in rounds


def test_the_catalogs_hold_every_message_the_code_has_now(tmp_path):
    """A fresh extraction from a copy of the code finds nothing the catalogs lack: a
    new or changed message was extracted and translated in the same change."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=NOT_COPIED)
    subprocess.run(
        [sys.executable, "manage.py", "update_catalogs"],
        cwd=copy,
        env={**os.environ, "DJANGO_DEBUG": "true"},
        check=True,
        capture_output=True,
    )
    for language in LANGUAGES:
        fresh = copy / "locale" / language / "LC_MESSAGES"
        for name in (SITE_CATALOG, LESSONS_CATALOG):
            problems = catalog_problems(fresh / name)
            assert not problems, "\n".join(map(str, problems[:30]))


def test_the_lessons_catalogs_hold_every_lesson_string():
    site = {e.msgid for e in polib.pofile(str(LOCALE_DIR / "de/LC_MESSAGES/django.po"))}
    wanted = {text for _, text in lesson_strings()} - site
    for language in LANGUAGES:
        held = {
            e.msgid for e in polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES/lessons.po"))
        }
        assert wanted <= held, (language, sorted(wanted - held)[:5])


def _catalog(tmp_path: Path, *entries: polib.POEntry) -> Path:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "de"}
    for entry in entries:
        po.append(entry)
    path = tmp_path / "django.po"
    po.save(str(path))
    return path


def test_a_dropped_or_changed_placeholder_an_empty_or_fuzzy_entry_is_reported(tmp_path):
    path = _catalog(
        tmp_path,
        polib.POEntry(msgid="Hand %(number)d", msgstr="Spiel", flags=["python-format"]),
        polib.POEntry(
            msgid="%(rank)s of %(suit)s", msgstr="%(suit)s-%(rang)s", flags=["python-format"]
        ),
        polib.POEntry(msgid="Pass", msgstr=""),
        polib.POEntry(msgid="Pick", msgstr="Aufnehmen", flags=["fuzzy"]),
        polib.POEntry(msgid="<strong>Trump</strong>", msgstr="Trumpf"),
        polib.POEntry(
            msgid="%(suit)s-%(rank)s", msgstr="%(rank)s, %(suit)s", flags=["python-format"]
        ),
        polib.POEntry(msgid="50% sure", msgstr="50 % sicher"),
    )
    reasons = {p.msgid: p.reason for p in catalog_problems(path)}
    assert set(reasons) == {
        "Hand %(number)d",
        "%(rank)s of %(suit)s",
        "Pass",
        "Pick",
        "<strong>Trump</strong>",
    }
    assert reasons["Pass"] == "untranslated" and reasons["Pick"] == "fuzzy"


def test_a_plural_form_may_leave_out_the_number_but_not_add_another_placeholder(tmp_path):
    def entry(one: str, other: str) -> polib.POEntry:
        return polib.POEntry(
            msgid="%(count)d trick",
            msgid_plural="%(count)d tricks",
            msgstr_plural={0: one, 1: other},
            flags=["python-format"],
        )

    assert not catalog_problems(_catalog(tmp_path, entry("ein Stich", "%(count)d Stiche")))
    assert catalog_problems(_catalog(tmp_path, entry("%(count)d Stich %(x)s", "%(count)d Stiche")))
    assert placeholders("50% of %(n)d", printf=False) == []


def test_compiling_leaves_out_fuzzy_entries_and_takes_the_sites_entry_first(tmp_path):
    messages = tmp_path / "de" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    for name, entries in {
        "django.po": [polib.POEntry(msgid="Trump", msgstr="Trumpf"),
                      polib.POEntry(msgid="Pick", msgstr="Aufnehmen", flags=["fuzzy"])],
        "lessons.po": [polib.POEntry(msgid="Trump", msgstr="Atout"),
                       polib.POEntry(msgid="A lesson", msgstr="Eine Lektion")],
    }.items():  # fmt: skip
        po = polib.POFile()
        po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
        for e in entries:
            po.append(e)
        po.save(str(messages / name))
    assert compile_language(messages) == 2
    compiled = {e.msgid: e.msgstr for e in polib.mofile(str(messages / "django.mo"))}
    assert compiled == {"Trump": "Trumpf", "A lesson": "Eine Lektion"}


def test_each_language_has_a_glossary_in_the_repository():
    for language in LANGUAGES:
        text = (ROOT / "docs" / "glossary" / f"{language}.md").read_text(encoding="utf-8")
        assert "|" in text and "trump" in text.lower()
