"""Every lesson file: the format, every position legal, every answer the engine's own.

The checks here recompute each answer from the rules engine independently of
tutorials.exercises (which draws and judges them on the page), then make
sure the page's judge accepts the right answer. That it refuses every wrong
one, for every kind, is test_exercises_wrong_answers.py.
"""

from __future__ import annotations

import json
import re

import pytest
import schafkopf_answers as sk
from django.http import QueryDict

from rules_engine import IllegalAction
from rules_engine.actions import ALONE, PASS, PICK, bury, call, play
from rules_engine.cards import CARD_POINTS, CODES, mask_points, parse_card
from rules_engine.players.strategy import strong_enough_to_pick
from rules_engine.ranking import SHEEPSHEAD
from rules_engine.records import parse_record
from tutorials import exercises, schafkopf_exercises
from tutorials.course import (
    COURSE_FOLDERS,
    KINDS,
    LESSONS_DIR,
    SCHAFKOPF_COURSE,
    SCHAFKOPF_KINDS,
    STORED_ANSWER_KINDS,
    LessonDataError,
    course,
    load_lesson,
)
from tutorials.schafkopf_kinds import declaration

COURSE = course()
SCHAFKOPF = course(SCHAFKOPF_COURSE)
EXERCISES = [ex for name in COURSE_FOLDERS for lesson in course(name) for ex in lesson.exercises]
#: The issue's ten lessons, in order.
SLUGS = [
    "cards", "trump", "tricks", "picking", "calling",
    "scoring", "leaster", "strategy", "history", "schafkopf",
]  # fmt: skip
#: Kinds judged on a position of the engine (the reading lessons may do without).
POSITION_KINDS = {k for k in KINDS if k != "choice"}
#: The Schafkopf course's topics (the issue's list), one lesson each, in order.
SCHAFKOPF_SLUGS = [
    "deck", "trumps", "bidding", "rufspiel", "solo-games", "kontra-and-tariff", "ramsch",
    "strategy",
]  # fmt: skip


def ids(ex):
    return f"{ex.lesson}/{ex.id}"


def post(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        if isinstance(value, list | tuple):
            data.setlist(name, list(value))
        else:
            data[name] = value
    return data


# -- the format -------------------------------------------------------------------------


def test_the_course_has_the_ten_lessons_of_the_issue_in_order():
    assert [lesson.slug for lesson in COURSE] == SLUGS
    assert [lesson.number for lesson in COURSE] == list(range(1, 11))


def test_every_lesson_has_a_title_text_and_exercises():
    for lesson in COURSE + SCHAFKOPF:
        assert lesson.title.strip()
        assert lesson.summary.strip()
        assert sum(len(s.paragraphs) for s in lesson.sections) >= 2
        assert lesson.exercises


def test_the_schafkopf_course_has_a_lesson_for_each_topic_of_the_issue():
    assert [lesson.slug for lesson in SCHAFKOPF] == SCHAFKOPF_SLUGS
    assert {lesson.key for lesson in SCHAFKOPF} == {f"schafkopf/{s}" for s in SCHAFKOPF_SLUGS}


def test_lessons_one_to_eight_have_exercises_on_real_positions():
    for lesson in COURSE[:8]:
        on_positions = [ex for ex in lesson.exercises if ex.kind in POSITION_KINDS]
        assert len(on_positions) >= 2, lesson.slug
    for lesson in SCHAFKOPF:
        assert any(ex.kind in POSITION_KINDS for ex in lesson.exercises), lesson.slug


def test_the_exercises_cover_every_kind_the_issue_lists():
    kinds = {ex.kind for ex in EXERCISES}
    # which wins, which may you play, count, who pays, bury, play, pick
    assert {"winner", "legal", "points", "scores", "bury", "play", "pick"} <= kinds
    assert set(KINDS) <= kinds


def test_exercise_ids_are_unique_within_each_lesson():
    for lesson in COURSE:
        assert len(set(lesson.exercise_ids)) == len(lesson.exercise_ids)


def test_every_file_is_read_by_the_strict_loader():
    files = sorted(LESSONS_DIR.glob("*.json"))
    assert len(files) == len(COURSE)
    for path in files:
        assert load_lesson(path).slug == path.stem.split("-", 1)[1]


def test_the_loader_names_the_file_and_field_of_a_mistake(tmp_path):
    good = json.loads((LESSONS_DIR / "03-tricks.json").read_text())
    bad = dict(good, sections=[dict(good["sections"][1])])
    bad["sections"][0]["exercises"] = [dict(bad["sections"][0]["exercises"][0], kind="guess")]
    path = tmp_path / "03-tricks.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(LessonDataError, match=r"03-tricks.json: sections\[0\].exercises\[0\].kind"):
        load_lesson(path)


def test_no_lesson_may_take_the_address_of_the_rules_page(tmp_path):
    good = json.loads((LESSONS_DIR / "03-tricks.json").read_text())
    path = tmp_path / "11-rules.json"
    path.write_text(json.dumps(dict(good, slug="rules")))
    with pytest.raises(LessonDataError, match=r"11-rules.json: /learn/rules/ is another page"):
        load_lesson(path)


def test_the_loader_refuses_a_position_with_an_illegal_action(tmp_path):
    good = json.loads((LESSONS_DIR / "03-tricks.json").read_text())
    ex = good["sections"][1]["exercises"][1]  # Ann leads a club, Ben follows
    ex["record"]["actions"][-1]["card"] = next(
        c for c in ex["record"]["deal"]["hands"][1] if c[1] != "C" and c[0] not in "QJ"
    )
    path = tmp_path / "03-tricks.json"
    path.write_text(json.dumps(good))
    with pytest.raises(LessonDataError, match="illegal action"):
        load_lesson(path)


# -- positions ---------------------------------------------------------------------------


@pytest.mark.parametrize("ex", [e for e in EXERCISES if "record" in e.spec], ids=ids)
def test_every_position_replays_without_an_illegal_action(ex):
    try:
        state = parse_record(ex.spec["record"]).replay()
    except IllegalAction as error:  # pragma: no cover - the message is the point
        pytest.fail(f"{ids(ex)}: {error}")
    assert state.actions == ex.state.actions


@pytest.mark.parametrize("ex", EXERCISES, ids=ids)
def test_every_stored_answer_or_engine_answer_is_consistent(ex):
    CHECKS[ex.kind](ex)


def check_winner(ex):
    leader, cards, winner = ex.state.tricks[ex.spec.get("trick", -1)]
    codes = [CODES[c] for c in cards]
    engine_card = codes[(winner - leader) % 5]
    assert codes[SHEEPSHEAD.trick_winner(list(cards))] == engine_card
    # The page's explanation agrees with the engine for every card of the trick.
    for code in codes:
        wins, why = exercises.explain_trick(codes, code, SHEEPSHEAD, exercises.SHEEPSHEAD_WORDS)
        assert wins == (code == engine_card), (code, why)
    assert exercises.judge(ex, exercises.Answer(), post(card=engine_card)).correct
    wrong = next(c for c in codes if c != engine_card)
    assert not exercises.judge(ex, exercises.Answer(), post(card=wrong)).correct


def check_legal(ex):
    state = ex.state
    hand = [CODES[c] for c in range(32) if state.hand(ex.seat) >> c & 1]
    legal = sorted(a.card for a in state.legal_actions())
    assert legal and all(state.explain(play(c)) is None for c in legal)
    assert all(state.explain(play(c)) for c in hand if c not in legal)
    right = exercises.Answer(selected=tuple(legal), checking=True)
    assert exercises.judge(ex, right, post()).correct
    if set(legal) != set(hand):
        everything = exercises.Answer(selected=tuple(hand), checking=True)
        assert not exercises.judge(ex, everything, post()).correct


def check_play(ex):
    for code in ex.spec["answer"]:
        assert ex.state.explain(play(code)) is None, f"{code} is not legal here"
        assert exercises.judge(ex, exercises.Answer(), post(card=code)).correct
    hand = ex.state.view(ex.seat).hand
    assert len(hand) > len(ex.spec["answer"]), "a question with one possible answer"
    assert set(ex.spec.get("feedback", {})) <= set(hand)


def check_trumps(ex):
    hand = ex.state.view(ex.seat).hand
    trumps = [c for c in hand if SHEEPSHEAD.is_trump(parse_card(c))]
    assert 0 < len(trumps) < len(hand)
    assert exercises.judge(ex, exercises.Answer(selected=tuple(trumps)), post()).correct
    assert not exercises.judge(ex, exercises.Answer(selected=tuple(hand)), post()).correct


def check_points(ex):
    state = ex.state
    if ex.spec.get("bury"):
        expected = mask_points(state.buried)
        assert ex.seat == state.picker
    else:
        expected = sum(CARD_POINTS[c] for t in ex.spec["tricks"] for c in state.tricks[t][1])
        shown = exercises.points_cards(ex)
        assert sum(CARD_POINTS[parse_card(c)] for c in shown) == expected
    assert exercises.points_answer(ex) == expected
    assert exercises.judge(ex, exercises.Answer(number=str(expected)), post()).correct
    assert not exercises.judge(ex, exercises.Answer(number=str(expected + 1)), post()).correct


def check_scores(ex):
    result = ex.state.result()
    assert result.complete and sum(result.scores) == 0
    blind = mask_points(ex.state.deal.blind) if result.contract == "leaster" else 0
    assert sum(result.points) + blind == 120
    right = exercises.Answer(scores={s: str(v) for s, v in enumerate(result.scores)})
    assert exercises.judge(ex, right, post()).correct
    wrong = {**right.scores, 0: str(result.scores[0] + 1)}
    assert not exercises.judge(ex, exercises.Answer(scores=wrong), post()).correct


def check_pick(ex):
    state = ex.state
    assert state.explain(PICK) is None and state.explain(PASS) is None
    hand = state.hand(ex.seat)
    position = (ex.seat - state.dealer - 1) % 5
    standard = "pick" if strong_enough_to_pick(hand, position) else "pass"
    assert ex.spec["answer"] == standard, "the answer departs from the standard pick rule"
    assert exercises.judge(ex, exercises.Answer(), post(decision=standard)).correct


def check_bury(ex):
    for pair in ex.spec["answer"]:
        assert ex.state.explain(bury(pair)) is None, f"burying {pair} is not legal"
        assert exercises.judge(ex, exercises.Answer(selected=tuple(pair)), post()).correct
    assert set(ex.spec.get("feedback", {})) <= set(ex.state.view(ex.seat).hand)


def check_call(ex):
    state = ex.state
    options = exercises.call_options(ex)
    for answer in ex.spec["answer"]:
        action = ALONE if answer == "alone" else call(answer)
        assert state.explain(action) is None, f"calling {answer} is not legal"
        assert answer == "alone" or answer in options
        data = post(decision="alone") if answer == "alone" else post(card=answer)
        assert exercises.judge(ex, exercises.Answer(), data).correct
    # Some option offered is illegal, so the question is a real one.
    assert any(state.explain(call(code)) for code in options)


def check_count_trumps(ex):
    state = ex.state
    seen = state.hand(ex.seat) | (state.buried if ex.seat == state.picker else 0)
    for _leader, cards, _winner in state.tricks:
        for c in cards:
            seen |= 1 << c
    for c in state.trick:
        seen |= 1 << c
    expected = 14 - (seen & SHEEPSHEAD.trump_mask).bit_count()
    assert exercises.trumps_out(ex) == expected
    assert exercises.judge(ex, exercises.Answer(number=str(expected)), post()).correct


def check_choice(ex):
    assert 0 <= ex.spec["answer"] < len(ex.spec["options"])
    assert len(set(ex.spec["options"])) == len(ex.spec["options"])
    assert exercises.judge(ex, exercises.Answer(), post(choice=str(ex.spec["answer"]))).correct
    wrong = (ex.spec["answer"] + 1) % len(ex.spec["options"])
    assert not exercises.judge(ex, exercises.Answer(), post(choice=str(wrong))).correct


def check_sk_winner(ex):
    winner = sk.engine_winner(ex)
    cards = list(ex.state.view(0).tricks[ex.spec.get("trick", -1)].cards)
    ranking = ex.state.contract.kind.ranking
    assert cards[ranking.trick_winner([parse_card(c) for c in cards])] == winner
    for code in cards:
        wins, _why = schafkopf_exercises.trick_reason(ex, cards, code)
        assert wins == (code == winner)
    assert exercises.judge(ex, exercises.Answer(), post(card=winner)).correct


def check_sk_trumps(ex):
    trumps = tuple(sk.trumps_held(ex))
    assert 0 < len(trumps) < len(ex.state.view(ex.seat).hand)
    assert exercises.judge(ex, exercises.Answer(selected=trumps), post()).correct


def check_sk_legal(ex):
    state = ex.state
    legal = sk.legal_cards(ex)
    hand = state.view(ex.seat).hand
    assert legal and all(state.explain(play(c)) is None for c in legal)
    assert all(state.explain(play(c)) for c in hand if c not in legal)
    assert exercises.judge(ex, exercises.Answer(selected=tuple(legal)), post()).correct


def check_sk_points(ex):
    expected = sk.points(ex)
    assert schafkopf_exercises.points_answer(ex) == expected
    assert exercises.judge(ex, exercises.Answer(number=str(expected)), post()).correct


def check_sk_scores(ex):
    result = ex.state.result()
    assert result.complete and sum(result.scores) == 0 and sum(result.points) == 120
    right = exercises.Answer(scores={s: str(v) for s, v in enumerate(result.scores)})
    assert exercises.judge(ex, right, post()).correct


def check_sk_declare(ex):
    legal = sk.declarable(ex)
    assert legal and len(legal) < len(ex.spec["options"]), "a question with one possible answer"
    assert exercises.judge(ex, exercises.Answer(selected=tuple(legal)), post()).correct


def check_sk_play(ex):
    for code in ex.spec["answer"]:
        assert ex.state.explain(play(code)) is None, f"{code} is not legal here"
        assert exercises.judge(ex, exercises.Answer(), post(card=code)).correct
    hand = ex.state.view(ex.seat).hand
    assert len(sk.legal_cards(ex)) > len(ex.spec["answer"]), "a question with one possible answer"
    assert set(ex.spec.get("feedback", {})) <= set(hand)


def check_sk_game(ex):
    for key in ex.spec["answer"]:
        assert ex.state.explain(declaration(key)) is None, f"declaring {key} is not legal"
        assert exercises.judge(ex, exercises.Answer(), post(game=key)).correct
    assert set(ex.spec.get("feedback", {})) <= set(ex.spec["options"])


def check_sk_kontra(ex):
    from rules_engine.schafkopf_actions import KONTRA

    assert ex.state.explain(KONTRA) is None, "Kontra is not allowed here"
    assert exercises.judge(ex, exercises.Answer(), post(decision=ex.spec["answer"])).correct


CHECKS = {
    "winner": check_winner,
    "legal": check_legal,
    "play": check_play,
    "trumps": check_trumps,
    "points": check_points,
    "scores": check_scores,
    "pick": check_pick,
    "bury": check_bury,
    "call": check_call,
    "count_trumps": check_count_trumps,
    "choice": check_choice,
    "sk_winner": check_sk_winner,
    "sk_trumps": check_sk_trumps,
    "sk_legal": check_sk_legal,
    "sk_points": check_sk_points,
    "sk_scores": check_sk_scores,
    "sk_declare": check_sk_declare,
    "sk_play": check_sk_play,
    "sk_game": check_sk_game,
    "sk_kontra": check_sk_kontra,
}


def test_every_kind_has_a_check():
    assert set(CHECKS) == set(KINDS)


def test_stored_answers_are_only_for_strategy_and_facts():
    for ex in EXERCISES:
        if ex.kind not in STORED_ANSWER_KINDS:
            assert "answer" not in ex.spec, ids(ex)


# -- Schafkopf positions are the Schafkopf engine's --------------------------------------------


def test_every_schafkopf_kind_is_a_schafkopf_hand_and_every_other_a_sheepshead_one():
    for ex in EXERCISES:
        if ex.record is not None:
            assert (ex.record.game == "schafkopf") == (ex.kind in SCHAFKOPF_KINDS), ids(ex)


def test_the_bridge_lesson_keeps_its_exercise_ids():
    assert COURSE[-1].exercise_ids == (
        "herz-is-trump", "wenz-trumps", "wenz-trick", "geier-trick", "never-called",
        "laufende", "ramsch",
    )  # fmt: skip


# -- translation ----------------------------------------------------------------------------


def test_lesson_messages_prints_every_lesson_string_as_a_gettext_template():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("lesson_messages", stdout=out)
    pot = out.getvalue()
    assert 'msgid "Following suit and who wins a trick"' in pot
    assert 'msgid "You must follow suit if you can.' in pot
    assert 'msgid "Ann led a club. Choose every card you may play, then press Check."' in pot
    assert 'msgid "Milwaukee"' in pot  # a choice's option
    assert pot.count("msgid ") == len(set(re.findall(r'^msgid (".*")$', pot, re.M)))
