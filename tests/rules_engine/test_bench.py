"""``python -m rules_engine.bench``: what its figures time is what they say."""

from __future__ import annotations

import json

from rules_engine import bench
from rules_engine.sheepshead import SheepsheadHand


def test_the_states_timed_cold_were_never_asked_for_their_legal_actions():
    lines = bench.sample_lines(5)
    states = bench.fresh_states(lines)
    assert len(states) == sum(len(actions) for _seed, _dealer, actions in lines)
    # The memo a first call fills: empty on every state the first-call figure times.
    assert all(state._legal is None for state in states)
    assert len({id(state) for state in states}) == len(states)


def test_the_fresh_states_are_the_positions_of_the_hands_played():
    lines = bench.sample_lines(3)
    states = iter(bench.fresh_states(lines))
    for deal_seed, dealer, actions in lines:
        state = SheepsheadHand.from_seed(deal_seed, dealer=dealer)
        for action in actions:
            fresh = next(states)
            assert fresh.actions == state.actions
            assert action in fresh.legal_actions()
            state = state.apply(action)
        assert state.is_over


def test_it_prints_each_figure_once_and_counts_what_it_timed(capsys):
    assert bench.main(["--hands", "200", "--rounds", "1"]) == 0
    figures = {}
    for line in capsys.readouterr().out.splitlines():
        figure = json.loads(line)
        name = figure["name"] + (f"[{figure['deck']}]" if "deck" in figure else "")
        assert name not in figures
        figures[name] = figure["value"]
    assert set(figures) == {
        "sheepshead.random_hands_per_s",
        "sheepshead.actions_per_hand",
        "sheepshead.decision_points",
        "sheepshead.legal_actions_first_call_us",
        "sheepshead.legal_actions_memo_us",
        "sheepshead.apply_us",
        "schafkopf.random_hands_per_s[long]",
        "schafkopf.random_hands_per_s[short]",
    }
    lines = bench.sample_lines(100)  # what it sampled for 200 hands
    assert figures["sheepshead.decision_points"] == sum(len(a) for _s, _d, a in lines)
    # Every hand has at least 30 plays and at most 5 picking actions, a bury and 2 calls.
    assert 30 <= figures["sheepshead.actions_per_hand"] <= 38
    assert all(figures[name] > 0 for name in figures)
