"""A Schafkopf match through the service layer, on PostgreSQL: a session of rounds
under the house rules chosen at the start, checked like a Sheepshead match."""

import pytest
from factories import PlayerFactory
from moves import standard_move

from games.models import Hand, HandOutcome, Match
from games.services import (
    GameError,
    StaleMatch,
    hint,
    load_table,
    next_hand,
    start_match,
    state_of,
    submit_action,
)
from rules_engine import SchafkopfHand
from rules_engine.variant import SCHAFKOPF_LONG

pytestmark = pytest.mark.django_db
SEED = b"a fixed schafkopf seed"
SEATS = SCHAFKOPF_LONG.seats


@pytest.fixture
def player():
    return PlayerFactory()


def schafkopf(player, rounds=None, **rules):
    return start_match(player, "beginner", seed=SEED, game="schafkopf", rules=rules, rounds=rounds)


def play_to_the_end(match, player):
    while not match.is_finished:
        if load_table(match).state.is_over:
            match = next_hand(match.pk, player, match.version)
        else:
            match = submit_action(match.pk, player, standard_move(match), match.version)
    return match


def test_a_new_session_deals_four_seats_and_waits_for_the_human(player):
    match = schafkopf(player)
    table = load_table(match)
    assert (match.game, match.hand_count, match.scores) == ("schafkopf", 2 * SEATS, [0] * SEATS)
    assert table.hand.record["game"] == "schafkopf"
    assert isinstance(table.state, SchafkopfHand)
    assert table.state.turn == match.human_seat  # the computers before the human have spoken


def test_a_whole_session_is_its_rounds_and_its_cents_sum_to_zero(player):
    match = play_to_the_end(schafkopf(player, rounds=1, short_deck=True, all_pass="redeal"), player)
    hands = list(match.hands.all())
    assert [h.number for h in hands] == list(range(SEATS))
    assert all(h.result["complete"] for h in hands)
    assert [h.record["dealer"] for h in hands] == [
        (match.first_dealer + n) % SEATS for n in range(4)
    ]
    assert all(len(hand) == 6 for h in hands for hand in h.record["deal"]["hands"])
    assert sum(match.scores) == 0
    assert match.scores == [sum(h.result["scores"][s] for h in hands) for s in range(SEATS)]
    outcomes = HandOutcome.objects.filter(match=match).order_by("number")
    assert [o.score for o in outcomes] == [h.result["scores"][match.human_seat] for h in hands]
    assert [o.picked for o in outcomes] == [h.result["declarer"] == match.human_seat for h in hands]
    with pytest.raises(GameError):
        next_hand(match.pk, player, match.version)


def test_the_house_rules_are_kept_and_played(player):
    match = schafkopf(player, rounds=3, tariff_rufspiel=20, tariff_solo=50)
    assert match.hand_count == 3 * SEATS
    assert match.rules == {"tariff_rufspiel": 20, "tariff_solo": 50}
    assert load_table(match).hand.record["options"]["tariff_rufspiel"] == 20


@pytest.mark.parametrize(
    ("rules", "rounds", "named"),
    [
        ({"tarif_solo": 50}, None, "tarif_solo"),
        ({"tariff_solo": -5}, None, "tariff_solo"),
        ({"all_pass": "skip"}, None, "all_pass"),
        ({"short_deck": "yes"}, None, "short_deck"),
        ({}, 0, "rounds"),
        ({}, 9, "rounds"),
        ({}, "2", "rounds"),
    ],
)
def test_house_rules_that_cant_be_played_are_refused_and_start_nothing(
    player, rules, rounds, named
):
    with pytest.raises(GameError) as refused:
        schafkopf(player, rounds=rounds, **rules)
    assert named in str(refused.value)
    assert not Match.objects.exists()


def test_an_unknown_game_and_sheepshead_with_house_rules_are_refused(player):
    with pytest.raises(GameError):
        start_match(player, game="skat")
    with pytest.raises(GameError):
        start_match(player, rules={"short_deck": True})
    assert not Match.objects.exists()


def test_an_illegal_or_malformed_move_is_refused_and_changes_nothing(player):
    match = schafkopf(player)
    before = (match.version, load_table(match).hand.record)
    for move in (
        {"action": "play", "card": "QC"},  # no card is played in the bidding
        {"action": "declare", "contract": "wenz"},  # nor declared before it ends
        {"action": "kontra"},
        {"action": "pick"},  # a Sheepshead word
    ):
        with pytest.raises(GameError) as refused:
            submit_action(match.pk, player, move, match.version)
        assert str(refused.value)
    match.refresh_from_db()
    assert (match.version, load_table(match).hand.record) == before


def test_a_declaration_is_read_with_its_game_trump_and_tout(player):
    match = schafkopf(player)
    state = load_table(match).state
    while not (state.phase == "declaring" and state.turn == match.human_seat):
        if state.phase != "bidding":
            pytest.fail("this seed's human should come to declare after bidding")
        match = submit_action(match.pk, player, {"action": "bid"}, match.version)
        state = load_table(match).state
    solo = next(a for a in state.legal_actions() if a.trump and a.tout)  # a Farbsolo Tout
    fields = {"action": "declare", "contract": solo.contract, "trump": solo.trump, "tout": "1"}
    match = submit_action(match.pk, player, fields, match.version)
    hand = Hand.objects.get(match=match, number=0)
    declared = [a for a in hand.record["actions"] if a["seat"] == match.human_seat][-1]
    assert (declared["contract"], declared["trump"], declared["tout"]) == ("solo", solo.trump, True)


def test_the_same_move_sent_twice_is_applied_once(player):
    match = schafkopf(player)
    move = standard_move(match)
    version = match.version
    submit_action(match.pk, player, move, version)
    actions = len(Hand.objects.get(match=match, number=0).record["actions"])
    with pytest.raises(StaleMatch):
        submit_action(match.pk, player, move, version)
    assert len(Hand.objects.get(match=match, number=0).record["actions"]) == actions


def test_a_schafkopf_practice_session_from_the_course_offers_hints(player):
    match = start_match(player, game="schafkopf", hints=True, rounds=1)
    table = load_table(match)
    assert match.hints and table.state.turn == match.human_seat  # the computers moved
    suggestion = hint(match.pk, player)
    assert suggestion.action in table.state.legal_actions() and suggestion.sentence
    ordinary = start_match(player, game="schafkopf", rounds=1)
    with pytest.raises(GameError, match="course"):
        hint(ordinary.pk, player)


def test_the_stored_records_replay_to_the_stored_results(player):
    match = play_to_the_end(schafkopf(player, rounds=1), player)
    for hand in match.hands.all():
        assert state_of(hand).result().to_json() == hand.result
