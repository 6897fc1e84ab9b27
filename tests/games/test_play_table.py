"""How the table page names, orders and judges cards, from a seat's view only."""

from types import SimpleNamespace

from games.table import Face, _status, card_name, signed, sort_key
from rules_engine.settled import settled_for
from rules_engine.view import TrickView


def test_a_hand_is_sorted_trump_first_then_clubs_spades_hearts_ace_down():
    cards = ["7H", "QC", "AD", "TC", "JS", "AS", "9C", "7D", "QD", "KH"]
    assert sorted(cards, key=sort_key) == [
        "QC", "QD", "JS", "AD", "7D", "TC", "9C", "AS", "KH", "7H",
    ]  # fmt: skip


def test_cards_have_spoken_names_and_short_labels():
    assert card_name("QC") == "queen of clubs"
    assert Face("TD").name == "ten of diamonds"
    assert Face("TD").short == "10\u2666\ufe0e"
    assert Face("JH").trump and Face("7D").trump and not Face("AS").trump
    assert Face(None).name == "a face-down card" and not Face(None).up


def test_scores_are_written_the_way_players_write_them():
    assert [signed(n) for n in (2, -1, 0, -12)] == ["+2", "\u22121", "0", "\u221212"]


def view(seat=0, partner=None, buried=None, tricks=(), contract="called_ace", phase="play"):
    """A seat's view with only what ``settled_for`` reads: picker seat 1."""
    won = [0] * 5
    for trick in tricks:
        won[trick.winner] += 1
    return SimpleNamespace(
        seat=seat,
        phase=phase,
        contract=contract,
        picker=1,
        partner=partner,
        buried=buried,
        tricks=tuple(tricks),
        tricks_won=tuple(won),
    )


# Four tricks: the picker (1) and seat 2 take three with 80 points; seat 3 one with 30.
TRICKS = (
    TrickView(1, ("AC", "TC", "KC", "9C", "8C"), winner=1),  # 25
    TrickView(1, ("AS", "TS", "KS", "9S", "8S"), winner=2),  # 25
    TrickView(2, ("AH", "TH", "KH", "QS", "JS"), winner=1),  # 30
    TrickView(1, ("AD", "TD", "KD", "QH", "JH"), winner=3),  # 30
)


def test_a_hand_is_decided_when_the_seat_can_tell_the_outcome():
    # The picker knows the partner (2) and the bury: 80 to 30, and the defenders took a
    # trick, so neither schneider nor no-trick can change now.
    assert settled_for(view(seat=1, partner=2, buried=("7H", "8H"), tricks=TRICKS))
    # After three tricks the defenders have none: they may yet take no trick at all.
    assert not settled_for(view(seat=1, partner=2, buried=("7H", "8H"), tricks=TRICKS[:3]))


def test_a_hidden_partner_must_not_matter_for_the_hand_to_be_decided():
    # Seat 0 defends. With seat 3 as the partner the picker's side would have 85 to 25,
    # and schneider would still be open: so seat 0 can't tell while the partner is hidden.
    assert not settled_for(view(seat=0, partner=None, tricks=TRICKS))
    assert settled_for(view(seat=0, partner=2, tricks=TRICKS))


def test_a_bury_the_seat_may_not_see_counts_as_nothing():
    three = (
        TrickView(1, ("AC", "TC", "KC", "QC", "JC"), winner=1),  # 30
        TrickView(1, ("AS", "TS", "KS", "QS", "JS"), winner=2),  # 30
        TrickView(1, ("AH", "TH", "KH", "QH", "JH"), winner=3),  # 30
    )
    # The side (1, 2) has 60, the defenders 30 with a trick: one more point wins.
    assert not settled_for(view(seat=0, partner=2, tricks=three))
    assert settled_for(view(seat=1, partner=2, buried=("KD", "9D"), tricks=three))


def test_a_leaster_or_a_hand_before_play_is_never_decided():
    assert not settled_for(view(contract="leaster", tricks=TRICKS))
    assert not settled_for(view(phase="call"))


def test_the_status_line_of_each_deciding_phase_says_whose_turn_and_what_is_asked():
    seats = [
        SimpleNamespace(name=name, is_human=seat == 0)
        for seat, name in enumerate(("You", "Ann", "Ben", "Cleo", "Dan"))
    ]
    for phase, yours, earlier, theirs in [
        ("picking", "Your turn: pick up the blind or pass", "You are deciding whether to pick",
         "Ben is deciding whether to pick"),
        ("bury", "Your turn: choose two cards to bury", "You are burying two cards",
         "Ben is burying two cards"),
        ("call", "Your turn: call a partner or play alone", "You are calling a partner",
         "Ben is calling a partner"),
        ("unknown", "Your turn: choose the card to set aside as the unknown",
         "You are setting a card aside", "Ben is setting a card aside"),
    ]:  # fmt: skip
        assert _status(SimpleNamespace(seat=0, turn=0, phase=phase), seats, live=True) == yours
        assert _status(SimpleNamespace(seat=0, turn=2, phase=phase), seats, live=True) == theirs
        # Stepping through the past, it is never "your turn", and never "You is".
        past = SimpleNamespace(seat=0, turn=0, phase=phase)
        assert _status(past, seats, live=False) == earlier
