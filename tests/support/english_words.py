"""English words a page in another language must not show: the words of the catalogs'
English originals that none of that language's translations uses (so "Sheepshead",
"Solo" or "Ramsch", words of that language too, do not count)."""

from __future__ import annotations

import re
from functools import cache

import polib

from translations.catalogs import CATALOGS, LOCALE_DIR

#: Words of the language itself that its catalogs happen not to use.
ALSO_THE_LANGUAGES = {"de": {"minus", "moment", "start"}}
WORD = re.compile(r"[^\W\d_]{4,}")
_PLACEHOLDERS = re.compile(r"%\([^)]*\)[a-z]|\{[^}]*\}|<[^>]*>")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(_PLACEHOLDERS.sub(" ", text))}


@cache
def english_only_words(language: str) -> frozenset[str]:
    original, translated = set(), set()
    for name in CATALOGS:
        for entry in polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / name)):
            original |= words(entry.msgid) | words(entry.msgid_plural or "")
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                translated |= words(text)
    return frozenset(original - translated - ALSO_THE_LANGUAGES.get(language, set()))


def english_in(text: str, language: str) -> list[str]:
    """The English words in ``text``, sorted."""
    return sorted(words(text) & english_only_words(language))
