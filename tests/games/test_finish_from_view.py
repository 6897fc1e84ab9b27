"""Finish is judged on what the player sees: the button and a posted finish agree.

The known deals below reach a moment where the full state is settled but the
human's view is not: once because of the bury (the human defends and can't
see it), once because of the partner (the human picked and the called card is
still hidden). There the page offers no Finish button and a hand-made post is
refused with the same words as any other refusal, changing nothing.
"""

from __future__ import annotations

import dataclasses

import pytest
from moves import play_until, standard_move

from games.services import load_table, next_hand, submit_action
from rules_engine.cards import CODES, cards_of, mask_points
from rules_engine.result import score_is_settled
from rules_engine.settled import may_finish, settled_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
REFUSAL = "This hand isn&#x27;t decided yet: play on."
#: Hand 3 of this standard match: the human defends; the hidden bury settles the hand.
BURY_SEED = bytes(32)
#: Hand 2 of this standard match: the human picked; the hidden partner settles the hand.
PARTNER_SEED = bytes([0, 110]) + bytes(30)


def settled_in_full(state) -> bool:
    """The judgement on the whole state, bury and partner included (what a leak would use)."""
    contract = state.contract
    if state.phase_name != "play" or contract.kind not in ("called_ace", "alone"):
        return False
    side = {contract.picker, contract.partner} - {-1}
    defenders = [s for s in range(len(state.points)) if s not in side]
    return score_is_settled(
        sum(state.points[s] for s in side) + mask_points(state.buried),
        sum(state.points[s] for s in defenders),
        sum(state.tricks_won[s] for s in side),
        sum(state.tricks_won[s] for s in defenders),
    )


def view_and_full_disagree(table) -> bool:
    state = table.state
    if state.is_over or state.turn != table.match.human_seat:
        return False
    return settled_in_full(state) and not may_finish(state.view(table.match.human_seat))


def post_finish(client, match):
    return client.post(
        f"/play/{match.pk}/act", {"action": "finish", "version": match.version}, **HTMX
    )


def assert_refused_and_unchanged(client, table):
    match = table.match
    page = client.get(f"/play/{match.pk}/", **HTMX).content.decode()
    assert 'data-action="finish"' not in page
    response = post_finish(client, match)
    assert REFUSAL in response.content.decode()
    match.refresh_from_db()
    after = load_table(match)
    assert match.version == table.match.version
    assert after.hand.record == table.hand.record
    assert after.hand.result is None


def test_a_bury_the_human_cannot_see_does_not_let_a_hand_be_finished(client, guest, new_match):
    table = load_table(play_until(new_match("standard", BURY_SEED), guest, view_and_full_disagree))
    state = table.state
    view = state.view(table.match.human_seat)
    assert view.buried is None  # the human defends: the bury is hidden
    true_bury = tuple(CODES[c] for c in cards_of(state.buried))
    assert settled_for(dataclasses.replace(view, buried=true_bury))
    assert_refused_and_unchanged(client, table)


def test_a_partner_the_human_cannot_see_does_not_let_a_hand_be_finished(client, guest, new_match):
    match = play_until(new_match("standard", PARTNER_SEED), guest, view_and_full_disagree)
    table = load_table(match)
    state = table.state
    view = state.view(table.match.human_seat)
    assert state.picker == table.match.human_seat and view.partner is None
    assert settled_for(dataclasses.replace(view, partner=state.partner))
    assert_refused_and_unchanged(client, table)


def test_the_refusal_reads_the_same_whatever_is_hidden(client, guest, new_match):
    """An open hand and a hand settled only by hidden cards get the same answer."""
    open_match = new_match("standard", BURY_SEED)
    open_refusal = post_finish(client, open_match)
    match = play_until(new_match("standard", BURY_SEED), guest, view_and_full_disagree)
    hidden = load_table(match)
    hidden_refusal = post_finish(client, hidden.match)
    assert open_refusal.status_code == hidden_refusal.status_code
    assert REFUSAL in open_refusal.content.decode()
    assert REFUSAL in hidden_refusal.content.decode()


def test_the_button_shows_exactly_when_the_server_accepts_a_finish(client, guest, new_match):
    """At each of the human's turns until a finish is accepted, page and server agree."""
    match = new_match("standard", BURY_SEED)
    refused = 0
    while True:
        table = load_table(match)
        if table.state.is_over:
            match = next_hand(match.pk, guest, match.version)
            continue
        page = client.get(f"/play/{match.pk}/", **HTMX).content.decode()
        shown = 'data-action="finish"' in page
        assert shown == may_finish(table.state.view(match.human_seat))
        post_finish(client, match)
        match.refresh_from_db()
        if shown:
            assert load_table(match).state.is_over
            break
        assert load_table(match).hand.record == table.hand.record
        refused += 1
        match = submit_action(match.pk, guest, standard_move(match), match.version)
    assert refused > 0
