"""The site's message catalogs: where they live, how they are compiled and checked.

Each language has two catalogs in ``locale/<lang>/LC_MESSAGES/``:

* ``django.po``, the site's own messages, kept up to date by ``makemessages``;
* ``lessons.po``, the course's lesson files (which ``makemessages`` cannot read),
  kept up to date from ``tutorials`` by :func:`update_lessons_catalog`.

Both are compiled into the one ``django.mo`` that Django loads. Compiling uses
polib only (no GNU gettext), so ``make`` can do it on a machine that has nothing
but Python. This module never imports Django: ``python -m translations.compile``
runs before the site is set up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SITE_CATALOG = "django.po"
LESSONS_CATALOG = "lessons.po"
#: The compiled catalog Django reads: both of the above, the site's entries first.
COMPILED_CATALOG = "django.mo"
CATALOGS = (SITE_CATALOG, LESSONS_CATALOG)

#: What a translation must keep exactly as the original has it: printf-style
#: placeholders ("%(rank)s", "%d", "%%"), brace fields ("{name}") and HTML tags.
_PRINTF = re.compile(
    r"%\([a-zA-Z_][a-zA-Z0-9_]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[-#0 +]*\d*(?:\.\d+)?[sdifr%]"
)
_FIELDS_AND_TAGS = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*\}|</?[a-zA-Z][^>]*>")
#: The flag xgettext gives a message that is filled in with ``%``.
PRINTF_FLAG = "python-format"

#: Plural rules for a lessons catalog's header, in gettext's own notation.
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "hu": "nplurals=2; plural=(n != 1);",
}
_DEFAULT_PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


def language_dirs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Every ``locale/<lang>/LC_MESSAGES`` folder, sorted by language code."""
    return sorted(p for p in locale_dir.glob("*/LC_MESSAGES") if p.is_dir())


def placeholders(text: str, *, printf: bool = True) -> list[str]:
    """The placeholders and tags of ``text``, sorted (order may change in a translation).

    ``printf`` False for a message never filled in with ``%``, where "50% sure" is text.
    """
    found = _FIELDS_AND_TAGS.findall(text)
    if printf:
        found += _PRINTF.findall(text)
    return sorted(found)


@dataclass(frozen=True)
class Problem:
    """One entry of a catalog that would show a player English or a broken sentence."""

    catalog: Path
    msgid: str
    reason: str

    def __str__(self) -> str:
        return f"{self.catalog}: {self.reason}: {self.msgid[:70]!r}"


def _translations(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(original, translation) pairs of an entry: one, or one per plural form."""
    if not entry.msgid_plural:
        return [(entry.msgid, entry.msgstr)]
    forms = entry.msgstr_plural
    return [(entry.msgid if n == 0 else entry.msgid_plural, forms[n]) for n in sorted(forms)]


def entry_problems(catalog: Path, entry: polib.POEntry) -> list[Problem]:
    if entry.obsolete:
        return []
    if entry.fuzzy:
        return [Problem(catalog, entry.msgid, "fuzzy")]
    pairs = _translations(entry)
    if any(not translated.strip() for _, translated in pairs):
        return [Problem(catalog, entry.msgid, "untranslated")]
    problems = []
    printf = PRINTF_FLAG in entry.flags
    for original, translated in pairs:
        # A plural form may leave out the number (Hungarian "egy" for one); never add one.
        source = entry.msgid_plural if entry.msgid_plural else original
        expected = placeholders(source, printf=printf)
        found = placeholders(translated, printf=printf)
        if found != expected and not (entry.msgid_plural and set(found) <= set(expected)):
            problems.append(
                Problem(catalog, entry.msgid, f"placeholders {expected} became {found}")
            )
    return problems


def catalog_problems(path: Path) -> list[Problem]:
    """Untranslated and fuzzy entries, and translations whose placeholders differ."""
    problems = []
    for entry in polib.pofile(str(path)):
        problems.extend(entry_problems(path, entry))
    return problems


def compile_language(messages_dir: Path) -> int:
    """Writes ``django.mo`` from the folder's catalogs; returns how many entries it holds.

    Fuzzy and untranslated entries are left out, so they show the English original.
    """
    compiled = polib.MOFile()
    seen: set[tuple[str | None, str]] = set()
    for name in CATALOGS:
        path = messages_dir / name
        if not path.exists():
            continue
        catalog = polib.pofile(str(path))
        if not compiled.metadata:
            compiled.metadata = dict(catalog.metadata)
        for entry in catalog.translated_entries():
            key = (entry.msgctxt, entry.msgid)
            if key not in seen:
                seen.add(key)
                compiled.append(entry)
    compiled.save(str(messages_dir / COMPILED_CATALOG))
    return len(compiled)


def compile_all(locale_dir: Path = LOCALE_DIR) -> dict[str, int]:
    """Compiles every language; {language code: entries}."""
    return {d.parent.name: compile_language(d) for d in language_dirs(locale_dir)}


def update_lessons_catalog(
    path: Path, language: str, strings: Iterable[tuple[str, str]]
) -> tuple[int, int]:
    """Brings a lessons catalog in line with the course: (added, dropped).

    ``strings`` is (where, text) for every lesson string. Kept translations stay;
    a new string gets an empty one; a string the course no longer has is removed.
    """
    catalog = polib.pofile(str(path)) if path.exists() else polib.POFile()
    catalog.metadata = {
        "Project-Id-Version": "sheepshead-site lessons",
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS.get(language, _DEFAULT_PLURAL_FORMS),
    }
    old = {e.msgid: e for e in catalog if not e.obsolete}
    fresh = polib.POFile()
    fresh.metadata = catalog.metadata
    fresh.wrapwidth = 0
    added = 0
    for where, text in strings:
        entry = old.pop(text, None)
        if entry is None:
            entry = polib.POEntry(msgid=text, msgstr="")
            added += 1
        entry.occurrences = [(where, "")]
        fresh.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh.save(str(path))
    return added, len(old)
