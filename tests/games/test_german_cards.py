"""German-suited cards: their names, and the SVG the site draws for them."""

from __future__ import annotations

import doctest

import pytest

from games import german_cards
from games.german_cards import GERMAN_RANK_LABELS, german_card_name
from rules_engine.cards import CODES


class TestNames:
    def test_every_card_has_its_own_german_name(self):
        names = {german_card_name(code) for code in CODES}
        assert len(names) == 32

    @pytest.mark.parametrize(
        ("code", "name"),
        [("QC", "Eichel-Ober"), ("AS", "Gras-Sau"), ("TD", "Schellen-Zehn"), ("7H", "Herz-Sieben")],
    )
    def test_a_card_is_named_suit_then_rank(self, code, name):
        assert german_card_name(code) == name

    @pytest.mark.parametrize("code", ["QX", "1C", "qc", "", "QCX", None])
    def test_a_bad_code_is_refused(self, code):
        with pytest.raises(ValueError, match="is not a card"):
            german_card_name(code)

    def test_every_rank_has_a_corner_label(self):
        assert {code[0] for code in CODES} == set(GERMAN_RANK_LABELS)
        assert GERMAN_RANK_LABELS["Q"] == "O" and GERMAN_RANK_LABELS["J"] == "U"

    def test_the_module_examples_hold(self):
        result = doctest.testmod(german_cards)
        assert result.attempted and not result.failed
