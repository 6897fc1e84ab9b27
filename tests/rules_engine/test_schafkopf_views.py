"""What one seat may see of a Schafkopf hand (docs/rules.md §4): bids, declarations,
Kontra and Re are seen by all; the partner only once the called card is played."""

from __future__ import annotations

from schafkopf_scripts import RUF_DEAL, deal, run

RUF_AS = "0:bid 1:pass 2:pass 3:pass 0:ruf:AS"


def test_a_seat_sees_its_own_cards_and_no_others():
    hand = deal(*RUF_DEAL)
    view = hand.view(1)
    assert set(view.hand) == set(RUF_DEAL[1].split())
    assert view.hands is None
    assert set(view.to_json()) >= {"hand", "legal", "actions", "partner"}


def test_bids_declarations_and_kontra_are_seen_by_all():
    hand = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:kontra")
    for seat in range(4):
        view = hand.view(seat)
        assert [a.kind for _s, a in view.actions][:5] == ["bid", "pass", "pass", "pass", "declare"]
        assert (view.contract, view.declarer, view.called, view.kontra) == ("rufspiel", 0, "AS", 3)


def test_the_partner_is_hidden_from_the_others_until_the_called_ace_is_played():
    hand = run(deal(*RUF_DEAL), RUF_AS, "0:7S 2:pass 3:pass 1:KS")
    assert [hand.view(s).partner for s in range(4)] == [None, None, 2, None]
    hand = run(hand, "2:AS")
    assert [hand.view(s).partner for s in range(4)] == [2, 2, 2, 2]


def test_once_over_every_hand_is_shown():
    hand = run(deal(*RUF_DEAL, all_pass="redeal"), "0:pass 1:pass 2:pass 3:pass")
    view = hand.view(3)
    assert view.phase == "over" and view.hands is not None
    assert [set(h) for h in view.hands] == [set(h.split()) for h in RUF_DEAL]


def test_every_seat_sees_the_tables_rule_options():
    hand = deal(*RUF_DEAL, tariff_solo=100, all_pass="redeal")
    for seat in range(4):
        view = hand.view(seat)
        assert view.options["tariff_solo"] == 100 and view.options["all_pass"] == "redeal"
        assert view.to_json()["options"]["tariff_rufspiel"] == 10
