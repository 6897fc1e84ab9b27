"""The project's Markdown documents link only to files inside the checkout, and
those files (and the headings a link names) exist: a fresh clone is complete."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorials.rules_doc import rules_html

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [
    ROOT / "README.md",
    ROOT / "docs" / "rules.md",
    *sorted((ROOT / "docs").glob("rules.*.md")),
    ROOT / "tests" / "data" / "examples" / "README.md",
    ROOT / "tutorials" / "lessons" / "README.md",
]
#: A path that climbs to a parent folder, written anywhere in a document.
PARENT_PATH = re.compile(r"(?:\.\./)+[\w.-][\w./-]*")
#: A Markdown link's target: [text](target).
LINK = re.compile(r"\]\(([^)\s]+)\)")


def heading_ids(path: Path) -> set[str]:
    return set(re.findall(r'<h[1-6] id="([^"]+)"', str(rules_html(path))))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_into_the_checkout(document):
    text = document.read_text(encoding="utf-8")
    for mention in PARENT_PATH.findall(text):  # links or plain text: none may leave
        outside = not (document.parent / mention).resolve().is_relative_to(ROOT)
        assert not outside, f"{mention}: the project's documents stand on their own"
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # an absolute address, not a file
        path_part, _, fragment = target.partition("#")
        resolved = (document.parent / path_part).resolve() if path_part else document
        assert resolved.is_relative_to(ROOT), f"{target} leaves the checkout"
        assert resolved.exists(), f"{target} does not exist"
        if fragment and resolved.suffix == ".md":
            assert fragment in heading_ids(resolved), f"{target}: no such heading"


def test_the_readme_sends_readers_to_the_rules_in_the_project():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/rules.md)" in readme
