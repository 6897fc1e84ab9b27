"""axe-core's WCAG 2 A and AA checks on a page open in Playwright."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

#: The rules the site promises to pass: WCAG 2.0, 2.1 and 2.2 at levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_report(page: Page) -> str:
    """'' when axe-core finds no WCAG A/AA violation on the page as it is now,
    otherwise a readable report of each one and the elements it concerns."""
    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    results = Axe().run(page, options=options)
    return results.generate_report() if results.violations_count else ""
