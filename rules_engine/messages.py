"""Why an action is illegal, as data: a message id and its values.

The engine speaks English (``str(rule)``); a page translates the same rule by
its id and values (see ``games/rule_text.py``), so no English sentence has to
be taken apart. Values are plain data: card codes, suit numbers (4 is
trump), seat numbers, action kinds.

>>> str(Rule("must_follow", suit=4))
'you must follow trump'
"""

from __future__ import annotations

from .cards import SUIT_NAMES

#: What each phase asks of the seat to act, in English.
WANTED = {
    "picking": "pick or pass",
    "bury": "bury two cards",
    "call": "call a card or play alone",
    "unknown": "set one card of the hand aside as the unknown",
    "play": "play a card",
}


def suit_word(suit: int) -> str:
    return "trump" if suit == 4 else SUIT_NAMES[suit]


def _or(codes) -> str:
    return " or ".join(codes)


def _offer(v) -> str:
    if v["options"]:
        return f"; you may call {_or(v['options'])}"
    return "; no call is possible, so play alone"


def _called(v) -> str:
    return f"called {v['called_rank']}"


ENGLISH = {
    "hand_over": lambda v: "the hand is over",
    "no_more_actions": lambda v: "the hand is over: no more actions",
    "not_your_turn": lambda v: f"it is seat {v['turn']}'s turn, not seat {v['seat']}'s",
    "wrong_kind": lambda v: f"seat {v['seat']} must {WANTED[v['phase']]} now, not {v['kind']}",
    "not_an_action": lambda v: f"{v['kind']!r} is not an action ({', '.join(v['kinds'])})",
    "names_no_card": lambda v: f"a {v['kind']} names no card",
    "names_one_card": lambda v: f"a {v['kind']} action names exactly one card",
    "names_card_list": lambda v: f"a {v['kind']} names its cards as a list",
    "bury_two": lambda v: "you must bury exactly two different cards",
    "bury_own": lambda v: f"you can only bury your own cards, and you don't hold {_or(v['cards'])}",
    "unknown_not_held": lambda v: f"you don't hold the {v['card']} to set aside",
    "call_own_card": lambda v: (
        f"you can't call the {v['card']}: it is {'buried' if v['buried'] else 'in your hand'}, "
        f"and a called game needs a partner{_offer(v)}"
    ),
    "call_not_callable": lambda v: (
        f"only the ace (or ten) of clubs, spades or hearts can be called, "
        f"not the {v['card']}{_offer(v)}"
    ),
    "ten_needs_aces": lambda v: (
        f"a ten may be called only when all three fail aces are yours{_offer(v)}"
    ),
    "call_needs_hold": lambda v: (
        f"you need a card of {suit_word(v['suit'])} in your hand (the hold card) "
        f"to call the {v['card']}"
        + (
            " (a suit you have none of is called only when no other call exists)"
            if v["ace"]
            else ""
        )
        + _offer(v)
    ),
    "call_not_now": lambda v: f"the {v['card']} can't be called now{_offer(v)}",
    "not_held": lambda v: f"you don't hold the {v['card']}",
    "must_play_unknown": lambda v: (
        f"{suit_word(v['suit'])} is led for the first time: you must play the unknown card"
    ),
    "unknown_later": lambda v: (
        f"the unknown card is played when {suit_word(v['suit'])} is first led, or as your last card"
    ),
    "partner_leads_called": lambda v: (
        f"the partner may lead {suit_word(v['suit'])} only with the {_called(v)} "
        f"until {suit_word(v['suit'])} is led"
    ),
    "must_follow": lambda v: f"you must follow {suit_word(v['suit'])}",
    "partner_must_play": lambda v: (
        f"{suit_word(v['suit'])} is led for the first time: the partner must play the {_called(v)}"
    ),
    "partner_keeps": lambda v: (
        f"the partner keeps the {_called(v)} until {suit_word(v['suit'])} is led"
    ),
    "picker_keeps": lambda v: (
        f"the picker keeps a card of {suit_word(v['suit'])} (the hold card) "
        f"until {suit_word(v['suit'])} is led"
    ),
}


#: What each Schafkopf phase asks of the seat to act, in English.
SCHAFKOPF_WANTED = {
    "bidding": "bid or pass",
    "declaring": "declare a game or pass",
    "kontra": "say kontra or pass",
    "re": "say re or pass",
    "play": "play a card",
}

#: Schafkopf's own rules (docs/rules.md §3); the web pages translate them once it is
#: played there, so they are kept apart from the Sheepshead sentences above.
SCHAFKOPF_ENGLISH = {
    "sk_wrong_kind": lambda v: (
        f"seat {v['seat']} must {SCHAFKOPF_WANTED[v['phase']]} now, not {v['kind']}"
    ),
    "first_bidder_declares": lambda v: "the first bidder must declare a game",
    "declare_must_outrank": lambda v: (
        f"a later bidder may only declare a game that outranks a {v['standing']} "
        "(an equal game does not), or pass"
    ),
    "no_such_game": lambda v: f"there is no game {v['game']!r} to declare",
    "call_herz": lambda v: "the ace of hearts (Herz) is never called",
    "call_held": lambda v: f"you can't call the {v['card']}: you hold it",
    "call_needs_suit_card": lambda v: (
        f"you need a card of {suit_word(v['suit'])} (not an Ober or Unter) to call the {v['card']}"
    ),
    "call_ten_needs_aces": lambda v: (
        "a ten may be called only by a declarer holding the aces of clubs, spades and diamonds"
        if v["ten"]
        else f"you hold the aces of clubs, spades and diamonds: call a ten, not the {v['card']}"
    ),
    "sk_call_not_callable": lambda v: (
        f"only an ace (or ten) of clubs, spades or diamonds is called, not the {v['card']}"
    ),
    "kontra_not_now": lambda v: (
        "kontra is said only in the first trick, before its second card, by a player "
        "other than the declarer, once, and never in a Ramsch"
    ),
    "re_not_now": lambda v: "re is said only by the declaring side, right after a kontra",
}

assert not set(ENGLISH) & set(SCHAFKOPF_ENGLISH), "a message id names one rule"
_MESSAGES = {**ENGLISH, **SCHAFKOPF_ENGLISH}


class Rule:
    """A rule broken: ``id`` (a key of ENGLISH) and the values it names."""

    __slots__ = ("id", "values")

    def __init__(self, id: str, **values) -> None:  # noqa: A002 (the message id)
        if id not in _MESSAGES:
            raise ValueError(f"no rule message {id!r}")
        self.id = id
        self.values = values

    def __str__(self) -> str:
        return _MESSAGES[self.id](self.values)

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rule) and (self.id, self.values) == (other.id, other.values)

    def __hash__(self) -> int:
        return hash(self.id)
