"""Every rule the engine can name has a sentence for the page, in the reader's language."""

import pytest
from django.utils import translation

from games.rule_text import SENTENCES, rule_text
from rules_engine.messages import ENGLISH, Rule

SAMPLE_VALUES = {
    "seat": 2, "turn": 1, "phase": "bury", "kind": "play", "kinds": ["pass", "pick"],
    "cards": ["AS", "7H"], "card": "QC", "buried": True, "options": ["AC", "AH"],
    "suit": 2, "ace": True, "called_rank": "ace",
}  # fmt: skip


def test_every_engine_rule_has_a_page_sentence():
    assert set(SENTENCES) == set(ENGLISH)


@pytest.mark.parametrize("rule_id", sorted(ENGLISH))
def test_each_sentence_names_its_cards_and_ends_with_a_full_stop(rule_id):
    with translation.override("en"):
        text = rule_text(Rule(rule_id, **SAMPLE_VALUES))
    assert text[:1].isupper() and text.endswith(".")
    assert "%(" not in text
    if "card" in ENGLISH[rule_id]({**SAMPLE_VALUES}) and "QC" in str(
        Rule(rule_id, **SAMPLE_VALUES)
    ):
        assert "queen of clubs" in text


def test_trump_is_said_the_way_players_say_it():
    assert rule_text(Rule("must_follow", suit=4)) == "You have a trump, so you must play trump."
    assert rule_text(Rule("must_follow", suit=0)) == "You have clubs, so you must follow clubs."
    assert rule_text(None) == ""
