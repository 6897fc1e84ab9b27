"""Schafkopf's scoring (docs/rules.md §3): Laufende, Ramsch and the game value."""

from __future__ import annotations

import pytest
from schafkopf_scripts import RUF_DEAL, deal, run

from rules_engine.cards import codes_to_mask
from rules_engine.contracts import RANKINGS, Game, laufende
from rules_engine.schafkopf_result import ramsch_scores
from rules_engine.variant import SCHAFKOPF_LONG, SCHAFKOPF_SHORT

RUFSPIEL = RANKINGS[Game.RUFSPIEL, -1]
WENZ = RANKINGS[Game.WENZ, -1]


class TestLaufende:
    def test_the_run_of_top_trumps_the_side_holds(self):
        side = codes_to_mask(["QC", "QS", "QH", "JC", "AH"])
        assert laufende(RUFSPIEL, SCHAFKOPF_LONG.deck, side) == 3

    def test_the_run_the_side_lacks_counts_too(self):
        side = codes_to_mask(["JC", "JS", "AH"])
        assert laufende(RUFSPIEL, SCHAFKOPF_LONG.deck, side) == 4

    def test_the_short_deck_skips_its_missing_cards(self):
        every_trump_but_the_herz_seven_and_eight = codes_to_mask(
            "QC QS QH QD JC JS JH JD AH TH KH 9H".split()
        )
        assert (
            laufende(RUFSPIEL, SCHAFKOPF_SHORT.deck, every_trump_but_the_herz_seven_and_eight) == 12
        )
        assert (
            laufende(RUFSPIEL, SCHAFKOPF_LONG.deck, every_trump_but_the_herz_seven_and_eight) == 12
        )

    def test_a_wenz_counts_from_the_eichel_unter(self):
        assert laufende(WENZ, SCHAFKOPF_LONG.deck, codes_to_mask(["JC", "JS", "QC"])) == 2


class TestRamsch:
    def test_the_most_points_pay_each_other_player(self):
        assert ramsch_scores([62, 39, 19, 0], [5, 2, 1, 0], 10, False) == (-30, 10, 10, 10)

    def test_tied_losers_pay_the_others_but_not_each_other(self):
        assert ramsch_scores([60, 60, 0, 0], [4, 3, 1, 0], 10, False) == (-20, -20, 20, 20)

    def test_jungfrau_doubles_what_a_player_without_a_trick_receives(self):
        assert ramsch_scores([60, 60, 0, 0], [4, 3, 1, 0], 10, True) == (-30, -30, 20, 40)

    @pytest.mark.parametrize("jungfrau", [False, True])
    def test_a_durchmarsch_receives_from_everyone_never_doubled(self, jungfrau):
        assert ramsch_scores([0, 120, 0, 0], [0, 8, 0, 0], 25, jungfrau) == (-25, 75, -25, -25)


def play_out(hand):
    """Play the hand to the end taking the first legal action each time."""
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[0])
    return hand


class TestGameValue:
    @pytest.mark.parametrize(
        ("script", "base"),
        [("0:ruf:AS", "tariff_rufspiel"), ("0:wenz", "tariff_solo"), ("0:solo:C", "tariff_solo")],
    )
    def test_the_value_follows_the_tariff_options(self, script, base):
        plain = play_out(run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass", script)).result()
        dearer = play_out(
            run(deal(*RUF_DEAL, **{base: 1000}), "0:bid 1:pass 2:pass 3:pass", script)
        ).result()
        assert abs(dearer.scores[0]) > abs(plain.scores[0])
        assert (dearer.scores[0] > 0) == (plain.scores[0] > 0)

    def test_a_solo_declarer_settles_with_each_of_the_three(self):
        result = play_out(run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass 0:solo:C")).result()
        assert result.scores[0] == -3 * result.scores[1]
        assert result.scores[1] == result.scores[2] == result.scores[3]

    def test_a_tout_lost_by_one_trick_pays_double_without_schneider_bonus(self):
        result = play_out(run(deal(*RUF_DEAL), "0:bid 1:pass 2:pass 3:pass 0:solo:C:tout")).result()
        assert result.tricks[0] < 8 and result.points[0] >= 61  # lost though it won the points
        value = (50 + 10 * result.laufende) * 2 * (2 if result.kontra else 1)
        assert result.scores[0] == -3 * value
