"""A finished daily attempt's own page: the score, the skill and what it means, the
place on the day's board (polled until the board has been computed), and what next."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.game_kinds import seats_of
from games.identity import current_player
from games.models import GAME_CHOICES, SCHAFKOPF, Match
from games.numbers import parse_int
from games.schafkopf_sentences import money

from .models import DailyRank
from .ranking import Placement, ranks_around, would_place

#: Seconds between the summary's checks for its place while the board is computed.
PLACE_POLL_SECONDS = 3
#: Checks before the page stops asking by itself (a minute and a half): with no worker
#: running the place may not come soon, and the "Check again" link stays.
PLACE_POLL_TRIES = 30
#: What tells htmx to stop polling (a poll whose attempt is gone, or not the viewer's).
STOP_POLLING = 286
#: Ranks shown either side of yours from the day's board.
AROUND = 3


@dataclass(frozen=True)
class DailySummary:
    """What a finished daily attempt gave, on the table and on the day's board."""

    match: Match
    score: int
    table_place: int  # among the five players at this table, not on the board
    skill: float
    rank: DailyRank | None  # the day's board, once computed (ranked attempts only)
    on_board: int  # ranked attempts on the day's board
    placement: Placement | None  # where a practice attempt would stand
    around: list[DailyRank]

    @property
    def ranked(self) -> bool:
        return self.match.ranked

    @property
    def game(self) -> str:
        return self.match.game

    @property
    def game_name(self) -> str:
        return dict(GAME_CHOICES)[self.match.game]

    @property
    def seats(self) -> int:
        return seats_of(self.match.game, self.match.rules)

    @property
    def computers(self) -> int:
        """The computer players at the table: every seat but the human's."""
        return self.seats - 1

    @property
    def waiting(self) -> bool:
        """A ranked attempt the board hasn't counted yet: its place is polled for."""
        return self.ranked and self.rank is None

    @property
    def skill_sentence(self) -> str:
        """What the skill figure means, in the player's own terms (money in Schafkopf)."""
        if self.game == SCHAFKOPF:
            return self._money_sentence()
        amount = f"{abs(self.skill):.2f}"
        if self.skill > 0:
            return _(
                "On the same cards you scored %(amount)s points more than the average "
                "ranked player: above 0 is better than the field."
            ) % {"amount": amount}
        if self.skill < 0:
            return _(
                "On the same cards you scored %(amount)s points less than the average "
                "ranked player: below 0 is behind the field."
            ) % {"amount": amount}
        return _("On the same cards you scored exactly the average of the ranked players.")

    def _money_sentence(self) -> str:
        cents = round(self.skill)
        if cents > 0:
            return _(
                "On the same cards you won %(amount)s more than the average ranked player: "
                "above 0 is better than the field."
            ) % {"amount": money(cents)}
        if cents < 0:
            return _(
                "On the same cards you won %(amount)s less than the average ranked player: "
                "below 0 is behind the field."
            ) % {"amount": money(-cents)}
        return _("On the same cards you won exactly the average of the ranked players.")


def build_summary(match: Match) -> DailySummary:
    """The summary of a finished daily attempt, read from the precomputed board."""
    scores = match.scores or [0] * seats_of(match.game, match.rules)
    mine = scores[match.human_seat]
    rank = DailyRank.objects.filter(match=match).first() if match.ranked else None
    placement = would_place(match) if rank is None else None
    around = ranks_around(rank, AROUND) if rank is not None else []
    return DailySummary(
        match=match,
        score=mine,
        table_place=1 + sum(score > mine for score in scores),
        skill=rank.skill if rank is not None else placement.skill,
        rank=rank,
        on_board=(
            placement.ranked_attempts
            if placement is not None  # would_place counted the board already
            else DailyRank.objects.filter(daily_id=match.daily_id).count()
        ),
        placement=None if match.ranked else placement,
        around=around,
    )


def _finished_daily(request: HttpRequest, match_id) -> Match | HttpResponse:
    """The viewer's own daily attempt; anyone else's is not found (404)."""
    player = current_player(request, create=False)
    match = (
        Match.objects.filter(pk=match_id, player=player, daily__isnull=False)
        .select_related("daily")
        .first()
        if player is not None
        else None
    )
    if match is None:
        raise Http404(_("There is no such daily attempt."))
    if not match.is_finished:
        return redirect(reverse("games:table", args=[match.pk]))
    return match


@require_safe
def daily_summary(request: HttpRequest, match_id) -> HttpResponse:
    """Where a finished daily ends: the attempt's summary and the next steps."""
    match = _finished_daily(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    context = {"summary": build_summary(match), **_polling(1)}
    return render(request, "leaderboards/summary.html", context)


def _polling(next_try: int) -> dict:
    return {
        "poll_seconds": PLACE_POLL_SECONDS,
        "next_try": next_try,
        "keep_polling": next_try <= PLACE_POLL_TRIES,
    }


@require_safe
def daily_place(request: HttpRequest, match_id) -> HttpResponse:
    """The summary's place on the day's board, alone: what its polling swaps in
    (``?try=`` counts the checks, so that the page stops asking after a while)."""
    try:
        match = _finished_daily(request, match_id)
    except Http404:
        if getattr(request, "htmx", False):  # the page's poll: signed out in another tab, say
            return HttpResponse(status=STOP_POLLING)
        raise
    if isinstance(match, HttpResponse):
        return HttpResponse(status=STOP_POLLING) if getattr(request, "htmx", False) else match
    done = parse_int(request.GET.get("try")) or 0
    context = {"summary": build_summary(match), **_polling(max(done, 0) + 1)}
    return render(request, "leaderboards/includes/daily_place.html", context)
