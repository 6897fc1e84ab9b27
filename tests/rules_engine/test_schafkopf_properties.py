"""Properties of every Schafkopf hand (docs/rules.md §3, §4, §5) on random deals of
both decks, played to the end at random among the legal actions.

The scores are checked against the tariff written out again from §3, so the
engine's scoring is compared with a second reading of the rules, not itself.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from new_process import json_from_new_processes

from rules_engine import SchafkopfHand
from rules_engine.cards import CODES, cards_of
from rules_engine.options import SCHAFKOPF_DEFAULTS
from rules_engine.records import parse_record

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_strategy = st.fixed_dictionaries(
    {
        "short_deck": st.booleans(),
        "all_pass": st.sampled_from(["ramsch", "redeal"]),
        "jungfrau": st.booleans(),
        "tariff_solo": st.sampled_from([50, 100]),
        "tariff_laufende": st.sampled_from([5, 10]),
    }
)


def play_at_random(seed: bytes, dealer: int, options: dict, rng: random.Random, bid_rate=0.3):
    """Every state of one hand; bids are rarer than passes so that Ramsch comes up too."""
    state = SchafkopfHand.from_seed(seed, dealer, options)
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase_name == "bidding":
            action = legal[0] if rng.random() < bid_rate else legal[1]
        else:
            action = rng.choice(legal)
        state = state.apply(action)
        states.append(state)
    return states


def expected_scores(result, options) -> list[int]:
    """§3's tariff, written out again: value, doublings, who pays whom."""
    seats = len(result.points)
    if result.contract == "redeal":
        return [0] * seats
    if result.contract == "ramsch":
        return None  # ramsch_scores has its own tests
    solo = result.contract != "rufspiel"
    base = options["tariff_solo"] if solo else options["tariff_rufspiel"]
    runners = result.laufende * options["tariff_laufende"]
    side = [result.declarer] + ([] if result.partner is None else [result.partner])
    side_points = sum(result.points[s] for s in side)
    if result.tout:
        won = sum(result.tricks[s] for s in side) == sum(result.tricks)
        value = (base + runners) * 2
    else:
        won = side_points > 60
        bonus = options["tariff_schwarz"] if result.schwarz else 0
        if not bonus and result.schneider:
            bonus = options["tariff_schneider"]
        value = base + bonus + runners
    value *= (2 if result.kontra else 1) * (2 if result.re else 1)
    sign = 1 if won else -1
    if solo:
        return [sign * value * (3 if s == result.declarer else -1) for s in range(seats)]
    return [sign * value * (1 if s in side else -1) for s in range(seats)]


@SETTINGS
@given(seed=st.binary(min_size=1, max_size=8), dealer=st.integers(0, 3), options=options_strategy)
def test_cards_points_and_scores_add_up(seed, dealer, options):
    states = play_at_random(seed, dealer, options, random.Random(seed))
    final = states[-1]
    full = {**SCHAFKOPF_DEFAULTS, **options}
    deck = final.deal.variant.deck
    dealt = [h for h in final.deal.hands]
    assert sum(h.bit_count() for h in dealt) == deck.bit_count()
    assert sum(dealt) == deck  # each card dealt exactly once
    result = final.result()
    assert sum(result.scores) == 0
    if result.contract == "redeal":
        assert result.points == (0, 0, 0, 0) and result.scores == (0, 0, 0, 0)
        return
    played = [c for _leader, cards, _winner in final.tricks for c in cards]
    assert sorted(played) == cards_of(deck)  # each card played exactly once
    assert sum(result.points) == 120
    assert sum(result.tricks) == final.deal.variant.hand_size
    expected = expected_scores(result, full)
    if expected is not None:
        assert list(result.scores) == expected


@SETTINGS
@given(seed=st.binary(min_size=1, max_size=8), dealer=st.integers(0, 3), options=options_strategy)
def test_a_record_replays_to_the_same_hand(seed, dealer, options):
    final = play_at_random(seed, dealer, options, random.Random(seed))[-1]
    text = json.dumps(final.to_record().to_json())
    again = parse_record(json.loads(text)).replay()
    assert again.actions == final.actions
    assert again.result() == final.result()


@SETTINGS
@given(seed=st.binary(min_size=1, max_size=8), dealer=st.integers(0, 3), options=options_strategy)
def test_views_hide_what_section_4_hides(seed, dealer, options):
    states = play_at_random(seed, dealer, options, random.Random(seed), bid_rate=0.6)
    for state in states:
        for seat in range(4):
            view = state.view(seat)
            # the legal list names the aces this seat may call: cards it lacks, no secret
            text = json.dumps({**view.to_json(), "legal": None})
            if state.is_over:
                assert view.hands is not None and view.partner == (
                    state.partner if state.partner >= 0 else None
                )
                continue
            others = 0
            for other in range(4):
                if other != seat:
                    others |= state.hand(other)
            # a Rufspiel's declaration names its called card for all to see
            named = {a.card for _seat, a in state.actions if a.kind == "declare"}
            for c in cards_of(others):
                if CODES[c] in named:
                    continue
                assert f'"{CODES[c]}"' not in text, (seat, CODES[c])
            partner = state.partner
            if partner >= 0 and seat != partner:
                called_played = not state.unplayed >> state.called & 1
                assert view.partner == (partner if called_played else None)


DETERMINISM_SCRIPT = """
import json, random
from rules_engine import SchafkopfHand
out = []
for n in range(20):
    rng = random.Random(n)
    state = SchafkopfHand.from_seed(n.to_bytes(2, "big"), n % 4, {"short_deck": n % 2 == 1})
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    out.append(state.to_record().to_json())
print(json.dumps(out))
"""


def test_two_processes_deal_and_decide_the_same():
    first, second = json_from_new_processes(DETERMINISM_SCRIPT, (1, 2))
    assert first == second
