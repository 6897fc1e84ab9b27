"""Replays open at the deal and show each seat's match score as it stood then."""

from __future__ import annotations

import re

import pytest
from moves import play_until

from games.models import Hand
from games.table import SEATS, signed

pytestmark = pytest.mark.django_db

#: A seat's match score badge: its seat, then its text (a hidden label may lead it).
SEAT_SCORE = re.compile(r'data-seat-score="(\d)">((?:<span[^>]*>[^<]*</span>)?[^<]*)</span>')


def three_hands_over(table) -> bool:
    return table.hand.number == 2 and table.state.is_over


def seat_scores(page: str) -> dict[int, str]:
    """Every seat's shown match score, the last word of its badge (after its label)."""
    return {
        int(seat): re.sub(r"<[^>]+>", " ", shown).split()[-1]
        for seat, shown in SEAT_SCORE.findall(page)
    }


def test_a_replay_opens_at_the_deal_with_next_enabled(client, new_match, guest):
    match = play_until(new_match(), guest, three_hands_over)
    page = client.get(f"/play/{match.pk}/hand/1/").content.decode()
    assert 'data-step="0"' in page
    assert f"/play/{match.pk}/hand/1/?seat={match.human_seat}&amp;step=1" in page
    assert 'data-action="next"' in page
    assert 'data-action="previous"' not in page


def test_each_step_of_a_replay_shows_the_match_scores_as_they_stood(client, new_match, guest):
    match = play_until(new_match(), guest, three_hands_over)
    hands = list(Hand.objects.filter(match=match).order_by("number"))
    assert len(hands) == 3 and all(h.result for h in hands)
    results = [h.result["scores"] for h in hands]
    # A match whose scores are not all zero along the way, or the test proves little.
    assert any(any(scores) for scores in results)
    before = [0] * SEATS
    for hand in hands:
        after = [before[s] + hand.result["scores"][s] for s in range(SEATS)]
        steps = len(hand.record["actions"])
        base = f"/play/{match.pk}/hand/{hand.number + 1}/"
        for step in (0, steps // 2, steps - 1):
            page = client.get(f"{base}?step={step}&seat=2").content.decode()
            assert seat_scores(page) == {s: signed(before[s]) for s in range(SEATS)}, step
        end = client.get(f"{base}?step={steps}&seat=2").content.decode()
        assert seat_scores(end) == {s: signed(after[s]) for s in range(SEATS)}
        before = after
