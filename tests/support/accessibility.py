"""axe-core's WCAG 2 A and AA checks on a page open in Playwright."""

from __future__ import annotations

from axe_playwright_python.base import AXE_SCRIPT, AxeResults
from playwright.sync_api import Page

#: The rules the site promises to pass: WCAG 2.0, 2.1 and 2.2 at levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}


def axe_report(page: Page) -> str:
    """'' when axe-core finds no WCAG A/AA violation on the page as it is now,
    otherwise a readable report of each one and the elements it concerns.

    axe-core is loaded into a document once and reused by later checks of the same
    document (a page checked in several colour schemes and widths)."""
    if not page.evaluate("typeof window.axe === 'object' && typeof axe.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    results = AxeResults(page.evaluate("options => axe.run(document, options)", OPTIONS))
    return results.generate_report() if results.violations_count else ""
