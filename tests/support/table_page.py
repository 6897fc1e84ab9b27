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


def take_one_decision(page: Page) -> str:
    """Whatever the live table asks, answer it through the page as a visitor would."""
    table = page.locator("#table")
    if table.locator("[data-action=new-game]").count():
        return "done"
    for kind in ("next-hand", "pass", "alone"):
        button = table.locator(f"[data-action={kind}]")
        if button.count():
            click_and_wait(page, button)
            return kind
    if table.locator("[data-action=bury], [data-action=unknown]").count():
        wanted = 2 if table.locator("[data-action=bury]").count() else 1
        for _ in range(wanted):
            click_and_wait(page, table.locator(".hand button[aria-pressed=false]").first)
        click_and_wait(page, table.locator("[data-action=bury], [data-action=unknown]"))
        return "bury"
    if table.locator("[data-action=call]").count():
        click_and_wait(page, table.locator("[data-action=call]").first)
        return "call"
    legal = table.locator(".hand button.is-legal")
    if legal.count():
        click_and_wait(page, legal.first)
        return "play"
    raise AssertionError("the table asks nothing: " + table.inner_text())
