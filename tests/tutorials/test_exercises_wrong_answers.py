"""Every exercise of the course refuses its wrong answers, whatever its kind.

For each exercise the answers that are wrong are worked out from the engine or
the lesson data (every card of a trick but the winner, every legal card but
the best one, every amount off by one, ...) and posted through
``read_answer``, the page's own parsing and judging. A judge that accepted
anything would let every one of them through: the last tests show the check
catches exactly that, for every kind the course knows.
"""

from __future__ import annotations

from itertools import combinations

import pytest
import schafkopf_answers as sk
from django.http import QueryDict

from rules_engine.cards import CODES, parse_card
from rules_engine.ranking import SHEEPSHEAD
from tutorials import exercises
from tutorials.course import COURSE_FOLDERS, KINDS, course
from tutorials.schafkopf_kinds import KONTRA_ANSWERS

EXERCISES = [ex for name in COURSE_FOLDERS for lesson in course(name) for ex in lesson.exercises]


def ids(ex) -> str:
    return f"{ex.lesson}/{ex.id}"


def as_post(fields: dict) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        if isinstance(value, list | tuple):
            data.setlist(name, list(value))
        else:
            data[name] = str(value)
    return data


def selection(cards) -> dict:
    return {"selected": list(cards), "check": "1"}


def wrong_selections(offered: list[str], right: set[str]) -> list[dict]:
    """The right set with one card left out, and with one card too many."""
    missing_one = [selection(sorted(right - {c})) for c in sorted(right)]
    one_too_many = [selection(sorted(right | {c})) for c in offered if c not in right]
    return missing_one + one_too_many


def wrong_numbers(right: int) -> list[dict]:
    return [{"number": str(right + delta)} for delta in (-10, -1, 1, 10)]


def view_of(ex):
    return ex.state.view(ex.seat if ex.seat is not None else 0)


# -- the wrong answers of each kind -------------------------------------------------------


def wrong_winner(ex) -> list[dict]:
    leader, cards, winner = ex.state.tricks[ex.spec.get("trick", -1)]
    winning = CODES[cards[(winner - leader) % 5]]
    shown = view_of(ex).tricks[ex.spec.get("trick", -1)].cards
    return [{"card": c} for c in shown if c != winning]


def wrong_legal(ex) -> list[dict]:
    hand = list(ex.state.view(ex.seat).hand)
    return wrong_selections(hand, {a.card for a in ex.state.legal_actions()})


def wrong_trumps(ex) -> list[dict]:
    hand = list(ex.state.view(ex.seat).hand)
    return wrong_selections(hand, {c for c in hand if SHEEPSHEAD.is_trump(parse_card(c))})


def wrong_points(ex) -> list[dict]:
    return wrong_numbers(exercises.points_answer(ex))


def wrong_count_trumps(ex) -> list[dict]:
    return wrong_numbers(exercises.trumps_out(ex))


def wrong_scores(ex) -> list[dict]:
    right = ex.state.result().scores
    answers = []
    for seat in range(len(right)):
        off = list(right)
        off[seat] += 1
        answers.append({f"score-{s}": v for s, v in enumerate(off)})
    if any(right):  # every amount with its sign the wrong way round: still adds up to zero
        answers.append({f"score-{s}": -v for s, v in enumerate(right)})
    return answers


def wrong_play(ex) -> list[dict]:
    return [{"card": c} for c in ex.state.view(ex.seat).hand if c not in ex.spec["answer"]]


def wrong_pick(ex) -> list[dict]:
    return [{"decision": d} for d in ("pick", "pass") if d != ex.spec["answer"]]


def wrong_bury(ex) -> list[dict]:
    hand = sorted(ex.state.view(ex.seat).hand)
    right = {tuple(sorted(pair)) for pair in ex.spec["answer"]}
    pairs = [selection(pair) for pair in combinations(hand, 2) if pair not in right]
    return [*pairs, selection(hand[:1]), selection(hand[:3])]


def wrong_call(ex) -> list[dict]:
    answers = [{"card": c} for c in exercises.call_options(ex) if c not in ex.spec["answer"]]
    if "alone" not in ex.spec["answer"]:
        answers.append({"decision": "alone"})
    return answers


def wrong_choice(ex) -> list[dict]:
    options = range(len(ex.spec["options"]))
    return [{"choice": str(i)} for i in options if i != ex.spec["answer"]]


WRONG_ANSWERS = {
    "winner": wrong_winner,
    "legal": wrong_legal,
    "play": wrong_play,
    "trumps": wrong_trumps,
    "points": wrong_points,
    "scores": wrong_scores,
    "pick": wrong_pick,
    "bury": wrong_bury,
    "call": wrong_call,
    "count_trumps": wrong_count_trumps,
    "choice": wrong_choice,
    "sk_winner": lambda ex: [{"card": c} for c in view_of(ex).tricks[ex.spec.get("trick", -1)].cards
                             if c != sk.engine_winner(ex)],
    "sk_trumps": lambda ex: wrong_selections(list(view_of(ex).hand), set(sk.trumps_held(ex))),
    "sk_legal": lambda ex: wrong_selections(list(view_of(ex).hand), set(sk.legal_cards(ex))),
    "sk_declare": lambda ex: wrong_selections(ex.spec["options"], set(sk.declarable(ex))),
    "sk_points": lambda ex: wrong_numbers(sk.points(ex)),
    "sk_scores": wrong_scores,
    "sk_play": wrong_play,
    "sk_game": lambda ex: [{"game": k} for k in ex.spec["options"] if k not in ex.spec["answer"]],
    "sk_kontra": lambda ex: [{"decision": d} for d in KONTRA_ANSWERS if d != ex.spec["answer"]],
}  # fmt: skip


def accepted_wrong_answers(ex) -> list[dict]:
    """The wrong answers to ``ex`` that its judge lets through (none, if it is honest)."""
    accepted = []
    for fields in WRONG_ANSWERS[ex.kind](ex):
        _answer, outcome = exercises.read_answer(ex, as_post(fields))
        assert outcome is not None, f"{ids(ex)}: {fields} was not judged"
        if outcome.correct:
            accepted.append(fields)
    return accepted


# -- the checks -------------------------------------------------------------------------


def test_every_kind_of_exercise_has_its_wrong_answers():
    assert set(WRONG_ANSWERS) == set(KINDS)
    assert set(KINDS) == set(exercises.JUDGES)


def test_every_kind_of_exercise_is_in_the_course():
    """So that the check below runs each kind's judge at least once."""
    assert {ex.kind for ex in EXERCISES} == set(KINDS)


@pytest.mark.parametrize("ex", EXERCISES, ids=ids)
def test_every_wrong_answer_of_every_exercise_is_judged_wrong(ex):
    wrong = WRONG_ANSWERS[ex.kind](ex)
    assert wrong, f"{ids(ex)} has no wrong answer to try"
    assert accepted_wrong_answers(ex) == [], ids(ex)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_judge_that_accepts_anything_is_caught_for_every_kind(kind, monkeypatch):
    def accepts_anything(ex, answer, data):
        return exercises.Outcome(True, ["Right!"])

    monkeypatch.setitem(exercises.JUDGES, kind, accepts_anything)
    of_kind = [ex for ex in EXERCISES if ex.kind == kind]
    assert of_kind
    for ex in of_kind:
        assert accepted_wrong_answers(ex) == WRONG_ANSWERS[kind](ex)
