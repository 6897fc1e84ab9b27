"""What a browser with htmx can do on a page of the site, read from its HTML.

The table (``templates/games/table.html``) offers its moves as forms: the
action buttons and the playable cards post to ``/play/<id>/act``, the cards to
bury or set aside are ``GET`` toggles of the table, a finished match offers a
new game. A section polls for the next step of the computers' moves
(``hx-get`` with ``hx-trigger="load delay:Nms"``). Only what the page offers
is read, so a simulated player can only click what a person could.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

#: Forms that are not a move: the speed and deck settings, the language menu.
IGNORED_FORM_CLASSES = {"speed-form", "inline-form", "language-menu"}
DELAY = re.compile(r"delay:(\d+)ms")


@dataclass(frozen=True)
class Click:
    """One thing a person may click: a submit button of a form, with the form's fields."""

    method: str  # "GET" or "POST"
    url: str
    fields: tuple[tuple[str, str], ...]
    #: Sent by htmx (``hx-post`` / ``hx-get``): the answer is the table partial.
    htmx: bool
    #: The ``data-action`` of the button ("pick", "bury", "new-game", ...), or "play" /
    #: "toggle" for a card.
    action: str

    def value(self, name: str) -> str:
        return next((v for k, v in self.fields if k == name), "")

    def values(self, name: str) -> list[str]:
        return [v for k, v in self.fields if k == name]


@dataclass
class Page:
    """The parts of a page a player acts on."""

    hand: int | None = None  # the hand shown, from 1
    step: int | None = None
    live: bool = False
    poll_url: str = ""
    poll_delay_ms: int = 0
    version: int | None = None
    message: str = ""
    clicks: list[Click] = field(default_factory=list)
    chosen: list[str] = field(default_factory=list)  # cards toggled on for a bury / unknown
    csrf_token: str = ""  # from any form, for a new game from the home page

    @property
    def is_table(self) -> bool:
        return self.hand is not None

    @property
    def match_over(self) -> bool:
        return any(c.action == "new-game" for c in self.clicks) and self.is_table

    def clicks_for(self, action: str) -> list[Click]:
        return [c for c in self.clicks if c.action == action]


@dataclass
class _Form:
    method: str
    url: str
    htmx: bool
    ignored: bool
    hidden: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[dict] = field(default_factory=list)


class _Polling(Exception):
    """The table polls for its next step: nothing on it can be clicked but that."""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.form: _Form | None = None
        self.forms: list[_Form] = []
        self.in_message = False
        self.message: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "section" and a.get("id") == "table":
            self._table(a)
        elif tag == "form":
            self._start_form(a)
        elif tag == "input" and self.form is not None:
            if a.get("type") == "hidden" and a.get("name"):
                self.form.hidden.append((a["name"], a.get("value", "")))
        elif tag == "button" and self.form is not None:
            self.form.buttons.append(a)
        elif tag == "p" and "data-message" in a:
            self.in_message = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.form is not None:
            self.forms.append(self.form)
            self.form = None
        elif tag == "p":
            self.in_message = False

    def handle_data(self, data: str) -> None:
        if self.in_message:
            self.message.append(data)

    def _table(self, a: dict) -> None:
        page = self.page
        page.hand = _int(a.get("data-hand"))
        page.step = _int(a.get("data-step"))
        page.live = a.get("data-live") == "true"
        trigger = a.get("hx-trigger", "")
        if a.get("hx-get") and trigger.startswith("load"):
            page.poll_url = a["hx-get"]
            delay = DELAY.search(trigger)
            page.poll_delay_ms = int(delay.group(1)) if delay else 0
            # An earlier step offers no move (the page says whose turn it was then):
            # the rest is not read, which keeps the players' own CPU use small.
            raise _Polling

    def _start_form(self, a: dict) -> None:
        method = a.get("method", "get").upper()
        hx = a.get("hx-post") or a.get("hx-get") or ""
        classes = set(a.get("class", "").split())
        self.form = _Form(
            method=method,
            url=hx or a.get("action", ""),
            htmx=bool(hx),
            ignored=bool(classes & IGNORED_FORM_CLASSES),
        )


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _clicks(form: _Form) -> list[Click]:
    """Each enabled submit button of the form, as the request a click on it sends."""
    clicks = []
    for button in form.buttons:
        if button.get("type", "submit") != "submit" or "disabled" in button:
            continue
        fields = list(form.hidden)
        name = button.get("name")
        if name:
            fields.append((name, button.get("value", "")))
        action = button.get("data-action") or ("toggle" if name == "toggle" else "")
        if not action and name == "card":
            action = next((v for k, v in form.hidden if k == "action"), "")
        clicks.append(Click(form.method, form.url, tuple(fields), form.htmx, action))
    return clicks


def read_page(html: str) -> Page:
    """The page's moves, poll and state, from its HTML (a whole page or the table partial)."""
    reader = _Reader()
    try:
        reader.feed(html)
        reader.close()
    except _Polling:
        return reader.page
    page = reader.page
    page.message = " ".join("".join(reader.message).split())
    for form in reader.forms:
        token = next((v for k, v in form.hidden if k == "csrfmiddlewaretoken"), "")
        page.csrf_token = page.csrf_token or token
        version = next((v for k, v in form.hidden if k == "version"), None)
        if version is not None and page.version is None:
            page.version = _int(version)
        if not form.ignored:
            page.clicks.extend(_clicks(form))
        page.chosen.extend(
            b.get("value", "")
            for b in form.buttons
            if b.get("name") == "toggle" and b.get("aria-pressed") == "true"
        )
    return page
