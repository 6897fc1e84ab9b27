"""The full rules at /learn/rules/: docs/rules.md rendered safely, linked from the course."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.urls import reverse
from django.utils import translation

from tutorials import rules_doc
from tutorials.course import course

pytestmark = pytest.mark.django_db
RULES_URL = "/learn/rules/"
#: The page's sections: (heading id, heading text), as docs/rules.md numbers them.
MAIN_HEADINGS = [
    ("1-the-cards", "1. The cards"),
    ("2-sheepshead-five-hands", "2. Sheepshead, five hands"),
    ("3-schafkopf-four-hands", "3. Schafkopf, four hands"),
    ("4-what-each-player-sees", "4. What each player sees"),
    ("5-hand-records", "5. Hand records"),
]


class PageParts(HTMLParser):
    """Ids, links, headings, scripts and inline styles of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.headings: dict[str, str] = {}
        self.inline_scripts = 0
        self.inline_styles = 0
        self._heading: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag in ("h1", "h2", "h3") and "id" in attrs:
            self._heading = attrs["id"]
            self.headings[self._heading] = ""
        if (tag == "script" and "src" not in attrs) or tag == "style":
            self.inline_scripts += tag == "script"
            self.inline_styles += tag == "style"
        if "style" in attrs or any(name.startswith("on") for name in attrs):
            self.inline_styles += 1

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3"):
            self._heading = None

    def handle_data(self, data):
        if self._heading is not None:
            self.headings[self._heading] += data


def parts_of(html: str) -> PageParts:
    parser = PageParts()
    parser.feed(html)
    return parser


def test_the_rules_page_shows_the_rules_with_a_heading_id_for_each_section(client):
    response = client.get(RULES_URL)
    assert response.status_code == 200
    assert reverse("tutorials:rules") == RULES_URL
    page = parts_of(response.content.decode())
    assert page.headings["the-rules-of-the-games"] == "The rules of the games"
    for heading_id, text in MAIN_HEADINGS:
        assert page.headings[heading_id] == text
    # Subsections the course and the code point readers at.
    for heading_id in ("25-calling-a-partner", "29-the-leaster-when-everyone-passes", "310-ramsch"):
        assert heading_id in page.headings
    assert "<title>The rules of Sheepshead and Schafkopf</title>" in response.content.decode()


def test_every_link_on_the_rules_page_leads_somewhere(client):
    page = parts_of(client.get(RULES_URL).content.decode())
    in_page = [link for link in page.links if link.startswith("#")]
    assert len(in_page) >= len(MAIN_HEADINGS), "the contents list links to every section"
    for link in in_page:
        assert link[1:] in page.ids, link
    for link in page.links:
        if link.startswith("#"):
            continue
        parts = urlsplit(link)
        assert not parts.scheme and not parts.netloc, f"{link} leaves the site"
        assert client.get(parts.path).status_code == 200, link
        if parts.fragment:
            target = parts_of(client.get(parts.path).content.decode())
            assert parts.fragment in target.ids, link


def test_the_rules_page_has_no_inline_script_or_style(client):
    """The site's content security policy allows neither."""
    page = parts_of(client.get(RULES_URL).content.decode())
    assert (page.inline_scripts, page.inline_styles) == (0, 0)


def test_the_course_and_every_lesson_link_to_the_full_rules(client):
    lessons = [reverse("tutorials:lesson", args=[lesson.slug]) for lesson in course()]
    for url in ["/learn/", *lessons]:
        html = client.get(url).content.decode()
        assert f'<a href="{RULES_URL}" data-rules-link>The full rules</a>' in html, url


@pytest.mark.parametrize("language", ["de", "it", "hu"])
def test_the_rules_are_shown_in_the_readers_language(rf, language):
    from tutorials.views import rules_page

    with translation.override(language):
        page = rules_page(rf.get(RULES_URL)).content.decode()
    translated = rules_doc.rules_path(language).read_text(encoding="utf-8")
    title = translated.splitlines()[0].removeprefix("# ")
    assert f'<div lang="{language}">' in page and title in page
    assert "The rules of the games" not in page
    assert 'class="rules-language"' not in page


def test_a_language_without_its_rules_yet_gets_the_english_ones_and_is_told(
    rf, tmp_path, monkeypatch
):
    from tutorials.views import rules_page

    (tmp_path / "rules.md").write_text("# The rules\n\nEnglish.\n", encoding="utf-8")
    (tmp_path / "rules.de.md").write_text("# Die Regeln\n\nDeutsch.\n", encoding="utf-8")
    monkeypatch.setattr(rules_doc, "RULES_PATH", tmp_path / "rules.md")
    with translation.override("de"):
        german = rules_page(rf.get(RULES_URL)).content.decode()
    with translation.override("it"):
        italian = rules_page(rf.get(RULES_URL)).content.decode()
    assert "Die Regeln" in german and 'class="rules-language"' not in german
    assert "The rules" in italian and '<div lang="en">' in italian
    assert 'class="rules-language" lang="it"' in italian


def test_markdown_in_the_rules_file_cannot_inject_html(tmp_path):
    doc = tmp_path / "rules.md"
    doc.write_text(
        "# Title\n\n<script>alert(1)</script>\n\n"
        '[click](javascript:alert(1)) <img src=x onerror="alert(1)">\n',
        encoding="utf-8",
    )
    html = str(rules_doc.rules_html(doc))
    page = parts_of(html)
    assert page.inline_scripts == 0 and page.inline_styles == 0
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert not any(link.startswith("javascript:") for link in page.links)
    assert page.headings == {"title": "Title"}


def test_an_edited_rules_file_is_rendered_anew(tmp_path):
    doc = tmp_path / "rules.md"
    doc.write_text("# First\n", encoding="utf-8")
    assert 'id="first"' in rules_doc.rules_html(doc)
    doc.write_text("# Second version\n", encoding="utf-8")
    assert 'id="second-version"' in rules_doc.rules_html(doc)


def test_tables_in_the_rules_are_rendered_as_tables(client):
    html = client.get(RULES_URL).content.decode()
    assert "<th>the picker's side took</th>" in html.replace("&#x27;", "'")
    assert "<td>Q♣ Q♠ Q♥ Q♦ (the queens)</td>" in html
