"""The rules page: docs/rules.md rendered to HTML, so the site and the repository
show one text. Each language the site offers has its own translation beside it
(docs/rules.de.md, ...); the page shows the reader's, or the English one.

The Markdown is the project's own file, but it is still rendered safely: raw
HTML in it is escaped, not passed through, and links may not use script
schemes (markdown-it's defaults with ``html`` off). Headings get ids (the
same slugs as a code host's) so the page's own contents links and links from
elsewhere (``/learn/rules/#2-sheepshead-five-hands``) land on them. The
result is kept per file version, so a request costs one ``stat``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt
from mdit_py_plugins.anchors import anchors_plugin

RULES_PATH = Path(settings.BASE_DIR) / "docs" / "rules.md"
#: Heading levels that get an id: the page title (h1), sections (h2), subsections (h3).
ANCHORED_LEVELS = (1, 3)


def _parser() -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    low, high = ANCHORED_LEVELS
    return parser.use(anchors_plugin, min_level=low, max_level=high)


@lru_cache(maxsize=4)
def _render(path: Path, version: tuple[int, int]) -> str:
    """The HTML of ``path`` as it is at ``version`` (its mtime and size)."""
    return _parser().render(path.read_text(encoding="utf-8"))


def rules_language(language: str | None) -> str:
    """The language the rules are shown in for a reader of ``language``: their own if
    docs/rules.<language>.md exists, else the English original's."""
    if language and language != settings.LANGUAGE_CODE and rules_path(language).is_file():
        return language
    return settings.LANGUAGE_CODE


def rules_path(language: str) -> Path:
    """Where the rules in ``language`` are kept (docs/rules.md for English)."""
    if language == settings.LANGUAGE_CODE:
        return RULES_PATH
    return RULES_PATH.with_suffix(f".{language}.md")


def rules_html(path: Path | None = None) -> SafeString:
    """The rules (by default in the active language) as HTML, safe to put in a
    template as is."""
    if path is None:
        path = rules_path(rules_language(translation.get_language()))
    status = path.stat()
    # Safe: the parser escapes any raw HTML in the file (html off).
    return mark_safe(_render(path, (status.st_mtime_ns, status.st_size)))
