"""The Schafkopf expert's edge per role and game: added for the role a hand ended
in, at that game's tariff, and counted where the candidates end in other roles."""

from __future__ import annotations

import pytest

from rules_engine import SchafkopfHand
from rules_engine.actions import PASS
from rules_engine.players import player_for, schafkopf_expert
from rules_engine.players.schafkopf_expert import ROLE_EDGE, outcome, outcome_with_edge
from rules_engine.players.schafkopf_playout import play_out
from rules_engine.schafkopf_actions import BID, CALL_ACTIONS, SOLO_DECLARATIONS
from rules_engine.schafkopf_result import SchafkopfRole
from rules_engine.variant import SCHAFKOPF_LONG

SEATS = SCHAFKOPF_LONG.seats


def _finished(n: int) -> list[SchafkopfHand]:
    deals = (SchafkopfHand.from_seed(f"edge-{i}".encode(), dealer=i % SEATS) for i in range(n))
    return [play_out(state) for state in deals]


def test_the_edge_is_added_for_the_role_and_game_the_hand_ended_in():
    finals = _finished(40)
    solos = 0
    for final in finals:
        result = final.result()
        options = final.deal.options
        solo = result.declarer is not None and final.contract.kind.is_solo
        solos += solo
        tariff = options["tariff_solo"] if solo else options["tariff_rufspiel"]
        if result.contract == "ramsch":
            tariff = options["tariff_ramsch"]
        for seat in range(SEATS):
            added = outcome_with_edge(final, seat) - outcome(final, seat)
            assert added == pytest.approx(ROLE_EDGE.get((result.role(seat), solo), 0.0) * tariff)
    assert 0 < solos < len(finals)  # both kinds of game were tried


def _first_bidding_view(wanted):
    """The first bidding seat of a deal, before anyone bid, whose hand ``wanted`` likes."""
    for i in range(200):
        state = SchafkopfHand.from_seed(f"bid-{i}".encode(), dealer=SEATS - 1)
        view = state.view(state.turn)
        if wanted(player_for("expert").evaluate(view, b"seed")):
            return view
    raise AssertionError("no deal to bid from")


def test_a_large_edge_as_declarer_makes_the_expert_bid_and_one_as_defender_pass(monkeypatch):
    """A hand the search passes with is bid on once declaring is worth a great deal
    more than the playouts say, and a hand it bids on is passed once defending is."""
    monkeypatch.setattr(schafkopf_expert, "ROLE_EDGE", dict.fromkeys(ROLE_EDGE, 0.0))
    searched_pass = _first_bidding_view(lambda found: found.choice == PASS and found.values)
    searched_bid = _first_bidding_view(lambda found: found.choice == BID)
    declaring = {key: 50.0 if key[0] is SchafkopfRole.DECLARER else 0.0 for key in ROLE_EDGE}
    monkeypatch.setattr(schafkopf_expert, "ROLE_EDGE", declaring)
    assert player_for("expert").decide(searched_pass, b"seed") == BID
    defending = {key: 50.0 if key[0] is SchafkopfRole.DEFENDER else 0.0 for key in ROLE_EDGE}
    monkeypatch.setattr(schafkopf_expert, "ROLE_EDGE", defending)
    assert player_for("expert").decide(searched_bid, b"seed") == PASS


def test_the_edge_leaves_card_play_alone(monkeypatch):
    """Once the roles are fixed the edge would add the same to every card."""
    state = SchafkopfHand.from_seed(b"cards", dealer=0)
    standard = player_for("standard")
    while state.phase_name != "play" or len(state.legal_actions()) < 2:
        state = state.apply(standard.decide(state.view(state.turn), b"s"))
    view = state.view(state.turn)
    plain = player_for("expert").evaluate(view, b"seed")
    assert len(plain.values) > 1
    monkeypatch.setattr(schafkopf_expert, "ROLE_EDGE", dict.fromkeys(ROLE_EDGE, 50.0))
    assert player_for("expert").evaluate(view, b"seed") == plain


def test_a_large_edge_for_declaring_a_solo_makes_the_expert_declare_one(monkeypatch):
    """A seat that declares a Rufspiel declares one of the solos it searches instead
    once a solo is worth a great deal more to it than the playouts say."""
    monkeypatch.setattr(schafkopf_expert, "ROLE_EDGE", dict.fromkeys(ROLE_EDGE, 0.0))
    standard = player_for("standard")
    for i in range(200):
        state = SchafkopfHand.from_seed(f"declare-{i}".encode(), dealer=SEATS - 1)
        while not state.is_over and state.phase_name == "bidding":
            state = state.apply(standard.decide(state.view(state.turn), b"s"))
        if state.phase_name != "declaring":
            continue
        view = state.view(state.turn)
        found = player_for("expert").evaluate(view, b"seed")
        solos = [a for a in found.candidates if a in SOLO_DECLARATIONS]
        if found.choice in CALL_ACTIONS.values() and solos:
            break
    else:
        raise AssertionError("no Rufspiel declared with a solo searched beside it")
    solo_edge = {key: 50.0 if key == (SchafkopfRole.DECLARER, True) else 0.0 for key in ROLE_EDGE}
    monkeypatch.setattr(schafkopf_expert, "ROLE_EDGE", solo_edge)
    assert player_for("expert").decide(view, b"seed") in SOLO_DECLARATIONS
