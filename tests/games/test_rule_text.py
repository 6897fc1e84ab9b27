"""Every rule the engine can name has a sentence for the page, in the reader's language."""

import pytest
from django.utils import translation

from games.rule_text import SENTENCES, rule_text
from rules_engine.messages import ENGLISH, SCHAFKOPF_ENGLISH, Rule

SAMPLE_VALUES = {
    "seat": 2, "turn": 1, "phase": "bury", "kind": "play", "kinds": ["pass", "pick"],
    "cards": ["AS", "7H"], "card": "QC", "buried": True, "options": ["AC", "AH"],
    "suit": 2, "ace": True, "called_rank": "ace", "ten": False, "game": "wenz tout",
    "standing": "solo (hearts)",
}  # fmt: skip
#: Every rule either game's engine names, with the values its sample needs.
MESSAGES = {**ENGLISH, **SCHAFKOPF_ENGLISH}
SAMPLE_OVERRIDES = {"sk_wrong_kind": {"phase": "declaring"}}


def sample(rule_id: str) -> Rule:
    return Rule(rule_id, **(SAMPLE_VALUES | SAMPLE_OVERRIDES.get(rule_id, {})))


def test_every_engine_rule_has_a_page_sentence():
    assert set(SENTENCES) == set(MESSAGES)


@pytest.mark.parametrize("rule_id", sorted(MESSAGES))
def test_each_sentence_names_its_cards_and_ends_with_a_full_stop(rule_id):
    with translation.override("en"):
        text = rule_text(sample(rule_id))
    assert text[:1].isupper() and text.endswith(".")
    assert "%(" not in text
    if "QC" in str(sample(rule_id)):
        assert "queen of clubs" in text


def test_a_schafkopf_rule_asks_for_what_its_phase_wants():
    assert rule_text(Rule("sk_wrong_kind", seat=0, phase="bidding", kind="play")) == (
        "Now you must bid or pass."
    )


def test_trump_is_said_the_way_players_say_it():
    assert rule_text(Rule("must_follow", suit=4)) == "You have a trump, so you must play trump."
    assert rule_text(Rule("must_follow", suit=0)) == "You have clubs, so you must follow clubs."
    assert rule_text(None) == ""


def test_at_a_german_table_the_rules_name_german_cards_and_suits():
    german = rule_text(Rule("not_held", card="QC"), german=True)
    assert german == "You don't hold the Eichel-Ober."
    assert rule_text(Rule("must_follow", suit=1), german=True) == (
        "You have Gras, so you must follow Gras."
    )
    called = rule_text(Rule("sk_call_not_callable", card="QS"), german=True)
    assert "Eichel, Gras or Schellen" in called and "Gras-Ober" in called
    assert rule_text(Rule("not_held", card="QC")) == "You don't hold the queen of clubs."
