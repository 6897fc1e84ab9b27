"""The course: lessons read from data files in ``tutorials/lessons/``.

Each lesson is one JSON file, ``NN-slug.json`` (``NN`` orders the course);
``tutorials/lessons/README.md`` documents the format. A lesson has a title,
a summary, and sections of short paragraphs, each section followed by its
exercises. Exercises are positions set up as hand records (docs/rules.md §5), or
for the reading lessons multiple-choice and Schafkopf trick questions;
:mod:`tutorials.exercises` draws and judges them with the rules engine.

Translation: lesson prose is stored in English in the data files, and every
string from them (titles, paragraphs, prompts, explanations) is passed
through Django's ``gettext`` when a page is rendered, so a catalog in
``locale/`` can translate them like any other message. ``python manage.py
lesson_messages`` prints those strings as a gettext template (.pot) for
translators. The files are read once per process and checked on loading:
a file that does not fit the format raises :class:`LessonDataError`
naming the file and the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from rules_engine import IllegalAction, InvalidRecord, SchafkopfHand, SheepsheadHand
from rules_engine.cards import is_card_code
from rules_engine.records import HandRecord, parse_record

from .schafkopf_kinds import check_schafkopf_kind

LESSONS_DIR = Path(__file__).resolve().parent / "lessons"
#: The courses: the Sheepshead one (whose lesson 10 is the bridge to Schafkopf) and
#: the Schafkopf one, each a folder of lesson files of the same format.
SHEEPSHEAD_COURSE = "sheepshead"
SCHAFKOPF_COURSE = "schafkopf"
COURSE_FOLDERS = {
    SHEEPSHEAD_COURSE: LESSONS_DIR,
    SCHAFKOPF_COURSE: LESSONS_DIR / "schafkopf",
}

FILE_NAME = re.compile(r"^(\d\d)-([a-z][a-z0-9-]*)\.json$")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")

#: Exercise kinds: their own fields, required and optional, besides the common ones.
KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "winner": (frozenset({"record"}), frozenset({"trick", "seat"})),
    "legal": (frozenset({"record"}), frozenset()),
    "play": (frozenset({"record", "answer"}), frozenset()),
    "trumps": (frozenset({"record", "seat"}), frozenset()),
    "points": (frozenset({"record"}), frozenset({"tricks", "bury", "seat"})),
    "scores": (frozenset({"record"}), frozenset()),
    "pick": (frozenset({"record", "answer"}), frozenset()),
    "bury": (frozenset({"record", "answer"}), frozenset()),
    "call": (frozenset({"record", "answer"}), frozenset({"options"})),
    "count_trumps": (frozenset({"record"}), frozenset()),
    "choice": (frozenset({"options", "answer"}), frozenset()),
    # Schafkopf (records with "game": "schafkopf"), judged by the Schafkopf engine.
    "sk_winner": (frozenset({"record"}), frozenset({"trick", "seat"})),
    "sk_trumps": (frozenset({"record"}), frozenset({"seat"})),
    "sk_legal": (frozenset({"record"}), frozenset()),
    "sk_points": (frozenset({"record", "tricks"}), frozenset()),
    "sk_scores": (frozenset({"record"}), frozenset()),
    "sk_declare": (frozenset({"record", "options"}), frozenset()),
    "sk_play": (frozenset({"record", "answer"}), frozenset()),
    "sk_game": (frozenset({"record", "options", "answer"}), frozenset()),
    "sk_kontra": (frozenset({"record", "answer"}), frozenset()),
}
#: The kinds whose positions are Schafkopf hands; every other position is Sheepshead.
SCHAFKOPF_KINDS = frozenset(kind for kind in KINDS if kind.startswith("sk_"))
COMMON_REQUIRED = frozenset({"id", "kind", "prompt"})
COMMON_OPTIONAL = frozenset({"right", "wrong", "feedback", "show_contract", "mark_trump"})
#: The kinds whose expected answer is stored in the data (strategy and facts);
#: every other kind is answered by the engine itself.
STORED_ANSWER_KINDS = frozenset(
    {"play", "pick", "bury", "call", "choice", "sk_play", "sk_game", "sk_kontra"}
)
#: Strategy kinds must say why a legal but wrong answer is wrong.
NEEDS_WRONG = frozenset({"play", "pick", "bury", "call", "sk_play", "sk_game", "sk_kontra"})


class LessonDataError(ValueError):
    """A lesson file that does not fit the format; the message names file and field."""


@dataclass(frozen=True)
class Exercise:
    lesson: str  # the lesson's slug
    id: str
    number: int  # 1-based within the lesson
    kind: str
    prompt: str
    spec: dict = field(repr=False, compare=False)
    record: HandRecord | None = field(default=None, repr=False, compare=False)
    state: SheepsheadHand | SchafkopfHand | None = field(default=None, repr=False, compare=False)
    #: The seat whose view the page shows ("you"), or None for a public position.
    seat: int | None = None

    @property
    def dom_id(self) -> str:
        return f"ex-{self.id}"

    @property
    def show_contract(self) -> bool:
        return self.spec.get("show_contract", True)


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...]
    exercises: tuple[Exercise, ...]


@dataclass(frozen=True)
class Lesson:
    number: int
    slug: str
    title: str
    summary: str
    sections: tuple[Section, ...]
    #: The course the lesson belongs to (a key of COURSE_FOLDERS).
    course: str = SHEEPSHEAD_COURSE

    @property
    def key(self) -> str:
        """Where progress is kept: the slug in the Sheepshead course (as it always
        was), ``course/slug`` in another, so two courses may share a slug."""
        return self.slug if self.course == SHEEPSHEAD_COURSE else f"{self.course}/{self.slug}"

    @property
    def exercises(self) -> tuple[Exercise, ...]:
        return tuple(ex for section in self.sections for ex in section.exercises)

    def exercise(self, exercise_id: str) -> Exercise | None:
        for ex in self.exercises:
            if ex.id == exercise_id:
                return ex
        return None

    @property
    def exercise_ids(self) -> tuple[str, ...]:
        return tuple(ex.id for ex in self.exercises)


@cache
def course(name: str = SHEEPSHEAD_COURSE) -> tuple[Lesson, ...]:
    """Every lesson of a course, in course order (read once per process)."""
    return load_course(COURSE_FOLDERS[name], name)


def lesson_by_slug(slug: str, course_name: str = SHEEPSHEAD_COURSE) -> Lesson | None:
    for lesson in course(course_name):
        if lesson.slug == slug:
            return lesson
    return None


def lesson_by_key(key: str) -> Lesson | None:
    """The lesson whose progress is kept under ``key`` (see :attr:`Lesson.key`)."""
    course_name, _slash, slug = key.rpartition("/")
    if course_name not in COURSE_FOLDERS and course_name:
        return None
    return lesson_by_slug(slug, course_name or SHEEPSHEAD_COURSE)


#: Addresses under /learn/ that belong to other pages, so no lesson may take them.
RESERVED_SLUGS = frozenset({"rules", "schafkopf-course"})


def load_course(folder: Path, name: str = SHEEPSHEAD_COURSE) -> tuple[Lesson, ...]:
    lessons = []
    for path in sorted(folder.glob("*.json")):
        lessons.append(load_lesson(path, name))
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(1, len(lessons) + 1)):
        raise LessonDataError(f"{folder}: lessons must be numbered 01, 02, … without gaps")
    return tuple(lessons)


def load_lesson(path: Path, course_name: str = SHEEPSHEAD_COURSE) -> Lesson:
    match = FILE_NAME.match(path.name)
    if not match:
        raise LessonDataError(f"{path.name}: lesson files are named NN-slug.json")
    where = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise LessonDataError(f"{where}: not valid JSON ({error})") from None
    _require(where, data, dict, "the lesson")
    _only_keys(where, data, {"slug", "title", "summary", "sections"}, {"slug", "title", "sections"})
    slug = data["slug"]
    if slug != match.group(2):
        raise LessonDataError(f"{where}: slug {slug!r} must match the file name")
    if slug in RESERVED_SLUGS:
        raise LessonDataError(f"{where}: /learn/{slug}/ is another page; name the lesson otherwise")
    title = _text(where, data, "title")
    summary = _text(where, data, "summary") if "summary" in data else ""
    _require(f"{where}: sections", data["sections"], list, "a list")
    sections = []
    seen: set[str] = set()
    number = 0
    for i, raw in enumerate(data["sections"]):
        at = f"{where}: sections[{i}]"
        _require(at, raw, dict, "an object")
        _only_keys(at, raw, {"heading", "paragraphs", "exercises"}, {"paragraphs"})
        heading = _text(at, raw, "heading") if "heading" in raw else ""
        paragraphs = raw["paragraphs"]
        if not isinstance(paragraphs, list) or not all(
            isinstance(p, str) and p.strip() for p in paragraphs
        ):
            raise LessonDataError(f"{at}.paragraphs: must be a list of non-empty strings")
        exercises = []
        for j, spec in enumerate(raw.get("exercises", [])):
            number += 1
            ex = load_exercise(f"{at}.exercises[{j}]", slug, number, spec)
            if ex.id in seen:
                raise LessonDataError(f"{at}.exercises[{j}].id: {ex.id!r} is used twice")
            seen.add(ex.id)
            exercises.append(ex)
        sections.append(Section(heading, tuple(paragraphs), tuple(exercises)))
    if not number:
        raise LessonDataError(f"{where}: a lesson needs at least one exercise")
    return Lesson(int(match.group(1)), slug, title, summary, tuple(sections), course_name)


def load_exercise(at: str, lesson: str, number: int, spec: object) -> Exercise:
    _require(at, spec, dict, "an object")
    kind = spec.get("kind")
    if kind not in KINDS:
        raise LessonDataError(f"{at}.kind: {kind!r} is not a kind ({', '.join(KINDS)})")
    required, optional = KINDS[kind]
    _only_keys(
        at,
        spec,
        COMMON_REQUIRED | COMMON_OPTIONAL | required | optional,
        COMMON_REQUIRED | required,
    )
    ex_id = spec["id"]
    if not isinstance(ex_id, str) or not ID_PATTERN.match(ex_id):
        raise LessonDataError(f"{at}.id: must be lower-case letters, digits and dashes")
    at = f"{at} ({ex_id})"
    for name in ("prompt", "right", "wrong"):
        if name in spec:
            _text(at, spec, name)
    if kind in NEEDS_WRONG and "wrong" not in spec:
        raise LessonDataError(f"{at}.wrong: a {kind} exercise says why a wrong answer is wrong")
    feedback = spec.get("feedback", {})
    if not isinstance(feedback, dict) or not all(
        isinstance(v, str) and v.strip() for v in feedback.values()
    ):
        raise LessonDataError(f"{at}.feedback: must map answers to explanations")
    for flag in ("show_contract", "mark_trump"):
        if flag in spec and not isinstance(spec[flag], bool):
            raise LessonDataError(f"{at}.{flag}: must be true or false")
    record = state = seat = None
    if "record" in spec:
        game = "schafkopf" if kind in SCHAFKOPF_KINDS else "sheepshead"
        if not isinstance(spec["record"], dict) or spec["record"].get("game", "sheepshead") != game:
            raise LessonDataError(f"{at}.record.game: a {kind} exercise is a hand of {game}")
        try:
            record = parse_record(spec["record"])
            state = record.replay()
        except InvalidRecord as error:
            raise LessonDataError(f"{at}.record.{error}") from None
        except IllegalAction as error:
            raise LessonDataError(f"{at}.record: an illegal action ({error})") from None
        # A public position (a finished trick, a finished hand) has no "you" unless it says so.
        public = (
            state.is_over
            or kind in ("winner", "sk_winner", "sk_points")
            or (kind == "points" and not spec.get("bury"))
        )
        seat = spec.get("seat", None if public else state.turn)
        seats = state.deal.variant.seats
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < seats):
            raise LessonDataError(f"{at}.seat: must be a seat from 0 to {seats - 1}")
    if kind in SCHAFKOPF_KINDS:
        check_schafkopf_kind(at, kind, spec, state, seat)
    else:
        _check_kind(at, kind, spec, state, seat)
    return Exercise(lesson, ex_id, number, kind, spec["prompt"], spec, record, state, seat)


def check_moment(kind: str, spec: dict, state, seat, fail, wants_phase: dict, acting) -> None:
    """What every game's exercises ask of their position: the phase a kind needs, the seat
    to act for the ``acting`` kinds, and a completed trick for a winner question."""
    phase = state.phase_name if state is not None else None
    if kind in wants_phase and phase != wants_phase[kind]:
        fail("record", f"a {kind} exercise needs a hand in its {wants_phase[kind]} phase")
    if kind in acting and seat != state.turn:
        fail("seat", "must be the seat to act")
    if kind in ("winner", "sk_winner"):
        trick = spec.get("trick", -1)
        if not isinstance(trick, int) or not -len(state.tricks) <= trick < len(state.tricks):
            fail("trick", "must name a completed trick of the record")


def _check_kind(at: str, kind: str, spec: dict, state, seat) -> None:
    """The structure each kind needs (the answers themselves are checked by the tests)."""

    def fail(field_name: str, message: str):
        raise LessonDataError(f"{at}.{field_name}: {message}")

    wants_phase = {
        "legal": "play", "play": "play", "count_trumps": "play", "pick": "picking",
        "bury": "bury", "call": "call", "scores": "over",
    }  # fmt: skip
    acting = ("legal", "play", "pick", "bury", "call")
    check_moment(kind, spec, state, seat, fail, wants_phase, acting)
    if kind == "points":
        if ("tricks" in spec) == bool(spec.get("bury")):
            fail("tricks", "a points exercise counts either some tricks or the bury")
        tricks = spec.get("tricks", [])
        if not isinstance(tricks, list) or not all(
            isinstance(t, int) and 0 <= t < len(state.tricks) for t in tricks
        ):
            fail("tricks", "must list completed tricks of the record")
        if spec.get("bury") and (seat is None or seat != state.picker):
            fail("seat", "only the picker sees the bury")
    if kind in ("play",):
        answer = spec["answer"]
        if not isinstance(answer, list) or not answer or not all(map(is_card_code, answer)):
            fail("answer", "must be a list of cards")
    if kind == "pick" and spec["answer"] not in ("pick", "pass"):
        fail("answer", "must be 'pick' or 'pass'")
    if kind == "bury":
        answer = spec["answer"]
        if (
            not isinstance(answer, list)
            or not answer
            or not all(
                isinstance(pair, list) and len(pair) == 2 and all(map(is_card_code, pair))
                for pair in answer
            )
        ):
            fail("answer", "must be a list of pairs of cards")
    if kind == "call":
        answer, options = spec["answer"], spec.get("options", [])
        if (
            not isinstance(answer, list)
            or not answer
            or not all(a == "alone" or is_card_code(a) for a in answer)
        ):
            fail("answer", "must list cards to call, or 'alone'")
        if not isinstance(options, list) or not all(map(is_card_code, options)):
            fail("options", "must be a list of cards")
    if kind == "choice":
        options, answer = spec["options"], spec["answer"]
        if (
            not isinstance(options, list)
            or len(options) < 2
            or not all(isinstance(o, str) and o.strip() for o in options)
        ):
            fail("options", "must be a list of at least two answers")
        if not isinstance(answer, int) or not 0 <= answer < len(options):
            fail("answer", "must be the index of the right option")


def _require(at: str, value, kind: type, what: str) -> None:
    if not isinstance(value, kind):
        raise LessonDataError(f"{at}: must be {what}")


def _only_keys(at: str, data: dict, allowed: set | frozenset, required: set | frozenset) -> None:
    missing = sorted(set(required) - set(data))
    if missing:
        raise LessonDataError(f"{at}: {missing[0]!r} is missing")
    extra = sorted(set(data) - set(allowed))
    if extra:
        raise LessonDataError(f"{at}: {extra[0]!r} is not a field here")


def _text(at: str, data: dict, name: str) -> str:
    value = data[name]
    if not isinstance(value, str) or not value.strip():
        raise LessonDataError(f"{at}.{name}: must be a non-empty string")
    return value
