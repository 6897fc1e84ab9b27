"""Why an action is illegal in a Schafkopf hand, as a rule: a message id and values.

Apart from the state so that the hand's module holds only how play goes on;
the state asks here only once an action has been refused.
"""

from __future__ import annotations

from .actions import PASS, Action
from .cards import ACE, CODES, TEN
from .contracts import CALLABLE_SUITS, Game
from .messages import Rule
from .schafkopf_actions import KIND_OF, game_words
from .schafkopf_phases import BIDDING, DECLARING, KONTRA_TURN, PLAY, RE_ROUND


def explain_rule(state, action: Action) -> Rule | None:
    """The rule ``action`` breaks now, as a message id and values; None if legal."""
    if state.is_over:
        return Rule("hand_over")
    if action in state.legal_actions():
        return None
    phase = state.phase
    if action.kind == "kontra":
        return Rule("kontra_not_now")
    if action.kind == "re":
        return Rule("re_not_now")
    wanted = {
        BIDDING: ("bid", "pass"),
        DECLARING: ("declare", "pass"),
        KONTRA_TURN: ("pass",),
        RE_ROUND: ("pass",),
        PLAY: ("play",),
    }[phase]
    if action.kind not in wanted or phase is KONTRA_TURN or phase is RE_ROUND:
        return Rule("sk_wrong_kind", seat=state.turn, phase=phase.value, kind=action.kind)
    if phase is DECLARING:
        return _explain_declaration(state, action)
    return _explain_play(state, state.turn, action.index)


def _explain_declaration(state, action: Action) -> Rule:
    if action is PASS:
        return Rule("first_bidder_declares")
    kind = KIND_OF.get(action)
    if kind is None and action.contract == "rufspiel":
        return _explain_call(state, action)
    if kind is None:
        return Rule("no_such_game", game=str(action))
    if kind.game is Game.RUFSPIEL and state.auction.standing is None:
        return _explain_call(state, action)
    return Rule("declare_must_outrank", standing=game_words(state.auction.standing))


def _explain_call(state, action: Action) -> Rule:
    c = action.index
    code = CODES[c]
    if action.tout:
        return Rule("no_such_game", game=str(action))
    suit, rank = c >> 3, c & 7
    if rank in (ACE, TEN) and suit not in CALLABLE_SUITS:
        return Rule("call_herz")
    if rank not in (ACE, TEN):
        return Rule("sk_call_not_callable", card=code)
    hand = state.deal.hands[state.turn]
    if hand >> c & 1:
        return Rule("call_held", card=code)
    holds_aces = all(hand >> ace & 1 for _s, ace, _t in state.deal.variant.call_table)
    if holds_aces != (rank == TEN):
        return Rule("call_ten_needs_aces", card=code, ten=rank == TEN)
    return Rule("call_needs_suit_card", card=code, suit=suit)


def _explain_play(state, seat: int, c: int) -> Rule:
    contract = state.contract
    hand = state.hand(seat)
    if not hand >> c & 1:
        return Rule("not_held", card=CODES[c])
    suit = contract.called_class
    called_rank = "ten" if contract.called & 7 == TEN else "ace"
    if not state.trick:
        return Rule("partner_leads_called", suit=suit, called_rank=called_rank)
    follow = hand & state.follows
    led = contract.follow_class[state.trick[0]]
    if follow and not follow >> c & 1:
        return Rule("must_follow", suit=led)
    if led == suit:
        return Rule("partner_must_play", suit=suit, called_rank=called_rank)
    return Rule("partner_keeps", suit=suit, called_rank=called_rank)
