"""The coach's analysis of a finished hand: one verdict per decision the human made,
from the human's own view only, the same every time and in any process."""

from __future__ import annotations

import json

import pytest
from new_process import json_from_new_processes

from coach.analysis import FINE_SHARE, Verdict, analyse, decision_seed
from rules_engine import SchafkopfHand, SheepsheadHand
from rules_engine.players import player_for
from rules_engine.players.expert import ExpertPlayer
from rules_engine.records import ACTION_READERS, apply_as, parse_record, record_of

SEED = bytes(range(32))
GAMES = {
    "sheepshead": lambda: SheepsheadHand.from_seed(SEED, dealer=2),
    "schafkopf": lambda: SchafkopfHand.from_seed(SEED, dealer=1),
}


def played(game: str, human_level: str = "random") -> dict:
    """A finished hand's record: the human (seat 0) plays ``human_level``, the rest standard."""
    state = GAMES[game]()
    human, others = player_for(human_level), player_for("standard")
    while not state.is_over:
        seat = state.turn
        player = human if seat == 0 else others
        state = state.apply(player.decide(state.view(seat), SEED + bytes([seat])))
    return record_of(state).to_json()


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_of_the_human_with_a_choice_gets_one_verdict(game):
    record = played(game)
    verdicts = analyse(record, 0, SEED, 0)
    parsed = parse_record(record)
    read = ACTION_READERS[parsed.game]
    state, expected = parsed.start(), []
    for step, (seat, action) in enumerate(parsed.actions):
        if seat == 0 and len(state.legal_actions()) > 1:
            expected.append(step)
            verdict = next(v for v in verdicts if v.step == step)
            assert read(verdict.action) == (0, action)
            assert read(verdict.choice)[1] in state.legal_actions()
            unit = state.options["tariff_rufspiel"] if game == "schafkopf" else 1
            assert verdict.cost >= 0 and verdict.fine == (verdict.cost <= FINE_SHARE * unit)
            if read(verdict.choice)[1] == action:
                assert verdict.cost == 0
        state = apply_as(state, seat, action)
    assert [v.step for v in verdicts] == expected and expected


@pytest.mark.parametrize("game", GAMES)
def test_a_random_players_hand_has_costly_decisions_and_the_expert_s_none(game):
    random_verdicts = analyse(played(game, "random"), 0, SEED, 0)
    costly = [v for v in random_verdicts if not v.fine]
    assert costly and all(v.choice != v.action and v.best > v.value for v in costly)
    for v in costly:
        assert v.cost == pytest.approx(v.best - v.value, abs=0.002)
    expert_verdicts = analyse(played(game, "expert"), 0, SEED, 0)
    assert all(v.cost == 0 for v in expert_verdicts)


def test_the_verdict_comes_from_the_humans_view_alone():
    """Swap two cards between two other seats before anyone has seen them: the human's
    view is the same, and so is every verdict on the human's first decision."""
    state = SheepsheadHand.from_seed(SEED, dealer=4)  # seat 0 speaks first
    record = record_of(state).to_json()
    hands = record["deal"]["hands"]
    swapped = json.loads(json.dumps(record))
    swapped["deal"]["hands"][1][0], swapped["deal"]["hands"][2][0] = hands[2][0], hands[1][0]
    other = parse_record(swapped).start()
    assert other.view(0) == state.view(0) and other.view(1) != state.view(1)
    seed = decision_seed(SEED, 0, 0)
    for action in state.legal_actions():
        mine = ExpertPlayer().evaluate(state.view(0), seed, also=(action,))
        theirs = ExpertPlayer().evaluate(other.view(0), seed, also=(action,))
        assert mine == theirs


@pytest.mark.parametrize("game", GAMES)
def test_weighing_the_humans_action_never_changes_what_the_expert_would_choose(game):
    """At each decision of the human's seat (seat 0, as the coach weighs them) in a hand
    the standard strategy plays."""
    state = GAMES[game]()
    expert = ExpertPlayer()
    weighed = 0
    while not state.is_over:
        view = state.view(state.turn)
        if state.turn == 0 and len(view.legal) > 1:
            chosen = expert.decide(view, SEED)
            for action in view.legal[:4]:
                assert expert.evaluate(view, SEED, also=(action,)).choice == chosen
                weighed += 1
        state = state.apply(player_for("standard").decide(view, SEED))
    assert weighed >= 8  # a bid or a pick and several cards


def test_the_same_hand_gives_the_same_analysis_in_another_process():
    record = played("schafkopf")
    here = [v.to_json() for v in analyse(record, 0, SEED, 3)]
    script = (
        "import json, sys; from coach.analysis import analyse; "
        f"record = json.loads({json.dumps(json.dumps(record))}); "
        f"print(json.dumps([v.to_json() for v in analyse(record, 0, bytes({list(SEED)}), 3)]))"
    )
    assert json_from_new_processes(script, (1, 977)) == [here, here]
    assert [Verdict.from_json(v).to_json() for v in here] == here


def test_the_bench_analyses_whole_hands_of_each_game():
    from coach.bench import bench

    for game in ("sheepshead", "schafkopf"):
        figures = bench(game, 1)
        assert figures["game"] == game and figures["decisions_per_hand"] > 0
        assert 0 < figures["p50_s"] <= figures["max_s"]
