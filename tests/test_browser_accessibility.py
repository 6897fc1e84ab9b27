"""Every page of the site passes axe-core (WCAG 2 A/AA), light and dark, on a 360 px
phone and a 1280 px screen, and never scrolls sideways on the phone.

Each page is a *visit* (``@visit(...)`` below): steps that build the data with the
factories and the real services, open the page in Chromium, act through the page
as a player would and call ``tour.check(moment)`` at each state worth checking.
A check runs axe-core four times (two colour schemes by two widths) on the page as
it stands, without reloading it. ``test_every_page_of_the_site_is_visited`` fails
when a URL pattern has no visit, so a new page can't slip through unchecked.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from accessibility import axe_report
from django.conf import settings as django_settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from factories import (
    PASSWORD,
    AllTimeRankFactory,
    DailyRankFactory,
    LessonProgressFactory,
    PlayerFactory,
    RankedDailyMatchFactory,
    UserFactory,
    finished_daily_attempt,
)
from moves import hand_over, play_until
from playwright.sync_api import Page, expect
from schafkopf_page import SESSION_SEED
from schafkopf_page import answer as schafkopf_answer
from schafkopf_page import asked as schafkopf_asked
from seating import seat_player
from table_page import click_and_wait, wait_live

from coach.store import analyse_hand_once
from games.daily import ensure_daily, today
from games.models import SCHAFKOPF, SHEEPSHEAD, Match
from games.schafkopf_setup import SchafkopfSetup
from games.services import load_table, start_match
from tutorials.course import SCHAFKOPF_COURSE, course

#: The phone the design starts from and a wide screen where the table is a real table.
PHONE = {"width": 360, "height": 640}
WIDE = {"width": 1280, "height": 800}
SCHEMES = ("light", "dark")
#: Test-only pace for the computer players' moves (the real speeds are 1200 / 700 / 250 ms).
QUICK_DELAYS = {"slow": 60, "normal": 40, "fast": 20}
#: Seat 4 deals hand 1, so the human (seat 0) decides first; picking, the human holds
#: 7C 8C QC TS 7H TH 8D 9D, and after burying 7C 8C may call AS or AH.
PICKER_SEED = bytes([4]) + bytes(31)
#: A hand in which the random player's moves include some the coach finds costly
#: (in PICKER_SEED's hand it passes and plays four cards, all judged fine since the
#: expert's samples take the table to pick and bury as the standard strategy does).
COACH_SEED = bytes([6]) + bytes(31)
#: A deal where the human soon has to follow suit, with cards that may not be played.
FOLLOW_SEED = bytes([9]) + bytes(31)

#: URL patterns that answer with a redirect, JSON or a piece of another page, never a
#: page of their own; each says where what it shows is checked.
NOT_PAGES = {
    "games:healthz": "JSON for load balancers",
    "games:new_game": "redirects to the table",
    "games:new_schafkopf": "redirects to the table; a refused form is the home page (home visit)",
    "games:speed": "answers with the table, checked in the table visits",
    "accounts:logout": "redirects home",
    "leaderboards:start_daily": "redirects to the table",
    "leaderboards:nickname": "redirects to the daily page or the board",
    "leaderboards:practice": "redirects to the table",
    "leaderboards:daily_place": "an htmx fragment of the daily summary, checked there",
}


#: The innermost elements that reach past the screen's right edge, to name in a report.
WIDER_THAN_SCREEN = """() => [...document.body.querySelectorAll('*')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5
    && ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 0.5))
  .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))"""


#: Resolves once the page follows the colour scheme and width asked for: the media
#: queries match, two frames have passed, and any animation they started has ended;
#: false if the page never followed them.
SETTLED = """({dark, width}) => new Promise(done => {
  const follows = () => matchMedia('(prefers-color-scheme: dark)').matches === dark
    && innerWidth === width;
  const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => Promise.race([
    Promise.allSettled(document.getAnimations().map(a => a.finished)),
    new Promise(later => setTimeout(later, 1000)),
  ]).then(() => done(follows()))));
  let tries = 120;  // frames, about two seconds: never hang the test
  const wait = () => follows() || !--tries ? frames() : requestAnimationFrame(wait);
  wait();
})"""


#: Chart lines under 3:1 against their chart (WCAG 1.4.11, which axe-core leaves alone).
FAINT_CHART_LINES = """() => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).map(v => v / 255).map(
    v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  return [...document.querySelectorAll('.chart-line')].map(line => {
    const stroke = getComputedStyle(line).stroke;
    const ground = getComputedStyle(line.closest('svg')).backgroundColor;
    return [line.getAttribute('class'), stroke, ground, ratio(stroke, ground)];
  }).filter(([, , , r]) => r < 3)
    .map(([name, s, g, r]) => `${name}: ${s} on ${g}, ${r.toFixed(2)}:1`);
}"""


# -- the tour: one browser page, checked in every colour scheme and width ------------------


class Tour:
    """One browser page on the live server, and the violations its checks found."""

    def __init__(self, page: Page, site: str):
        self.page = page
        self.site = site
        self.problems: list[str] = []
        self.moments: list[str] = []

    def open(self, path: str, status: int = 200) -> None:
        response = self.page.goto(self.site + path)
        assert response is not None and response.status == status, (path, response)

    def sign_in(self, user) -> None:
        """Browse as this account from now on (a session made as logging in makes one)."""
        client = Client()
        client.force_login(user)
        self._use_session(client)

    def as_guest(self, player=None):
        """Browse as this guest (a new one unless given) from now on; returns the player."""
        client = Client()
        player = seat_player(client, player)
        self._use_session(client)
        return player

    def _use_session(self, client: Client) -> None:
        name = django_settings.SESSION_COOKIE_NAME
        self.page.context.clear_cookies()
        self.page.context.add_cookies(
            [{"name": name, "value": client.cookies[name].value, "url": self.site}]
        )

    def check(self, moment: str) -> None:
        """axe-core on the page as it is now, in both colour schemes at both widths."""
        self.moments.append(moment)
        page = self.page
        for size in (PHONE, WIDE):
            page.set_viewport_size(size)
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                where = f"{moment}, {size['width']} px, {scheme}"
                if not page.evaluate(SETTLED, {"dark": scheme == "dark", "width": size["width"]}):
                    self.problems.append(f"{where}: the page never followed it")
                if size is PHONE:
                    scroll = page.evaluate("document.documentElement.scrollWidth")
                    if scroll > size["width"]:
                        wide = page.evaluate(WIDER_THAN_SCREEN)
                        self.problems.append(f"{where}: {scroll} px wide, scrolls sideways: {wide}")
                faint = page.evaluate(FAINT_CHART_LINES)
                if faint:
                    self.problems.append(f"{where}: chart lines too faint: {faint}")
                report = axe_report(page)
                if report:
                    self.problems.append(f"{where}:\n{report}")
        page.set_viewport_size(PHONE)
        page.emulate_media(color_scheme="light")


@dataclass(frozen=True)
class Visit:
    """How to reach one page's states; ``url_names`` are the URL patterns it covers."""

    url_names: tuple[str, ...]
    steps: Callable[[Tour], None]


VISITS: dict[str, Visit] = {}


def visit(name: str, *url_names: str):
    """Register a visit: ``@visit("home", "games:home")`` on a function of a Tour."""

    def register(steps: Callable[[Tour], None]) -> Callable[[Tour], None]:
        assert name not in VISITS, name
        VISITS[name] = Visit(url_names, steps)
        return steps

    return register


# -- the table -------------------------------------------------------------------------


def open_table(tour: Tour, match: Match) -> None:
    tour.open(f"/play/{match.pk}/")
    wait_live(tour.page)


def must_follow(table) -> bool:
    """The human to play into a trick, holding cards that may not be played."""
    state = table.state
    if state.is_over or state.phase_name != "play" or state.turn != 0:
        return False
    trick = state.view(0).trick
    if trick is None or not any(trick.cards):
        return False
    legal = {a.card for a in state.legal_actions()}
    return any(code not in legal for code in state.view(0).hand)


@visit("table: a hand and a match, played", "games:table", "games:act")
def table_hand(tour: Tour) -> None:
    """Pick, bury, call and play a hand through the page; the rest of the match is
    played by the same services the page posts to."""
    page = tour.page
    player = tour.as_guest()
    match = start_match(player, "beginner", seed=PICKER_SEED)
    open_table(tour, match)
    tour.check("picking")
    click_and_wait(page, "[data-action=pick]")
    click_and_wait(page, ".hand [data-card='7C']")
    click_and_wait(page, ".hand [data-card='8C']")
    expect(page.locator("[data-action=bury]")).to_be_enabled()
    tour.check("bury, two cards chosen")
    click_and_wait(page, "[data-action=bury]")
    expect(page.locator("[data-action=call]")).to_have_count(2)
    tour.check("calling a partner")
    click_and_wait(page, "[data-action=call][data-card=AH]")
    while not page.locator("[data-result]").count():
        finish = page.locator("[data-action=finish]")
        click_and_wait(page, finish if finish.count() else page.locator(".hand .is-legal").first)
    expect(page.locator("[data-action=next-hand]")).to_be_visible()
    tour.check("a hand's result, score sheet and chart")
    match.refresh_from_db()
    match = play_until(match, player, lambda table: table.match.is_finished)
    open_table(tour, match)
    expect(page.locator("[data-standings] li")).to_have_count(5)
    tour.check("the match's end")


@visit("table: a Schafkopf session", "games:table", "games:act")
def schafkopf_table(tour: Tour) -> None:
    """Each kind of moment of a Schafkopf session, as the page answers them."""
    page = tour.page
    player = tour.as_guest()
    match = start_match(player, "beginner", seed=SESSION_SEED, game="schafkopf", rounds=1)
    open_table(tour, match)
    seen = set()
    hand = 1
    while (kind := schafkopf_asked(page)) != "done":
        if kind not in seen:
            seen.add(kind)
            tour.check(f"Schafkopf: {kind}")
        if kind == "play" and page.locator(".hand .is-dimmed").count() and "why" not in seen:
            seen.add("why")
            code = page.locator(".hand .is-dimmed").first.get_attribute("data-card")
            page.locator(f".hand [data-card='{code}']").click(force=True)
            expect(page.locator(f"#why-{code}")).to_be_visible()
            tour.check("Schafkopf: a dimmed card and why it can't be played")
            page.keyboard.press("Escape")
        hand += schafkopf_answer(page, bid=hand == 1) == "next-hand"
    expect(page.locator("[data-standings] li")).to_have_count(4)
    tour.check("Schafkopf: the session's end")
    assert {"bid", "declare", "kontra", "play", "next-hand", "why"} <= seen, seen


@visit("table: playing into a trick", "games:table")
def table_play(tour: Tour) -> None:
    player = tour.as_guest()
    match = play_until(start_match(player, "beginner", seed=FOLLOW_SEED), player, must_follow)
    open_table(tour, match)
    expect(tour.page.locator(".trick-area .trick-card").first).to_be_visible()
    tour.check("playing, a trick on the table")
    state = load_table(match).state
    legal = {a.card for a in state.legal_actions()}
    refused = next(code for code in state.view(0).hand if code not in legal)
    tour.page.locator(f".hand [data-card='{refused}']").click(force=True)
    expect(tour.page.locator(f"#why-{refused}")).to_be_visible()
    tour.check("a dimmed card and why it can't be played")
    tour.page.keyboard.press("Escape")
    for tool in ("last-trick", "score-sheet"):
        tour.page.click(f"[data-action={tool}]")
        expect(tour.page.locator(f"#{tool}")).to_be_visible()
        tour.check(f"the {tool.replace('-', ' ')}, opened")
        tour.page.keyboard.press("Escape")


@visit("table: a hint in a practice match", "games:hint")
def table_hint(tour: Tour) -> None:
    player = tour.as_guest()
    open_table(tour, start_match(player, "beginner", seed=PICKER_SEED, hints=True))
    click_and_wait(tour.page, "[data-action=hint]")
    expect(tour.page.locator("[data-hint]")).to_be_visible()
    tour.check("a hint")


@visit("replay of a finished hand", "games:replay")
def replay(tour: Tour) -> None:
    player = tour.as_guest()
    match = play_until(start_match(player, "beginner", seed=PICKER_SEED), player, hand_over)
    steps = len(load_table(match).state.actions)
    for moment, step in (("start", 0), ("middle", steps // 2), ("end", steps)):
        tour.open(f"/play/{match.pk}/hand/1/?step={step}")
        tour.check(f"replay, {moment}")


@visit("the coach: a hand's summary and the replay's marks", "coach:summary", "coach:marks")
def coach(tour: Tour) -> None:
    """Pending while the analysis waits (no worker here), then, once it is stored, the
    summary the page's htmx asks for again, and the replay's verdicts."""
    page = tour.page
    player = tour.as_guest()
    match = start_match(player, "beginner", seed=COACH_SEED)
    match = play_until(match, player, hand_over, "random")
    open_table(tour, match)
    expect(page.locator("#coach-summary[data-coach=pending]")).to_be_visible()
    tour.check("the coach's summary, pending")
    hand = match.hands.get(number=0)
    analysis, _created = analyse_hand_once(hand.pk)
    expect(page.locator("#coach-summary[data-coach=ready]")).to_be_visible(timeout=15_000)
    expect(page.locator(".coach-remarks li").first).to_be_visible()
    tour.check("the coach's summary, ready")
    costly = next(v for v in analysis.verdicts if not v["fine"])
    tour.open(f"/play/{match.pk}/hand/1/?step={costly['step'] + 1}")
    expect(page.locator("#coach-marks [data-verdict=costly]")).to_be_visible()
    tour.check("replay, the coach's verdict on a costly move")
    page.locator("#coach-marks [data-mark=fine]").first.click()
    expect(page.locator("#coach-marks [data-verdict=fine]")).to_be_visible()


# -- home, daily, boards ------------------------------------------------------------------


@visit("home", "games:home")
def home(tour: Tour) -> None:
    tour.open("/")
    tour.check("home, a new visitor")
    # The Schafkopf form refused (a browser that does not check the number's range),
    # then as the player chose it last time: their own tariff.
    page = tour.page
    page.locator("[data-schafkopf-setup]").evaluate("form => { form.noValidate = true; }")
    page.fill("input[name=rufspiel]", "1001")
    page.click("[data-action=new-schafkopf]")
    expect(page.locator("#schafkopf-message")).to_be_visible()
    expect(page.locator("input[name=rufspiel]")).to_have_attribute("aria-invalid", "true")
    tour.check("home, the Schafkopf form refused")
    tour.as_guest(PlayerFactory(schafkopf_setup=SchafkopfSetup(
        short_deck=True, tariff="own", rufspiel=20, solo=70, rounds=4).to_json()))  # fmt: skip
    tour.open("/")
    expect(page.locator("input[name=tariff][value=own]")).to_be_checked()
    tour.check("home, the Schafkopf house rules chosen last time")
    user = UserFactory()
    player = PlayerFactory(user=user)
    start_match(player, "beginner", seed=PICKER_SEED)
    tour.sign_in(user)
    tour.open("/")
    expect(tour.page.locator("[data-action=continue]")).to_be_visible()
    tour.check("home, signed in with a game in progress")


def finished_daily(player, ranked: bool = True, game: str = SHEEPSHEAD):
    """Today's attempt at ``game``'s deal finished among a few other players' ranked ones:
    ranked (an account's) with its place on the board, or practice (a guest's)."""
    deal = ensure_daily(today(), game)
    unit = 1 if game == SHEEPSHEAD else 20  # points, or cents
    if ranked:
        mine = RankedDailyMatchFactory(player=player, daily=deal, hand_scores=[2 * unit, -unit])
    else:
        mine = finished_daily_attempt(player, deal, unit, ranked=False)
    for rank in range(1, 5):
        if rank == 2 and ranked:
            DailyRankFactory(match=mine, rank=rank, score=2 * unit, skill=1.5 * unit)
        else:
            other = RankedDailyMatchFactory(daily=deal)
            DailyRankFactory(
                match=other, rank=rank, score=(3 - rank) * unit, skill=(2.0 - rank / 2) * unit
            )
    return mine


def daily_steps(tour: Tour, signed_in: bool) -> None:
    who = "signed in" if signed_in else "a guest"
    if signed_in:
        tour.sign_in(UserFactory())
    else:
        tour.as_guest()
    tour.open("/daily/")
    expect(tour.page.locator("[data-daily-status=not-played]")).to_have_count(2)
    tour.check(f"daily, {who}, not played")
    tour.page.click("[data-action=start-daily][data-game=schafkopf]")
    wait_live(tour.page)
    tour.open("/daily/")
    schafkopf_day = tour.page.locator("section[data-game=schafkopf]")
    expect(schafkopf_day.locator("[data-daily-status=in-progress]")).to_be_visible()
    tour.check(f"daily, {who}, Schafkopf in progress")
    if signed_in:
        user = UserFactory()
        me = PlayerFactory(user=user)
        finished_daily(me)
        finished_daily(me, game=SCHAFKOPF)
        tour.sign_in(user)
    else:
        guest = tour.as_guest()
        finished_daily(guest, ranked=False)
        finished_daily(guest, ranked=False, game=SCHAFKOPF)
    tour.open("/daily/")
    expect(tour.page.locator("[data-daily-status=finished]")).to_have_count(2)
    tour.check(f"daily, {who}, both finished")


@visit("daily, a guest", "leaderboards:daily")
def daily_guest(tour: Tour) -> None:
    daily_steps(tour, signed_in=False)


@visit("daily, signed in", "leaderboards:daily")
def daily_member(tour: Tour) -> None:
    daily_steps(tour, signed_in=True)


@visit("daily summary", "leaderboards:daily_summary")
def daily_summary(tour: Tour) -> None:
    user = UserFactory()
    ranked = finished_daily(PlayerFactory(user=user))
    tour.sign_in(user)
    tour.open(f"/daily/attempt/{ranked.pk}/")
    expect(tour.page.locator("h1")).to_be_visible()
    tour.check("daily summary, ranked")
    practice = finished_daily(tour.as_guest(), ranked=False)
    tour.open(f"/daily/attempt/{practice.pk}/")
    expect(tour.page.locator("h1")).to_be_visible()
    tour.check("daily summary, a guest's practice")
    schafkopf = finished_daily(tour.as_guest(), ranked=False, game=SCHAFKOPF)
    tour.open(f"/daily/attempt/{schafkopf.pk}/")
    expect(tour.page.locator("[data-summary-score]")).to_contain_text("€")
    tour.check("daily summary, Schafkopf practice")


@visit("leaderboards", "leaderboards:board")
def boards(tour: Tour) -> None:
    user = UserFactory()
    player = PlayerFactory(user=user)
    finished_daily(player)
    past = today() - dt.timedelta(days=3)
    past_deal = ensure_daily(past)
    for rank in range(1, 4):
        owner = player if rank == 3 else PlayerFactory()
        match = RankedDailyMatchFactory(player=owner, daily=past_deal)
        DailyRankFactory(match=match, rank=rank, score=4 - rank, skill=1.0 - rank / 4)
    for rank in range(1, 4):
        owner = player if rank == 1 else PlayerFactory(account=True)
        AllTimeRankFactory(player=owner, total_skill=3.0 - rank)
        AllTimeRankFactory(player=owner, game=SCHAFKOPF, total_skill=(3.0 - rank) * 20)
    finished_daily(player, game=SCHAFKOPF)
    tour.sign_in(user)
    tour.open("/leaderboards/")
    expect(tour.page.locator("tr.mine")).to_have_count(1)
    tour.check("today's board")
    tour.open(f"/leaderboards/?date={past.isoformat()}")
    expect(tour.page.locator("tr.mine")).to_have_count(1)
    tour.check("a past day's board")
    tour.open("/leaderboards/?board=all-time")
    expect(tour.page.locator("tr.mine")).to_have_count(1)
    tour.check("the all-time board")
    tour.open("/leaderboards/?game=schafkopf")
    expect(tour.page.locator("tr.mine")).to_contain_text("€")
    tour.check("today's Schafkopf board")
    tour.open("/leaderboards/?game=schafkopf&board=all-time")
    expect(tour.page.locator("tr.mine")).to_have_count(1)
    tour.check("the Schafkopf all-time board")


# -- the course -------------------------------------------------------------------------


@visit("course", "tutorials:course")
def course_page(tour: Tour) -> None:
    tour.open("/learn/")
    tour.check("the course, new")
    user = UserFactory()
    first, second = course()[:2]
    for lesson, done in ((first, first.exercise_ids), (second, second.exercise_ids[:1])):
        LessonProgressFactory(user=user, lesson=lesson.slug, completed_exercises=list(done))
    tour.sign_in(user)
    tour.open("/learn/")
    expect(tour.page.get_by_text(f"1 of {len(course())} lessons done.")).to_be_visible()
    tour.check("the course, one lesson done and one started")


@visit("the rules", "tutorials:rules")
def rules(tour: Tour) -> None:
    tour.open("/learn/rules/")
    tour.check("the rules")


#: Exercise kinds answered by one button: a right answer is one of the buttons.
ONE_BUTTON = "button[type=submit][name=choice], button[type=submit][name=card], " \
    "button[type=submit][name=decision]"  # fmt: skip


def answer_with(page: Page, exercise: str, button_index: int) -> str:
    """Press one answer button of an exercise; 'right' or 'wrong', as the page says."""
    section = page.locator(f"#{exercise}")
    section.evaluate("el => el.dataset.old = 'yes'")
    section.locator(ONE_BUTTON).nth(button_index).click()
    fresh = page.locator(f"#{exercise}:not([data-old])")
    expect(fresh.locator("[data-feedback]")).to_be_visible()
    return fresh.locator("[data-feedback]").get_attribute("data-feedback")


def answer_until(page: Page, exercise: str, wanted: str) -> None:
    """Try the answer buttons in turn until the page says ``wanted``."""
    count = page.locator(f"#{exercise}").locator(ONE_BUTTON).count()
    for index in range(count):
        if answer_with(page, exercise, index) == wanted:
            return
    raise AssertionError(f"no button of {exercise} is answered {wanted}")


def lesson_steps(slug: str, course_name: str = "sheepshead") -> Callable[[Tour], None]:
    def steps(tour: Tour) -> None:
        lesson = next(lesson for lesson in course(course_name) if lesson.slug == slug)
        tour.open(
            f"/learn/{slug}/" if course_name == "sheepshead" else f"/learn/schafkopf-course/{slug}/"
        )
        answered = [ex for ex in lesson.exercises if tour.page.locator(
            f"#{ex.dom_id}").locator(ONE_BUTTON).count()]  # fmt: skip
        assert len(answered) >= 1, f"lesson {slug} has no exercise answered by one button"
        right = answered[0]
        answer_until(tour.page, right.dom_id, "right")
        wrong = next((ex for ex in lesson.exercises if ex != right), None)
        if wrong is not None and wrong in answered:
            answer_until(tour.page, wrong.dom_id, "wrong")
        elif wrong is not None:
            answer_wrong_by_form(tour.page, wrong.dom_id)
        tour.check(f"lesson {slug}, answered right and wrong")

    return steps


def answer_wrong_by_form(page: Page, exercise: str) -> None:
    """An exercise answered with Check: nothing chosen, or 0 in every number box."""
    section = page.locator(f"#{exercise}")
    for box in section.locator("input[type=number]").all():
        box.fill("0")
    section.evaluate("el => el.dataset.old = 'yes'")
    section.locator("[data-action=check]").click()
    fresh = page.locator(f"#{exercise}:not([data-old])")
    expect(fresh.locator("[data-feedback=wrong]")).to_be_visible()


for _lesson in course():
    visit(f"lesson {_lesson.slug}", "tutorials:lesson", "tutorials:answer")(
        lesson_steps(_lesson.slug)
    )


@visit("schafkopf course", "tutorials:schafkopf_course")
def schafkopf_course_page(tour: Tour) -> None:
    tour.open("/learn/schafkopf-course/")
    tour.check("the Schafkopf course, new")


for _lesson in course(SCHAFKOPF_COURSE):
    visit(
        f"schafkopf lesson {_lesson.slug}", "tutorials:schafkopf_lesson",
        "tutorials:schafkopf_answer",
    )(lesson_steps(_lesson.slug, SCHAFKOPF_COURSE))  # fmt: skip


# -- accounts -----------------------------------------------------------------------------


@visit("log in", "accounts:login")
def login(tour: Tour) -> None:
    tour.open("/accounts/login/")
    tour.check("log in")
    tour.page.fill("input[name=username]", "nobody")
    tour.page.fill("input[name=password]", "wrong password")
    tour.page.get_by_role("button", name="Log in").last.click()
    expect(tour.page.locator(".errorlist")).to_be_visible()
    tour.check("log in, refused")


@visit("sign up", "accounts:signup")
def signup(tour: Tour) -> None:
    tour.open("/accounts/signup/")
    tour.page.fill("input[name=username]", "new player")
    tour.page.fill("input[name=password1]", "short")
    tour.page.fill("input[name=password2]", "other")
    tour.page.get_by_role("button", name="Sign up").last.click()
    expect(tour.page.locator(".errorlist").first).to_be_visible()
    tour.check("sign up, with the form's errors")


@visit("password change", "accounts:password_change", "accounts:password_change_done")
def password_change(tour: Tour) -> None:
    tour.sign_in(UserFactory())
    tour.open("/accounts/password/")
    tour.check("password change")
    tour.page.fill("input[name=old_password]", PASSWORD)
    tour.page.fill("input[name=new_password1]", "a much longer secret 42")
    tour.page.fill("input[name=new_password2]", "a much longer secret 42")
    tour.page.get_by_role("button", name="Change password").click()
    tour.page.wait_for_url("**/accounts/password/done/")
    tour.check("password changed")


@visit("language menu", "translations:choose")
def language_menu(tour: Tour) -> None:
    """Pages in each language the menu offers (longer words, other line breaks), and
    the notice for a language it does not offer."""
    page = tour.page
    for path, language in (("/learn/", "de"), ("/", "hu"), ("/daily/", "it")):
        tour.open(path)
        page.select_option("#language-choice", language)
        page.click("[data-action=choose-language]")
        expect(page.locator("html")).to_have_attribute("lang", language)
        tour.check(f"{path} in {language}")
    page.locator("#language-choice option").first.evaluate("o => { o.value = 'xx'; }")
    page.select_option("#language-choice", "xx")
    page.click("[data-action=choose-language]")
    expect(page.locator("main")).to_contain_text("Scegli")  # still Italian: nothing changed
    tour.check("a language not offered")


@visit("profile", "accounts:profile")
def profile(tour: Tour) -> None:
    user = UserFactory()
    player = PlayerFactory(user=user)
    match = play_until(start_match(player, "beginner", seed=PICKER_SEED), player, hand_over)
    play_until(match, player, lambda table: table.hand.number == 1 and table.state.is_over)
    tour.sign_in(user)
    tour.open("/accounts/profile/")
    expect(tour.page.locator(".chart-svg")).to_be_visible()
    tour.check("profile with matches and the chart")


@visit("not found")
def not_found(tour: Tour) -> None:
    tour.open("/no-such-page/", status=404)
    tour.check("the 404 page")


# -- the tests -------------------------------------------------------------------------


@pytest.fixture
def site(live_server, settings):
    assert not settings.SECURE_SSL_REDIRECT
    settings.GAME_STEP_DELAYS_MS = QUICK_DELAYS
    return live_server.url


@pytest.mark.parametrize("name", VISITS)
def test_every_state_of_the_page_passes_axe_light_and_dark_phone_and_wide(name, site, browser):
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(20_000)
    try:
        tour = Tour(context.new_page(), site)
        VISITS[name].steps(tour)
    finally:
        context.close()
    assert tour.moments, f"the visit {name} checked nothing"
    assert not tour.problems, "\n\n".join(tour.problems)


def url_names(patterns, namespace: str = "") -> set[str]:
    names = set()
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            names |= url_names(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            names.add(namespace + entry.name)
    return names


def test_every_page_of_the_site_is_visited():
    """A URL pattern added without a visit (or a NOT_PAGES reason) fails here."""
    site_names = {name for name in url_names(get_resolver().url_patterns)
                  if not name.startswith("admin:")}  # fmt: skip
    visited = {name for v in VISITS.values() for name in v.url_names}
    assert not visited & set(NOT_PAGES), visited & set(NOT_PAGES)
    assert site_names - set(NOT_PAGES) - visited == set()
    assert visited | set(NOT_PAGES) <= site_names  # no visit names a page that is gone


def test_every_lesson_has_a_visit():
    lessons = {lesson.slug for lesson in course()}
    assert lessons and {f"lesson {slug}" for slug in lessons} <= set(VISITS)
    schafkopf = {f"schafkopf lesson {lesson.slug}" for lesson in course(SCHAFKOPF_COURSE)}
    assert schafkopf <= set(VISITS)


def test_a_check_reports_what_fails_in_the_dark_only_and_a_page_too_wide_for_a_phone(browser):
    """The tour really switches scheme and width: faint text and a faint chart line only
    in the dark theme, and a row too wide only for the phone, are reported there only."""
    context = browser.new_context(viewport=PHONE)
    try:
        tour = Tour(context.new_page(), site="")
        tour.page.set_content(
            '<html lang="en"><title>t</title><style>'
            "p, svg { color: #111; background: #fff; transition: color 1s; }"
            ".chart-line { stroke: #1d6a3b; fill: none; }"
            "@media (prefers-color-scheme: dark) { p, svg { color: #333; background: #111; } }"
            ".row { width: 400px; } @media (min-width: 500px) { .row { width: 100%; } }"
            '</style><main><p>faint in the dark</p><div class="row">row</div>'
            '<svg role="img" aria-label="a line"><polyline class="chart-line" points="0,0 9,9">'
            "</polyline></svg></main></html>"
        )
        tour.check("a test page")
    finally:
        context.close()
    found = [problem.split(":\n")[0] for problem in tour.problems]
    assert [where.split(": ")[0] for where in found] == [
        "a test page, 360 px, light",
        "a test page, 360 px, dark",
        "a test page, 360 px, dark",
        "a test page, 360 px, dark",
        "a test page, 1280 px, dark",
        "a test page, 1280 px, dark",
    ]
    assert "scrolls sideways: ['div.row']" in found[0] and "scrolls sideways" in found[1]
    assert "chart lines too faint: ['chart-line: rgb(29, 106, 59) on rgb(17, 17, 17)" in found[2]
    assert "color-contrast" in tour.problems[3] and "color-contrast" in tour.problems[5]
