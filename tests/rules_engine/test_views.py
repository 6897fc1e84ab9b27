"""What one seat may see of a hand (docs/rules.md §4), through ``state.view(seat)``.

A seat sees its own cards, the cards played, the blind only after it picked,
its own bury, the calls, who played what, and the partner only once the
called card has been played (the holder knows from the start). The unknown
stays face down for all but the picker until the hand is over; once it is
over, everything is shown.
"""

from __future__ import annotations

from hand_scripts import (
    DECK,
    HOLD_BLIND,
    HOLD_DEAL,
    PICK_AND_CALL,
    act,
    deal,
    run,
    steps,
    unknown_game,
)

from rules_engine import SheepsheadHand

CARDS = frozenset(DECK)
# Six tricks without a lead of hearts: seat 3 keeps AH to the last.
HOLD_TRICKS = (
    "7C AC 9C TH 7S", "TC KC AS AD 8C", "QC 8D 9D QH TD",
    "QS 7H JS 7D JD", "JC TS 8H KH QD", "JH 9H KS 9S AH",
)  # fmt: skip


def hold_game(*script: str) -> SheepsheadHand:
    return run(deal(*HOLD_DEAL, blind=HOLD_BLIND), PICK_AND_CALL, *script)


def cards_in(value) -> set[str]:
    """Every card code anywhere in a view's JSON."""
    if isinstance(value, str):
        return {value} & CARDS
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def seen_by(state: SheepsheadHand, seat: int) -> set[str]:
    return cards_in(state.view(seat).to_json())


def actions_seen(state: SheepsheadHand, seat: int) -> list[tuple[int, str, object]]:
    return [(s, a.kind, a.card or a.cards) for s, a in state.view(seat).actions]


class TestOwnCards:
    def test_a_seat_sees_its_own_hand_and_no_other(self):
        state = deal(*HOLD_DEAL, blind=HOLD_BLIND)
        for seat, hand in enumerate(HOLD_DEAL):
            view = state.view(seat)
            assert set(view.hand) == set(hand.split())
            assert seen_by(state, seat) == set(hand.split())

    def test_only_the_seat_to_act_sees_a_legal_list(self):
        state = hold_game()
        assert state.view(1).is_my_turn
        assert {a.card for a in state.view(1).legal} == set(HOLD_DEAL[1].split())
        for seat in (0, 2, 3, 4):
            assert state.view(seat).legal == ()

    def test_a_seat_sees_how_many_cards_each_seat_holds(self):
        state = hold_game("7C TC")
        assert state.view(4).cards_left == (6, 5, 5, 6, 6)


class TestTheBlind:
    def test_nobody_sees_the_blind_before_it_is_picked(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass")
        for seat in range(5):
            assert state.view(seat).blind is None
            assert not seen_by(state, seat) & {"8S", "KD"}

    def test_the_picker_sees_the_blind_once_it_picked(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass, pick")
        view = state.view(0)
        assert set(view.blind) == {"8S", "KD"}
        assert set(view.hand) == set(HOLD_DEAL[0].split()) | {"8S", "KD"}

    def test_the_other_seats_never_see_the_blind_before_the_hand_is_over(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), PICK_AND_CALL, *HOLD_TRICKS[:5])
        for seat in range(1, 5):
            assert state.view(seat).blind is None
            assert not seen_by(state, seat) & {"8S", "KD"}

    def test_in_a_leaster_nobody_sees_the_blind_until_the_hand_is_over(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass, pass", "7C AC 9C")
        for seat in range(5):
            assert state.view(seat).blind is None
            assert not seen_by(state, seat) & {"8S", "KD"}


class TestTheBury:
    def test_the_picker_sees_its_own_bury(self):
        state = hold_game("7C TC")
        view = state.view(0)
        assert set(view.buried) == {"8S", "KD"}
        assert (0, "bury", ("8S", "KD")) in actions_seen(state, 0)

    def test_other_seats_see_that_the_picker_buried_but_not_what(self):
        state = hold_game("7C TC")
        for seat in range(1, 5):
            assert state.view(seat).buried is None
            assert (0, "bury", None) in actions_seen(state, seat)


class TestCallsAndPlays:
    def test_every_seat_sees_the_passes_the_pick_and_the_call(self):
        state = hold_game()
        for seat in range(5):
            view = state.view(seat)
            assert [(s, a.kind) for s, a in view.actions][:5] == [
                (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"), (0, "pick"),
            ]  # fmt: skip
            assert (0, "call", "AH") in actions_seen(state, seat)
            assert (view.picker, view.contract, view.called) == (0, "called_ace", "AH")

    def test_every_seat_sees_the_cards_of_the_trick_being_played(self):
        state = hold_game("7C TC 9C")
        for seat in range(5):
            trick = state.view(seat).trick
            assert (trick.leader, trick.cards) == (1, ("7C", "TC", "9C"))

    def test_every_seat_sees_the_finished_tricks_and_who_took_them(self):
        state = hold_game(*HOLD_TRICKS[:2])
        for seat in range(5):
            view = state.view(seat)
            assert [(t.leader, t.cards, t.winner) for t in view.tricks] == [
                (1, ("7C", "AC", "9C", "TH", "7S"), 2),
                (2, ("TC", "KC", "AS", "AD", "8C"), 0),
            ]
            assert view.tricks_won == (1, 0, 1, 0, 0)
            assert view.turn == 0

    def test_every_seat_sees_who_played_what(self):
        state = hold_game("7C TC 9C")
        for seat in range(5):
            assert actions_seen(state, seat)[-3:] == [
                (1, "play", "7C"), (2, "play", "TC"), (3, "play", "9C"),
            ]  # fmt: skip

    def test_no_seat_sees_a_card_it_may_not_until_the_hand_is_over(self):
        state = deal(*HOLD_DEAL, blind=HOLD_BLIND)
        played: set[str] = set()
        for text in steps(PICK_AND_CALL, *HOLD_TRICKS):
            for seat in range(5):
                allowed = set(state.view(seat).hand) | played
                if any(a.kind == "call" for _s, a in state.actions):
                    allowed.add("AH")
                if seat == 0 and state.picker == 0:
                    allowed |= {"8S", "KD", "AS", "AH"}  # the blind, and the aces it may call
                assert seen_by(state, seat) <= allowed, (seat, text)
            state = state.apply(act(text))
            played |= {text} & CARDS


class TestThePartner:
    def test_the_holder_of_the_called_ace_knows_it_is_the_partner_from_the_call(self):
        state = hold_game()
        assert state.view(3).partner == 3

    def test_nobody_else_knows_the_partner_before_the_called_ace_is_played(self):
        for state in [hold_game(), hold_game(*HOLD_TRICKS[:5])]:
            for seat in (0, 1, 2, 4):
                assert state.view(seat).partner is None

    def test_every_seat_knows_the_partner_once_the_called_ace_is_played(self):
        state = hold_game("8D 9D QH TD AD", "AH")
        for seat in range(5):
            assert state.view(seat).partner == 3

    def test_nobody_knows_a_partner_in_an_alone_game(self):
        state = run(
            deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass, pick, bury 8S KD, alone"
        )
        for seat in range(5):
            assert state.view(seat).partner is None
            assert state.view(seat).contract == "alone"


class TestTheUnknown:
    def test_the_picker_sees_the_card_it_set_aside(self):
        state = unknown_game()
        view = state.view(0)
        assert view.unknown == "JS" and view.unknown_set_aside
        assert "JS" not in view.hand
        assert (0, "unknown", "JS") in actions_seen(state, 0)

    def test_other_seats_see_that_a_card_is_set_aside_but_not_which(self):
        state = unknown_game()
        for seat in range(1, 5):
            view = state.view(seat)
            assert view.unknown is None and view.unknown_set_aside
            assert (0, "unknown", None) in actions_seen(state, seat)
            assert "JS" not in seen_by(state, seat)
            assert view.cards_left[0] == 6

    def test_it_is_played_face_down_for_everyone_but_the_picker(self):
        state = unknown_game("7H AH TH KS JS")
        assert state.view(0).tricks[0].cards == ("7H", "AH", "TH", "KS", "JS")
        for seat in range(1, 5):
            view = state.view(seat)
            assert view.tricks[0].cards == ("7H", "AH", "TH", "KS", None)
            assert view.tricks[0].winner == 2
            assert (0, "play", None) in actions_seen(state, seat)
            assert "JS" not in seen_by(state, seat)

    def test_it_stays_face_down_for_the_rest_of_the_hand(self):
        state = unknown_game("7H AH TH KS JS", "KH 9H QD QC 8H")
        for seat in range(1, 5):
            assert "JS" not in seen_by(state, seat)

    def test_it_is_shown_to_everyone_once_the_hand_is_over(self):
        state = unknown_game(
            "7D 8D 9D KD JS", "JC 7S 8S TS JD", "QH 7C 9S TC QD",
            "QS 8C 9C 9H JH", "QC 7H KH TH KS", "AC 8H AH KC AS",
            buried="TD AD", aside="AC",
        )  # fmt: skip
        assert state.is_over
        for seat in range(5):
            view = state.view(seat)
            assert view.unknown == "AC"
            assert view.tricks[-1].cards == ("AC", "8H", "AH", "KC", "AS")
            assert (0, "unknown", "AC") in actions_seen(state, seat)


class TestAfterTheHand:
    def test_every_seat_sees_every_hand_the_blind_the_bury_and_the_result(self):
        state = hold_game(*HOLD_TRICKS)
        assert state.is_over
        for seat in range(5):
            view = state.view(seat)
            assert [set(h) for h in view.hands] == [set(h.split()) for h in HOLD_DEAL]
            assert set(view.blind) == {"8S", "KD"}
            assert set(view.buried) == {"8S", "KD"}
            assert (0, "bury", ("8S", "KD")) in actions_seen(state, seat)
            assert view.partner == 3
            assert view.result == state.result()
            assert view.turn is None and view.legal == ()
            assert seen_by(state, seat) == CARDS

    def test_no_seat_sees_a_result_before_the_hand_is_over(self):
        state = hold_game(*HOLD_TRICKS[:5])
        for seat in range(5):
            assert state.view(seat).result is None
            assert state.view(seat).hands is None
