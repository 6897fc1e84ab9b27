"""A simulated player: plays whole matches through HTTP as a browser with htmx would.

It opens the home page, starts a match, then on the table clicks a random
move among those the page offers (``page.read_page``), follows the page's poll
through the computers' moves step by step until it may act again, and starts a
new match from the finished one, until it is stopped. At human pace it thinks
between clicks and waits the page's poll delay; at full speed it does neither.
Everything random comes from its own seeded ``random.Random``.

It remembers, per match, what it saw and which of its moves the server
accepted, for the replay check afterwards (``replay.check_matches``).
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from config.ratelimit import limits_for

from .client import CONNECTION_ERRORS, PlayerClient, Response
from .page import Click, Page, read_page
from .stats import Recorder, Sample

MATCH_URL = re.compile(r"/play/([0-9a-f-]{36})/")
#: Starting a match from the home page or a finished table.
NEW_GAME = "new-game"
#: The buttons that send the cards chosen by toggling them.
COMMIT_CHOICE = ("bury", "unknown")
#: Seconds to wait before reloading after an answer that was not a table.
RECOVERY_PAUSE = 1.0


@dataclass(frozen=True)
class Pace:
    name: str
    think_seconds: tuple[float, float]  # uniform, before each click
    follow_poll_delay: bool


HUMAN = Pace("human", (1.0, 4.0), True)
FAST = Pace("fast", (0.0, 0.0), False)


@dataclass
class MatchSeen:
    """One match as its player saw it."""

    match_id: str
    player: int
    #: Moves the server accepted, in order: (hand number from 0, action, card, cards).
    moves: list[tuple[int, str, str, tuple[str, ...]]] = field(default_factory=list)
    #: Hands (from 0) the player asked to finish: its remaining cards were played for it.
    finished_hands: set[int] = field(default_factory=set)
    hands: int = 1  # the newest hand the player saw, counted from 1
    version: int | None = None  # the version its last page showed, if that page showed one
    over: bool = False
    #: Why the moves can't be compared exactly: a move got no answer, so whether the
    #: server applied it is unknown.
    uncertain: str = ""


class TimeUp(Exception):
    """The player was told to stop."""


def choose_click(page: Page, rng: random.Random) -> Click | None:
    """A random move among those the page offers; cards to bury or set aside are
    toggled one at a time until the button that sends them is enabled."""
    toggles = page.clicks_for("toggle")
    if toggles:
        commits = [c for c in page.clicks if c.action in COMMIT_CHOICE]
        if commits:
            return commits[0]
        unchosen = [t for t in toggles if t.value("toggle") not in page.chosen]
        return rng.choice(unchosen or toggles)
    moves = [c for c in page.clicks if c.action != NEW_GAME]
    return rng.choice(moves) if moves else None


def move_of(page: Page, click: Click) -> tuple[int, str, str, tuple[str, ...]]:
    """The move a click sends, as the replay check compares it with a hand record."""
    cards = tuple(sorted(click.values("cards")))
    return (page.hand - 1, click.value("action"), click.value("card"), cards)


class SimulatedPlayer:
    def __init__(
        self,
        number: int,
        client: PlayerClient,
        *,
        seed: int,
        pace: Pace,
        level: str,
        recorder: Recorder,
        stop: threading.Event,
    ):
        self.number = number
        self.client = client
        self.rng = random.Random(f"{seed}:{number}")
        self.pace = pace
        self.level = level
        self.recorder = recorder
        self.stop = stop
        self.matches: list[MatchSeen] = []
        self.current: MatchSeen | None = None
        self._sent = 0
        #: When it started its newest matches: as many as the largest new-game limit.
        self._new_games: deque[float] = deque(
            maxlen=max(limit.count for limit in limits_for("new-game"))
        )

    # -- the loop ------------------------------------------------------------------------

    def run(self, arrival_seconds: float = 0.0) -> None:
        """Play until stopped; ``arrival_seconds`` is a wait before the first page."""
        try:
            self.pause(arrival_seconds)
            page = self.open_home()
            while True:
                page = self.advance(page)
        except TimeUp:
            pass
        finally:
            self.client.close()

    def advance(self, page: Page | None) -> Page | None:
        """One request from this page: a poll, a click, or a reload after a failure."""
        if page is None:
            return self.recover()
        if not page.is_table:
            return self.start_match(page)
        if page.poll_url:
            if self.pace.follow_poll_delay:
                self.pause(page.poll_delay_ms / 1000)
            return self.table(self.send("poll", "GET", page.poll_url, htmx=True))
        if page.match_over:
            if self.current is not None and not self.current.over:
                self.current.over = True
                self.recorder.event("finished")
            return self.start_match(page)
        click = choose_click(page, self.rng)
        if click is None:
            self.recorder.error("table", "stuck: nothing to click")
            self.pause(RECOVERY_PAUSE)
            return self.recover()
        self.think()
        if click.action == "toggle":
            return self.table(self.send("toggle", click.method, click.url, click.fields, True))
        return self.act(page, click)

    # -- pages ---------------------------------------------------------------------------

    def open_home(self) -> Page | None:
        response = self.send("home", "GET", "/")
        return read_page(response.body) if response and response.status == 200 else None

    def start_match(self, page: Page) -> Page | None:
        """Click New game (the home page's, or the finished table's) at the chosen level."""
        click = next(iter(page.clicks_for(NEW_GAME)), None)
        if click is None:
            self.recorder.error("home", "no new-game form")
            self.pause(RECOVERY_PAUSE)
            return self.open_home()
        fields = [(k, v) for k, v in click.fields if k != "level"] + [("level", self.level)]
        self.keep_under_new_game_limits()
        self.think()
        response = self.send("new", "POST", click.url, fields)
        if response is None or response.status >= 400:
            return None
        found = MATCH_URL.search(response.location) if response.status == 302 else None
        if found is None:
            self.recorder.error("new", f"no redirect to a table ({response.status})")
            return None
        self.current = MatchSeen(found.group(1), self.number)
        self.matches.append(self.current)
        self.recorder.event("started")
        return self.table(self.send("table", "GET", response.location))

    def act(self, page: Page, click: Click) -> Page | None:
        """Post a move; remember it if the server accepted it."""
        response = self.send("act", click.method, click.url, click.fields, click.htmx)
        if response is None or response.status >= 400:
            # No answer, or an error page: whether the move was applied is unknown.
            if self.current is not None:
                self.current.uncertain = "a move got no table in answer"
            return None
        answer = self.table(response)
        if answer is None:
            return None
        if answer.message:
            if answer.version is not None and answer.version != page.version:
                self.recorder.stale.append((time.monotonic(), "act"))
            else:
                self.recorder.error("act", f"refused: {answer.message[:60]}")
            return answer
        action = click.value("action")
        if action == "finish":
            self.current.finished_hands.add(page.hand - 1)
        elif action != "next-hand":
            self.current.moves.append(move_of(page, click))
        self.recorder.event("move")
        return answer

    def table(self, response: Response | None) -> Page | None:
        """The table in an answer, noted as the last thing seen of the match."""
        if response is None or response.status != 200:
            return None
        page = read_page(response.body)
        if not page.is_table:
            self.recorder.error("table", "answer without a table")
            return None
        if self.current is not None:
            self.current.hands = page.hand
            self.current.version = page.version
        return page

    def recover(self) -> Page | None:
        """After a failure: reload the table as it stands (or the home page), like a person."""
        self.pause(RECOVERY_PAUSE)
        if self.current is None or self.current.over:
            return self.open_home()
        return self.table(self.send("table", "GET", f"/play/{self.current.match_id}/"))

    # -- requests and waiting ---------------------------------------------------------------

    def send(self, kind: str, method: str, path: str, fields=(), htmx: bool = False):
        """One timed request; None when no answer came (counted as an error)."""
        if self.stop.is_set():
            raise TimeUp
        self._sent += 1
        request_id = f"{self.number}-{self._sent}"
        started = time.monotonic()
        try:
            response = self.client.request(method, path, fields, htmx=htmx, request_id=request_id)
        except CONNECTION_ERRORS as error:
            elapsed = (time.monotonic() - started) * 1000
            self.recorder.sample(Sample(kind, started, elapsed, 0, request_id))
            self.recorder.error(kind, f"connection {type(error).__name__}")
            return None
        self.recorder.sample(Sample(kind, started, response.ms, response.status, request_id))
        if response.status >= 400:
            self.recorder.error(kind, str(response.status))
        return response

    def think(self) -> None:
        low, high = self.pace.think_seconds
        if high > 0:
            self.pause(self.rng.uniform(low, high))

    def pause(self, seconds: float) -> None:
        if self.stop.wait(seconds) if seconds > 0 else self.stop.is_set():
            raise TimeUp

    def keep_under_new_game_limits(self) -> None:
        """Wait rather than meet the new-game rate limit: at full speed a player may
        finish matches faster than any person, but it is still one client."""
        for limit in limits_for("new-game"):
            window = limit.window + 1  # the server counts in fixed windows; stay clear
            while True:
                now = time.monotonic()
                recent = [t for t in self._new_games if now - t < window]
                if len(recent) < limit.count:
                    break
                self.pause(recent[0] + window - now)
        self._new_games.append(time.monotonic())
