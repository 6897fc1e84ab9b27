"""No response of the table pages carries a card the human may not see at that moment.

A whole match is played through the HTTP views as the page plays it: each
move posted, then every display step fetched as htmx polls for it, plus the
full page at each decision, choices of cards to bury, and refused moves. Each
body is scanned for every way a card can be written on the page (its code,
its spoken name, its short label) and checked against what the engine says
the human's seat may see at the step the body shows (docs/rules.md §4).
"""

from __future__ import annotations

import html
import re

import pytest

from games.models import Match
from games.services import load_table, state_of
from games.table import Face
from rules_engine.cards import CODES

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ALL = frozenset(CODES)
CODE = re.compile(r"(?<![A-Za-z0-9])([789TJQKA][CSHD])(?![A-Za-z0-9])")
STEP = re.compile(r'data-hand="(\d+)" data-step="(\d+)"')
POLL = re.compile(r'hx-get="([^"]+)" hx-trigger="load delay')


def visible(view) -> set[str]:
    """Every card the seat may see in this view, and the cards it may name."""
    if view.phase == "over":
        return set(ALL)
    seen = set(view.hand)
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        seen.update(c for c in trick.cards if c)
    seen.update(view.blind or ())
    seen.update(view.buried or ())
    seen.update(c for c in (view.called, view.unknown) if c)
    # Calls the seat may make name cards it doesn't hold (that is the point of a call).
    seen.update(a.card for a in view.legal if a.kind == "call")
    return seen


def cards_named(body: str) -> set[str]:
    """Every card written in a response body: codes, spoken names and short labels."""
    text = html.unescape(body)
    found = set(CODE.findall(text))
    for code in ALL:
        face = Face(code)
        if face.name in text or face.short in text:
            found.add(code)
    return found


class Scanner:
    """Fetches what the page fetches and checks each body against the engine's view."""

    def __init__(self, client, match: Match):
        self.client = client
        self.match = match
        self.bodies = 0
        self.secrets = [bytes(match.seed).hex(), "seed", "record", '"deal":', '"blind":']

    def check(self, response, *, full_page: bool = False):
        assert response.status_code in (200, 400, 409), response.status_code
        body = response.content.decode()
        self.bodies += 1
        for secret in self.secrets:
            assert secret not in body, secret
        hand_number, step = (int(x) for x in STEP.search(body).groups())
        hand = self.match.hands.get(number=hand_number - 1)
        view = state_of(hand, step).view(self.match.human_seat)
        leaked = cards_named(body) - visible(view)
        assert not leaked, f"hand {hand_number} step {step} ({view.phase}) shows {sorted(leaked)}"
        if full_page:
            assert "<html" in body
        return body

    def follow(self, body: str) -> str:
        """Fetch each next step as the page's htmx polling would, to the newest."""
        while poll := POLL.search(body):
            url = html.unescape(poll.group(1))
            body = self.check(self.client.get(url, **HTMX))
        return body


def test_no_response_of_a_whole_match_shows_a_card_the_human_may_not_see(client, guest, human_move):
    response = client.post("/play/new", {"level": "beginner"})
    match = Match.objects.get(player=guest)
    scanner = Scanner(client, match)
    scanner.follow(scanner.check(client.get(response["Location"]), full_page=True))
    decisions = 0
    while True:
        match.refresh_from_db()
        table = load_table(match)
        scanner.check(client.get(f"/play/{match.pk}/"), full_page=True)
        if table.state.is_over:
            if match.is_finished:
                break
            response = client.post(
                f"/play/{match.pk}/act", {"action": "next-hand", "version": match.version}, **HTMX
            )
        else:
            move = human_move(match)
            view = table.state.view(match.human_seat)
            if move["action"] == "bury":
                # Choosing cards, including someone else's, before burying.
                step = len(table.state.actions)
                base = f"/play/{match.pk}/?hand={table.hand.number + 1}&step={step}"
                for query in (f"&toggle={view.hand[0]}", "&chosen=AS&chosen=QC&toggle=7D"):
                    scanner.check(client.get(base + query, **HTMX))
            if move["action"] == "play":
                # Refused moves answer with the table and a message: scan those too.
                legal = {a.card for a in view.legal}
                illegal = [c for c in view.hand if c not in legal][:1]
                for card, version in [(c, match.version) for c in illegal] + [
                    (move["card"], match.version - 1)  # a stale page
                ]:
                    scanner.check(
                        client.post(
                            f"/play/{match.pk}/act",
                            {"action": "play", "card": card, "version": version},
                            **HTMX,
                        )
                    )
            response = client.post(
                f"/play/{match.pk}/act", {**move, "version": match.version}, **HTMX
            )
            decisions += 1
        scanner.follow(scanner.check(response))
    assert match.hands.count() == 10
    assert decisions >= 60  # at least six plays a hand
    assert scanner.bodies > 300


def test_the_scanner_finds_a_hidden_card_written_any_way_the_page_writes_cards():
    assert cards_named('<button data-card="QC">') == {"QC"}
    assert cards_named('aria-label="ten of diamonds"') == {"TD"}
    assert cards_named("calls A&#9827;&#xfe0e;") == {"AC"}
    assert cards_named("ASCII QCX 7Cx and a path M 50 7 C 3 4") == set()
