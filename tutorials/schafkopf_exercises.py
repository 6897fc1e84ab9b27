"""The Schafkopf exercises: judged by the Schafkopf engine, drawn with German cards.

Like :mod:`tutorials.exercises` for Sheepshead, every answer that is a fact of
the position comes from the engine: the trick's winner, the legal plays (the
called ace's duties and davonlaufen included), the declared game's trumps, the
declarations still allowed, and the result's payments in cents. The strategy
kinds (which card, which game, whether to say Kontra) have their answer in the
lesson data, and an illegal answer is explained by the engine's rule. Cards
are named as the Schafkopf table names them (``Eichel-Ober``, ``Gras-Sau``)
and the page shows only what the exercise's seat may see.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.german_cards import GERMAN_SUIT_NAMES, german_card_name
from games.rule_text import rule_text
from rules_engine.actions import play
from rules_engine.cards import CARD_POINTS, CODES, parse_card
from rules_engine.ranking import TRUMP

from .cards import face, sort_hand
from .course import Exercise
from .exercises import (
    SEAT_NAMES,
    Answer,
    Outcome,
    _custom,
    _right,
    _sentence,
    _wrong,
    judge_count,
    judge_score_sheet,
)
from .schafkopf_kinds import declaration, key_of

#: The games as a learner reads them, by the result's and the view's contract names.
GAME_NAMES = {
    "rufspiel": gettext_lazy("Rufspiel"),
    "wenz": gettext_lazy("Wenz"),
    "geier": gettext_lazy("Geier"),
    "solo": gettext_lazy("Farbsolo"),
    "ramsch": gettext_lazy("Ramsch"),
}
#: The plain order of each game's suits, high to low, in card letters.
PLAIN_ORDERS = {"wenz": "A T K Q 9 8 7", "geier": "A T K J 9 8 7"}
DEFAULT_PLAIN_ORDER = "A T K 9 8 7"


def _game_name(key: str) -> str:
    return str(GAME_NAMES.get(key, key))


def card(code: str) -> str:
    return german_card_name(code)


def cards_in_words(codes) -> str:
    """Several cards by name: 'the Gras-Sau, the Herz-Zehn and the Eichel-Sieben'."""
    names = [_("the %(card)s") % {"card": card(c)} for c in codes]
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _rule(rule) -> str:
    return rule_text(rule, german=True)


def name_of(ex: Exercise, seat: int) -> str:
    return _("you") if seat == ex.seat else SEAT_NAMES[seat]


def _Name(ex: Exercise, seat: int) -> str:  # noqa: N802 (the capitalised name_of)
    name = name_of(ex, seat)
    return name[0].upper() + name[1:]


def ranking_of(ex: Exercise):
    """The declared game's ranking (the engine's contract carries it)."""
    return ex.state.contract.kind.ranking


def seats_of(ex: Exercise) -> int:
    return ex.state.deal.variant.seats


def seat_view(ex: Exercise):
    return ex.state.view(ex.seat if ex.seat is not None else ex.state.deal.first_leader)


def declaration_words(key: str) -> str:
    """A declaration as players say it: 'Rufspiel with the Gras-Sau', 'Farbsolo in Herz'."""
    action = declaration(key)
    game = _game_name(action.contract)
    if action.card is not None:
        words = _("%(game)s with the %(card)s") % {"game": game, "card": card(action.card)}
    elif action.trump is not None:
        words = _("%(game)s in %(suit)s") % {"game": game, "suit": GERMAN_SUIT_NAMES[action.trump]}
    else:
        words = game
    return _("%(game)s Tout") % {"game": words} if action.tout else words


def _is_legal(ex: Exercise, key: str) -> bool:
    return declaration(key) in ex.state.legal_actions()


# -- which card wins ------------------------------------------------------------------


def _trick(ex: Exercise):
    return ex.state.view(ex.seat if ex.seat is not None else 0).tricks[ex.spec.get("trick", -1)]


def trick_reason(ex: Exercise, cards: list[str], chosen: str) -> tuple[bool, str]:
    """Whether ``chosen`` wins the trick, and why, by the declared game's ranking."""
    ranking = ranking_of(ex)
    indices = [parse_card(c) for c in cards]
    winner = cards[ranking.trick_winner(indices)]
    led = ranking.follow_class[indices[0]]
    c = parse_card(chosen)
    led_words = _("trump") if led == TRUMP else str(GERMAN_SUIT_NAMES["CSHD"[led]])
    trump_played = any(ranking.is_trump(i) for i in indices)
    if chosen == winner:
        if trump_played:
            return True, _("The %(card)s is the highest trump in this trick.") % {
                "card": card(chosen)
            }
        return True, _(
            "Nobody played trump, and the %(card)s is the highest card of %(suit)s, the suit led."
        ) % {"card": card(chosen), "suit": led_words}
    if ranking.is_trump(c):
        order = ", ".join(card(CODES[t]) for t in ranking.trumps)
        return False, _("A higher trump was played. Trump ranks, from the top: %(order)s.") % {
            "order": order
        }
    if ranking.follow_class[c] != led:
        return False, _(
            "The %(card)s is neither trump nor of the suit led (%(suit)s), so it can't win."
        ) % {"card": card(chosen), "suit": led_words}
    if trump_played:
        return False, _("Somebody played trump, and any trump beats a card that is not trump.")
    return False, _(
        "A higher card of %(suit)s was played: in this game a suit ranks %(order)s."
    ) % {
        "suit": led_words,
        "order": PLAIN_ORDERS.get(ex.state.contract.kind.game.value, DEFAULT_PLAIN_ORDER)
        .replace("T", "10")
        .replace("Q", "O")
        .replace("J", "U"),
    }


def engine_winner(ex: Exercise) -> str:
    """The card of the trick the engine gave to the trick's recorded winner."""
    leader, _cards, winner_seat = ex.state.tricks[ex.spec.get("trick", -1)]
    return _trick(ex).cards[(winner_seat - leader) % seats_of(ex)]


def judge_winner(ex: Exercise, answer: Answer, data) -> Outcome:
    cards = list(_trick(ex).cards)
    chosen = data.get("card")
    if chosen not in cards:
        return _wrong(_("Choose one of the cards in the trick."))
    _wins, why = trick_reason(ex, cards, chosen)
    if chosen == engine_winner(ex):
        return _right(ex, why)
    return _wrong(_("The %(card)s does not win this trick.") % {"card": card(chosen)}, why)


# -- which cards are trump, which may be played -------------------------------------------


def selectable(ex: Exercise) -> list[str]:
    if ex.kind == "sk_declare":
        return list(ex.spec["options"])
    return list(ex.state.view(ex.seat).hand)


def _left_out(n: int, one: str, many: str) -> str:
    return ngettext(one, many, n) % {"n": n}


def judge_trumps(ex: Exercise, answer: Answer, data) -> Outcome:
    ranking = ranking_of(ex)
    hand = selectable(ex)
    trumps = [c for c in hand if ranking.is_trump(parse_card(c))]
    chosen = set(answer.selected)
    not_trump = [c for c in hand if c in chosen and c not in trumps]
    left_out = [c for c in trumps if c not in chosen]
    if not not_trump and not left_out:
        return _right(ex)
    lines = [_("The %(card)s is not trump here.") % {"card": card(c)} for c in not_trump]
    if left_out:
        lines.append(
            _left_out(len(left_out), "You left out %(n)d trump.", "You left out %(n)d trumps.")
        )
    lines.append(
        _("In this game trump is, from the top: %(order)s.")
        % {"order": ", ".join(card(CODES[t]) for t in ranking.trumps)}
    )
    return _wrong(*lines)


def legal_cards(ex: Exercise) -> list[str]:
    return [a.card for a in ex.state.legal_actions() if a.play_bit]


def _why_not(ex: Exercise, codes) -> list[str]:
    """Why each card may not be played, one sentence per rule."""
    by_rule: dict[str, list[str]] = {}
    for code in codes:
        rule = ex.state.explain_rule(play(code))
        if rule:
            by_rule.setdefault(_rule(rule), []).append(code)
    return [
        _("Not %(cards)s: %(rule)s")
        % {"cards": cards_in_words(cards), "rule": _sentence(rule, capital=False)}
        for rule, cards in by_rule.items()
    ]


def judge_legal(ex: Exercise, answer: Answer, data) -> Outcome:
    hand = selectable(ex)
    legal = set(legal_cards(ex))
    chosen = set(answer.selected)
    not_allowed = [c for c in hand if c in chosen and c not in legal]
    left_out = [c for c in hand if c in legal and c not in chosen]
    if not not_allowed and not left_out:
        reasons = _why_not(ex, [c for c in hand if c not in legal])
        if not reasons:
            reasons = [_("Nothing stops any of your cards here: you may play any of them.")]
        return _right(ex, *reasons)
    lines = _why_not(ex, not_allowed)
    if left_out:
        lines.append(
            _left_out(
                len(left_out),
                "You left out %(n)d card that may be played.",
                "You left out %(n)d cards that may be played.",
            )
        )
    return _wrong(*lines)


def judge_declare(ex: Exercise, answer: Answer, data) -> Outcome:
    options = selectable(ex)
    legal = {key for key in options if _is_legal(ex, key)}
    chosen = set(answer.selected)
    not_allowed = [k for k in options if k in chosen and k not in legal]
    left_out = [k for k in options if k in legal and k not in chosen]
    reasons = [
        _("Not %(game)s: %(rule)s")
        % {
            "game": declaration_words(key),
            "rule": _sentence(_rule(ex.state.explain_rule(declaration(key))), capital=False),
        }
        for key in options
        if key not in legal and (key in chosen or not not_allowed and not left_out)
    ]
    if not not_allowed and not left_out:
        return _right(ex, *reasons)
    if left_out:
        reasons.append(
            _left_out(
                len(left_out),
                "You left out %(n)d game that may be declared.",
                "You left out %(n)d games that may be declared.",
            )
        )
    return _wrong(*reasons)


# -- counting and paying ----------------------------------------------------------------


def points_answer(ex: Exercise) -> int:
    return sum(CARD_POINTS[c] for t in ex.spec["tricks"] for c in ex.state.tricks[t][1])


def judge_points(ex: Exercise, answer: Answer, data) -> Outcome:
    values = _("Sau 11, Zehn 10, König 4, Ober 3, Unter 2; Neun, Acht and Sieben count nothing.")
    return judge_count(ex, answer, points_answer(ex), values)


def declaring_side(ex: Exercise) -> list[int]:
    result = ex.state.result()
    if result.declarer is None:
        return []
    return [result.declarer] + ([result.partner] if result.partner is not None else [])


def score_reasons(ex: Exercise) -> list[str]:
    """The result the engine worked out, in the steps of docs/rules.md §3.7–3.10."""
    result = ex.state.result()
    seats = seats_of(ex)
    if result.contract == "ramsch":
        most = max(result.points)
        losers = [s for s in range(seats) if result.points[s] == most]
        if max(result.tricks) == len(ex.state.tricks):
            return [_("One player took every trick, a Durchmarsch, and is paid by the others.")]
        return [
            _("%(names)s took the most points (%(n)d) and pays each of the others.")
            % {"names": ", ".join(_Name(ex, s) for s in losers), "n": most}
        ]
    side = declaring_side(ex)
    points = sum(result.points[s] for s in side)
    won = result.scores[result.declarer] > 0
    lines = [
        _("The declaring side took %(n)d points: it %(verdict)s.")
        % {"n": points, "verdict": _("wins") if won else _("loses")}
    ]
    if result.schwarz:
        lines.append(_("One side took no trick: schwarz."))
    elif result.schneider:
        lines.append(_("It took 91 or more, or 30 or fewer: schneider."))
    if result.laufende:
        lines.append(
            ngettext("%(n)d Laufende pays.", "%(n)d Laufende pay.", result.laufende)
            % {"n": result.laufende}
        )
    if result.kontra:
        lines.append(
            _("Kontra and Re doubled the value twice.") if result.re else _("Kontra doubled it.")
        )
    if len(side) == 1:
        lines.append(_("Playing alone, the declarer settles with each of the three others."))
    else:
        lines.append(_("In a Rufspiel each of the four wins or pays the game's value."))
    return lines


def judge_scores(ex: Exercise, answer: Answer, data) -> Outcome:
    ask = _("Type a whole number of cents for every player: +30, −10, 0 …")
    return judge_score_sheet(ex, answer, ask, score_reasons(ex))


# -- strategy: play, declare, Kontra ----------------------------------------------------------


def judge_play(ex: Exercise, answer: Answer, data) -> Outcome:
    chosen = data.get("card")
    if chosen not in selectable(ex):
        return _wrong(_("Choose one of your cards."))
    rule = ex.state.explain_rule(play(chosen))
    if rule:
        return _wrong(
            _("The %(card)s may not be played here: %(rule)s")
            % {"card": card(chosen), "rule": _sentence(_rule(rule), capital=False)}
        )
    if chosen in ex.spec["answer"]:
        return _right(ex)
    return _wrong(
        _("The %(card)s is allowed, but it is not the best card here.") % {"card": card(chosen)},
        _custom(ex, chosen),
    )


def judge_game(ex: Exercise, answer: Answer, data) -> Outcome:
    key = data.get("game")
    if key not in ex.spec["options"]:
        return _wrong(_("Choose one of the games offered."))
    if not _is_legal(ex, key):
        rule = ex.state.explain_rule(declaration(key))
        return _wrong(
            _("You can't declare that: %(rule)s") % {"rule": _sentence(_rule(rule), capital=False)}
        )
    if key in ex.spec["answer"]:
        return _right(ex)
    return _wrong(
        _("%(game)s may be declared, but it is not the best game here.")
        % {"game": declaration_words(key)},
        _custom(ex, key),
    )


def judge_kontra(ex: Exercise, answer: Answer, data) -> Outcome:
    decision = data.get("decision")
    if decision not in ("kontra", "no"):
        return _wrong(_("Choose Kontra or No Kontra."))
    if decision == ex.spec["answer"]:
        return _right(ex)
    return _wrong(_custom(ex, decision))


JUDGES = {
    "sk_winner": judge_winner,
    "sk_trumps": judge_trumps,
    "sk_legal": judge_legal,
    "sk_points": judge_points,
    "sk_scores": judge_scores,
    "sk_declare": judge_declare,
    "sk_play": judge_play,
    "sk_game": judge_game,
    "sk_kontra": judge_kontra,
}


# -- what the page shows ---------------------------------------------------------------------


def _face(ex: Exercise, code: str | None, marked: bool = True) -> dict:
    ranking = ranking_of(ex) if marked and ex.state.contract is not None else None
    return face(code, ranking, german=True)


def _trick_items(ex: Exercise, trick, marked: bool = True) -> list[dict]:
    seats = seats_of(ex)
    return [
        {"who": _Name(ex, trick.seat_of(i, seats)), "you": trick.seat_of(i, seats) == ex.seat,
         "face": _face(ex, code, marked)}
        for i, code in enumerate(trick.cards)
    ]  # fmt: skip


def info_lines(ex: Exercise) -> list[str]:
    """What every player knows of the game: who declared what, the called Sau, Kontra."""
    view = seat_view(ex)
    if view.phase in ("bidding", "declaring"):
        lines = []
        bidders = [s for s, a in view.actions if a.kind == "bid"]
        if bidders:
            lines.append(
                _("Would play: %(names)s.") % {"names": ", ".join(name_of(ex, s) for s in bidders)}
            )
        for s, a in view.actions:
            if a.kind == "declare":
                lines.append(
                    _("%(name)s declared: %(game)s.")
                    % {"name": _Name(ex, s), "game": declaration_words(key_of(a))}
                )
        return lines
    if view.contract == "ramsch":
        return [_("Nobody would play: a Ramsch, everyone for themselves.")]
    if view.declarer is None:
        return []
    declared = [a for s, a in view.actions if a.kind == "declare"][-1]
    game = declaration_words(key_of(declared))
    if view.declarer == ex.seat:
        lines = [_("You play a %(game)s.") % {"game": game}]
    else:
        lines = [
            _("%(name)s plays a %(game)s.") % {"name": SEAT_NAMES[view.declarer], "game": game}
        ]
    if view.partner is not None and view.partner == ex.seat:
        lines.append(_("You hold the called Sau: you are the partner, and only you know."))
    if view.kontra is not None:
        lines.append(_("%(name)s said Kontra.") % {"name": _Name(ex, view.kontra)})
    if view.re is not None:
        lines.append(_("%(name)s said Re.") % {"name": _Name(ex, view.re)})
    return lines


def board(ex: Exercise, answer: Answer, outcome: Outcome | None) -> dict:
    """The template context of a Schafkopf exercise."""
    selected = set(answer.selected)
    out: dict = {"kind": ex.kind, "lines": [], "hand": [], "trick": [], "tricks": []}
    if ex.show_contract and ex.kind != "sk_scores":
        out["lines"] = info_lines(ex)
    view = seat_view(ex)
    marked = ex.kind not in ("sk_trumps", "sk_winner") and ex.spec.get("mark_trump", True)
    if ex.kind == "sk_winner":
        out["trick"] = _trick_items(ex, _trick(ex), marked=False)
        return out
    if ex.kind == "sk_points":
        out["tricks"] = [_trick_items(ex, view.tricks[t]) for t in ex.spec["tricks"]]
        out["number"] = answer.number
        return out
    if ex.kind == "sk_scores":
        out["rows"] = score_rows(ex, answer, outcome)
        out["score_bound"] = 10000
        return out
    if ex.seat is not None:
        ranking = ranking_of(ex) if ex.state.contract is not None and marked else None
        hand = sort_hand(view.hand, ranking)
        out["hand"] = [{"face": _face(ex, c, marked), "pressed": c in selected} for c in hand]
    if view.trick is not None and view.trick.cards:
        out["trick"] = _trick_items(ex, view.trick, marked)
    if ex.kind in ("sk_declare", "sk_game"):
        out["options"] = [
            {"value": key, "text": declaration_words(key), "pressed": key in selected}
            for key in ex.spec["options"]
        ]
    return out


def score_rows(ex: Exercise, answer: Answer, outcome: Outcome | None) -> list[dict]:
    result = ex.state.result()
    side = declaring_side(ex)
    rows = []
    for seat in range(seats_of(ex)):
        if not side:
            role = ""
        elif seat == result.declarer:
            role = _("declarer")
        elif seat in side:
            role = _("partner")
        else:
            role = _("opponent")
        rows.append(
            {
                "seat": seat,
                "name": _Name(ex, seat),
                "role": role,
                "points": result.points[seat],
                "bury": None,
                "tricks": result.tricks[seat],
                "value": answer.scores.get(seat, ""),
                "invalid": outcome is not None and seat in outcome.wrong_seats,
            }
        )
    return rows


#: Kinds answered by choosing several things, then Check.
SELECT_KINDS = frozenset({"sk_trumps", "sk_legal", "sk_declare"})
NUMBER_KINDS = frozenset({"sk_points"})
