"""Answering a live Schafkopf table in a browser as a visitor would, for the browser
tests: what the table asks now, and the answer a test's visitor gives."""

from __future__ import annotations

from playwright.sync_api import Page
from table_page import click_and_wait

#: The seed of a one-round session on which the human (seat 0) speaks first in the first
#: hand and declares a Rufspiel when it bids there, and, passing in the hands after,
#: is offered Kontra (the answers of ``answer``).
SESSION_SEED = b"schafkopf browser 1".ljust(32, b"\0")


def asked(page: Page) -> str:
    """What the live table asks of the human now: 'done' once the session is over (a new
    game offered, or a daily's summary)."""
    table = page.locator("#table")
    for kind in ("new-game", "daily-summary", "next-hand", "bid", "declare", "kontra", "re"):
        if table.locator(f"[data-action={kind}]").count():
            return "done" if kind in ("new-game", "daily-summary") else kind
    if table.locator(".hand button.is-legal").count():
        return "play"
    raise AssertionError("the table asks nothing: " + table.inner_text())


def answer(page: Page, *, bid: bool) -> str:
    """Answer what the table asks: bid (or pass), declare a Rufspiel where one may be
    declared (else the first game offered), say Kontra and Re, play the first legal card.
    Returns what was asked."""
    table = page.locator("#table")
    kind = asked(page)
    if kind == "done":
        return kind
    if kind == "bid":
        target = table.locator(f"[data-action={'bid' if bid else 'pass'}]")
    elif kind == "declare":
        rufspiel = table.locator("[data-action=declare][data-contract=rufspiel]")
        target = rufspiel if rufspiel.count() else table.locator("[data-action=declare]")
    elif kind == "play":
        target = table.locator(".hand button.is-legal")
    else:
        target = table.locator(f"[data-action={kind}]")
    click_and_wait(page, target.first)
    return kind
