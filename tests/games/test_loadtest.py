"""``python -m games.loadtest``: the parts that can be wrong without a server running.

The simulated player is driven here through Django's test client (with CSRF checks
on and over "HTTPS", as behind the proxy): every move it reads from a page must be
accepted, and the replay check must catch a stored match that lost or doubled a move.
"""

from __future__ import annotations

import random
import threading
from contextlib import suppress
from urllib.parse import urlencode

import pytest
from django.db import transaction
from django.test import Client
from moves import play_until, standard_move

from games.loadtest.client import Response, keep_cookies
from games.loadtest.page import read_page
from games.loadtest.player import FAST, MatchSeen, SimulatedPlayer, TimeUp, choose_click
from games.loadtest.replay import check_matches, record_moves
from games.loadtest.report import crossing_point
from games.loadtest.stats import Recorder, Sample, spread, summarize
from games.models import Hand, Match
from games.services import load_table, submit_action

pytestmark = pytest.mark.django_db


class DjangoClientTransport:
    """The player's HTTP client, over Django's test client: same calls, same answers."""

    def __init__(self, client: Client):
        self.client = client

    def request(self, method, path, fields=(), *, htmx=False, request_id=""):
        headers = {"HX-Request": "true"} if htmx else {}
        if method == "POST":
            data: dict[str, list[str]] = {}
            for name, value in fields:
                data.setdefault(name, []).append(value)
            headers["Origin"] = "https://testserver"
            answer = self.client.post(path, data, headers=headers, secure=True)
        else:
            if fields:
                path = f"{path}{'&' if '?' in path else '?'}{urlencode(list(fields))}"
            answer = self.client.get(path, headers=headers, secure=True)
        return Response(
            status=answer.status_code,
            location=answer.get("Location", ""),
            retry_after=answer.get("Retry-After", ""),
            body=answer.content.decode(),
            ms=0.0,
        )

    def close(self) -> None:
        pass


class Rollback(Exception):
    pass


@pytest.fixture
def player():
    client = Client(enforce_csrf_checks=True)
    return SimulatedPlayer(
        1,
        DjangoClientTransport(client),
        seed=7,
        pace=FAST,
        level="beginner",
        recorder=Recorder(),
        stop=threading.Event(),
    )


def engine_moves(match) -> set[tuple[str, str]]:
    """The human's legal moves now, as (action, card); a bury is any two cards."""
    view = load_table(match).state.view(match.human_seat)
    return {(a.kind, a.card or "") for a in view.legal if a.kind != "bury"}


def accepted(player, page, click) -> bool:
    """Whether the server accepts the click, undone afterwards."""
    with suppress(Rollback), transaction.atomic():
        answer = player.client.request(click.method, click.url, click.fields, htmx=click.htmx)
        ok = answer.status == 200 and not read_page(answer.body).message
        raise Rollback
    return ok


def play_checking_every_offer(player, page, match):
    """Let the player play on until the match is over; at each decision of the first
    hand (its Next hand included), every move the page offers must be one of the
    engine's legal moves and be accepted."""
    decisions = 0
    while not page.match_over:
        if page.live and not page.poll_url and page.hand == 1:
            decisions += 1
            match.refresh_from_db()
            legal = engine_moves(match)
            for click in page.clicks:
                if click.action in ("toggle", "bury", "unknown", "next-hand", "finish"):
                    assert click.action != "bury" or len(page.chosen) == 2
                else:
                    assert (click.value("action"), click.value("card")) in legal, click
                assert accepted(player, page, click), click
            offered_cards = {c.value("card") for c in page.clicks_for("play")}
            assert offered_cards == {card for kind, card in legal if kind == "play"}
        page = player.advance(page)
        assert page is not None, player.recorder.errors
    return decisions


def test_the_player_offers_only_moves_the_server_accepts_and_its_record_replays(
    player, guest, client, picker_seed
):
    from games.services import start_match

    player.client.client.cookies = client.cookies  # the guest's session
    match = start_match(guest, "beginner", seed=picker_seed)
    Match.objects.filter(pk=match.pk).update(hand_count=2)
    player.current = MatchSeen(str(match.pk), player.number)
    player.matches.append(player.current)
    page = player.table(player.send("table", "GET", f"/play/{match.pk}/"))
    # Picking, so the bury (two toggles, then the button) and the call are played too.
    assert {c.action for c in page.clicks} == {"pick", "pass"}
    page = player.act(page, page.clicks_for("pick")[0])
    assert page.clicks_for("toggle") and not page.clicks_for("bury")

    assert play_checking_every_offer(player, page, match) > 6
    assert player.recorder.errors == []
    match.refresh_from_db()
    assert match.is_finished and player.current.hands == 2
    report = check_matches(player.matches)
    assert report.ok, report.problems
    assert report.checked == 1


def test_a_player_starts_its_match_from_the_home_page_at_its_level(player):
    page = player.open_home()
    assert page is not None and not page.is_table
    page = player.start_match(page)
    assert page.is_table and page.hand == 1
    match = Match.objects.get()
    assert str(match.pk) == player.current.match_id and match.level == "beginner"
    assert [s.kind for s in player.recorder.samples] == ["home", "new", "table"]
    assert all(s.status in (200, 302) for s in player.recorder.samples)


def test_in_a_bury_the_player_toggles_two_cards_then_sends_them():
    page = read_page(
        '<section id="table" data-hand="1" data-step="3" data-live="true">'
        '<form method="post" action="/a" hx-post="/a">'
        '<input type="hidden" name="version" value="4">'
        '<input type="hidden" name="action" value="bury">'
        '<input type="hidden" name="cards" value="QC">'
        '<button type="submit" data-action="bury" disabled>Bury</button></form>'
        '<form method="get" action="/t" hx-get="/t"><input type="hidden" name="chosen" value="QC">'
        '<button type="submit" name="toggle" value="QC" aria-pressed="true">Q</button>'
        '<button type="submit" name="toggle" value="7D" aria-pressed="false">7</button>'
        '<button type="button" class="card is-dimmed">x</button></form>'
        '<form method="post" class="speed-form"><button name="speed" value="fast">F</button></form>'
        "</section>"
    )
    assert page.version == 4 and page.chosen == ["QC"] and page.live
    assert [c.action for c in page.clicks] == ["toggle", "toggle"]
    click = choose_click(page, random.Random(1))
    assert click.value("toggle") == "7D" and click.fields == (("chosen", "QC"), ("toggle", "7D"))


def test_secure_cookies_are_kept_and_a_cookie_set_to_expire_is_dropped():
    cookies: dict[str, str] = {}
    keep_cookies(cookies, "sessionid=abc; HttpOnly; Max-Age=1209600; Path=/; Secure")
    keep_cookies(cookies, "csrftoken=xyz; Path=/; SameSite=Lax; Secure")
    assert cookies == {"sessionid": "abc", "csrftoken": "xyz"}
    keep_cookies(cookies, 'sessionid=""; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0')
    assert cookies == {"csrftoken": "xyz"}


def test_a_player_at_full_speed_waits_rather_than_meet_the_new_game_limit(player):
    """A player is one client: its eleventh match in a minute waits for the window."""
    waits = []

    def pause(seconds):
        waits.append(seconds)
        raise TimeUp

    player.pause = pause
    for _match in range(10):
        player.keep_under_new_game_limits()
    assert waits == []
    with pytest.raises(TimeUp):
        player.keep_under_new_game_limits()
    assert 59 < waits[0] <= 61


# -- figures ----------------------------------------------------------------------------


def test_the_spread_gives_nearest_rank_percentiles():
    values = [float(v) for v in range(100, 0, -1)]
    assert spread(values) == {
        "count": 100, "p50_ms": 50.0, "p95_ms": 95.0, "p99_ms": 99.0, "max_ms": 100.0,
    }  # fmt: skip
    assert spread([]) == {"count": 0}


def test_a_summary_counts_errors_by_kind_and_times_only_answered_requests():
    recorder = Recorder()
    for n, (kind, ms, status) in enumerate(
        [("act", 10.0, 200), ("act", 30.0, 200), ("poll", 5.0, 200), ("new", 1.0, 0)]
    ):
        recorder.sample(Sample(kind, float(n), ms, status, f"1-{n}", server_ms=ms / 2))
    recorder.error("new", "connection ConnectionResetError")
    recorder.error("act", "429")
    summary = summarize(recorder, seconds=2.0)
    assert summary["requests"] == 4 and summary["requests_per_second"] == 2.0
    assert summary["actions"]["client"]["count"] == 2  # the new game got no answer
    assert summary["actions"]["client"]["p95_ms"] == 30.0
    assert summary["actions"]["server"]["p95_ms"] == 15.0
    assert summary["errors"] == 2
    assert summary["errors_by_kind"] == {"act 429": 1, "new connection ConnectionResetError": 1}


def step(players: int, rate: float, p95: float) -> dict:
    return {"players": players, "requests_per_second": rate,
            "actions": {"client": {"count": 1, "p95_ms": p95}}}  # fmt: skip


def test_the_ramp_reports_where_the_p95_first_passed_the_target():
    crossing = crossing_point([step(1, 40, 50), step(2, 70, 250), step(4, 80, 310)])
    assert crossing["passed"] and crossing["players"] == 4
    assert crossing["requests_per_second"] == 80 and crossing["last_under"]["players"] == 2
    under = crossing_point([step(1, 40, 50), step(2, 70, 250)])
    assert not under["passed"] and "stayed under" in under["text"]


# -- the replay check ---------------------------------------------------------------------


def seen_as_stored(match) -> MatchSeen:
    """What a player that saw everything would remember of the match."""
    hands = list(match.hands.order_by("number"))
    seen = MatchSeen(str(match.pk), 1, hands=len(hands), version=match.version)
    for hand in hands:
        seen.moves += record_moves(hand.number, hand.record, match.human_seat)
    return seen


@pytest.fixture
def played(new_match, guest):
    """A match some way into its second hand, the human to move."""
    match = new_match()
    match = play_until(
        match, guest, lambda table: table.hand.number == 1 and len(table.state.actions) > 8
    )
    match = submit_action(match.pk, guest, standard_move(match), match.version)
    return match


def test_a_match_as_its_player_saw_it_passes(played):
    report = check_matches([seen_as_stored(played)])
    assert report.ok and report.checked == 1


def test_a_move_missing_from_the_record_is_found(played):
    seen = seen_as_stored(played)
    hand = Hand.objects.get(match=played, number=1)
    actions = hand.record["actions"]
    last_mine = max(i for i, a in enumerate(actions) if a["seat"] == played.human_seat)
    hand.record = {**hand.record, "actions": actions[:last_mine]}  # still a legal record
    hand.save()
    report = check_matches([seen])
    assert not report.ok
    assert "hand 2: the record's moves" in report.problems[0]


def test_a_move_doubled_in_the_record_is_found(played):
    seen = seen_as_stored(played)
    hand = Hand.objects.get(match=played, number=1)
    actions = hand.record["actions"]
    mine = next(i for i, a in enumerate(actions) if a["seat"] == played.human_seat)
    hand.record = {**hand.record, "actions": actions[: mine + 1] + actions[mine:]}
    hand.save()
    assert not check_matches([seen]).ok


def test_a_move_the_player_sent_twice_but_stored_once_is_found(played):
    seen = seen_as_stored(played)
    seen.moves.append(seen.moves[-1])
    report = check_matches([seen])
    assert not report.ok and "not the player's" in report.problems[0]


def test_a_match_no_player_started_and_one_that_was_lost_are_found(played):
    ghost = MatchSeen("00000000-0000-0000-0000-000000000000", 2)
    problems = check_matches([ghost]).problems
    assert any("no player started this match" in p for p in problems)
    assert any("it is not stored" in p for p in problems)


def test_a_stored_result_that_is_not_the_replays_is_found(played):
    hand = Hand.objects.get(match=played, number=0)
    hand.result = {**hand.result, "scores": [9, 9, 9, 9, 9]}
    hand.save()
    assert "not the replay's" in check_matches([seen_as_stored(played)]).problems[0]
