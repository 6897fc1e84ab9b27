"""A Schafkopf session: rounds of four hands, each seat dealing once a round."""

from __future__ import annotations

import random

import pytest

from rules_engine.errors import InvalidRecord
from rules_engine.session import DEFAULT_ROUNDS, SchafkopfSession


def play_session(session: SchafkopfSession, rng: random.Random) -> SchafkopfSession:
    while not session.is_over:
        hand = session.deal()
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_actions()))
        session = session.with_result(hand.result())
    return session


def test_a_session_has_two_rounds_of_four_hands_by_default():
    assert DEFAULT_ROUNDS == 2
    assert SchafkopfSession(b"s").hand_count == 8


def test_each_seat_deals_once_a_round_and_the_deal_passes_left():
    session = SchafkopfSession(b"s", first_dealer=1, rounds=3)
    dealers = [session.dealer(n) for n in range(session.hand_count)]
    assert dealers == [1, 2, 3, 0] * 3
    for number in range(4):
        assert sorted(session.dealer(n) for n in range(4 * number, 4 * number + 4)) == [0, 1, 2, 3]
    assert session.deal(5).dealer == 2


def test_the_number_of_rounds_is_a_setting():
    assert SchafkopfSession(b"s", rounds=5).hand_count == 20
    with pytest.raises(ValueError, match="one round or more"):
        SchafkopfSession(b"s", rounds=0)


def test_the_options_hold_for_every_hand_and_are_checked():
    session = SchafkopfSession(b"s", options={"short_deck": True})
    assert session.deal(3).hands[0].bit_count() == 6
    with pytest.raises(InvalidRecord, match="options.ramsch"):
        SchafkopfSession(b"s", options={"ramsch": False})


def test_a_played_session_sums_its_hands_and_stops():
    session = play_session(SchafkopfSession(b"played"), random.Random(3))
    assert session.is_over and len(session.results) == 8
    assert sum(session.scores) == 0
    assert session.scores == tuple(sum(r.scores[s] for r in session.results) for s in range(4))
    with pytest.raises(ValueError, match="over"):
        session.with_result(session.results[0])


def test_a_session_is_the_same_from_its_seed():
    first = play_session(SchafkopfSession(b"again"), random.Random(9))
    second = play_session(SchafkopfSession(b"again"), random.Random(9))
    assert first.results == second.results
