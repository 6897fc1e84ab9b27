"""The expert's inference: sampled deals weighed by how well they explain the
other seats' actions under the standard strategy (rules_engine.players.likelihood)."""

from __future__ import annotations

import pytest

from rules_engine import SchafkopfHand
from rules_engine.actions import PLAY
from rules_engine.cards import cards_of
from rules_engine.players import likelihood, player_for, sampling, schafkopf_sampling
from rules_engine.players.knowledge import knowledge_from_view
from rules_engine.players.likelihood import UNBOUNDED, replay_counting, surprises_allowed
from rules_engine.players.playout import seat_table
from rules_engine.players.rng import Rng
from rules_engine.players.sampling import DealSampler, predicted_play
from rules_engine.players.schafkopf_knowledge import schafkopf_knowledge
from rules_engine.players.schafkopf_playout import policy_action
from rules_engine.players.schafkopf_sampling import SchafkopfSampler, predicted_action
from rules_engine.players.strategy import choose_play
from rules_engine.schafkopf_phases import PLAY as SCHAFKOPF_PLAY
from rules_engine.sheepshead import PLAY_PHASE, SheepsheadHand

GAMES = {"sheepshead": SheepsheadHand.from_seed, "schafkopf": SchafkopfHand.from_seed}
PLAY_PHASES = {"sheepshead": PLAY_PHASE, "schafkopf": SCHAFKOPF_PLAY}


def standard_hands(game: str, count: int):
    """Every state of ``count`` hands that standard players play, with each decision."""
    standard = player_for("standard")
    for n in range(count):
        state = GAMES[game](b"likelihood%d" % n, dealer=n % 4)
        while not state.is_over:
            action = standard.decide(state.view(state.turn), b"seat%d" % state.turn)
            yield state, action
            state = state.apply(action)


def test_a_sheepshead_seat_table_read_off_the_state_is_the_one_its_view_gives():
    """The playouts and the inference predict the standard player exactly: the card
    it chooses from the table built off a full state is the one it plays from its view."""
    compared = 0
    for state, action in standard_hands("sheepshead", 40):
        if state.phase == PLAY_PHASE and state._playable(state.turn).bit_count() > 1:
            assert PLAY[choose_play(seat_table(state, state.turn))] == action
            compared += 1
    assert compared > 200


def test_a_schafkopf_playout_predicts_every_decision_of_the_standard_player():
    compared = 0
    for state, action in standard_hands("schafkopf", 40):
        if len(state.legal_actions()) > 1:
            assert policy_action(state) == action
            compared += 1
    assert compared > 300


def test_a_deal_is_kept_past_n_surprises_with_probability_keep_to_the_n():
    rng = Rng(b"bounds")
    draws = [surprises_allowed(rng) for _ in range(20000)]
    for n in range(4):
        share = sum(1 for bound in draws if bound >= n) / len(draws)
        assert share == pytest.approx(likelihood.KEEP**n, abs=0.015)


def _midgame(game: str, cards_played: int):
    """A hand of standard players after ``cards_played`` cards, and the seat to act."""
    count = 0
    for state, _action in standard_hands(game, 1):
        if state.phase == PLAY_PHASES[game]:
            count += 1
            if count > cards_played:
                return state
    raise AssertionError("the hand ended first")


def test_replay_counting_counts_the_actions_the_prediction_misses_and_stops_past_the_bound():
    state = _midgame("schafkopf", 12)
    start = SchafkopfHand.new([cards_of(hand) for hand in state.deal.hands], state.deal.dealer)
    steps = state.actions
    me = state.turn
    final, surprises = replay_counting(start, steps, me, predicted_action)
    assert final is not None and final.actions == steps and surprises == 0

    def contrary(s):  # predicts a legal action other than the one taken at every choice
        legal = s.legal_actions()
        return legal[0] if len(legal) > 1 else None

    _final, many = replay_counting(start, steps, me, contrary)
    assert many > 3
    stopped, seen = replay_counting(start, steps, me, contrary, allowed=2)
    assert stopped is None and seen == 3
    other = (state.turn + 1) % state.deal.seats
    illegal = [(other, steps[0][1]), *steps[1:]]
    assert replay_counting(start, illegal, me) == (None, UNBOUNDED)


def _mean_surprises(sampler, view, count: int, rng: Rng, predicted) -> float:
    total = 0
    for _ in range(count):
        sample = sampler.sample(rng)
        assert sample is not None
        total += _surprises_in(sample, view.seat, predicted)
    return total / count


def _surprises_in(sample, me: int, predicted) -> int:
    """Replay ``sample``'s own history from its deal and count the predictions it misses."""
    states = []
    node = sample
    while node.previous is not None:
        states.append(node.previous)
        node = node.previous
    states.reverse()
    actions = sample.actions
    return sum(
        1
        for at, earlier in enumerate(states)
        if actions[at][0] != me
        and (guess := predicted(earlier)) is not None
        and guess != actions[at][1]
    )


@pytest.mark.parametrize(
    ("game", "make_sampler", "predicted", "module"),
    [
        ("sheepshead", lambda v: DealSampler(knowledge_from_view(v)), predicted_play, sampling),
        (
            "schafkopf",
            lambda v: SchafkopfSampler(schafkopf_knowledge(v)),
            predicted_action,
            schafkopf_sampling,
        ),
    ],
)
def test_sampled_deals_explain_the_other_seats_cards_better_than_deals_merely_allowed(
    game, make_sampler, predicted, module, monkeypatch
):
    """Late in a hand of standard players, the deals the expert samples hold fewer
    cards the standard strategy would not have played than unweighed samples do."""
    state = _midgame(game, 20)
    view = state.view(state.turn)
    weighed = _mean_surprises(make_sampler(view), view, 60, Rng(b"weighed"), predicted)
    monkeypatch.setattr(module, "surprises_allowed", lambda rng: UNBOUNDED)
    allowed = _mean_surprises(make_sampler(view), view, 60, Rng(b"allowed"), predicted)
    assert allowed >= 1.5
    assert weighed < allowed / 2
