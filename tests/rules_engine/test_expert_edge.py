"""The expert's edge per role: who was what in a hand, and where the edge counts."""

import pytest

from rules_engine.actions import PASS, PICK
from rules_engine.cards import codes_to_mask
from rules_engine.players import expert
from rules_engine.players.expert import ExpertPlayer, outcome, outcome_with_edge
from rules_engine.players.playout import play_out
from rules_engine.players.strategy import may_consider_picking
from rules_engine.sheepshead import SheepsheadHand
from rules_engine.sheepshead_kinds import Role


def _finished(n: int):
    deals = (SheepsheadHand.from_seed(f"edge-{i}".encode(), dealer=i % 5) for i in range(n))
    return [play_out(state) for state in deals]


def test_each_seat_s_role_follows_the_result():
    for final in _finished(40):
        result = final.result()
        roles = [result.role(seat) for seat in range(len(result.scores))]
        if result.contract == "leaster":
            assert set(roles) == {Role.LEASTER}
            continue
        assert roles.count(Role.PICKER) == 1 and roles[result.picker] == Role.PICKER
        assert roles.count(Role.PARTNER) == (result.partner is not None)
        assert Role.LEASTER not in roles


def test_the_edge_is_added_for_the_role_the_hand_ended_in():
    for final in _finished(10):
        result = final.result()
        for seat in range(len(result.scores)):
            added = outcome_with_edge(final, seat) - outcome(final, seat)
            assert added == pytest.approx(expert.ROLE_EDGE[result.role(seat)])


def _first_picking_view():
    """The first seat of a deal to decide on picking with a hand worth considering."""
    for i in range(50):
        state = SheepsheadHand.from_seed(f"pick-{i}".encode(), dealer=4)
        view = state.view(state.turn)
        if may_consider_picking(codes_to_mask(view.hand)):
            return view
    raise AssertionError("no deal to pick from")


def test_a_large_edge_as_picker_makes_the_expert_pick(monkeypatch):
    view = _first_picking_view()
    monkeypatch.setattr(expert, "ROLE_EDGE", dict.fromkeys(Role, 0.0) | {Role.PICKER: 50.0})
    assert ExpertPlayer().decide(view, b"seed") == PICK
    monkeypatch.setattr(expert, "ROLE_EDGE", dict.fromkeys(Role, 0.0) | {Role.DEFENDER: 50.0})
    assert ExpertPlayer().decide(view, b"seed") == PASS


def test_the_edge_leaves_card_play_alone(monkeypatch):
    """Once the roles are fixed the edge would add the same to every card."""
    state = SheepsheadHand.from_seed(b"cards", dealer=0)
    while state.phase_name != "play":
        state = state.apply(expert.StandardPlayer().decide(state.view(state.turn), b"s"))
    view = state.view(state.turn)
    plain = ExpertPlayer().evaluate(view, b"seed")
    assert len(plain.values) > 1
    monkeypatch.setattr(expert, "ROLE_EDGE", dict.fromkeys(Role, 50.0))
    assert ExpertPlayer().evaluate(view, b"seed") == plain
