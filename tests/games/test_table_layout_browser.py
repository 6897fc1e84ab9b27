"""The table's layout in a real browser (Chromium through Playwright).

From 900 px the other seats sit around a felt with the trick in the middle, each
badge on the side where its cards land (games/table.py POSITIONS), your own line
under the trick and your hand under the felt; on a 360 px phone the badges stay
in one row above the trick. Checked on a 5-seat Sheepshead table and a 4-seat
Schafkopf one, each with every other seat's card in the trick, and on a replay.
"""

from __future__ import annotations

import pytest
from content_policy import policed_page
from django.conf import settings as django_settings
from django.test import Client
from moves import hand_over, play_until
from playwright.sync_api import Page
from schafkopf_page import SESSION_SEED
from screens import PHONE, WIDE
from seating import seat_player
from table_page import wait_live

from games.models import Match
from games.services import load_table, start_match

#: A Sheepshead deal on which standard moves soon have the human play last to a trick.
FOLLOW_SEED = bytes([9]) + bytes(31)
QUICK_DELAYS = {"slow": 60, "normal": 40, "fast": 20}
#: The narrowest screen that has the seats around the table (site.css: min-width 900px).
NARROWEST_TABLE = 900
#: Where each other seat sits, by the number of seats (games/table.py POSITIONS).
OTHERS = {5: ("left", "top-left", "top-right", "right"), 4: ("left", "top", "right")}


@pytest.fixture
def site(live_server, settings):
    settings.GAME_STEP_DELAYS_MS = QUICK_DELAYS
    return live_server.url


def everyone_else_played(table) -> bool:
    """The human to play, the trick holding every other seat's card."""
    state = table.state
    if state.is_over or state.phase_name != "play" or state.turn != table.match.human_seat:
        return False
    view = state.view(table.match.human_seat)
    return view.trick is not None and sum(1 for c in view.trick.cards if c) == view.seats - 1


def sheepshead_match(player) -> Match:
    return play_until(start_match(player, "beginner", seed=FOLLOW_SEED), player,
                      everyone_else_played)  # fmt: skip


def schafkopf_match(player) -> Match:
    match = start_match(player, "beginner", seed=SESSION_SEED, game="schafkopf", rounds=1)
    return play_until(match, player, everyone_else_played)


MATCHES = {"sheepshead": (sheepshead_match, 5), "schafkopf": (schafkopf_match, 4)}


def as_guest(page: Page, site: str):
    """Browse as a new guest: its session cookie, made by a test client, in the page."""
    client = Client()
    player = seat_player(client)
    name = django_settings.SESSION_COOKIE_NAME
    page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": site}])
    return player


def box(page: Page, selector: str) -> dict:
    located = page.locator(selector)
    assert located.count() == 1, f"{selector}: {located.count()} found"
    found = located.bounding_box()
    assert found, f"{selector} is not shown"
    return {**found, "cx": found["x"] + found["width"] / 2, "cy": found["y"] + found["height"] / 2}


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def check_around_the_trick(page: Page, seats: int, *, with_cards: bool = True) -> None:
    """Each other seat's badge on its side of the trick, none over a card of it."""
    trick = box(page, ".table > .trick-area")
    badges = {position: box(page, f".seat-{position}") for position in OTHERS[seats]}
    left, right = badges["left"], badges["right"]
    assert left["x"] + left["width"] <= trick["x"], (left, trick)
    assert right["x"] >= trick["x"] + trick["width"], (right, trick)
    for side in (left, right):  # beside the trick, not above or below it
        assert trick["y"] < side["cy"] < trick["y"] + trick["height"], (side, trick)
    tops = [badges[p] for p in OTHERS[seats] if p.startswith("top")]
    for top in tops:
        assert top["y"] + top["height"] <= trick["y"] + 1, (top, trick)
        assert left["cx"] < top["cx"] < right["cx"], (top, left, right)
    if seats == 5:
        assert badges["top-left"]["cx"] < trick["cx"] < badges["top-right"]["cx"]
    else:
        assert abs(badges["top"]["cx"] - trick["cx"]) < 2, (badges["top"], trick)
    if with_cards:
        for position, badge in badges.items():
            card = box(page, f".table > .trick-area .trick-card.pos-{position}")
            assert not any(overlap(card, b) for b in badges.values()), (position, card)
            if position in ("left", "right"):
                assert (card["cx"] < trick["cx"]) == (position == "left"), (position, card)
            else:  # a top seat's card in the trick's upper half, under its badge
                assert card["cy"] < trick["cy"], (position, card)
                assert badge["x"] <= card["cx"] <= badge["x"] + badge["width"], (position, card)
    me = box(page, ".table > .me")
    assert me["y"] >= trick["y"] + trick["height"], (me, trick)
    for position, badge in badges.items():
        assert not overlap(me, badge), position


@pytest.mark.parametrize("game", MATCHES)
def test_at_1280_and_900_px_the_other_seats_sit_around_the_trick(site, browser, game):
    make, seats = MATCHES[game]
    with policed_page(browser, viewport=WIDE) as page:
        player = as_guest(page, site)
        match = make(player)
        page.goto(f"{site}/play/{match.pk}/")
        wait_live(page)
        assert page.locator(".table > .trick-area .trick-card").count() == seats - 1
        for width in (WIDE["width"], NARROWEST_TABLE):
            page.set_viewport_size({**WIDE, "width": width})
            check_around_the_trick(page, seats)
            # Your hand under the felt, below your own line; the status above that line.
            me, hand = box(page, ".table > .me"), box(page, ".table .hand")
            assert hand["y"] >= me["y"] + me["height"], (hand, me)
            assert box(page, "[data-status]")["y"] < me["y"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.set_viewport_size(WIDE)

        # The replay of the same hand is the same table.
        match = play_until(Match.objects.get(pk=match.pk), player, hand_over)
        steps = len(load_table(match).state.actions)
        page.goto(f"{site}/play/{match.pk}/hand/1/?step={steps // 2}")
        check_around_the_trick(page, seats, with_cards=False)


@pytest.mark.parametrize("game", MATCHES)
def test_at_360_px_the_badges_stay_in_one_row_above_the_trick(site, browser, game):
    make, seats = MATCHES[game]
    with policed_page(browser, viewport=PHONE) as page:
        player = as_guest(page, site)
        match = make(player)
        page.goto(f"{site}/play/{match.pk}/")
        wait_live(page)
        trick = box(page, ".table > .trick-area")
        badges = [box(page, f".seat-{position}") for position in OTHERS[seats]]
        assert len({round(b["y"]) for b in badges}) == 1, badges  # one row
        assert [b["x"] for b in badges] == sorted(b["x"] for b in badges)  # in play order
        for badge in badges:
            assert badge["y"] + badge["height"] <= trick["y"], (badge, trick)
        cards = [box(page, f".table > .trick-area .pos-{position}") for position in OTHERS[seats]]
        for i, card in enumerate(cards):
            assert not any(overlap(card, other) for other in cards[i + 1 :]), cards
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
