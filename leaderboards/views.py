"""The daily deal's page and the leaderboards. Boards read the precomputed
ranking tables only; nothing here adds up raw results."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from config.ratelimit import rate_limited
from games.daily import ensure_daily, today
from games.identity import current_player
from games.models import DailyDeal, Match
from games.services import start_daily_match

from .models import AllTimeRank, DailyRank, RankingState

PAGE_SIZE = 50
NICKNAME_MAX = 30


def _play_url(match: Match) -> str:
    return reverse("games:table", args=[match.pk])


@require_safe
def daily(request: HttpRequest) -> HttpResponse:
    """Today's deal: start or resume the one ranked attempt, or see where you stand."""
    deal = ensure_daily(today())  # the first request of the day makes it if the job didn't
    player = current_player(request, create=False)
    attempt = None
    if player is not None:
        attempt = Match.objects.filter(player=player, daily=deal, ranked=True).first()
    my_rank = DailyRank.objects.filter(match=attempt).first() if attempt else None
    context = {
        "deal": deal,
        "attempt": attempt,
        "my_score": attempt.scores[attempt.human_seat] if attempt and attempt.scores else 0,
        "my_rank": my_rank,
        "around": _around(deal, my_rank) if my_rank else [],
        "player": player,
        "computed_at": _computed_at(),
    }
    return render(request, "leaderboards/daily.html", context)


@require_POST
@rate_limited("daily-start")
def start_daily(request: HttpRequest) -> HttpResponse:
    """Start today's ranked attempt, or go back to it: one a day, whatever is posted."""
    deal = ensure_daily(today())
    player = current_player(request)
    attempt = Match.objects.filter(player=player, daily=deal, ranked=True).first()
    if attempt is None:
        try:
            attempt = start_daily_match(player, deal, ranked=True)
        except IntegrityError:  # another tab started it a moment ago
            attempt = Match.objects.get(player=player, daily=deal, ranked=True)
    return redirect(_play_url(attempt))


@require_POST
@rate_limited("daily-practice")
def practice_daily(request: HttpRequest, date: str) -> HttpResponse:
    """Play a day's deals again, unranked: a past day, or today once your attempt is done."""
    deal = _deal_or_404(date)
    player = current_player(request)
    if deal.date >= today():
        ranked = Match.objects.filter(player=player, daily=deal, ranked=True).first()
        if ranked is None or not ranked.is_finished:
            messages.error(request, _("Play today's ranked attempt first; practice comes after."))
            return redirect("leaderboards:daily")
    return redirect(_play_url(start_daily_match(player, deal, ranked=False)))


@require_POST
def set_nickname(request: HttpRequest) -> HttpResponse:
    """The name a guest shows on the daily board."""
    player = current_player(request)
    nickname = " ".join(request.POST.get("nickname", "").split())
    if not nickname or len(nickname) > NICKNAME_MAX:
        messages.error(
            request, _("A nickname has 1 to %(max)d characters.") % {"max": NICKNAME_MAX}
        )
    elif not nickname.isprintable():
        messages.error(request, _("A nickname has letters, digits and signs only."))
    elif player.user_id:
        messages.error(request, _("With an account, the board shows your user name."))
    else:
        player.nickname = nickname
        player.save(update_fields=["nickname"])
        messages.success(request, _("Your nickname is saved."))
    back = "leaderboards:board" if request.POST.get("back") == "board" else "leaderboards:daily"
    return redirect(back)


@require_safe
def board(request: HttpRequest) -> HttpResponse:
    """Daily boards (today, yesterday, any past day) and the all-time board."""
    kind = request.GET.get("board", "daily")
    player = current_player(request, create=False)
    if kind == "all-time":
        return _all_time(request, player)
    date_text = request.GET.get("date")
    day = _parse_date(date_text) if date_text else today()
    if day is None:
        messages.error(request, _("That is not a date (YYYY-MM-DD)."))
        day = today()
    deal = DailyDeal.objects.filter(date=day).first()
    rows = DailyRank.objects.filter(daily=deal).select_related("player__user").order_by("rank")
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    mine = rows.filter(player=player).first() if player and deal else None
    context = {
        "kind": "daily",
        "day": day,
        "deal": deal,
        "page": page,
        "mine": mine,
        "mine_on_page": mine is not None and any(r.pk == mine.pk for r in page),
        "player": player,
        "previous_day": day - dt.timedelta(days=1) if day > dt.date.min else None,
        "next_day": day + dt.timedelta(days=1) if day < today() else None,
        "today": today(),
        "computed_at": _computed_at(),
    }
    return render(request, "leaderboards/board.html", context)


def _all_time(request: HttpRequest, player) -> HttpResponse:
    rows = AllTimeRank.objects.filter(days__gt=0).select_related("player__user").order_by("rank")
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    mine = AllTimeRank.objects.filter(player=player).first() if player else None
    context = {
        "kind": "all-time",
        "page": page,
        "mine": mine,
        "mine_on_page": mine is not None and any(r.pk == mine.pk for r in page),
        "player": player,
        "min_hands": 100,
        "computed_at": _computed_at(),
    }
    return render(request, "leaderboards/board.html", context)


def _around(deal: DailyDeal, mine: DailyRank, spread: int = 5) -> list[DailyRank]:
    return list(
        DailyRank.objects.filter(
            daily=deal, rank__gte=max(1, mine.rank - spread), rank__lte=mine.rank + spread
        )
        .select_related("player__user")
        .order_by("rank")
    )


def _deal_or_404(date: str) -> DailyDeal:
    day = _parse_date(date)
    deal = DailyDeal.objects.filter(date=day).first() if day else None
    if deal is None:
        raise Http404(_("There is no daily deal for that day."))
    return deal


def _parse_date(text: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text or "")
    except ValueError:
        return None


def _computed_at():
    state = RankingState.objects.filter(pk=1).first()
    return state.computed_at if state else None
