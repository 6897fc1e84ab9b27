"""The daily deal's page and the leaderboards. Boards read the precomputed
ranking tables only; nothing here adds up raw results."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from config.ratelimit import rate_limited
from games.daily import DAILY_GAMES, DAILY_RULES, ensure_daily, today
from games.identity import current_player
from games.models import GAME_CHOICES, SHEEPSHEAD, DailyDeal, Match, Player
from games.services import start_daily_match

from .freshness import computed_ago
from .models import DailyRank, RankingState
from .nicknames import NICKNAME_MAX, clean_nickname
from .ranking import all_time_board, all_time_place, ranks_around, would_place

PAGE_SIZE = 50
GAME_NAMES = dict(GAME_CHOICES)


class UnknownGame(ValueError):
    """A ``game`` parameter naming no game with a daily deal."""


def game_of(data) -> str:
    """The game a request names (Sheepshead when it names none); UnknownGame otherwise."""
    game = data.get("game") or SHEEPSHEAD
    if game not in DAILY_GAMES:
        raise UnknownGame(game)
    return game


def _unknown_game(request: HttpRequest) -> HttpResponse:
    context = _daily_page(request)
    context["page_error"] = _("There is no daily deal of that game.")
    return render(request, "leaderboards/daily.html", context, status=400)


def _play_url(match: Match) -> str:
    return reverse("games:table", args=[match.pk])


@require_safe
def daily(request: HttpRequest) -> HttpResponse:
    """Today's deal of each game: signed in, the one ranked attempt; a guest practises and
    sees its place."""
    return render(request, "leaderboards/daily.html", _daily_page(request))


def _daily_page(request: HttpRequest) -> dict:
    player = current_player(request, create=False)
    return {
        "days": [_daily_context(request, player, game) for game in DAILY_GAMES],
        "player": player,
        "nickname_max": NICKNAME_MAX,
        "computed": _computed(),
    }


def _daily_context(request: HttpRequest, player: Player | None, game: str) -> dict:
    """One game's day as the viewer stands with it."""
    deal = ensure_daily(today(), game)  # the first request of the day makes it if the job didn't
    signed_in = request.user.is_authenticated
    attempt = todays_attempt(player, deal, signed_in) if player is not None else None
    finished = attempt is not None and attempt.is_finished
    # Only a ranked attempt has a row on the board.
    my_rank = (
        DailyRank.objects.filter(match=attempt).first() if finished and attempt.ranked else None
    )
    return {
        "game": game,
        "game_name": GAME_NAMES[game],
        "hand_count": DAILY_RULES[game].hand_count,
        "deal": deal,
        "signed_in": signed_in,
        "attempt": attempt,
        "ranked": attempt is not None and attempt.ranked,
        "my_score": attempt.scores[attempt.human_seat] if attempt and attempt.scores else 0,
        "my_rank": my_rank,
        "around": ranks_around(my_rank) if my_rank else [],
        "placement": would_place(attempt) if finished and not attempt.ranked else None,
        "practised_as_guest": signed_in
        and attempt is None
        and player is not None
        and Match.objects.filter(player=player, daily=deal, ranked=False).exists(),
    }


def todays_attempt(player, deal: DailyDeal, signed_in: bool) -> Match | None:
    """Signed in: the day's ranked attempt. A guest: the newest attempt at the day's deal."""
    attempts = Match.objects.filter(player=player, daily=deal)
    if signed_in:
        return attempts.filter(ranked=True).first()
    return attempts.order_by("-created_at").first()


@require_POST
@rate_limited("daily-start")
def start_daily(request: HttpRequest) -> HttpResponse:
    """Start today's attempt, or go back to it, whatever is posted.

    Signed in, the first attempt of the day is the ranked one, and the only
    one. A guest plays for practice (a fresh cookie jar must not get another
    ranked look at cards it has already seen), and so does an account that
    played today's deal as a guest before signing in: back to an unfinished
    attempt, or a new one.
    """
    try:
        game = game_of(request.POST)
    except UnknownGame:
        return _unknown_game(request)
    deal = ensure_daily(today(), game)
    player = current_player(request)
    attempts = Match.objects.filter(player=player, daily=deal)
    attempt = attempts.filter(ranked=True).first()
    if attempt is None and (not request.user.is_authenticated or attempts.exists()):
        # A guest, or an account that saw today's cards as a guest before signing
        # in: practice, back to the unfinished attempt or a new one.
        attempt = attempts.filter(finished_at__isnull=True).first() or start_daily_match(
            player, deal, ranked=False
        )
        return redirect(_play_url(attempt))
    if attempt is None:
        try:
            attempt = start_daily_match(player, deal, ranked=True)
        except IntegrityError:  # another tab started it a moment ago
            attempt = Match.objects.get(player=player, daily=deal, ranked=True)
    return redirect(_play_url(attempt))


@require_POST
@rate_limited("daily-practice")
def practice_daily(request: HttpRequest, date: str) -> HttpResponse:
    """Play a day's deals again, unranked: a past day, or today (signed in: once ranked)."""
    try:
        game = game_of(request.POST)
    except UnknownGame:
        return _unknown_game(request)
    deal = _deal_or_404(date, game)
    if deal.date > today():  # tomorrow's deal exists already, but nobody sees it early
        raise Http404(_("There is no daily deal for that day."))
    player = current_player(request)
    if deal.date == today() and request.user.is_authenticated:
        ranked = Match.objects.filter(player=player, daily=deal, ranked=True).first()
        if ranked is None or not ranked.is_finished:
            messages.error(request, _("Play today's ranked attempt first; practice comes after."))
            return redirect("leaderboards:daily")
    return redirect(_play_url(start_daily_match(player, deal, ranked=False)))


@require_POST
def set_nickname(request: HttpRequest) -> HttpResponse:
    """The name a player shows on the boards; a refused name changes nothing (400)."""
    existing = current_player(request, create=False)
    try:
        nickname = clean_nickname(request.POST.get("nickname", ""), existing or Player())
    except ValidationError as error:
        context = _daily_page(request)
        context["nickname_error"] = error.messages[0]
        return render(request, "leaderboards/daily.html", context, status=400)
    player = existing or current_player(request)
    player.nickname = nickname
    player.save(update_fields=["nickname"])
    messages.success(request, _("Your nickname is saved."))
    if request.POST.get("back") == "board":
        game = request.POST.get("game")
        query = f"?game={game}" if game in DAILY_GAMES else ""
        return redirect(reverse("leaderboards:board") + query)
    return redirect("leaderboards:daily")


@require_safe
def board(request: HttpRequest) -> HttpResponse:
    """Each game's daily boards (today, yesterday, any past day) and all-time board."""
    player = current_player(request, create=False)
    try:
        game = game_of(request.GET)
    except UnknownGame:
        messages.error(request, _("There is no board of that game; here is Sheepshead's."))
        game = SHEEPSHEAD
    context = {
        "game": game,
        "game_name": GAME_NAMES[game],
        "games": [(g, GAME_NAMES[g]) for g in DAILY_GAMES],
        "player": player,
        "today": today(),
        "computed": _computed(),
    }
    if request.GET.get("board") == "all-time":
        context.update(_all_time(request, player, game))
    else:
        context.update(_day_board(request, player, game))
    return render(request, "leaderboards/board.html", context)


def _day_board(request: HttpRequest, player, game: str) -> dict:
    date_text = request.GET.get("date")
    day = _parse_date(date_text) if date_text else today()
    if day is None:
        messages.error(request, _("That is not a date (YYYY-MM-DD)."))
        day = today()
    deal = DailyDeal.objects.filter(date=day, game=game).first()
    rows = DailyRank.objects.filter(daily=deal).select_related("player__user").order_by("rank")
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    mine = rows.filter(player=player).first() if player and deal else None
    return {
        "kind": "daily",
        "day": day,
        "deal": deal,
        "page": page,
        "mine": mine,
        "mine_on_page": mine is not None and any(r.pk == mine.pk for r in page),
        "previous_day": day - dt.timedelta(days=1) if day > dt.date.min else None,
        "next_day": day + dt.timedelta(days=1) if day < today() else None,
    }


def _all_time(request: HttpRequest, player, game: str) -> dict:
    rows = all_time_board(game).select_related("player__user")
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    for place, row in enumerate(page, start=page.start_index()):
        row.rank = place  # the board's order is the place: nothing stored to go stale
    mine = all_time_board(game).filter(player=player).first() if player else None
    if mine is not None:
        mine.rank = all_time_place(mine)
    return {
        "kind": "all-time",
        "page": page,
        "mine": mine,
        "mine_on_page": mine is not None and any(r.pk == mine.pk for r in page),
        "min_hands": 100,
    }


def _deal_or_404(date: str, game: str) -> DailyDeal:
    day = _parse_date(date)
    deal = DailyDeal.objects.filter(date=day, game=game).first() if day else None
    if deal is None:
        raise Http404(_("There is no daily deal for that day."))
    return deal


def _parse_date(text: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text or "")
    except ValueError:
        return None


def _computed() -> str:
    """When the boards were last computed, as a sentence; '' before the first time."""
    state = RankingState.objects.filter(pk=1).first()
    if state is None or state.computed_at is None:
        return ""
    return computed_ago(state.computed_at, timezone.now())
