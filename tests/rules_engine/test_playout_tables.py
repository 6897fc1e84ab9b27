"""The Sheepshead playouts: the searching seat sees every hand, the others play as at
the table (their own cards, their own bury, the voids shown); and the voids both
games' playouts read from the tricks."""

from types import SimpleNamespace

from rules_engine.actions import PLAY
from rules_engine.cards import CLUBS, HEARTS, SPADES, parse_card
from rules_engine.players import player_for
from rules_engine.players.playout import exact_table, policy_action, seat_table
from rules_engine.players.schafkopf_playout import seat_table as schafkopf_table
from rules_engine.players.strategy import choose_play
from rules_engine.players.voids import add_voids
from rules_engine.ranking import SHEEPSHEAD, TRUMP
from rules_engine.schafkopf import SchafkopfHand
from rules_engine.sheepshead import PLAY_PHASE, SheepsheadHand


def _play_states(hands: int) -> list[SheepsheadHand]:
    """Every state in trick play of ``hands`` hands the standard strategy plays."""
    standard = player_for("standard")
    states = []
    for n in range(hands):
        state = SheepsheadHand.from_seed(bytes([n, 41]), dealer=n % 5)
        while not state.is_over:
            if state.phase == PLAY_PHASE:
                states.append(state)
            state = state.apply(standard.decide(state.view(state.turn), b"tables"))
    return states


STATES = _play_states(12)


def test_a_seat_guesses_the_cards_it_cannot_see_and_never_rules_out_a_real_one():
    hidden_bury_guessed = narrowed = 0
    for state in STATES:
        contract = state.contract
        for seat in range(state.deal.seats):
            table = seat_table(state, seat)
            hand = state.held[seat] & state.unplayed
            assert not table.exact and table.hand == hand == table.may_hold[seat]
            unseen = state.unplayed & ~hand
            for other in range(state.deal.seats):
                if other == seat:
                    continue
                guess = table.may_hold[other]
                assert state.held[other] & state.unplayed & ~guess == 0  # voids are real
                assert guess & ~unseen == 0  # never its own card nor a played one
                if seat == contract.picker:
                    assert guess & contract.buried == 0  # the picker knows its bury
                elif guess & contract.buried:
                    hidden_bury_guessed += 1
                narrowed += guess != unseen
    assert hidden_bury_guessed > 0  # the others cannot see the bury
    assert narrowed > 0  # a void shown narrows a guess


def test_the_searching_seat_sees_every_hand_and_the_others_play_as_at_the_table():
    differing = 0
    for state in STATES:
        seat = state.turn
        seeing = PLAY[choose_play(exact_table(state, seat))]
        at_table = PLAY[choose_play(seat_table(state, seat))]
        assert policy_action(state, searcher=seat) is seeing
        assert policy_action(state, searcher=(seat + 1) % state.deal.seats) is at_table
        differing += seeing is not at_table
    assert differing > 0  # seeing the hands changes some choices, so the two differ


def _contract(unknown: str | None, called_class: int) -> SimpleNamespace:
    """A Sheepshead contract as ``add_voids`` reads it; ``unknown`` the card set aside."""
    face_down = parse_card(unknown) if unknown else -1
    return SimpleNamespace(
        follow_class=SHEEPSHEAD.follow_class, unknown=face_down, called_class=called_class
    )


def test_a_card_played_face_down_shows_no_void_and_leads_the_called_suit():
    contract = _contract("7D", HEARTS)  # the picker (seat 0) set the 7D aside for hearts
    voids = [0] * 5
    # Seat 0 leads the unknown face down, so the trick is led in hearts: seats 2
    # (a trump) and 4 (a spade) show they have no heart.
    add_voids(voids, 0, [parse_card(c) for c in ("7D", "8H", "QD", "9H", "KS")], contract)
    assert voids == [0, 0, 1 << HEARTS, 0, 1 << HEARTS]
    voids = [0] * 5
    # Seat 3 leads clubs; seat 0 plays the unknown (a trump, face down): no void shown.
    # Seat 1 trumps in for real and shows it has no club.
    add_voids(voids, 3, [parse_card(c) for c in ("AC", "TC", "7D", "QS", "8C")], contract)
    assert voids == [0, 1 << CLUBS, 0, 0, 0]


def test_a_trump_played_to_a_suit_shows_the_suit_void_and_no_other():
    contract = _contract(None, -1)  # no card set aside
    voids = [0] * 4
    add_voids(voids, 2, [parse_card(c) for c in ("AS", "QC", "TS", "9S")], contract)
    assert SHEEPSHEAD.follow_class[parse_card("QC")] == TRUMP
    assert voids == [0, 0, 0, 1 << SPADES]  # seat 3 played a trump to spades


def test_both_games_in_one_process_read_their_own_seats_before_the_first_trick():
    """Before any trick is taken, Schafkopf's four seats and Sheepshead's five read
    the same empty tuple of tricks: neither may get the other's count of seats."""
    standard = player_for("standard")
    schafkopf = SchafkopfHand.from_seed(b"first trick", dealer=0)
    while schafkopf.phase_name != "play" or schafkopf.contract is None or schafkopf.trick:
        schafkopf = schafkopf.apply(standard.decide(schafkopf.view(schafkopf.turn), b"s"))
    sheepshead = next(s for s in STATES if not s.tricks)
    for _ in range(2):  # each game after the other, in both orders
        assert len(schafkopf_table(schafkopf, schafkopf.turn).may_hold) == schafkopf.deal.seats
        assert len(seat_table(sheepshead, sheepshead.turn).may_hold) == sheepshead.deal.seats
    assert schafkopf.deal.seats != sheepshead.deal.seats
