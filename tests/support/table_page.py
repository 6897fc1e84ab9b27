"""Waiting for the table page in a browser: htmx reveals the computers' moves step by
step, so a test acts only once the table is live (showing its newest step)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page


def wait_live(page: Page) -> None:
    """Until the table shows its newest step (the computers' moves all revealed)."""
    page.wait_for_selector("#table[data-live=true]")


def click_and_wait(page: Page, target: str | Locator) -> None:
    """Click, then wait until htmx has swapped in a new table and it is live again."""
    page.evaluate("document.querySelector('#table').dataset.old = 'yes'")
    (page.locator(target) if isinstance(target, str) else target).click()
    page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t && t.dataset.old !== 'yes' && t.dataset.live === 'true'; }"
    )
