"""Analysing a stored hand and keeping the result, once per hand."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.models import Hand

from .analysis import analyse
from .models import HandAnalysis


def analyse_hand_once(hand_id: int) -> tuple[HandAnalysis | None, bool]:
    """(the hand's analysis, whether this call made it); (None, False) for a hand that
    does not exist or is not over. The search runs outside any transaction."""
    existing = HandAnalysis.objects.filter(hand_id=hand_id).first()
    if existing is not None:
        return existing, False
    hand = Hand.objects.select_related("match").filter(pk=hand_id).first()
    if hand is None or hand.result is None:
        return None, False
    match = hand.match
    verdicts = analyse(hand.record, match.human_seat, bytes(match.seed), hand.number)
    try:
        with transaction.atomic():
            analysis = HandAnalysis.objects.create(
                hand=hand,
                player_id=match.player_id,
                game=match.game,
                verdicts=[v.to_json() for v in verdicts],
                decisions=len(verdicts),
                fine=sum(v.fine for v in verdicts),
                total_cost=round(sum(v.cost for v in verdicts), 3),
            )
    except IntegrityError:  # another worker stored the same analysis first
        return HandAnalysis.objects.get(hand_id=hand_id), False
    return analysis, True
