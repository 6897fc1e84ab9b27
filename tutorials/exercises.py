"""Exercises: what the page shows of a position, and judging an answer.

Everything here works from the exercise's hand record through the rules
engine: "which card wins" is the engine's trick winner, "which may you play"
its legal actions, "count the points" its card points, "who pays what" its
result; the strategy kinds (play, bury, pick, call) and the multiple-choice
questions have their answer in the lesson data. An illegal answer is
explained by ``state.explain_rule(action)``, in the words of the rule.

What a page may show of a position is only what the exercise's seat sees
(``state.view(seat)``, docs/rules.md §4), and never the answer: :func:`board`
builds the template's context from the view alone, without legal marks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.cards import SUIT_NAMES, card_name
from games.numbers import parse_int
from games.rule_text import rule_text
from rules_engine.actions import ALONE, bury, call, play
from rules_engine.cards import CARD_POINTS, mask_points, parse_card
from rules_engine.players.strategy import (
    JACKS,
    QUEENS,
    TRUMP_MASK,
    may_consider_picking,
    pick_strength,
)
from rules_engine.ranking import SHEEPSHEAD, TRUMP, Ranking
from rules_engine.result import DEFENDERS_SCHNEIDER, PICKER_SCHNEIDER, WINNING_POINTS

from .cards import card_names, face, sort_hand
from .course import Exercise

#: The players at the course's table, seat 0 to 4; the exercise's own seat is "you".
SEAT_NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")
SHEEPSHEAD_TRUMP_ORDER = "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦"
#: The six cards a picker might call, offered by a call exercise unless it lists its own.
CALL_OPTIONS = ("AC", "AS", "AH", "TC", "TS", "TH")
#: The most cards a multiple-selection answer can hold (a whole hand, or a bury's eight).
MAX_SELECTED = 8

KIND_LABELS = {
    "winner": gettext_lazy("Which card wins?"),
    "legal": gettext_lazy("Which cards may you play?"),
    "play": gettext_lazy("Play the right card"),
    "trumps": gettext_lazy("Which cards are trump?"),
    "points": gettext_lazy("Count the points"),
    "scores": gettext_lazy("Who wins or pays what?"),
    "pick": gettext_lazy("Pick or pass?"),
    "bury": gettext_lazy("Which two would you bury?"),
    "call": gettext_lazy("Call a partner"),
    "count_trumps": gettext_lazy("Count the trumps"),
    "choice": gettext_lazy("Question"),
    "sk_winner": gettext_lazy("Which card wins?"),
    "sk_trumps": gettext_lazy("Which cards are trump?"),
    "sk_legal": gettext_lazy("Which cards may you play?"),
    "sk_points": gettext_lazy("Count the points"),
    "sk_scores": gettext_lazy("Who wins or pays what?"),
    "sk_declare": gettext_lazy("Which games may you declare?"),
    "sk_play": gettext_lazy("Play the right card"),
    "sk_game": gettext_lazy("Which game do you declare?"),
    "sk_kontra": gettext_lazy("Kontra or not?"),
}
#: Kinds answered by choosing several cards (or games), then Check.
SELECT_KINDS = frozenset({"legal", "trumps", "bury", "sk_trumps", "sk_legal", "sk_declare"})
NUMBER_KINDS = frozenset({"points", "count_trumps", "sk_points"})


@dataclass
class Outcome:
    """The verdict on one answer: right or not, and why, in sentences."""

    correct: bool
    lines: list[str]
    #: Seats whose typed amount was wrong (a scores exercise marks those inputs).
    wrong_seats: frozenset[int] = frozenset()


@dataclass
class Answer:
    """What the visitor sent, parsed; kept to draw the form again as it was."""

    selected: tuple[str, ...] = ()
    number: str = ""
    scores: dict[int, str] = field(default_factory=dict)
    checking: bool = False


# -- reading an answer --------------------------------------------------------------


def read_answer(ex: Exercise, data) -> tuple[Answer, Outcome | None]:
    """Parse a POST and judge it; no outcome for a click that only chooses a card."""
    if ex.kind in SELECT_KINDS:
        allowed = set(_selectable(ex))
        selected = [c for c in data.getlist("selected") if c in allowed][:MAX_SELECTED]
        toggle = data.get("toggle")
        if toggle in allowed:
            if toggle in selected:
                selected.remove(toggle)
            else:
                selected.append(toggle)
        selected = sorted(set(selected), key=_selectable(ex).index)
        answer = Answer(selected=tuple(selected))
        if "check" not in data:
            return answer, None
        answer.checking = True
        return answer, judge(ex, answer, data)
    if ex.kind in NUMBER_KINDS:
        answer = Answer(number=(data.get("number") or "").strip()[:6], checking=True)
        return answer, judge(ex, answer, data)
    if ex.kind in ("scores", "sk_scores"):
        seats = ex.state.deal.variant.seats
        scores = {s: (data.get(f"score-{s}") or "").strip()[:6] for s in range(seats)}
        answer = Answer(scores=scores, checking=True)
        return answer, judge(ex, answer, data)
    return Answer(checking=True), judge(ex, Answer(checking=True), data)


def judge(ex: Exercise, answer: Answer, data) -> Outcome:
    return JUDGES[ex.kind](ex, answer, data)


def _selectable(ex: Exercise) -> list[str]:
    if ex.kind in schafkopf_exercises.SELECT_KINDS:
        return schafkopf_exercises.selectable(ex)
    return list(ex.state.view(ex.seat).hand)


# -- helpers -------------------------------------------------------------------------


def _sentence(text: str, capital: bool = True) -> str:
    """A rule from the engine as a sentence: capital first letter (unless it follows a
    colon), full stop."""
    text = str(text).strip()
    if not text:
        return text
    text = (text[0].upper() if capital else text[0].lower()) + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _engine_rule(rule) -> str:
    """The engine's rule in the reader's language (see games.rule_text)."""
    return rule_text(rule)


def _fmt_points(value: float) -> str:
    whole = int(value)
    return f"{whole}½" if value - whole else str(whole)


def name_of(ex: Exercise, seat: int) -> str:
    return _("you") if seat == ex.seat else SEAT_NAMES[seat]


def _names_and(names: list[str]) -> str:
    """Other players' names as a list: 'Ann', 'Ann and Ben', 'Ann, Ben and Cleo'."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _Name(ex: Exercise, seat: int) -> str:  # noqa: N802 (the capitalised form of name_of)
    name = name_of(ex, seat)
    return name[0].upper() + name[1:]


def _custom(ex: Exercise, key: str | None) -> str | None:
    """Per-answer feedback from the data, else the exercise's general 'wrong' text."""
    feedback = ex.spec.get("feedback", {})
    if key is not None and key in feedback:
        return _(feedback[key])
    return _(ex.spec["wrong"]) if "wrong" in ex.spec else None


def _right(ex: Exercise, *lines: str) -> Outcome:
    out = [_("Right!"), *[line for line in lines if line]]
    if "right" in ex.spec:
        out.append(_(ex.spec["right"]))
    return Outcome(True, out)


def _wrong(*lines: str, wrong_seats=frozenset()) -> Outcome:
    return Outcome(False, [line for line in lines if line], frozenset(wrong_seats))


def _group_rules(state, codes, make_action) -> list[str]:
    """Why each card is illegal, one sentence per rule: 'Not the …: you must follow clubs.'"""
    by_rule: dict[str, list[str]] = {}
    for code in codes:
        rule = state.explain_rule(make_action(code))
        if rule:
            by_rule.setdefault(_engine_rule(rule), []).append(code)
    return [
        _("Not %(cards)s: %(rule)s")
        % {"cards": card_names(cards), "rule": _sentence(rule, capital=False)}
        for rule, cards in by_rule.items()
    ]


def _suit_word(led: int) -> str:
    if led == TRUMP:
        return _("trump")
    return str(SUIT_NAMES["CSHD"[led]])


# -- which card wins -------------------------------------------------------------------


def explain_trick(cards: list[str], chosen: str, ranking: Ranking, words: dict) -> tuple[bool, str]:
    """Whether ``chosen`` wins the trick ``cards`` (led first), and why, without naming
    the winner when it doesn't."""
    indices = [parse_card(c) for c in cards]
    winner = cards[ranking.trick_winner(indices)]
    led = ranking.follow_class[indices[0]]
    c = parse_card(chosen)
    name = words["name"](chosen)
    trump_played = any(ranking.is_trump(i) for i in indices)
    if chosen == winner:
        if trump_played:
            return True, _("The %(card)s is the highest trump in this trick.") % {"card": name}
        return True, _(
            "Nobody played trump, and the %(card)s is the highest card of %(suit)s, the suit led."
        ) % {"card": name, "suit": _suit_word(led)}
    if ranking.is_trump(c):
        return False, _("A higher trump was played. Trump ranks, from the top: %(order)s.") % {
            "order": words["trump_order"]
        }
    if ranking.follow_class[c] != led:
        if led == TRUMP:
            return False, _(
                "Trump was led, and the %(card)s is not trump, so it can't win this trick."
            ) % {"card": name}
        return False, _(
            "The %(card)s is neither trump nor %(suit)s, the suit led, so it can't win this trick."
        ) % {"card": name, "suit": _suit_word(led)}
    if trump_played:
        return False, _("Somebody played trump, and any trump beats a card that is not trump.")
    return False, _("A higher card of %(suit)s was played: %(suit)s ranks %(order)s.") % {
        "suit": _suit_word(led),
        "order": words["plain_order"],
    }


SHEEPSHEAD_WORDS = {
    "name": card_name,
    "trump_order": SHEEPSHEAD_TRUMP_ORDER,
    "plain_order": "A 10 K 9 8 7",
}


def _winner_cards(ex: Exercise) -> list[str]:
    trick = ex.state.view(ex.seat if ex.seat is not None else 0).tricks[ex.spec.get("trick", -1)]
    return list(trick.cards)


def judge_winner(ex: Exercise, answer: Answer, data) -> Outcome:
    cards = _winner_cards(ex)
    chosen = data.get("card")
    if chosen not in cards:
        return _wrong(_("Choose one of the cards in the trick."))
    # The engine's own winner of this trick: the trick's recorded winner seat.
    leader, _played, winner_seat = ex.state.tricks[ex.spec.get("trick", -1)]
    engine_winner = cards[(winner_seat - leader) % 5]
    _wins, why = explain_trick(cards, chosen, SHEEPSHEAD, SHEEPSHEAD_WORDS)
    if chosen == engine_winner:
        return _right(ex, why)
    return _wrong(
        _("The %(card)s does not win this trick.") % {"card": card_name(chosen)},
        why,
        _custom(ex, chosen) if "feedback" in ex.spec else "",
    )


# -- which cards may you play, which are trump -------------------------------------------


def judge_legal(ex: Exercise, answer: Answer, data) -> Outcome:
    state = ex.state
    hand = list(state.view(ex.seat).hand)
    legal = {a.card for a in state.legal_actions()}
    chosen = set(answer.selected)
    not_allowed = [c for c in hand if c in chosen and c not in legal]
    left_out = [c for c in hand if c in legal and c not in chosen]
    if not not_allowed and not left_out:
        reasons = _group_rules(state, [c for c in hand if c not in legal], play)
        if not reasons:
            reasons = [_("Nothing stops any of your cards here: you may play any of them.")]
        return _right(ex, *reasons)
    lines = _group_rules(state, not_allowed, play)
    if left_out:
        lines.append(
            ngettext(
                "You left out %(n)d card that may be played.",
                "You left out %(n)d cards that may be played.",
                len(left_out),
            )
            % {"n": len(left_out)}
        )
    return _wrong(*lines)


def _trump_reason(code: str) -> str:
    if code[1] == "D":
        return ""  # diamonds are always trump in Sheepshead
    return _("The %(card)s is a card of %(suit)s, a fail suit.") % {
        "card": card_name(code),
        "suit": SUIT_NAMES[code[1]],
    }


def _judge_trump_set(ex: Exercise, answer: Answer, cards: list[str], ranking) -> Outcome:
    trumps = [c for c in cards if ranking.is_trump(parse_card(c))]
    chosen = set(answer.selected)
    not_trump = [c for c in cards if c in chosen and c not in trumps]
    left_out = [c for c in trumps if c not in chosen]
    if not not_trump and not left_out:
        return _right(ex)
    lines = [_trump_reason(c) for c in not_trump]
    if left_out:
        lines.append(
            ngettext("You left out %(n)d trump.", "You left out %(n)d trumps.", len(left_out))
            % {"n": len(left_out)}
        )
    return _wrong(*lines)


def judge_trumps(ex: Exercise, answer: Answer, data) -> Outcome:
    return _judge_trump_set(ex, answer, _selectable(ex), SHEEPSHEAD)


# -- counting ------------------------------------------------------------------------------


def points_cards(ex: Exercise) -> list[str]:
    view = ex.state.view(ex.seat if ex.seat is not None else 0)
    if ex.spec.get("bury"):
        return list(view.buried)
    return [c for t in ex.spec["tricks"] for c in view.tricks[t].cards]


def points_answer(ex: Exercise) -> int:
    """The engine's count: card points of the tricks shown (or of the bury)."""
    if ex.spec.get("bury"):
        return mask_points(ex.state.buried)
    return sum(CARD_POINTS[c] for t in ex.spec["tricks"] for c in ex.state.tricks[t][1])


def _read_int(text: str) -> int | None:
    """A typed whole number; a typographic minus and a plus sign are fine."""
    text = text.replace("\u2212", "-").strip().removeprefix("+")
    return parse_int(text, signed=True)


POINT_VALUES = gettext_lazy(
    "Ace 11, ten 10, king 4, queen 3, jack 2; nine, eight and seven count nothing."
)


def judge_points(ex: Exercise, answer: Answer, data) -> Outcome:
    return judge_count(ex, answer, points_answer(ex), str(POINT_VALUES))


def judge_count(ex: Exercise, answer: Answer, right: int, point_values: str) -> Outcome:
    """A typed count of card points against the right one (every game's, with its own
    words for what each card counts)."""
    guess = _read_int(answer.number)
    if guess is None:
        return _wrong(_("Type a number."))
    if guess == right:
        return _right(ex, _("%(n)d points.") % {"n": right})
    side = _("too high") if guess > right else _("too low")
    return _wrong(
        _("%(guess)d is %(side)s. Count again.") % {"guess": guess, "side": side}, point_values
    )


def trumps_out(ex: Exercise) -> int:
    """Trumps not in the seat's hand, not played, and not in its own bury."""
    view = ex.state.view(ex.seat)
    seen = set(view.hand) | set(view.buried or ())
    for trick in (*view.tricks, *((view.trick,) if view.trick else ())):
        seen |= {c for c in trick.cards if c is not None}
    trumps = {c for c in seen if SHEEPSHEAD.is_trump(parse_card(c))}
    return len(SHEEPSHEAD.trumps) - len(trumps)


def judge_count_trumps(ex: Exercise, answer: Answer, data) -> Outcome:
    guess = _read_int(answer.number)
    if guess is None:
        return _wrong(_("Type a number."))
    right = trumps_out(ex)
    if guess == right:
        return _right(ex)
    return _wrong(
        _(
            "Not %(guess)d. There are 14 trumps: take away the ones in your hand and every "
            "trump already played, and count what is left."
        )
        % {"guess": guess}
    )


# -- scores ----------------------------------------------------------------------------------


def score_reasons(ex: Exercise) -> list[str]:
    """The rule applied to a finished hand, step by step (docs/rules.md §2.8)."""
    state = ex.state
    result = state.result()
    if result.contract == "leaster":
        takers = [s for s in range(5) if result.tricks[s]]
        fewest = min(result.points[s] for s in takers)
        winners = [s for s in takers if result.points[s] == fewest]
        if len(winners) > 1:
            others = [SEAT_NAMES[s] for s in winners if s != ex.seat]
            values = {"names": _names_and(others), "n": fewest}
            if ex.seat in winners:
                return [
                    _(
                        "You and %(names)s tie for the fewest points (%(n)d) among the players "
                        "who took a trick, so nobody wins anything."
                    )
                    % values
                ]
            return [
                _(
                    "%(names)s tie for the fewest points (%(n)d) among the players who took a "
                    "trick, so nobody wins anything."
                )
                % values
            ]
        if winners[0] == ex.seat:
            return [
                _(
                    "You took the fewest points (%(n)d) among the players who took a trick, "
                    "so you win 1 from each of the other four."
                )
                % {"n": fewest}
            ]
        return [
            _(
                "%(name)s took the fewest points (%(n)d) among the players who took a trick, "
                "so wins 1 from each of the other four."
            )
            % {"name": SEAT_NAMES[winners[0]], "n": fewest}
        ]
    side = [state.picker] + ([state.partner] if state.partner >= 0 else [])
    side_points = sum(result.points[s] for s in side)
    side_tricks = sum(result.tricks[s] for s in side)
    defenders = [s for s in range(5) if s not in side]
    lines = [_("The picker's side took %(n)d points, the bury included.") % {"n": side_points}]
    if side_points >= WINNING_POINTS:
        lines.append(_("That is 61 or more: the picker's side wins."))
        if not sum(result.tricks[s] for s in defenders):
            lines.append(_("The defenders took no trick, so each defender pays 3."))
        elif 120 - side_points <= DEFENDERS_SCHNEIDER:
            lines.append(
                _("The defenders took %(n)d, 29 or fewer (schneider), so each defender pays 2.")
                % {"n": 120 - side_points}
            )
        else:
            lines.append(_("The defenders took more than 29, so each defender pays 1."))
    else:
        lines.append(_("That is less than 61: the picker's side loses, and pays double."))
        if not side_tricks:
            lines.append(_("It took no trick, so each defender receives 6."))
        elif side_points <= PICKER_SCHNEIDER:
            lines.append(_("It took 30 or fewer, so each defender receives 4."))
        else:
            lines.append(_("It took more than 30, so each defender receives 2."))
    if len(side) == 2:
        lines.append(
            _(
                "The picker and the partner settle with the three defenders and share it two to "
                "one: the picker's share is twice the partner's."
            )
        )
    else:
        lines.append(_("Alone, the picker settles with all four defenders."))
    return lines


def judge_scores(ex: Exercise, answer: Answer, data) -> Outcome:
    return judge_score_sheet(
        ex, answer, _("Type a whole number for every player: +2, −1, 0 …"), score_reasons(ex)
    )


def judge_score_sheet(ex: Exercise, answer: Answer, ask_numbers: str, reasons) -> Outcome:
    """A finished hand's score sheet, one typed number a seat, against the engine's result
    (every game's): ``ask_numbers`` asks again for unreadable entries, ``reasons`` say how
    the scores come about."""
    right = ex.state.result().scores
    seats = range(len(right))
    guesses = {s: _read_int(answer.scores.get(s, "")) for s in seats}
    if any(g is None for g in guesses.values()):
        return _wrong(ask_numbers)
    wrong = {s for s in seats if guesses[s] != right[s]}
    if not wrong:
        return _right(ex, *reasons)
    lines = [
        ngettext("%(n)d amount is not right.", "%(n)d amounts are not right.", len(wrong))
        % {"n": len(wrong)}
    ]
    if sum(guesses.values()) != 0:
        lines.append(_("Every hand adds up to zero: what some win, the others pay."))
    lines.extend(reasons)
    return _wrong(*lines, wrong_seats=wrong)


# -- strategy: play, bury, pick, call ------------------------------------------------------------


def judge_play(ex: Exercise, answer: Answer, data) -> Outcome:
    state = ex.state
    chosen = data.get("card")
    if chosen not in state.view(ex.seat).hand:
        return _wrong(_("Choose one of your cards."))
    rule = state.explain_rule(play(chosen))
    if rule:
        return _wrong(
            _("The %(card)s may not be played here: %(rule)s")
            % {"card": card_name(chosen), "rule": _sentence(_engine_rule(rule), capital=False)}
        )
    if chosen in ex.spec["answer"]:
        return _right(ex)
    return _wrong(
        _("The %(card)s is allowed, but it is not the best card here.")
        % {"card": card_name(chosen)},
        _custom(ex, chosen),
    )


def judge_bury(ex: Exercise, answer: Answer, data) -> Outcome:
    chosen = list(answer.selected)
    if len(chosen) != 2:
        return _wrong(_("Choose exactly two cards to bury."))
    rule = ex.state.explain_rule(bury(chosen))
    if rule:
        return _wrong(_sentence(_engine_rule(rule)))
    if sorted(chosen) in [sorted(pair) for pair in ex.spec["answer"]]:
        return _right(ex)
    feedback = ex.spec.get("feedback", {})
    specific = [_(feedback[c]) for c in chosen if c in feedback]
    trumps = [c for c in chosen if SHEEPSHEAD.is_trump(parse_card(c))]
    lines = [_("You may bury those two, but there is a better choice.")]
    lines.extend(specific)
    if trumps and not specific:
        lines.append(_("Trump is what wins tricks for the picker: keep it."))
    if not specific:
        lines.append(_(ex.spec["wrong"]))
    return _wrong(*lines)


def pick_reasons(ex: Exercise) -> list[str]:
    """The standard pick rule applied to this hand, in words."""
    view = ex.state.view(ex.seat)
    mask = 0
    parts = []
    for code in sort_hand(view.hand):
        c = parse_card(code)
        mask |= 1 << c
        if QUEENS >> c & 1:
            value = 3.0
        elif JACKS >> c & 1:
            value = 2.0
        elif TRUMP_MASK >> c & 1:
            value = 1.5 if code[0] in "AT" else 1.0
        elif code[0] == "A":
            value = 1.0
        else:
            continue
        parts.append(f"{card_name(code)} {_fmt_points(value)}")
    position = (ex.seat - ex.state.dealer - 1) % 5
    if not may_consider_picking(mask):
        return [
            _(
                "This hand has no trump above the ace of diamonds and no fail ace: it is never "
                "strong enough to pick."
            )
        ]
    strength = pick_strength(mask)
    need = 8.5 - 0.25 * position
    return [
        _("By the rule of thumb this hand counts %(n)s (%(parts)s).")
        % {"n": _fmt_points(strength), "parts": ", ".join(parts)},
        (
            _("You speak first, so a pick needs %(need)s.")
            if position == 0
            else ngettext(
                "With %(k)d player before you, a pick needs %(need)s.",
                "With %(k)d players before you, a pick needs %(need)s.",
                position,
            )
        )
        % {"k": position, "need": _fmt_points(need)},
    ]


def judge_pick(ex: Exercise, answer: Answer, data) -> Outcome:
    decision = data.get("decision")
    if decision not in ("pick", "pass"):
        return _wrong(_("Choose Pick or Pass."))
    if decision == ex.spec["answer"]:
        return _right(ex, *pick_reasons(ex))
    return _wrong(_custom(ex, decision), *pick_reasons(ex))


def call_options(ex: Exercise) -> list[str]:
    return list(ex.spec.get("options") or CALL_OPTIONS)


def judge_call(ex: Exercise, answer: Answer, data) -> Outcome:
    state = ex.state
    if data.get("decision") == "alone":
        action, key, label = ALONE, "alone", _("Going alone")
    else:
        code = data.get("card")
        if code not in call_options(ex):
            return _wrong(_("Choose one of the cards offered, or Go alone."))
        action, key, label = call(code), code, _("The %(card)s") % {"card": card_name(code)}
    rule = state.explain_rule(action)
    if rule:
        return _wrong(
            _("You can't call that: %(rule)s")
            % {"rule": _sentence(_engine_rule(rule), capital=False)}
        )
    if key in ex.spec["answer"]:
        return _right(ex)
    if key == "alone":
        return _wrong(
            _("Going alone is always allowed, but this time call a partner."),
            _custom(ex, key) if key in ex.spec.get("feedback", {}) else "",
        )
    return _wrong(
        _("%(what)s may be called, but it is not the best call.") % {"what": label},
        _custom(ex, key),
    )


def judge_choice(ex: Exercise, answer: Answer, data) -> Outcome:
    chosen = parse_int(data.get("choice", ""))
    options = ex.spec["options"]
    if chosen is None or not 0 <= chosen < len(options):
        return _wrong(_("Choose one of the answers."))
    if chosen == ex.spec["answer"]:
        return _right(ex)
    feedback = ex.spec.get("feedback", {})
    if str(chosen) in feedback:
        return _wrong(_(feedback[str(chosen)]))
    return _wrong(_(ex.spec["wrong"]) if "wrong" in ex.spec else _("Not quite. Try again."))


JUDGES = {
    "winner": judge_winner,
    "legal": judge_legal,
    "play": judge_play,
    "trumps": judge_trumps,
    "points": judge_points,
    "scores": judge_scores,
    "pick": judge_pick,
    "bury": judge_bury,
    "call": judge_call,
    "count_trumps": judge_count_trumps,
    "choice": judge_choice,
}


# -- what the page shows ------------------------------------------------------------------------


def _marks(ex: Exercise) -> Ranking | None:
    """Trump is marked on the cards, unless the exercise asks what is trump."""
    if ex.kind == "trumps":
        return None
    return SHEEPSHEAD if ex.spec.get("mark_trump", True) else None


def _trick_items(ex: Exercise, trick, ranking) -> list[dict]:
    return [
        {"who": _Name(ex, trick.seat_of(i, 5)), "you": trick.seat_of(i, 5) == ex.seat,
         "face": face(code, ranking)}
        for i, code in enumerate(trick.cards)
    ]  # fmt: skip


def info_lines(ex: Exercise) -> list[str]:
    """What the seat knows about the contract: dealer, passes, picker, call, partner."""
    state = ex.state
    view = state.view(ex.seat if ex.seat is not None else 0)
    lines = []
    if view.phase == "picking":
        if view.dealer == ex.seat:
            lines.append(_("You dealt."))
        else:
            lines.append(_("%(name)s dealt.") % {"name": SEAT_NAMES[view.dealer]})
        passed = [s for s, a in view.actions if a.kind == "pass"]
        others = [SEAT_NAMES[s] for s in passed if s != ex.seat]
        if ex.seat in passed and others:
            # "Ann, Ben and you passed.": you come last in the list.
            lines.append(_("%(names)s and you passed.") % {"names": ", ".join(others)})
        elif ex.seat in passed:
            lines.append(_("You passed."))
        elif others:
            lines.append(_("%(names)s passed.") % {"names": _names_and(others)})
        return lines
    if view.contract == "leaster":
        return [_("Everyone passed: this hand is a leaster, each player for themselves.")]
    if view.picker is None:
        return lines
    picker = view.picker
    if picker == ex.seat:
        line = _("You picked.")
    else:
        line = _("%(name)s picked.") % {"name": _Name(ex, picker)}
    if view.called:
        line += " " + _("The called card is the %(card)s.") % {"card": card_name(view.called)}
    elif view.contract == "alone":
        line += " " + _("The picker plays alone.")
    lines.append(line)
    if view.partner is not None and view.called:
        if view.partner == ex.seat:
            lines.append(_("You hold the called card: you are the partner, and only you know."))
        else:
            lines.append(_("%(name)s is the partner.") % {"name": _Name(ex, view.partner)})
    return lines


def board(ex: Exercise, answer: Answer | None = None, outcome: Outcome | None = None) -> dict:
    """The template context of one exercise: what it shows, and the controls to answer."""
    answer = answer or Answer()
    if ex.kind in schafkopf_exercises.JUDGES:
        return schafkopf_exercises.board(ex, answer, outcome)
    marks = _marks(ex)
    out: dict = {"kind": ex.kind, "lines": [], "hand": [], "trick": [], "tricks": []}
    selected = set(answer.selected)
    if ex.state is not None and ex.show_contract and ex.kind != "scores":
        out["lines"] = info_lines(ex)
    if ex.kind == "choice":
        out["options"] = [{"value": i, "text": _(o)} for i, o in enumerate(ex.spec["options"])]
        return out
    view = ex.state.view(ex.seat if ex.seat is not None else 0)
    if ex.kind == "winner":
        out["trick"] = _trick_items(ex, view.tricks[ex.spec.get("trick", -1)], marks)
        return out
    if ex.kind == "points":
        if ex.spec.get("bury"):
            out["bury"] = [face(c, marks) for c in sort_hand(view.buried)]
        else:
            out["tricks"] = [_trick_items(ex, view.tricks[t], marks) for t in ex.spec["tricks"]]
        out["number"] = answer.number
        return out
    if ex.kind == "scores":
        out["rows"] = score_rows(ex, answer, outcome)
        return out
    if ex.seat is not None:
        hand = sort_hand(view.hand, None if ex.kind == "trumps" else SHEEPSHEAD)
        out["hand"] = [{"face": face(c, marks), "pressed": c in selected} for c in hand]
    if view.trick is not None and view.trick.cards:
        out["trick"] = _trick_items(ex, view.trick, marks)
    if ex.kind == "count_trumps":
        out["tricks"] = [_trick_items(ex, t, marks) for t in view.tricks]
        out["number"] = answer.number
    if ex.kind == "bury":
        out["blind"] = [face(c, marks) for c in sort_hand(view.blind or ())]
    if ex.kind == "call":
        out["bury"] = [face(c, marks) for c in sort_hand(view.buried or ())]
        out["options"] = [face(c, marks) for c in call_options(ex)]
    return out


def score_rows(ex: Exercise, answer: Answer, outcome: Outcome | None) -> list[dict]:
    state = ex.state
    result = state.result()
    rows = []
    for seat in range(5):
        if result.contract == "leaster":
            role = ""
        elif seat == state.picker:
            role = _("picker")
        elif seat == state.partner:
            role = _("partner")
        else:
            role = _("defender")
        rows.append(
            {
                "seat": seat,
                "name": _Name(ex, seat),
                "role": role,
                "points": state.points[seat],
                "bury": mask_points(state.buried) if seat == state.picker else None,
                "tricks": result.tricks[seat],
                "value": answer.scores.get(seat, ""),
                "invalid": outcome is not None and seat in outcome.wrong_seats,
            }
        )
    return rows


# The Schafkopf kinds build on the helpers above (their own module keeps this one small).
from . import schafkopf_exercises  # noqa: E402

JUDGES.update(schafkopf_exercises.JUDGES)
