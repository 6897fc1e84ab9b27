"""The engine's rule messages in the reader's language.

The engine gives a rule as an id and values (``rules_engine.messages``); this
turns it into a translatable sentence, naming cards and suits through gettext
(``games.cards``). Sentences start with a capital and end with a full stop.
"""

from __future__ import annotations

from contextvars import ContextVar

from django.utils.translation import gettext as _

from rules_engine.messages import Rule

from .cards import SUIT_NAMES, card_name
from .german_cards import GERMAN_SUIT_NAMES, german_card_name

PHASE_WANTED = {
    "picking": lambda: _("pick or pass"),
    "bury": lambda: _("bury two cards"),
    "call": lambda: _("call a card or play alone"),
    "unknown": lambda: _("set one card aside as the unknown"),
    "play": lambda: _("play a card"),
}


#: What each Schafkopf phase asks of the seat to act.
SCHAFKOPF_WANTED = {
    "bidding": lambda: _("bid or pass"),
    "declaring": lambda: _("declare a game or pass"),
    "kontra": lambda: _("say Kontra or pass"),
    "re": lambda: _("say Re or pass"),
    "play": lambda: _("play a card"),
}


#: Whether the sentence being written names cards with the German suits (a Schafkopf
#: table drawn with German cards); set only by rule_text, for one sentence.
_GERMAN = ContextVar("german_cards", default=False)


def _suit(number: int) -> str:
    if number == 4:
        return _("trump")
    names = GERMAN_SUIT_NAMES if _GERMAN.get() else SUIT_NAMES
    return str(names["CSHD"[number]])


def _card(code: str) -> str:
    name = german_card_name(code) if _GERMAN.get() else card_name(code)
    return _("the %(card)s") % {"card": name}


def _callable_suits(joined_by: str) -> str:
    """The suits whose ace (or ten) a Schafkopf Rufspiel calls: all but hearts (Herz)."""
    first, second, last = (_suit(n) for n in (0, 1, 3))
    return f"{first}, {second} {joined_by} {last}"


def _cards_or(codes) -> str:
    names = [_card(code) for code in codes]
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s or %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _called(values) -> str:
    return _("the called ten") if values["called_rank"] == "ten" else _("the called ace")


def _offer(values) -> str:
    if values["options"]:
        return _("You may call %(cards)s.") % {"cards": _cards_or(values["options"])}
    return _("No call is possible, so play alone.")


SENTENCES = {
    "hand_over": lambda v: _("The hand is over."),
    "no_more_actions": lambda v: _("The hand is over: no more moves."),
    "not_your_turn": lambda v: _("It is not your turn."),
    "wrong_kind": lambda v: _("Now you must %(wanted)s.") % {"wanted": PHASE_WANTED[v["phase"]]()},
    "not_an_action": lambda v: _("That is not a move."),
    "names_no_card": lambda v: _("That move names no card."),
    "names_one_card": lambda v: _("That move names exactly one card."),
    "names_card_list": lambda v: _("Name the cards to bury."),
    "bury_two": lambda v: _("You must bury exactly two different cards."),
    "bury_own": lambda v: (
        _("You can only bury your own cards, and you don't hold %(cards)s.")
        % {"cards": _cards_or(v["cards"])}
    ),
    "unknown_not_held": lambda v: (
        _("You don't hold %(card)s to set aside.") % {"card": _card(v["card"])}
    ),
    "call_own_card": lambda v: " ".join(
        [
            (
                _("You can't call %(card)s: you buried it, and a called game needs a partner.")
                if v["buried"]
                else _(
                    "You can't call %(card)s: it is in your hand, "
                    "and a called game needs a partner."
                )
            )
            % {"card": _card(v["card"])},
            _offer(v),
        ]
    ),
    "call_not_callable": lambda v: " ".join(
        [
            _("Only the ace (or ten) of clubs, spades or hearts can be called, not %(card)s.")
            % {"card": _card(v["card"])},
            _offer(v),
        ]
    ),
    "ten_needs_aces": lambda v: " ".join(
        [_("A ten may be called only when all three fail aces are yours."), _offer(v)]
    ),
    "call_needs_hold": lambda v: " ".join(
        [
            _("You need a card of %(suit)s in your hand (the hold card) to call %(card)s.")
            % {"suit": _suit(v["suit"]), "card": _card(v["card"])},
            _("A suit you have none of is called only when no other call exists.")
            if v["ace"]
            else "",
            _offer(v),
        ]
    ).replace("  ", " "),
    "call_not_now": lambda v: " ".join(
        [_("You can't call %(card)s now.") % {"card": _card(v["card"])}, _offer(v)]
    ),
    "not_held": lambda v: _("You don't hold %(card)s.") % {"card": _card(v["card"])},
    "must_play_unknown": lambda v: (
        _("%(suit)s is led for the first time: you must play the unknown card.")
        % {"suit": _suit(v["suit"]).capitalize()}
    ),
    "unknown_later": lambda v: (
        _("The unknown card is played when %(suit)s is first led, or as your last card.")
        % {"suit": _suit(v["suit"])}
    ),
    "partner_leads_called": lambda v: (
        _("The partner may lead %(suit)s only with %(called)s until %(suit)s is led.")
        % {"suit": _suit(v["suit"]), "called": _called(v)}
    ),
    "must_follow": lambda v: (
        _("You have a trump, so you must play trump.")
        if v["suit"] == 4
        else _("You have %(suit)s, so you must follow %(suit)s.") % {"suit": _suit(v["suit"])}
    ),
    "partner_must_play": lambda v: (
        _("%(suit)s is led for the first time: the partner must play %(called)s.")
        % {"suit": _suit(v["suit"]).capitalize(), "called": _called(v)}
    ),
    "partner_keeps": lambda v: (
        _("The partner keeps %(called)s until %(suit)s is led.")
        % {"suit": _suit(v["suit"]), "called": _called(v)}
    ),
    "picker_keeps": lambda v: (
        _("The picker keeps a card of %(suit)s (the hold card) until %(suit)s is led.")
        % {"suit": _suit(v["suit"])}
    ),
    # Schafkopf's own rules (docs/rules.md §3).
    "sk_wrong_kind": lambda v: (
        _("Now you must %(wanted)s.") % {"wanted": SCHAFKOPF_WANTED[v["phase"]]()}
    ),
    "first_bidder_declares": lambda v: _("The first bidder must declare a game."),
    "declare_must_outrank": lambda v: _(
        "A later bidder may only declare a game that outranks the one standing "
        "(an equal game does not), or pass."
    ),
    "no_such_game": lambda v: _("There is no such game to declare."),
    "call_herz": lambda v: (
        _("%(card)s is never called: %(suit)s are trump.")
        % {"card": _card("AH")[:1].upper() + _card("AH")[1:], "suit": _suit(2)}
    ),
    "call_held": lambda v: _("You can't call %(card)s: you hold it.") % {"card": _card(v["card"])},
    "call_needs_suit_card": lambda v: (
        _("You need a card of %(suit)s (not an Ober or Unter) to call %(card)s.")
        % {"suit": _suit(v["suit"]), "card": _card(v["card"])}
    ),
    "call_ten_needs_aces": lambda v: (
        _("A ten may be called only by a declarer who holds the aces of %(suits)s.")
        % {"suits": _callable_suits(_("and"))}
        if v["ten"]
        else _("You hold the aces of %(suits)s: call a ten, not %(card)s.")
        % {"suits": _callable_suits(_("and")), "card": _card(v["card"])}
    ),
    "sk_call_not_callable": lambda v: (
        _("Only an ace (or a ten) of %(suits)s is called, not %(card)s.")
        % {"suits": _callable_suits(_("or")), "card": _card(v["card"])}
    ),
    "kontra_not_now": lambda v: _(
        "Kontra is said only in the first trick, before its second card, by a player other "
        "than the declarer, once, and never in a Ramsch."
    ),
    "re_not_now": lambda v: _("Re is said only by the declaring side, right after a Kontra."),
}


def rule_text(rule: Rule | None, *, german: bool = False) -> str:
    """The rule as a sentence for a page; '' for None. ``german`` names the cards
    and suits as the German deck does (Eichel-Ober, Gras)."""
    if rule is None:
        return ""
    token = _GERMAN.set(german)
    try:
        return SENTENCES[rule.id](rule.values)
    finally:
        _GERMAN.reset(token)
