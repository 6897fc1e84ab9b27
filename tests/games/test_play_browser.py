"""Playing in a real browser: Debian's Chromium driven by Playwright, on a 360 × 640 phone.

The computer players' moves appear one step at a time as htmx polls for them;
these tests wait for the table to be *live* (the newest step, the human to act)
before each click, as a person would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from content_policy import policed_page
from moves import play_until
from playwright.sync_api import Page, expect
from screens import PHONE
from table_page import click_and_wait, take_one_decision, wait_live

from games.models import Match, Player
from games.rule_text import rule_text
from games.services import load_table, start_match
from rules_engine.actions import play

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
#: Test-only pace: the real speeds are 1200 / 700 / 250 ms a move.
QUICK_DELAYS = {"slow": 60, "normal": 40, "fast": 20}


@pytest.fixture
def site(live_server, settings):
    assert not settings.SECURE_SSL_REDIRECT
    settings.GAME_STEP_DELAYS_MS = QUICK_DELAYS
    return live_server.url


@pytest.fixture
def phone(browser) -> Page:
    """A phone under the policy watch (see tests/conftest.py) that also fails on
    any script error or error in the console."""
    with policed_page(browser, viewport=PHONE) as page:
        yield from watched_for_errors(page)


def watched_for_errors(page: Page):
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not m.location.get("url", "").endswith("/favicon.ico")
            else None
        ),
    )
    yield page
    assert not errors, errors


# -- helpers ---------------------------------------------------------------------


def guest_of(page: Page, site: str) -> Player:
    """The guest player behind the browser's session (made by its first new game)."""
    page.goto(site + "/")
    page.locator("input[name=level][value=beginner]").check()
    page.click("[data-action=new-game]")
    wait_live(page)
    return Match.objects.order_by("-created_at").first().player


def open_match(page: Page, site: str, match: Match) -> None:
    page.goto(f"{site}/play/{match.pk}/")
    wait_live(page)


# -- tests -------------------------------------------------------------------------


def test_a_new_visitor_plays_a_whole_ten_hand_match_through_the_page(site, phone):
    steps_seen = set()
    phone.on(
        "response",
        lambda r: steps_seen.add(r.url) if "step=" in r.url and "/play/" in r.url else None,
    )
    phone.goto(site + "/")
    phone.locator("input[name=level][value=beginner]").check()
    phone.click("[data-action=new-game]")
    # The deal first, then the computers' moves one by one, fetched step by step.
    assert phone.url.endswith("/?hand=1&step=0")
    wait_live(phone)
    click_and_wait(phone, "[data-speed=fast]")
    expect(phone.locator("[data-speed=fast]")).to_have_attribute("aria-pressed", "true")
    hands = 0
    for _ in range(400):
        outcome = take_one_decision(phone)
        if outcome == "done":
            break
        hands += outcome == "next-hand"
    else:
        raise AssertionError("the match did not end")
    assert hands == 9
    match = Match.objects.get()
    assert match.is_finished and match.level == "beginner"
    assert match.hands.count() == 10
    assert len(steps_seen) > 100  # computer moves were fetched one step at a time
    expect(phone.locator("[data-standings] li")).to_have_count(5)
    expect(phone.locator("[data-score-sheet] tbody tr")).to_have_count(10)
    expect(phone.locator(".chart-svg")).to_be_visible()
    phone.click("[data-action=new-game]")
    wait_live(phone)
    assert Match.objects.count() == 2


def test_the_picker_chooses_two_cards_to_bury_and_calls_an_ace(site, phone):
    player = guest_of(phone, site)
    # Seat 4 deals; the human decides first, and after burying 7C 8C may call AS or AH.
    match = start_match(player, "beginner", seed=bytes([4]) + bytes(31))
    open_match(phone, site, match)
    expect(phone.locator("[data-status]")).to_have_text("Your turn: pick up the blind or pass")
    click_and_wait(phone, "[data-action=pick]")
    expect(phone.locator(".hand button")).to_have_count(8)
    bury = phone.locator("[data-action=bury]")
    expect(bury).to_be_disabled()
    click_and_wait(phone, ".hand [data-card='7C']")
    expect(phone.locator(".hand [data-card='7C']")).to_have_attribute("aria-pressed", "true")
    expect(bury).to_be_disabled()
    click_and_wait(phone, ".hand [data-card='8C']")
    expect(bury).to_be_enabled()
    click_and_wait(phone, bury)
    calls = phone.locator("[data-action=call]")
    expect(calls).to_have_count(2)
    assert sorted(calls.evaluate_all("bs => bs.map(b => b.dataset.card)")) == ["AH", "AS"]
    expect(phone.get_by_role("button", name="Call the ace of hearts")).to_be_visible()
    expect(phone.locator("[data-action=alone]")).to_be_visible()
    click_and_wait(phone, "[data-action=call][data-card=AH]")
    expect(phone.locator(".me [data-marker=called]")).to_have_attribute(
        "aria-label", "called the ace of hearts"
    )
    expect(phone.locator(".me-buried")).to_contain_text("Buried:")
    view = load_table(Match.objects.get(pk=match.pk)).state.view(0)
    assert view.called == "AH" and sorted(view.buried) == ["7C", "8C"]


def must_follow(table) -> bool:
    state = table.state
    if state.is_over or state.phase_name != "play" or state.turn != 0 or not state.tricks:
        return False
    legal = {a.card for a in state.legal_actions()}
    return any(code not in legal for code in state.view(0).hand)


def test_a_dimmed_card_is_refused_with_the_rule_and_the_last_trick_can_be_seen(site, phone):
    player = guest_of(phone, site)
    match = play_until(start_match(player, "beginner", seed=bytes([9]) + bytes(31)), player,
                       must_follow)  # fmt: skip
    open_match(phone, site, match)
    state = load_table(match).state
    legal = {a.card for a in state.legal_actions()}
    refused = next(code for code in state.view(0).hand if code not in legal)
    card = phone.locator(f".hand [data-card='{refused}']")
    expect(card).to_be_disabled()  # aria-disabled: dimmed, and tells why when activated
    step = phone.locator("#table").get_attribute("data-step")
    card.click(force=True)
    why = phone.locator(f"#why-{refused}")
    expect(why).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=SCREENSHOTS / "table-why-360x640-light.png")
    expect(why).to_have_text(rule_text(state.explain_rule(play(refused))))
    phone.keyboard.press("Escape")
    expect(why).to_be_hidden()
    assert phone.locator("#table").get_attribute("data-step") == step  # nothing was sent
    assert Match.objects.get(pk=match.pk).version == match.version
    for code in legal & set(state.view(0).hand):
        expect(phone.locator(f".hand [data-card='{code}']")).to_be_enabled()

    # The last trick, again, on demand.
    phone.click("[data-action=last-trick]")
    last = phone.locator("#last-trick")
    expect(last).to_be_visible()
    expect(last.locator(".trick-card")).to_have_count(5)
    winner = state.view(0).tricks[-1]
    for code in winner.cards:
        expect(last.locator(f"[data-played='{code}']")).to_be_visible()
    expect(last).to_contain_text("took the trick")
    phone.emulate_media(color_scheme="dark")
    phone.screenshot(path=SCREENSHOTS / "table-last-trick-360x640-dark.png")
    phone.emulate_media(color_scheme="light")
    last.get_by_role("button", name="Close").click()
    expect(last).to_be_hidden()


def test_a_decision_and_a_card_can_be_played_with_the_keyboard_alone(site, phone):
    player = guest_of(phone, site)
    match = start_match(player, "beginner", seed=bytes([4]) + bytes(31))
    open_match(phone, site, match)
    phone.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):  # Tab through the page to the Pass button
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.dataset.action") == "pass":
            break
    else:
        raise AssertionError("Tab never reached the Pass button")
    outline = phone.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), "the focused button shows no focus ring"
    phone.evaluate("document.querySelector('#table').dataset.old = 'yes'")
    phone.keyboard.press("Enter")
    phone.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t && t.dataset.old !== 'yes' && t.dataset.live === 'true'; }"
    )
    match.refresh_from_db()
    actions = load_table(match).state.actions
    assert (0, "pass") in [(seat, a.kind) for seat, a in actions]
    # Someone picked; play on with Enter on whatever has the focus after each swap
    # (the first legal card or the first button), until the human has played a card.
    for _ in range(10):
        match.refresh_from_db()
        state = load_table(match).state
        if any(seat == 0 and a.kind == "play" for seat, a in state.actions):
            break
        # htmx focuses the [autofocus] element once the new table has settled.
        phone.wait_for_function(
            "() => document.activeElement && document.activeElement.closest('#table')"
        )
        focused = phone.evaluate(
            "document.activeElement.dataset.card || document.activeElement.dataset.action || ''"
        )
        assert focused, "nothing has the focus after the table changed"
        phone.evaluate("document.querySelector('#table').dataset.old = 'yes'")
        phone.keyboard.press("Enter")
        phone.wait_for_function(
            "() => { const t = document.querySelector('#table');"
            " return t && t.dataset.old !== 'yes' && t.dataset.live === 'true'; }"
        )
    else:
        raise AssertionError("the human never played a card by keyboard")


def boxes(page: Page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height}; })"
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


def check_layout(page: Page, name: str) -> None:
    """No sideways scroll; cards 44 px or wider, apart; buttons off the cards; all on screen."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=SCREENSHOTS / f"table-{name}-360x640-{scheme}.png")
    page.emulate_media(color_scheme="light")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    cards = boxes(page, ".hand button.card")
    buttons = boxes(page, ".decision button, .decision a")
    assert cards and buttons
    for i, card in enumerate(cards):
        assert card["w"] >= 44, f"card {i} is {card['w']} px wide"
        for other in cards[i + 1 :]:
            assert not overlap(card, other), (card, other)
        for button in buttons:
            assert not overlap(card, button), (card, button)
    for box in cards + buttons + boxes(page, "[data-status]"):
        assert box["y"] >= 0 and box["y"] + box["h"] <= 640, f"off screen: {box}"
        assert box["x"] >= 0 and box["x"] + box["w"] <= 360, f"off screen: {box}"


def test_the_table_fits_a_360_by_640_phone_without_overlap(site, phone):
    player = guest_of(phone, site)
    match = start_match(player, "beginner", seed=bytes([4]) + bytes(31))
    open_match(phone, site, match)
    check_layout(phone, "picking")
    click_and_wait(phone, "[data-action=pick]")
    click_and_wait(phone, ".hand [data-card='7C']")
    check_layout(phone, "bury")
    click_and_wait(phone, ".hand [data-card='8C']")
    click_and_wait(phone, "[data-action=bury]")
    check_layout(phone, "call")
    click_and_wait(phone, "[data-action=call][data-card=AH]")
    cards = phone.locator(".hand button.card")
    expect(cards).to_have_count(6)
    if phone.locator(".hand button.is-legal").count():
        # Playing: the decision is the cards themselves; the status line says what is asked.
        assert phone.locator("[data-status]").inner_text().startswith("Your turn")
        phone.screenshot(path=SCREENSHOTS / "table-play-360x640-light.png")
        phone.emulate_media(color_scheme="dark")
        phone.screenshot(path=SCREENSHOTS / "table-play-360x640-dark.png")
        phone.emulate_media(color_scheme="light")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        hand = boxes(phone, ".hand button.card")
        assert all(b["w"] >= 44 and b["y"] + b["h"] <= 640 for b in hand), hand
