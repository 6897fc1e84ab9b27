"""What a Schafkopf table shows: the parts that differ from Sheepshead's table.

Built, like :mod:`games.table`, from the human's view alone (docs/rules.md
§4): bids, declarations, Kontra and Re are seen by all, the partner of a
Rufspiel only once the called card is played. The contract fixes what is
trump, so cards are drawn, sorted and led by the contract's ranking; before
a game is declared the hand is held as for a Rufspiel.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine.actions import play as play_action
from rules_engine.cards import SUITS, parse_card
from rules_engine.contracts import GAMES_BY_KEY, Game
from rules_engine.players.schafkopf_knowledge import kind_of_view
from rules_engine.schafkopf_actions import KIND_OF

from .cards import hand_order
from .game_kinds import seats_of
from .german_cards import GERMAN_SUIT_NAMES
from .rule_text import rule_text
from .schafkopf_sentences import (
    DECIDING,
    contract_sentence,
    deciding_status,
    doubling_sentence,
    event_sentence,
    laufende_note,
    ramsch_loser,
    side_result,
    signed_money,
    tout_result,
    your_money,
)
from .schafkopf_setup import SchafkopfSetup, SetupError
from .sentences import event_sentence as card_event
from .table import (
    Button,
    Face,
    HandCard,
    Seat,
    TableGame,
    _who,
    play_event,
    seat_badges,
    turn_status,
)

RUFSPIEL = GAMES_BY_KEY[Game.RUFSPIEL, -1, False]


def _ranking(view):
    kind = kind_of_view(view)
    return (kind or RUFSPIEL).ranking


def faces(view, deck: str = "german"):
    """Cards drawn with the German suits (or the French, as the player chose), trump
    as the contract says."""
    ranking = _ranking(view)
    german = deck not in ("classic", "four")

    def face(code):
        if code is None:
            return Face(None)
        return Face(code, is_trump=ranking.is_trump(parse_card(code)), german=german)

    return face


def sort_key(view):
    """Trumps high to low as the contract ranks them, then each suit."""
    ranking = _ranking(view)
    return lambda code: hand_order(code, ranking)


def game_name(kind, called: str | None = None, face=None) -> str:
    """A game as players name it: 'a Rufspiel with the Gras-Sau' (the called card
    named as ``face`` draws it; without one, no card), 'a Herz-Solo', 'a Wenz Tout'."""
    if kind.game is Game.RUFSPIEL:
        if called is None or face is None:
            return _("a Rufspiel")
        return _("a Rufspiel with the %(card)s") % {"card": face(called).name}
    if kind.game is Game.SOLO:
        suit = GERMAN_SUIT_NAMES[SUITS[kind.trump]]
        if kind.tout:
            return _("a %(suit)s-Solo Tout") % {"suit": suit}
        return _("a %(suit)s-Solo") % {"suit": suit}
    names = {
        Game.WENZ: (_("a Wenz"), _("a Wenz Tout")),
        Game.GEIER: (_("a Geier"), _("a Geier Tout")),
    }
    plain, tout = names[kind.game]
    return tout if kind.tout else plain


def declaration_name(action, face=None) -> str:
    """A declaration button's words: the game it declares."""
    kind = KIND_OF.get(action)
    if kind is None:
        return str(action)
    return game_name(kind, action.card, face)


# -- seats --------------------------------------------------------------------------------


def seats(match, view, names: list[str], totals: list[int], face) -> list[Seat]:
    """The badges with Schafkopf's roles: who bid or passed, the declarer with the
    called card, the partner once known, Kontra and Re; scores in money."""
    bids = {}
    for actor, action in view.actions:
        if view.phase == "bidding" and action.kind in ("bid", "pass") and actor not in bids:
            bids[actor] = "bid" if action.kind == "bid" else "passed"
    shown = seat_badges(match, view, names, totals, write=signed_money)
    for seat in shown:
        s = seat.seat
        seat.is_picker = s == view.declarer
        seat.is_partner = view.partner is not None and s == view.partner and s != view.declarer
        seat.called = face(view.called) if view.called and s == view.declarer else None
        seat.decision = bids.get(s, "")
        seat.kontra = view.kontra == s
        seat.re = view.re == s
    return shown


# -- what is happening ---------------------------------------------------------------------


def event(view, seats, face) -> str:
    """What the newest shown action was, in a sentence."""
    if not view.actions:
        return card_event("deal", _who(seats[view.dealer]))
    actor, action = view.actions[-1]
    who = _who(seats[actor])
    kind = action.kind
    if kind == "declare":
        return event_sentence("declare", who, declaration_name(action, face))
    if kind in ("bid", "pass", "kontra", "re"):
        return event_sentence(kind, who)
    if kind == "play":
        return play_event(view, seats, who, action.card, lambda code: face(code).name)
    return ""


def _class_name(view, cls: str) -> str:
    return _("trump") if cls == "trump" else str(GERMAN_SUIT_NAMES[cls])


def _card_class(view, code: str) -> str:
    return "trump" if _ranking(view).is_trump(parse_card(code)) else code[1]


def status(view, seats, live: bool) -> str:
    def classes():
        led = None
        if view.trick is not None and view.trick.cards:
            led = _card_class(view, view.trick.cards[0])
        return led, {_card_class(view, c) for c in view.hand}

    return turn_status(
        view, seats, live, deciding=DECIDING, decide=deciding_status, classes=classes,
        name=lambda cls: _class_name(view, cls),
    )  # fmt: skip


def contract_line(view, seats, face) -> str:
    """The game, its declarer and (once known) partner, and Kontra and Re."""
    if view.contract == Game.RAMSCH.value:
        return _("Ramsch: everyone passed, so everyone plays alone; the most points lose.")
    if view.contract == Game.REDEAL.value:
        return _("Everyone passed: no game this hand.")
    kind = kind_of_view(view)
    if kind is None or view.declarer is None:
        return ""
    partner = None
    if view.partner is not None and view.partner != view.declarer:
        partner = _who(seats[view.partner])
    line = contract_sentence(
        _who(seats[view.declarer]), game_name(kind, view.called, face), partner
    )
    kontra = _who(seats[view.kontra]) if view.kontra is not None else None
    re = _who(seats[view.re]) if view.re is not None else None
    doubled = doubling_sentence(kontra, re)
    return f"{line} {doubled}" if doubled else line


# -- the human's cards and buttons ----------------------------------------------------------


def hand_cards(view, state, live: bool, chosen, face, key):
    mine = live and view.turn == view.seat
    legal = {a.card for a in view.legal if a.kind == "play"} if mine else set()
    mode = "play" if mine and legal else ""
    cards = []
    for code in sorted(view.hand, key=key):
        if mode and code in legal:
            cards.append(HandCard(face(code), "play"))
        elif mode:
            reason = rule_text(state.explain_rule(play_action(code)), german=face(code).german)
            cards.append(HandCard(face(code), "dimmed", reason=reason))
        else:
            cards.append(HandCard(face(code), "idle"))
    return cards, mode


def buttons(view, live: bool, chosen, can_finish: bool, face) -> list[Button]:
    if not live or view.turn != view.seat:
        return []
    shown = []
    for action in view.legal:
        kind = action.kind
        if kind == "bid":
            shown.append(Button("bid", _("I want to play"), primary=True))
        elif kind == "declare":
            fields = {"contract": action.contract}
            if action.trump:
                fields["trump"] = action.trump
            if action.tout:
                fields["tout"] = "1"
            shown.append(
                Button(
                    "declare", declaration_name(action, face), card=action.card or "", fields=fields
                )
            )
        elif kind == "kontra":
            shown.append(Button("kontra", _("Kontra"), accessible=_("Say Kontra: double the game")))
        elif kind == "re":
            shown.append(Button("re", _("Re"), accessible=_("Say Re: double the game again")))
    if any(a.kind == "pass" for a in view.legal):
        shown.append(Button("pass", _("Pass")))
    return shown


# -- the end of a hand ---------------------------------------------------------------------


def result(view, seats) -> dict:
    """Card points per side, Laufende, schneider and schwarz, Kontra and Re, and the money."""
    outcome = view.result
    count = len(seats)
    scores = outcome.scores
    payments = [
        {"name": seats[s].name, "score": scores[s], "signed": signed_money(scores[s]),
         "points": outcome.points[s], "tricks": outcome.tricks[s], "is_me": s == view.seat}
        for s in range(count)
    ]  # fmt: skip
    you = your_money(outcome.scores[view.seat])
    notes = []
    if outcome.contract == Game.REDEAL.value:
        return {"leaster": True, "headline": _("Everyone passed: no game, nobody pays."),
                "you": you, "payments": payments, "notes": notes}  # fmt: skip
    if outcome.contract == Game.RAMSCH.value:
        most = max(outcome.points)
        if max(outcome.tricks) == sum(outcome.tricks):
            taker = outcome.tricks.index(max(outcome.tricks))
            headline = _("Durchmarsch: %(name)s took every trick and wins.") % {
                "name": seats[taker].name
            }
        else:
            loser = outcome.points.index(most)
            headline = ramsch_loser(_who(seats[loser]), most)
        return {"leaster": True, "headline": headline, "you": you, "payments": payments,
                "notes": notes}  # fmt: skip
    side = [outcome.declarer] + ([outcome.partner] if outcome.partner is not None else [])
    side_points = sum(outcome.points[s] for s in side)
    defender_points = sum(outcome.points) - side_points
    declarer = _who(seats[outcome.declarer])
    partner = _who(seats[outcome.partner]) if outcome.partner is not None else None
    won = outcome.scores[outcome.declarer] > 0
    if outcome.tout:
        headline = tout_result(declarer, won)
    else:
        headline = side_result(declarer, partner, side_points, won)
    if outcome.schwarz:
        notes.append(_("Schwarz: one side took no trick."))
    elif outcome.schneider:
        notes.append(_("Schneider: the losing side took 30 points or fewer."))
    if outcome.laufende:
        notes.append(laufende_note(outcome.laufende))
    if outcome.kontra:
        notes.append(
            _("Kontra and Re: the game counts four times.")
            if outcome.re
            else _("Kontra: the game counts double.")
        )
    return {
        "leaster": False,
        "headline": headline,
        "you": you,
        "side_line": _("The declaring side took %(points)d points.") % {"points": side_points},
        "defender_line": _("The defenders took %(points)d points.") % {"points": defender_points},
        "side_points": side_points,
        "defender_points": defender_points,
        "bury_points": 0,
        "notes": notes,
        "payments": payments,
    }


def summary(outcome: dict, names: list[str], human: int) -> str:
    """A finished hand's label on the score sheet: the game and who played it."""
    contract = outcome.get("contract")
    if contract == Game.RAMSCH.value:
        return _("Ramsch")
    if contract == Game.REDEAL.value:
        return _("All passed")
    trump = SUITS.index(outcome["trump"]) if outcome.get("trump") else -1
    kind = GAMES_BY_KEY[Game(contract), trump, bool(outcome.get("tout"))]
    declarer = names[outcome["declarer"]]
    # Without the called card: the sheet is on every later page, where a card's name
    # is only ever one the viewer may see now.
    return _("%(name)s: %(game)s") % {"name": declarer, "game": game_name(kind)}


def house_rules(match) -> str:
    """The house rules the session was set up with, as the table shows them."""
    seats = seats_of(match.game, match.rules)
    try:
        setup = SchafkopfSetup.from_rules(match.rules, match.hand_count // seats, match.level)
    except SetupError:  # set other than through the form (a test's rules): not described
        return ""
    return setup.describe()


SCHAFKOPF_TABLE = TableGame(
    seats=seats,
    faces=faces,
    sort_key=sort_key,
    status=status,
    event=event,
    contract_line=contract_line,
    hand_cards=hand_cards,
    buttons=buttons,
    result=result,
    summary=summary,
    write=signed_money,
    buried=lambda view, face, key: [],
    house_rules=house_rules,
)
