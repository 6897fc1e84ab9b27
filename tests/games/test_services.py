"""Playing a match through the service layer, on PostgreSQL."""

import pytest
from at_once import at_once
from factories import PlayerFactory

from games.models import Hand, Match
from games.services import (
    GameError,
    StaleMatch,
    finish_hand,
    load_table,
    next_hand,
    start_match,
    state_of,
    submit_action,
)
from rules_engine.settled import may_finish

pytestmark = pytest.mark.django_db
SEED = b"fixed seed for repeatable tests"


@pytest.fixture
def player():
    return PlayerFactory()


def test_a_new_match_deals_the_first_hand_and_waits_for_the_human(player):
    match = start_match(player, "standard", seed=SEED)
    table = load_table(match)
    assert table.hand.number == 0
    assert match.scores == [0] * 5
    assert table.state.is_over or table.state.turn == match.human_seat


def test_a_whole_match_is_ten_hands_whose_scores_sum_to_zero(player, human_move):
    match = start_match(player, "beginner", seed=SEED)
    while not match.is_finished:
        table = load_table(match)
        if table.state.is_over:
            match = next_hand(match.pk, player, match.version)
        else:
            match = submit_action(match.pk, player, human_move(match), match.version)
    hands = list(match.hands.all())
    assert [h.number for h in hands] == list(range(10))
    assert all(h.result["complete"] for h in hands)
    assert sum(match.scores) == 0
    assert match.scores == [sum(h.result["scores"][s] for h in hands) for s in range(5)]
    with pytest.raises(GameError):
        next_hand(match.pk, player, match.version)


def test_an_illegal_move_is_refused_with_the_rule_and_changes_nothing(player):
    match = start_match(player, "standard", seed=SEED)
    table = load_table(match)
    before = (match.version, table.hand.record)
    with pytest.raises(GameError) as refused:
        submit_action(match.pk, player, {"action": "play", "card": "QC"}, match.version)
    assert str(refused.value)
    match.refresh_from_db()
    assert (match.version, load_table(match).hand.record) == before


def test_a_malformed_move_is_refused_clearly(player):
    match = start_match(player, "standard", seed=SEED)
    with pytest.raises(GameError, match="not a move"):
        submit_action(match.pk, player, {"action": "teleport"}, match.version)
    with pytest.raises(GameError, match="not a move"):
        submit_action(match.pk, player, {"action": "play", "card": "ZZ"}, match.version)


def test_the_same_move_sent_twice_is_applied_once(player, human_move):
    match = start_match(player, "standard", seed=SEED)
    move = human_move(match)
    version = match.version
    submit_action(match.pk, player, move, version)
    hand = Hand.objects.get(match=match, number=0)
    actions = len(hand.record["actions"])
    with pytest.raises(StaleMatch):
        submit_action(match.pk, player, move, version)
    hand.refresh_from_db()
    assert len(hand.record["actions"]) == actions


def test_another_players_match_is_not_found(player, human_move):
    match = start_match(player, "standard", seed=SEED)
    stranger = PlayerFactory()
    with pytest.raises(GameError, match="no such game"):
        submit_action(match.pk, stranger, human_move(match), match.version)


def test_an_unknown_level_is_refused(player):
    with pytest.raises(ValueError):
        start_match(player, "grandmaster")
    assert not Match.objects.exists()


def test_a_hand_can_be_finished_once_its_outcome_is_decided(player, human_move):
    match = start_match(player, "standard", seed=SEED)
    while True:
        table = load_table(match)
        if table.state.is_over:
            match = next_hand(match.pk, player, match.version)
            continue
        if may_finish(table.state.view(match.human_seat)):
            break
        match = submit_action(match.pk, player, human_move(match), match.version)
    finished = finish_hand(match.pk, player, match.version)
    table = load_table(finished)
    assert table.state.is_over
    assert sum(table.hand.result["scores"]) == 0


def test_finishing_an_undecided_hand_is_refused(player):
    match = start_match(player, "standard", seed=SEED)
    table = load_table(match)
    # Nothing is decided before the first trick.
    assert not may_finish(table.state.view(match.human_seat))
    with pytest.raises(GameError, match="decided"):
        finish_hand(match.pk, player, match.version)
    match.refresh_from_db()
    assert load_table(match).hand.record == table.hand.record


def test_the_stored_record_replays_to_the_stored_result(player, human_move):
    match = start_match(player, "beginner", seed=SEED)
    while not load_table(match).state.is_over:
        match = submit_action(match.pk, player, human_move(match), match.version)
    hand = match.hands.get(number=0)
    assert state_of(hand).result().to_json() == hand.result


@pytest.mark.django_db(transaction=True)
def test_two_tabs_sending_a_move_at_once_apply_it_once(human_move):
    player = PlayerFactory()
    match = start_match(player, "standard", seed=SEED)
    move = human_move(match)
    version = match.version
    outcomes = at_once(lambda: submit_action(match.pk, player, move, version))
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Match", "StaleMatch"]
