"""The expert's search of its own last cards within a sampled deal (players.endgame):
never worse for the seat than the strategy's own line, the other seats unchanged."""

import pytest

from rules_engine import SchafkopfHand, SheepsheadHand
from rules_engine.players import playout, schafkopf_playout
from rules_engine.players.endgame import best_line
from rules_engine.players.expert import outcome as sheepshead_outcome
from rules_engine.players.rng import Rng
from rules_engine.players.schafkopf_expert import outcome as schafkopf_outcome
from rules_engine.schafkopf_phases import PLAY as SCHAFKOPF_PLAY
from rules_engine.sheepshead import PLAY_PHASE as SHEEPSHEAD_PLAY
from rules_engine.variant import SCHAFKOPF_LONG, SHEEPSHEAD_FIVE

GAMES = {
    "sheepshead": (
        lambda seed, deal: SheepsheadHand.from_seed(seed, dealer=deal % SHEEPSHEAD_FIVE.seats),
        playout.policy_action,
        playout.play_out,
        sheepshead_outcome,
        SHEEPSHEAD_PLAY,
    ),
    "schafkopf": (
        lambda seed, deal: SchafkopfHand.from_seed(seed, dealer=deal % SCHAFKOPF_LONG.seats),
        schafkopf_playout.policy_action,
        schafkopf_playout.play_out,
        schafkopf_outcome,
        SCHAFKOPF_PLAY,
    ),
}
#: Positions are taken within the first tricks of trick play, so most have a search ahead.
FIRST_TRICKS = 3


def _positions(game: str, deals: int = 12):
    """States of standard play at a random point of trick play, one per deal."""
    start, policy, _play_out, _value, in_play = GAMES[game]
    rng = Rng(b"endgame", game)
    for deal in range(deals):
        state = start(bytes([deal]) * 8, deal)
        while state.phase != in_play:
            state = state.apply(policy(state))
        for _ in range(rng.below(state.deal.seats * FIRST_TRICKS)):
            state = state.apply(policy(state))
        yield state


@pytest.mark.parametrize("game", GAMES)
def test_the_searched_line_is_never_worse_for_the_seat_than_the_strategy_s(game):
    _start, policy, play_out, value, in_play = GAMES[game]
    better = 0
    for state in _positions(game):
        seat = state.turn
        plain = value(play_out(state), seat)
        searched = value(best_line(state, seat, policy, value, in_play, cards=4), seat)
        assert searched >= plain
        better += searched > plain
    assert better, "some position should have a better line than the strategy's"


@pytest.mark.parametrize("game", GAMES)
def test_the_other_seats_follow_the_strategy_and_nothing_is_searched_with_no_cards(game):
    _start, policy, play_out, value, in_play = GAMES[game]
    for state in _positions(game):
        seat = state.turn
        final = best_line(state, seat, policy, value, in_play, cards=4)
        steps = final.actions[len(state.actions) :]
        replay = state
        for actor, action in steps:
            if actor != seat:
                assert action == policy(replay)
            replay = replay.apply(action)
        plain = play_out(state)
        assert best_line(state, seat, policy, value, in_play, cards=0).actions == plain.actions
