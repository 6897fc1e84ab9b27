"""Each rule of Schafkopf (docs/rules.md §3) on hand-built deals, both ways:
what the rule allows is offered and applies, what it forbids is refused with
a message naming the rule, and the state is left as it was."""

from __future__ import annotations

import pytest
from schafkopf_scripts import ACES_DEAL, RUF_DEAL, RUN_DEAL, act, deal, legal, run

from rules_engine import IllegalAction
from rules_engine.cards import parse_card
from rules_engine.errors import InvalidRecord

RUF_AS = "0:bid 1:pass 2:pass 3:pass 0:ruf:AS"


def refuses(state, seat_word: str, message: str) -> None:
    """``seat_word`` is not offered, and applying it raises IllegalAction matching ``message``."""
    seat, word = seat_word.split(":", 1)
    action = act(word)
    assert int(seat) != state.turn or action not in state.legal_actions()
    before = state.actions
    with pytest.raises(IllegalAction, match=message):
        run(state, seat_word)
    assert state.actions == before


class TestDealing:
    def test_the_long_deck_deals_eight_cards_to_each_of_four_seats(self):
        hand = deal(*RUF_DEAL)
        assert [h.bit_count() for h in hand.hands] == [8, 8, 8, 8]

    def test_the_short_deck_deals_six_each_without_sevens_and_eights(self):
        from rules_engine import SchafkopfHand
        from rules_engine.cards import CODES, cards_of

        hand = SchafkopfHand.from_seed(b"short", dealer=0, options={"short_deck": True})
        assert [h.bit_count() for h in hand.hands] == [6, 6, 6, 6]
        dealt = [CODES[c] for h in hand.hands for c in cards_of(h)]
        assert not [c for c in dealt if c[0] in "78"]

    def test_a_seven_is_refused_in_a_short_deck_deal(self):
        with pytest.raises(ValueError, match="only cards of the deck"):
            deal("7C 9C TC JC QC KC", "AC 9S TS JS QS KS", "AS 9H TH JH QH KH", "AH 9D TD JD QD KD",
                 short_deck=True)  # fmt: skip

    @pytest.mark.parametrize(
        ("options", "named"),
        [
            ({"doubler": True}, "options.doubler"),
            ({"all_pass": "skip"}, "options.all_pass"),
            ({"tariff_solo": -5}, "options.tariff_solo"),
            ({"jungfrau": 1}, "options.jungfrau"),
            ({"short_deck": "yes"}, "options.short_deck"),
            ({"tariff_ramsch": True}, "options.tariff_ramsch"),
        ],
    )
    def test_an_unknown_option_or_a_bad_value_is_an_error_naming_it(self, options, named):
        with pytest.raises(InvalidRecord) as error:
            deal(*RUF_DEAL, **options)
        assert error.value.field == named

    @pytest.mark.parametrize(
        "good, bad",
        [
            ({"jungfrau": False}, {"jungfrau": 0}),
            ({"tariff_ramsch": 1}, {"tariff_ramsch": True}),
            ({"short_deck": False, "tariff_solo": 40}, {"tariff_solo": 40, "short_deck": 0}),
        ],
    )
    def test_options_checked_before_never_pass_an_equal_value_of_another_type(self, good, bad):
        """Checked options are remembered; 0 equals False in Python, not here."""
        for _ in range(2):
            deal(*RUF_DEAL, **good)
        with pytest.raises(InvalidRecord):
            deal(*RUF_DEAL, **bad)

    def test_checked_options_given_back_are_not_checked_again_and_others_are(self, monkeypatch):
        """Options checked once may be handed back for each hand; any other mapping is checked."""
        from types import MappingProxyType

        from rules_engine import SchafkopfHand, options

        # As in a fresh process: the table of checked options has room.
        monkeypatch.setattr(options, "_CHECKED", {})
        monkeypatch.setattr(options, "_ISSUED", dict(options._ISSUED))
        checked = options.schafkopf_options({"short_deck": True, "tariff_solo": 40})
        assert options.schafkopf_options(checked) is checked
        hand = SchafkopfHand.from_seed(b"checked", dealer=0, options=checked)
        assert hand.options == dict(checked)
        assert [h.bit_count() for h in hand.hands] == [6, 6, 6, 6]
        with pytest.raises(InvalidRecord) as error:
            SchafkopfHand.from_seed(b"x", 0, MappingProxyType({**checked, "tariff_solo": -1}))
        assert error.value.field == "options.tariff_solo"
        assert options.schafkopf_options(MappingProxyType({"jungfrau": True}))["jungfrau"] is True


class TestBidding:
    def test_bidding_starts_at_the_dealers_left_with_bid_or_pass(self):
        hand = deal(*RUF_DEAL, dealer=1)
        assert hand.turn == 2
        assert legal(hand) == ["bid", "pass"]

    def test_bidding_out_of_turn_is_refused(self):
        refuses(deal(*RUF_DEAL), "1:bid", "seat 0's turn")

    def test_the_first_bidder_must_declare(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass")
        assert "pass" not in legal(hand)
        refuses(hand, "0:pass", "first bidder must declare")

    def test_bidders_declare_in_bidding_order(self):
        hand = run(deal(*RUF_DEAL), "0:pass 1:bid 2:pass 3:bid")
        assert hand.turn == 1 and hand.phase_name == "declaring"
        assert run(hand, "1:wenz").turn == 3

    def test_a_later_bidder_may_outrank_and_then_plays(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:bid 2:pass 3:pass 0:ruf:AS 1:solo:C")
        assert (hand.declarer, hand.contract.kind.game.value, hand.turn) == (1, "solo", 0)

    def test_a_later_bidder_may_not_declare_an_equal_or_lower_game(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:bid 2:pass 3:pass 0:wenz")
        refuses(hand, "1:geier", "outranks a wenz")
        refuses(hand, "1:ruf:AC", "outranks a wenz")
        assert "declare geier tout" in legal(hand) and "pass" in legal(hand)

    def test_equal_games_go_to_the_earlier_bidder(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:bid 2:pass 3:pass 0:geier:tout 1:pass")
        assert hand.declarer == 0 and hand.contract.kind.tout

    def test_nothing_outranks_a_solo_tout(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:bid 2:pass 3:pass 0:solo:H:tout")
        assert legal(hand) == ["pass"]


class TestRufspielCalls:
    def test_each_ace_of_a_suit_held_without_it_may_be_called(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass")
        calls = [a for a in legal(hand) if a.startswith("declare rufspiel")]
        assert calls == ["declare rufspiel AC", "declare rufspiel AD", "declare rufspiel AS"]
        assert run(hand, "0:ruf:AS").partner == 2

    def test_herz_is_never_called(self):
        hand = run(deal(*RUF_DEAL, dealer=2), "3:bid 0:pass 1:pass 2:pass")
        refuses(hand, "3:ruf:AH", "hearts .Herz. is never called")

    def test_an_ace_held_may_not_be_called(self):
        refuses(run(deal(*RUF_DEAL, dealer=2), "3:bid 0:pass 1:pass 2:pass"), "3:ruf:AC", "hold it")

    def test_a_suit_without_a_card_of_it_may_not_be_called(self):
        hand = run(deal(*ACES_DEAL, dealer=1), "2:bid 3:pass 0:pass 1:pass")  # seat 2: no clubs
        assert "declare rufspiel AS" in legal(hand) and "declare rufspiel AD" in legal(hand)
        refuses(hand, "2:ruf:AC", "need a card of clubs")

    def test_holding_all_three_aces_a_ten_not_held_is_called_instead(self):
        hand = run(deal(*ACES_DEAL), "0:bid 1:pass 2:pass 3:pass")
        calls = [a for a in legal(hand) if a.startswith("declare rufspiel")]
        assert calls == ["declare rufspiel TD", "declare rufspiel TS"]
        refuses(hand, "0:ruf:TC", "hold it")
        assert run(hand, "0:ruf:TS").partner == 2

    def test_a_ten_may_not_be_called_without_all_three_aces(self):
        refuses(
            run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass"), "0:ruf:TS", "a ten may be called"
        )


class TestCalledCard:
    def test_the_partner_must_play_the_called_ace_when_its_suit_is_first_led(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:pass 1:8H 2:9H 3:7H 0:QS 1:JH 2:KH 3:JD",
                   "0:7S 1:KS")  # fmt: skip
        assert legal(hand) == ["play AS"]
        refuses(hand, "2:TS", "must play the called ace")

    def test_the_partner_may_not_throw_the_called_ace_off_on_another_suit(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:9D 2:pass 3:pass 1:8D 2:7D 3:AD 3:TD 0:9C 1:KC")
        assert "play AS" not in legal(hand) and "play TS" in legal(hand)
        refuses(hand, "2:AS", "keeps the called ace")

    def test_the_partner_leads_the_called_suit_only_with_the_ace(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:AH 2:pass 3:pass 1:8H 2:QH 3:7H")
        assert hand.turn == 2
        assert "play AS" in legal(hand) and "play TS" not in legal(hand)
        refuses(hand, "2:TS", "lead spades only with the called ace")

    def test_once_the_called_suit_is_led_the_ace_is_free(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:7S 2:pass 3:pass 1:KS 2:AS 3:8S")
        assert hand.contract.called_pending is False

    def test_the_declarer_keeps_no_card_of_the_called_suit(self):
        # 7S is the declarer's only spade; void in diamonds, it may throw 7S off
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:9D 2:pass 3:pass 1:8D 2:7D 3:AD 3:KD")
        assert "play 7S" in legal(hand)
        assert run(hand, "0:7S").trick == (*hand.trick, parse_card("7S"))


class TestRunningAway:
    def test_the_partner_with_four_of_the_called_suit_may_lead_another_card_of_it(self):
        hand = run(deal(*RUN_DEAL), "0:pass 1:bid 2:pass 3:pass 1:ruf:AS")
        assert {"play 9S", "play KS", "play 8S", "play AS"} <= set(legal(hand))
        after = run(hand, "0:9S 2:pass 3:pass 1:7S 2:TS 3:KC")
        assert after.contract.called_pending is False

    def test_the_partner_with_three_may_lead_the_suit_only_with_the_ace(self):
        three = ("AS KS 9S 9C QD JD 7C 8D", "QC QS JC AH TH 7S AD TD",
                 "QH JS 9H TS AC TC 9D 7D", "JH KH 8H 7H KC 8S 8C KD")  # fmt: skip
        hand = run(deal(*three), "0:pass 1:bid 2:pass 3:pass 1:ruf:AS")
        assert "play AS" in legal(hand) and "play KS" not in legal(hand)
        refuses(hand, "0:9S", "lead spades only with the called ace")

    def test_in_the_short_deck_three_cards_are_enough_to_run_away(self):
        short = ("AS TS KS QC JD 9C", "9S QS QH JC AC TC", "QD JS AH TH KC AD", "JH KH 9H TD KD 9D")
        hand = run(deal(*short, short_deck=True), "0:pass 1:bid 2:pass 3:pass 1:ruf:AS")
        assert {"play TS", "play KS"} <= set(legal(hand))


class TestGames:
    WENZ_DEAL = ("KS QS 9S QH 8H 7C 8D 7D", "JH AD TD KD 8S 7S QC 7H",
                 "JC JS AC TC KC AS TS 9H", "JD AH TH KH 9C 8C QD 9D")  # fmt: skip

    def test_in_a_wenz_only_the_unter_are_trump_and_an_ober_follows_its_suit(self):
        hand = run(deal(*self.WENZ_DEAL, dealer=0), "1:pass 2:bid 3:pass 0:pass 2:wenz")
        hand = run(hand, "1:AD 3:pass 0:pass 2:9H 3:QD 0:8D")
        assert hand.contract.kind.ranking.is_trump(parse_card("JD"))
        assert not hand.contract.kind.ranking.is_trump(parse_card("QC"))
        # JC leads trump: seat 1 must follow with JH, its Ober QC is no trump
        hand = run(hand, "1:TD 2:TS 3:9D 0:7D 1:KD 2:JS 3:JD 0:7C 2:JC 3:KH 0:9S")
        assert legal(hand) == ["play JH"]
        refuses(hand, "1:QC", "must follow trump")

    def test_in_a_wenz_the_ober_ranks_between_king_and_nine(self):
        ranking = run(deal(*self.WENZ_DEAL, dealer=0), "1:pass 2:bid 3:pass 0:pass 2:wenz")
        ranking = ranking.contract.kind.ranking
        trick = [parse_card(c) for c in ("9S", "QS", "KS")]
        assert ranking.trick_winner(trick) == 2
        assert ranking.trick_winner(trick[:2]) == 1

    def test_in_a_geier_only_the_ober_are_trump_and_an_unter_follows_its_suit(self):
        hand = run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass 0:geier")
        ranking = hand.contract.kind.ranking
        assert [ranking.is_trump(parse_card(c)) for c in ("QD", "JC", "AH")] == [True, False, False]
        assert ranking.trick_winner([parse_card(c) for c in ("KC", "JC", "AC")]) == 2
        assert ranking.trick_winner([parse_card(c) for c in ("9C", "JC")]) == 1

    @pytest.mark.parametrize("suit", "CSHD")
    def test_a_farbsolo_makes_its_suit_trump_below_ober_and_unter(self, suit):
        hand = run(deal(*RUF_DEAL), f"0:bid 1:pass 2:pass 3:pass 0:solo:{suit}")
        ranking = hand.contract.kind.ranking
        assert ranking.is_trump(parse_card("7" + suit))
        assert all(ranking.is_trump(parse_card("7" + s)) == (s == suit) for s in "CSHD")
        assert ranking.trick_winner([parse_card("A" + suit), parse_card("JD")]) == 1


class TestKontra:
    GEIER = "2:pass 3:bid 0:pass 1:pass 3:geier"
    GEIER_DEAL = ("QS TS KS JS AD TD 8C 7H", "JC 7C 9S 8S 9H 8H KD JD",
                  "QC AH TH KH JH 9C 8D 9D", "QH QD AC TC KC AS 7S 7D")  # fmt: skip

    def test_the_leader_of_trick_one_may_say_kontra_before_playing_and_keeps_the_turn(self):
        hand = run(deal(*self.GEIER_DEAL, dealer=1), self.GEIER)
        assert "kontra" in legal(hand)
        hand = run(hand, "2:kontra")
        assert (hand.phase_name, hand.turn, legal(hand)) == ("re", 3, ["pass", "re"])
        hand = run(hand, "3:pass")
        assert hand.turn == 2 and "kontra" not in legal(hand)

    def test_the_declarer_may_not_say_kontra(self):
        hand = run(deal(*RUF_DEAL), RUF_AS)
        assert "kontra" not in legal(hand)
        refuses(hand, "0:kontra", "kontra is said only")

    def test_third_and_fourth_hands_decide_after_the_first_card_then_second_hand_plays(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:QC")
        assert (hand.phase_name, hand.turn, legal(hand)) == ("kontra", 2, ["kontra", "pass"])
        hand = run(hand, "2:pass")
        assert (hand.turn, legal(hand)) == (3, ["kontra", "pass"])
        hand = run(hand, "3:pass")
        assert hand.turn == 1 and "kontra" in legal(hand)
        hand = run(hand, "1:8H")
        assert "kontra" not in legal(hand)
        refuses(hand, "2:kontra", "kontra is said only")

    def test_the_kontra_turns_skip_the_declarer(self):
        wenz = ("JD QC 9C AH TH KH AD TD", "8C KS QS 9S QH 9H KD QD",
                "7C 8S 7S 8H 7H 9D 8D 7D", "JC JS JH AC TC KC AS TS")  # fmt: skip
        hand = run(deal(*wenz), "0:pass 1:pass 2:pass 3:bid 3:wenz:tout 0:JD 2:pass")
        assert hand.phase_name == "play" and hand.turn == 1

    def test_in_a_rufspiel_the_re_round_asks_the_three_others_from_the_kontras_left(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:kontra")
        asked = []
        for seat in (0, 1, 2):
            assert hand.turn == seat
            asked.append(legal(hand))
            hand = run(hand, f"{seat}:pass")
        assert asked == [["pass", "re"], ["pass"], ["pass", "re"]]
        assert hand.turn == 1 and hand.phase_name == "play"

    def test_the_re_round_ends_at_the_first_re_and_both_double(self):
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:pass 1:kontra 2:re")
        assert (hand.turn, hand.phase_name) == (1, "play")
        assert (hand.contract.kontra, hand.contract.re) == (1, 2)

    def test_re_needs_a_kontra_and_the_declaring_side(self):
        refuses(run(deal(*RUF_DEAL), RUF_AS, "0:QC"), "2:re", "re is said only")
        hand = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:kontra 0:pass")
        refuses(hand, "1:re", "re is said only")

    def test_a_kontra_and_re_in_one_hand_leave_another_hand_of_the_same_game_undoubled(self):
        """Contracts are shared between hands of the same game, declarer and partner."""
        doubled = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:pass 1:kontra 2:re")
        plain = run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:pass 1:8H")
        assert (doubled.contract.kontra, doubled.contract.re) == (1, 2)
        assert (plain.contract.kontra, plain.contract.re) == (-1, -1)
        assert run(deal(*RUF_DEAL), RUF_AS).contract.kontra_open
        led = run(deal(*RUF_DEAL), RUF_AS, "0:7S 2:pass 3:pass 1:KS 2:AS 3:8S")
        assert led.contract.called_pending is False
        assert run(deal(*RUF_DEAL), RUF_AS, "0:QC 2:pass 3:pass 1:8H").contract.called_pending

    def test_there_is_no_kontra_in_a_ramsch(self):
        hand = run(deal(*RUF_DEAL), "0:pass 1:pass 2:pass 3:pass")
        assert hand.contract.kind.game.value == "ramsch" and "kontra" not in legal(hand)
        hand = run(hand, "0:QC")
        assert hand.phase_name == "play" and hand.turn == 1 and "kontra" not in legal(hand)


class TestAllPass:
    def test_all_pass_plays_a_ramsch_by_default(self):
        hand = run(deal(*RUF_DEAL), "0:pass 1:pass 2:pass 3:pass")
        assert hand.phase_name == "play" and hand.declarer == -1

    def test_with_redeal_all_pass_ends_the_hand_at_zero(self):
        hand = run(deal(*RUF_DEAL, all_pass="redeal"), "0:pass 1:pass 2:pass 3:pass")
        assert hand.is_over and hand.legal_actions() == ()
        assert hand.result().to_json()["scores"] == [0, 0, 0, 0]
        with pytest.raises(IllegalAction, match="hand is over"):
            run(hand, "0:QC")
