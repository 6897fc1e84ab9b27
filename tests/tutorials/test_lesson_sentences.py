"""The lessons' sentences about players agree with their subject: "You dealt.", "Ben and
you passed.", "You took the fewest points …, so you win …", never "You … so wins"."""

from __future__ import annotations

from hand_scripts import HOLD_BLIND, HOLD_DEAL, deal, run

from tutorials.course import Exercise
from tutorials.exercises import SEAT_NAMES, info_lines, score_reasons


def exercise(state, seat) -> Exercise:
    return Exercise(lesson="test", id="t", number=1, kind="score", prompt="", spec={},
                    state=state, seat=seat)  # fmt: skip


def test_the_dealer_and_the_passes_name_you_as_you():
    two_passed = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass")  # seats 1 and 2
    assert info_lines(exercise(two_passed, 0)) == ["You dealt.", "Ben and Cleo passed."]
    assert info_lines(exercise(two_passed, 2)) == ["Ann dealt.", "Ben and you passed."]
    assert info_lines(exercise(two_passed, 1)) == ["Ann dealt.", "Cleo and you passed."]
    three_passed = run(two_passed, "pass")
    assert info_lines(exercise(three_passed, 4)) == ["Ann dealt.", "Ben, Cleo and Dan passed."]
    assert info_lines(exercise(three_passed, 3)) == ["Ann dealt.", "Ben, Cleo and you passed."]
    nobody = deal(*HOLD_DEAL, blind=HOLD_BLIND)
    assert info_lines(exercise(nobody, 1)) == ["Ann dealt."]


def played_leaster():
    """Everyone passes, then each seat plays its first legal card to the end."""
    state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass, pass")
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_leaster_winner_is_you_or_a_name_with_the_verb_to_match():
    state = played_leaster()
    result = state.result()
    assert result.contract == "leaster"
    winner = max(range(5), key=lambda s: result.scores[s])
    assert result.scores[winner] == 4  # one winner, who takes 1 from each of the others
    fewest = result.points[winner]
    assert score_reasons(exercise(state, winner)) == [
        f"You took the fewest points ({fewest}) among the players who took a trick, "
        "so you win 1 from each of the other four."
    ]
    other = (winner + 1) % 5
    assert score_reasons(exercise(state, other)) == [
        f"{SEAT_NAMES[winner]} took the fewest points ({fewest}) among the players who took "
        "a trick, so wins 1 from each of the other four."
    ]
