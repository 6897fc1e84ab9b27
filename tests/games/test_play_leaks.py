"""No response of the site carries a card its viewer may not see at that moment.

Matches on fixed seeds, at every level, are played through the HTTP views as
the page plays them: each move posted, then every display step fetched as htmx
polls for it, plus the full page at each decision, the hint at each decision
of a practice match's first hands (the course's practice matches have a Hint
button), choices of cards to bury, refused moves, and, once each hand is over,
its replay from the human's seat (every step of the first hand, every fifth
step of the others) and from every other seat mid-hand and at the end. The
daily deal is played on a fixed deal too, and its page scanned at each
decision. Each body is scanned for every way a card can be written on the
page (its code, its spoken name, its short label) and checked against what
the engine says the viewing seat may see at the step the body shows (docs/rules.md
§4). A failure names the seed, the level, the hand, the step and the address.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pytest
from factories import DailyDealFactory, PlayerFactory, UserFactory

from games.daily import today
from games.game_kinds import seats_of
from games.models import Match
from games.services import load_table, start_match, state_of
from games.table import Face
from rules_engine.cards import CODES

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ALL = frozenset(CODES)
CODE = re.compile(r"(?<![A-Za-z0-9])([789TJQKA][CSHD])(?![A-Za-z0-9])")
STEP = re.compile(r'data-hand="(\d+)" data-step="(\d+)"')
REPLAY_STEP = re.compile(r'id="replay"[^>]* data-step="(\d+)" data-steps="(\d+)" data-seat="(\d)"')
POLL = re.compile(r'hx-get="([^"]+)" hx-trigger="load delay')
#: The human plays a card at least this often a hand (a hand decided early ends sooner).
MIN_DECISIONS = 3
#: Hints are asked at every decision of a practice match's first hands.
HINT_HANDS = 2


@dataclass(frozen=True)
class Deal:
    """A fixed seed to scan at a level, for this many hands (the expert is slower)."""

    level: str
    seed: bytes
    hands: int
    hints: bool = False

    @property
    def id(self) -> str:
        return f"{self.level}-{self.seed.hex()[:8]}{'-hints' if self.hints else ''}"


DEALS = [
    # Seat 4 deals: the human decides first (and picks, then buries and calls).
    Deal("beginner", bytes([4]) + bytes(31), hands=10, hints=True),
    Deal("beginner", b"leak scan: beginner".ljust(32, b"\0"), hands=2),
    Deal("standard", b"leak scan: standard".ljust(32, b"\0"), hands=2, hints=True),
    Deal("standard", bytes([1]) + bytes(31), hands=2),
    Deal("expert", b"leak scan: expert".ljust(32, b"\0"), hands=2),
]
#: The daily deal is scanned on this seed rather than the day's secret one.
DAILY_SEED = b"leak scan: daily".ljust(32, b"\0")
DAILY_HANDS = 1


def visible(view) -> set[str]:
    """Every card the seat may see in this view, and the cards it may name."""
    if view.phase == "over":
        return set(ALL)
    seen = set(view.hand)
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        seen.update(c for c in trick.cards if c)
    seen.update(getattr(view, "blind", None) or ())  # Schafkopf has no blind, bury or unknown
    seen.update(getattr(view, "buried", None) or ())
    seen.update(c for c in (view.called, getattr(view, "unknown", None)) if c)
    # Calls the seat may make name cards it doesn't hold (that is the point of a call):
    # Sheepshead's calls, and Schafkopf's Rufspiel declarations.
    seen.update(a.card for a in view.legal if a.kind in ("call", "declare") and a.card)
    # A Schafkopf declaration is said aloud, the called card with it.
    seen.update(a.card for _seat, a in view.actions if a.kind == "declare" and a.card)
    return seen


def cards_named(body: str) -> set[str]:
    """Every card written in a response body: codes, spoken names and short labels."""
    text = html.unescape(body)
    found = set(CODE.findall(text))
    for code in ALL:
        for face in (Face(code), Face(code, german=True)):
            if face.name in text or face.short in text:
                found.add(code)
    return found


def address(response) -> str:
    request = response.request
    query = request.get("QUERY_STRING", "")
    return f"{request['REQUEST_METHOD']} {request['PATH_INFO']}{'?' + query if query else ''}"


class Scanner:
    """Fetches what the pages fetch and checks each body against the engine's view."""

    def __init__(self, client, match: Match, label: str):
        self.client = client
        self.match = match
        self.label = label
        self.bodies = 0
        self.replays = 0
        self.hints = 0
        self.secrets = [bytes(match.seed).hex(), "seed", "record", '"deal":', '"blind":']

    def check(self, response, *, hand=None, step=None, seat=None, full_page=False) -> str:
        """Scan one body; the hand and step are read from the table's markup unless given."""
        where = f"{self.label}: {address(response)}"
        assert response.status_code in (200, 400, 409), f"{where} answered {response.status_code}"
        body = response.content.decode()
        self.bodies += 1
        for secret in self.secrets:
            assert secret not in body, f"{where} carries {secret!r}"
        if hand is None:
            found = STEP.search(body)
            assert found, f"{where} shows no hand and step"
            number, step = (int(x) for x in found.groups())
            hand = self.match.hands.get(number=number - 1)
        seat = self.match.human_seat if seat is None else seat
        view = state_of(hand, step).view(seat)
        leaked = cards_named(body) - visible(view)
        assert not leaked, (
            f"{where}: hand {hand.number + 1} step {step}, seat {seat} ({view.phase}) "
            f"shows {sorted(leaked)}"
        )
        if full_page:
            assert "<html" in body, where
        return body

    def follow(self, body: str) -> str:
        """Fetch each next step as the page's htmx polling would, to the newest."""
        while poll := POLL.search(body):
            url = html.unescape(poll.group(1))
            body = self.check(self.client.get(url, **HTMX))
        return body

    def table(self) -> None:
        self.check(self.client.get(f"/play/{self.match.pk}/"), full_page=True)

    def hint(self) -> None:
        """The Hint button's answer: the table with the expert's advice, nothing more."""
        body = self.check(self.client.get(f"/play/{self.match.pk}/hint", **HTMX))
        assert "data-hint=" in body, f"{self.label}: no hint at a decision"
        self.hints += 1

    def replay(self, hand, *, every_step: bool) -> int:
        """A finished hand from the human's seat (at every step, or every fifth and the
        last), and from each other seat mid-hand and at the end: each shows what that
        seat saw then, and every hand only at the end. Returns the pages fetched."""
        steps = len(state_of(hand).actions)
        base = f"/play/{self.match.pk}/hand/{hand.number + 1}/"
        human = self.match.human_seat
        mine = range(steps + 1) if every_step else sorted({*range(0, steps, 5), steps})
        wanted = [(human, step) for step in mine]
        seats = seats_of(self.match.game, self.match.rules)
        wanted += [(s, step) for s in range(seats) if s != human for step in (steps // 2, steps)]
        for seat, step in wanted:
            partial = step not in (0, steps)
            response = self.client.get(
                f"{base}?seat={seat}&step={step}", **(HTMX if partial else {})
            )
            body = self.check(response, hand=hand, step=step, seat=seat, full_page=not partial)
            shown = REPLAY_STEP.search(body)
            assert shown, address(response)
            assert shown.groups() == (str(step), str(steps), str(seat)), address(response)
        self.replays += len(wanted)
        return len(wanted)


def play_and_scan(client, scanner: Scanner, hands: int, human_move, *, daily_page=False):
    """Play ``hands`` hands through the views, scanning every response.

    Returns the human's decisions in each hand. The first hand's replay is
    scanned at every step, the hints asked in the first HINT_HANDS hands.
    """
    match = scanner.match
    decisions = [0]
    while True:
        match.refresh_from_db()
        table = load_table(match)
        number = table.hand.number
        scanner.table()
        if daily_page:
            scanner.check(
                client.get("/daily/"),
                hand=table.hand,
                step=len(table.state.actions),
                full_page=True,
            )
        if table.state.is_over:
            scanner.replay(table.hand, every_step=number == 0)
            if match.is_finished or number + 1 == hands:
                return decisions
            response = client.post(
                f"/play/{match.pk}/act", {"action": "next-hand", "version": match.version}, **HTMX
            )
            decisions.append(0)
        else:
            if match.hints and number < HINT_HANDS:
                scanner.hint()
            move = human_move(match)
            view = table.state.view(match.human_seat)
            if move["action"] == "bury":
                # Choosing cards, including someone else's, before burying.
                step = len(table.state.actions)
                base = f"/play/{match.pk}/?hand={number + 1}&step={step}"
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
            decisions[-1] += 1
        scanner.follow(scanner.check(response))


def replay_pages(hand, *, every_step: bool) -> int:
    """How many replay pages Scanner.replay fetches for a hand."""
    steps = len(state_of(hand).actions)
    mine = steps + 1 if every_step else len({*range(0, steps, 5), steps})
    return mine + 2 * (seats_of(hand.match.game, hand.match.rules) - 1)


def signed_in(client):
    """A player with an account, signed in: the daily's ranked attempts need one."""
    user = UserFactory()
    client.force_login(user)
    return PlayerFactory(user=user)


@pytest.mark.parametrize("deal", DEALS, ids=lambda deal: deal.id)
def test_no_response_of_a_match_shows_a_card_the_human_may_not_see(client, human_move, deal):
    player = signed_in(client)
    match = start_match(player, deal.level, seed=deal.seed, hints=deal.hints)
    scanner = Scanner(client, match, f"seed {deal.seed.hex()} at {deal.level}")
    scanner.follow(scanner.check(client.get(f"/play/{match.pk}/?hand=1&step=0"), full_page=True))
    decisions = play_and_scan(client, scanner, deal.hands, human_move)
    hands = list(match.hands.all())
    assert len(hands) == len(decisions) == deal.hands
    assert all(hand.result is not None for hand in hands)
    assert all(made >= MIN_DECISIONS for made in decisions), decisions
    assert scanner.replays == sum(replay_pages(h, every_step=h.number == 0) for h in hands)
    assert scanner.hints == (sum(decisions[:HINT_HANDS]) if deal.hints else 0)
    # Each decision's move and the full table before it, besides the replays and hints.
    assert scanner.bodies > scanner.replays + scanner.hints + 2 * sum(decisions)


#: Schafkopf sessions of one round (four hands), on the long and the short deck.
SCHAFKOPF_DEALS = [
    Deal("beginner", b"leak scan: schafkopf".ljust(32, b"\0"), hands=4),
    Deal("standard", b"leak scan: schafkopf short".ljust(32, b"\0"), hands=4),
]


@pytest.mark.parametrize("deal", SCHAFKOPF_DEALS, ids=lambda deal: deal.id)
def test_no_response_of_a_schafkopf_session_shows_a_card_the_human_may_not_see(
    client, human_move, deal
):
    player = signed_in(client)
    short = "short" in deal.seed.decode()
    match = start_match(
        player, deal.level, seed=deal.seed, game="schafkopf", rules={"short_deck": short}, rounds=1
    )
    scanner = Scanner(client, match, f"schafkopf seed {deal.seed.hex()} at {deal.level}")
    scanner.follow(scanner.check(client.get(f"/play/{match.pk}/?hand=1&step=0"), full_page=True))
    decisions = play_and_scan(client, scanner, deal.hands, human_move)
    hands = list(match.hands.all())
    assert len(hands) == len(decisions) == deal.hands
    assert all(hand.result is not None for hand in hands)
    match.refresh_from_db()
    assert match.is_finished
    assert scanner.replays == sum(replay_pages(h, every_step=h.number == 0) for h in hands)
    assert scanner.bodies > scanner.replays + 2 * sum(decisions)


def test_no_response_of_the_daily_shows_a_card_the_player_may_not_see(client, human_move):
    DailyDealFactory(date=today(), seed=DAILY_SEED)
    signed_in(client)
    assert client.get("/daily/").status_code == 200
    response = client.post("/daily/start/")
    match = Match.objects.get(daily__date=today())
    assert response["Location"] == f"/play/{match.pk}/"
    scanner = Scanner(client, match, f"the daily on seed {DAILY_SEED.hex()} at {match.level}")
    decisions = play_and_scan(client, scanner, DAILY_HANDS, human_move, daily_page=True)
    assert match.level == "expert" and match.ranked
    assert match.hands.count() == len(decisions) == DAILY_HANDS
    assert all(made >= MIN_DECISIONS for made in decisions), decisions
    body = client.get("/daily/").content.decode()
    assert 'data-daily-status="in-progress"' in body


def test_the_scanner_finds_a_hidden_card_written_any_way_the_page_writes_cards():
    assert cards_named('<button data-card="QC">') == {"QC"}
    assert cards_named('aria-label="ten of diamonds"') == {"TD"}
    assert cards_named("calls A&#9827;&#xfe0e;") == {"AC"}
    assert cards_named("ASCII QCX 7Cx and a path M 50 7 C 3 4") == set()


def test_the_scanner_refuses_a_card_of_another_seat_and_names_where(client):
    """The check itself: a body naming a card the human doesn't hold fails, with the seed."""
    player = signed_in(client)
    match = start_match(player, "beginner", seed=DEALS[0].seed)
    hand = match.hands.get()
    view = state_of(hand, 0).view(match.human_seat)
    hidden = sorted(ALL - visible(view))[0]
    scanner = Scanner(client, match, f"seed {DEALS[0].seed.hex()} at beginner")
    response = client.get(f"/play/{match.pk}/?hand=1&step=0", **HTMX)
    response.content += f'<span data-card="{hidden}"></span>'.encode()
    with pytest.raises(AssertionError) as caught:
        scanner.check(response)
    message = str(caught.value)
    assert DEALS[0].seed.hex() in message and "hand 1 step 0" in message and hidden in message
