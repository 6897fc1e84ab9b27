"""The coach on the pages: a hand's summary under its result, and the replay's marks.

Both are fragments htmx fetches into the page, so the table and the replay render
without waiting for the analysis. While a hand's analysis is pending the summary
says so and asks again, less often each time, until it gives up and says where to
look later; a pending hand is queued again (at most once a minute) in case its first
message was lost.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from config.tasks import queue_safely
from games.models import Hand
from games.numbers import parse_int
from games.views import own_match

from .models import HandAnalysis
from .report import report_of
from .tasks import analyse_hand

#: How many times a pending summary asks again, and the longest wait between two.
MAX_WAITS = 20
LONGEST_WAIT = 5
#: Seconds before a pending hand's analysis is queued again.
REQUEUE_SECONDS = 60


def _finished_hand(request: HttpRequest, match_id, number: int):
    player, match = own_match(request, match_id)
    hand = Hand.objects.filter(match=match, number=number - 1).first()
    if hand is None or hand.result is None:
        raise Http404(_("This hand isn't finished yet: the coach looks at it once it is over."))
    return player, match, hand


def _report(player, match, hand):
    analysis = HandAnalysis.objects.filter(hand=hand).first()
    if analysis is None:
        if cache.add(f"coach:queued:{hand.pk}", True, REQUEUE_SECONDS):
            queue_safely(analyse_hand, kwargs={"hand_id": hand.pk})
        return None
    return report_of(analysis, hand.record, player.deck_for(match.game))


@require_safe
@never_cache
def hand_summary(request: HttpRequest, match_id, number: int) -> HttpResponse:
    """The coach's summary of one finished hand (pending until it is analysed)."""
    player, match, hand = _finished_hand(request, match_id, number)
    report = _report(player, match, hand)
    waits = min(max(parse_int(request.GET.get("wait"), 0), 0), MAX_WAITS)
    url = reverse("coach:summary", args=[match.pk, number])
    context = {
        "match": match,
        "number": number,
        "report": report,
        "poll_url": f"{url}?wait={waits + 1}" if report is None and waits < MAX_WAITS else "",
        "delay": min(1 + waits // 4, LONGEST_WAIT),
    }
    return render(request, "coach/summary.html", context)


@require_safe
@never_cache
def replay_marks(request: HttpRequest, match_id, number: int) -> HttpResponse:
    """The verdict on the move a replay's ``?step=`` shows, and every decision's mark."""
    player, match, hand = _finished_hand(request, match_id, number)
    report = _report(player, match, hand)
    step = max(parse_int(request.GET.get("step"), 0), 0)
    seat = parse_int(request.GET.get("seat"), match.human_seat)
    replay = reverse("games:replay", args=[match.pk, number])
    marks = []
    if report is not None:
        marks = [
            {
                "remark": r,
                "url": f"{replay}?seat={seat}&step={r.step + 1}",
                "current": r.step + 1 == step,
            }
            for r in report.remarks
        ]
    context = {
        "report": report,
        "remark": report.at_step(step) if report else None,
        "marks": marks,
    }
    return render(request, "coach/replay_marks.html", context)
