"""Five-handed Sheepshead, called ace (docs/rules.md §2), as an immutable hand state.

A :class:`SheepsheadHand` is one point in a hand; ``apply`` returns the next
one and leaves the old one untouched, so a search can branch from any state.
The history is the list of actions (``actions``), and replaying it from the
deal rebuilds the state exactly.

For speed the cards in hand are masks in one tuple, ``held``: one per seat,
then the picker's unknown card while it is set aside. ``held`` is fixed once
play starts; a play only clears its card's bit in ``unplayed``, one small
int, and a seat's hand is ``held[seat] & unplayed``.

>>> hand = SheepsheadHand.from_seed(b"doc", dealer=0)
>>> hand.turn, [str(a) for a in hand.legal_actions()]
(1, ['pass', 'pick'])
"""

from __future__ import annotations

from itertools import combinations

from .actions import ALONE, CALL, PASS, PICK, UNKNOWN, Action, bury_mask, shape_problem
from .cards import ACE, CARD_POINTS, CODES, FULL_DECK, TEN, cards_of, mask_to_codes
from .dealing import deal_order
from .errors import IllegalAction
from .messages import Rule
from .ranking import SHEEPSHEAD
from .result import HandResult
from .sheepshead_kinds import ContractKind, Phase
from .trickplay import TrickPlay
from .tricks import ONE_CARD, PLAYS_BY_MASK, plays_of
from .variant import FAIL_ACES, SHEEPSHEAD_FIVE, Variant
from .view import seat_view

# The phases and contracts as module names: read on every action, so one lookup and no
# more. A state's ``phase`` is the plain int of its Phase, which compares fastest.
PICKING, BURY, CALL_PHASE, UNKNOWN_PHASE, PLAY_PHASE, OVER = (int(phase) for phase in Phase)
PHASE_NAMES = tuple(phase.label for phase in Phase)
CALLED_ACE, ALONE_CONTRACT, LEASTER = ContractKind

#: What follows the lead before a trick has one: every card.
_ANY_CARD = FULL_DECK
_PICKING_ACTIONS = (PASS, PICK)
_NO_ACTIONS: tuple[Action, ...] = ()
#: Shared with every trick-taking game (rules_engine/tricks.py); the names stay for callers.
_ONE_CARD = ONE_CARD
_PLAYS_BY_MASK = PLAYS_BY_MASK
_plays = plays_of


#: Every bury as an action, by pair of cards: ``_BURY_PAIRS[a][b]`` for a < b.
_BURY_PAIRS = tuple(
    tuple(bury_mask(1 << a | 1 << b) if a < b else None for b in range(32)) for a in range(32)
)


def _buries(hand: int) -> tuple[Action, ...]:
    return tuple([_BURY_PAIRS[a][b] for a, b in combinations(cards_of(hand), 2)])


class Deal:
    """The cards as dealt: one mask per seat, and the blind. Never changes."""

    __slots__ = (
        "variant", "dealer", "hands", "blind", "first_leader",
        "seats", "next_seat", "seat_after", "hand_size", "class_masks", "follow_class",
        "follow_masks", "strength",
    )  # fmt: skip

    def __init__(self, variant: Variant, dealer: int, hands: tuple[int, ...], blind: int) -> None:
        self.variant = variant
        self.dealer = dealer
        self.hands = hands
        self.blind = blind
        self.first_leader = (dealer + 1) % variant.seats
        # The variant's tables, one attribute away for the hot paths.
        self.seats = variant.seats
        self.next_seat = variant.next_seat
        self.seat_after = variant.seat_after
        self.hand_size = variant.hand_size
        self.class_masks = variant.ranking.class_masks
        self.follow_class = variant.ranking.follow_class
        self.follow_masks = variant.ranking.follow_masks
        self.strength = variant.ranking.strength

    def holder(self, card_index: int) -> int:
        """The seat dealt a card, or -1 for the blind."""
        for seat, hand in enumerate(self.hands):
            if hand >> card_index & 1:
                return seat
        return -1


class Contract:
    """What picking and calling decided; fixed once play starts.

    It carries the ranking trick play reads (every Sheepshead contract ranks
    the cards alike, so the tables are the class's; a Schafkopf contract
    carries its declaration's).
    """

    ranking = SHEEPSHEAD
    follow_masks = SHEEPSHEAD.follow_masks
    follow_class = SHEEPSHEAD.follow_class

    __slots__ = (
        "kind", "picker", "buried", "called", "partner", "unknown", "strength",
        "called_class", "called_suit_mask", "called_bit", "called_pending",
    )  # fmt: skip

    def __init__(
        self,
        kind: str | None,
        picker: int = -1,
        buried: int = 0,
        called: int = -1,
        partner: int = -1,
        unknown: int = -1,
        called_suit_mask: int = 0,
        called_pending: bool = True,
    ) -> None:
        self.kind = kind
        self.picker = picker
        self.buried = buried
        self.called = called
        self.partner = partner
        self.unknown = unknown
        #: Who beats whom in a trick; the unknown never wins, so it is below every card.
        self.strength = SHEEPSHEAD.strength if unknown < 0 else _strength_without(unknown)
        self.called_class = called >> 3 if called >= 0 else -1
        #: The cards that follow a lead of the called suit.
        self.called_suit_mask = called_suit_mask
        self.called_bit = 1 << called if called >= 0 else 0
        #: True until the called suit is first led: till then the picker and the
        #: partner have more rules to obey (docs/rules.md §2).
        self.called_pending = called >= 0 and called_pending

    def after_called_suit_led(self) -> Contract:
        """The same contract once the called suit has been led."""
        return Contract(
            self.kind, self.picker, self.buried, self.called, self.partner, self.unknown,
            self.called_suit_mask, called_pending=False,
        )  # fmt: skip


_STRENGTH_WITHOUT: dict[int, tuple[tuple[int, ...], ...]] = {}


def _strength_without(card: int) -> tuple[tuple[int, ...], ...]:
    """Sheepshead's strength table with ``card`` (a picker's unknown) below every
    card in every row, so trick play finds the winner without asking for it."""
    table = _STRENGTH_WITHOUT.get(card)
    if table is None:
        rows = SHEEPSHEAD.strength
        table = _STRENGTH_WITHOUT[card] = tuple((*row[:card], -1, *row[card + 1 :]) for row in rows)
    return table


_NO_CONTRACT = Contract(None)
_LEASTER_CONTRACT = Contract(LEASTER)
#: The contract once a seat has picked, before it buries and calls.
_PICKED_BY = tuple(Contract(None, picker=seat) for seat in range(8))


class SheepsheadHand:
    """One state of a hand of five-handed Sheepshead.

    Each state links to the one before (``previous``) and the action that led
    to it (``last``), so ``apply`` costs the same at the last card as at the
    first; ``actions`` unrolls the chain. ``_legal`` remembers what
    ``legal_actions`` worked out (None before): in play the mask of playable
    cards, in the other phases the actions, so ``apply`` after
    ``legal_actions`` doesn't redo them. From the first card on a state is a
    :class:`PlayingHand`, and once the last trick is taken a :class:`FinishedHand`.
    """

    __slots__ = (
        "deal", "contract", "previous", "last", "phase", "turn", "held", "unplayed",
        "trick", "follows", "tricks", "_legal",
    )  # fmt: skip

    #: True once the last trick is taken (the hand is then a :class:`FinishedHand`).
    is_over = False

    # -- construction -------------------------------------------------------

    @classmethod
    def new(cls, hands, blind, dealer: int = 0, variant: Variant = SHEEPSHEAD_FIVE):
        """A hand about to be picked, from card indices (lists) per seat and the blind.

        ValueError names what is wrong with a deal that doesn't fit the game.
        """
        _check_deal(hands, blind, dealer, variant)
        return cls._dealt(tuple([_mask(hand) for hand in hands]), _mask(blind), dealer, variant)

    @classmethod
    def from_seed(cls, seed: bytes, dealer: int = 0, variant: Variant = SHEEPSHEAD_FIVE):
        """A hand dealt from a byte seed (see :mod:`rules_engine.dealing`)."""
        if not 0 <= dealer < variant.seats:
            raise ValueError(f"the dealer must be a seat from 0 to {variant.seats - 1}")
        # The shuffle moves the cards' bits rather than their indices (the same
        # permutation), so step 4 makes each hand's mask by summing its bits.
        bits = deal_order(seed, variant.deck_bits)
        size = variant.hand_size
        dealt = variant.seats * size
        masks = tuple([sum(bits[start : start + size]) for start in range(0, dealt, size)])
        return cls._dealt(masks, sum(bits[dealt:]), dealer, variant)  # valid by construction

    @classmethod
    def _dealt(cls, masks: tuple[int, ...], blind: int, dealer: int, variant: Variant):
        """A hand about to be picked, from each seat's mask of cards and the blind's."""
        deal = Deal(variant, dealer, masks, blind)
        return _before_play(deal, _NO_CONTRACT, None, None, PICKING, deal.first_leader, (*masks, 0))

    # -- queries --------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.deal.variant

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` so far, first to last: the hand's history."""
        out = []
        node = self
        while node.previous is not None:
            out.append((node.previous.turn, node.last))
            node = node.previous
        out.reverse()
        return tuple(out)

    @property
    def called_pending(self) -> bool:
        """True until the called suit is first led (see :class:`Contract`)."""
        return self.contract.called_pending

    @property
    def led(self) -> int:
        """The class the current trick was led in (a suit 0-3, or TRUMP); -1 before its
        first card. The unknown leads the called suit."""
        if not self.trick:
            return -1
        first = self.trick[0]
        if first == self.contract.unknown:
            return self.contract.called_class
        return self.deal.follow_class[first]

    @property
    def leader(self) -> int:
        """The seat that leads the trick being played; the first leader before play,
        and the last trick's winner once the hand is over."""
        if self.phase == PLAY_PHASE:
            return (self.turn - len(self.trick)) % self.deal.seats
        if self.phase == OVER:
            return self.tricks[-1][2]
        return self.deal.first_leader

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask (the unknown not included)."""
        return self.held[seat] & self.unplayed

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(self.hand(s) for s in range(self.deal.variant.seats))

    @property
    def picker(self) -> int:
        return self.contract.picker

    @property
    def partner(self) -> int:
        return self.contract.partner

    @property
    def called(self) -> int:
        return self.contract.called

    @property
    def buried(self) -> int:
        return self.contract.buried

    @property
    def unknown(self) -> int:
        """The card the picker set aside in an unknown call, or -1."""
        return self.contract.unknown

    @property
    def unknown_pending(self) -> bool:
        """True while the unknown is set aside and not yet played."""
        return bool(self.hand(self.deal.seats))

    @property
    def points(self) -> tuple[int, ...]:
        """Card points each seat has taken in tricks (the bury not included)."""
        points = [0] * self.deal.variant.seats
        for _leader, cards, winner in self.tricks:
            points[winner] += sum(CARD_POINTS[c] for c in cards)
        return tuple(points)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.deal.variant.seats
        for _leader, _cards, winner in self.tricks:
            won[winner] += 1
        return tuple(won)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take, in a fixed order; () once over."""
        phase = self.phase
        if phase == PICKING:
            return _PICKING_ACTIONS
        choices = self._legal
        if choices is None:
            if phase == BURY:
                choices = _buries(self.hand(self.turn))
            elif phase == CALL_PHASE:
                choices = (ALONE, *[CALL[c] for c in self._callable()])
            elif phase == UNKNOWN_PHASE:
                choices = tuple([UNKNOWN[c] for c in cards_of(self.hand(self.turn))])
            else:
                choices = _NO_ACTIONS
            self._legal = choices
        return choices

    def _callable(self) -> list[int]:
        """Called cards the picker may name: normal aces, else tens, else unknown aces."""
        hand = self.hand(self.contract.picker)
        owned = hand | self.contract.buried
        table = self.deal.variant.call_table
        normal = [ace for held, ace, _ten in table if hand & held and not owned >> ace & 1]
        if normal:
            return normal
        if all(owned >> ace & 1 for _held, ace, _ten in table):
            return [ten for held, _ace, ten in table if hand & held and not owned >> ten & 1]
        return [ace for held, ace, _ten in table if not hand & held and not owned >> ace & 1]

    def _playable(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play now (the hot path of every search).

        Until the called suit is led, the picker and the partner have more to
        obey than following suit. A trick leads the called suit when what
        follows its lead is ``called_suit_mask``.
        """
        hand = self.held[seat] & self.unplayed
        contract = self.contract
        if not contract.called_pending or (seat != contract.picker and seat != contract.partner):
            return hand & self.follows or hand
        trick = self.trick
        called_led = self.follows == contract.called_suit_mask
        unknown = contract.unknown
        if seat == contract.picker and unknown >= 0 and self.unknown_pending:
            if not hand or called_led:
                return 1 << unknown
        if not trick:
            if seat == contract.partner:
                return hand & ~(contract.called_suit_mask & ~contract.called_bit)
            return hand
        follow = hand & self.follows
        if follow:
            if seat == contract.partner and called_led:
                return contract.called_bit
            return follow
        allowed = hand
        if seat == contract.partner:
            allowed &= ~contract.called_bit
        elif seat == contract.picker:
            hold = hand & contract.called_suit_mask
            if hold.bit_count() == 1:
                allowed &= ~hold
        return allowed or hand

    # -- applying actions -----------------------------------------------------

    def apply(self, action: Action) -> SheepsheadHand:
        """The state after the seat to act takes ``action``; IllegalAction if it may not.

        Plays are applied by :class:`PlayingHand`, the class of every state in play.
        """
        legal = self.legal_actions()
        for offered in legal:  # the offered action itself, found fastest
            if offered is action:
                return self._decide(offered)
        for offered in legal:  # an equal action built elsewhere
            if offered == action:
                return self._decide(offered)
        raise IllegalAction.breaking(self.explain_rule(action), action, self.turn)

    def _decide(self, action: Action) -> SheepsheadHand:
        """Apply a legal picking, bury, call or unknown action."""
        seat = self.turn
        deal = self.deal
        contract = self.contract
        held = self.held
        phase = self.phase
        turn = seat
        if phase == PICKING:
            if action is PICK:
                contract = _PICKED_BY[seat]
                held = _with(held, seat, held[seat] | deal.blind)
                phase = BURY
            elif seat == deal.dealer:  # the dealer passed last: a leaster
                contract = _LEASTER_CONTRACT
                phase = PLAY_PHASE
            else:
                turn = (seat + 1) % deal.seats
        elif phase == BURY:
            held = _with(held, seat, held[seat] & ~action.mask)
            contract = Contract(None, seat, action.mask)
            phase = CALL_PHASE
        elif phase == CALL_PHASE:
            if action is ALONE:
                contract = Contract(ALONE_CONTRACT, seat, contract.buried)
                phase = PLAY_PHASE
            else:
                called = action.index
                suit = deal.class_masks[called >> 3]
                contract = Contract(
                    CALLED_ACE, seat, contract.buried, called, deal.holder(called), -1, suit
                )
                phase = PLAY_PHASE if held[seat] & suit else UNKNOWN_PHASE
        else:  # UNKNOWN_PHASE: the card goes to the slot after the seats
            held = _with(_with(held, seat, held[seat] & ~action.mask), deal.seats, action.mask)
            contract = Contract(
                contract.kind, contract.picker, contract.buried, contract.called,
                contract.partner, action.index, contract.called_suit_mask,
            )  # fmt: skip
            phase = PLAY_PHASE
        if phase == PLAY_PHASE:
            turn = deal.first_leader
        return _before_play(deal, contract, self, action, phase, turn, held)

    # -- explanations ---------------------------------------------------------

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in the words of the rule; None if it is legal."""
        rule = self.explain_rule(action)
        return None if rule is None else str(rule)

    def explain_rule(self, action: Action) -> Rule | None:
        """The rule ``action`` breaks now, as a message id and values; None if legal."""
        if self.phase == OVER:
            return Rule("hand_over")
        if action in self.legal_actions():
            return None
        phase = self.phase
        kinds = {
            PICKING: ("pick", "pass"),
            BURY: ("bury",),
            CALL_PHASE: ("call", "alone"),
            UNKNOWN_PHASE: ("unknown",),
            PLAY_PHASE: ("play",),
        }[phase]
        if action.kind not in kinds:
            return Rule("wrong_kind", seat=self.turn, phase=self.phase_name, kind=action.kind)
        problem = shape_problem(action)
        if problem:
            return problem
        if phase == BURY:
            return self._explain_bury(action)
        if phase == CALL_PHASE:
            return self._explain_call(action)
        if phase == UNKNOWN_PHASE:
            return Rule("unknown_not_held", card=CODES[action.index])
        return self._explain_play(self.turn, action.index)

    def _explain_bury(self, action: Action) -> Rule:
        if len(action.cards or ()) != 2 or action.mask.bit_count() != 2:
            return Rule("bury_two")
        return Rule("bury_own", cards=mask_to_codes(action.mask & ~self.hand(self.turn)))

    def _explain_call(self, action: Action) -> Rule:
        c = action.index
        code = CODES[c]
        hand = self.hand(self.turn)
        owned = hand | self.contract.buried
        options = [CODES[x] for x in self._callable()]
        if owned >> c & 1:
            return Rule(
                "call_own_card", card=code, buried=bool(self.contract.buried >> c & 1),
                options=options,
            )  # fmt: skip
        if c >> 3 not in self.deal.variant.callable_suits or c & 7 not in (ACE, TEN):
            return Rule("call_not_callable", card=code, options=options)
        if c & 7 == TEN and not all(owned >> a & 1 for a in FAIL_ACES):
            return Rule("ten_needs_aces", options=options)
        if not hand & self.deal.class_masks[c >> 3]:
            return Rule(
                "call_needs_hold", card=code, suit=c >> 3, ace=c & 7 == ACE, options=options
            )
        return Rule("call_not_now", card=code, options=options)

    def _explain_play(self, seat: int, c: int) -> Rule:
        contract = self.contract
        hand = self.hand(seat)
        is_unknown = c == contract.unknown and seat == contract.picker and self.unknown_pending
        if not hand >> c & 1 and not is_unknown:
            return Rule("not_held", card=CODES[c])
        suit = contract.called_class
        called_rank = "ten" if contract.called & 7 == TEN else "ace"
        if contract.unknown >= 0 and self._playable(seat) == 1 << contract.unknown:
            return Rule("must_play_unknown", suit=suit)
        if is_unknown:
            return Rule("unknown_later", suit=suit)
        if not self.trick:
            return Rule("partner_leads_called", suit=suit, called_rank=called_rank)
        follow = hand & self.follows
        if follow and not follow >> c & 1:
            return Rule("must_follow", suit=self.led)
        if seat == contract.partner:
            if self.led == contract.called_class:
                return Rule("partner_must_play", suit=suit, called_rank=called_rank)
            return Rule("partner_keeps", suit=suit, called_rank=called_rank)
        return Rule("picker_keeps", suit=suit)

    # -- results and views -----------------------------------------------------

    def result(self) -> HandResult:
        """Card points, tricks and scores per seat; ``complete`` False until over."""
        if self.phase != OVER:
            return HandResult.incomplete()
        return HandResult.score(self)

    def view(self, seat: int):
        """Exactly what ``seat`` may see now (docs/rules.md §4): a :class:`SeatView`."""
        return seat_view(self, seat)

    def to_record(self):
        """The hand record (docs/rules.md §5) of this state: deal plus actions so far."""
        from .records import record_of

        return record_of(self)


class PlayingHand(TrickPlay, SheepsheadHand):
    """A hand in trick play: the hot path of every search, so its own class whose
    ``legal_actions`` and ``apply`` (shared by every game, :mod:`rules_engine.trickplay`)
    need not ask which phase it is in."""

    __slots__ = ()
    phase = PLAY_PHASE


class FinishedHand(SheepsheadHand):
    """A hand whose last trick is taken. Its own class so that ``is_over``, read
    once per action by every search loop, is a class attribute and not a property."""

    __slots__ = ()
    phase = OVER
    is_over = True


PlayingHand._playing_class = PlayingHand
PlayingHand._finished_class = FinishedHand


def _check_deal(hands, blind, dealer: int, variant: Variant) -> None:
    if not isinstance(dealer, int) or not 0 <= dealer < variant.seats:
        raise ValueError(f"the dealer must be a seat from 0 to {variant.seats - 1}, not {dealer!r}")
    if len(hands) != variant.seats:
        raise ValueError(f"a deal has {variant.seats} hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != variant.hand_size:
            raise ValueError(
                f"seat {seat} must be dealt {variant.hand_size} cards, not {len(hand)}"
            )
    if len(blind) != variant.blind_size:
        raise ValueError(f"the blind has {variant.blind_size} cards, not {len(blind)}")
    cards = [c for hand in hands for c in hand] + list(blind)
    if any(not isinstance(c, int) or c < 0 or not variant.deck >> c & 1 for c in cards):
        raise ValueError("a deal holds only cards of the deck")
    if len(set(cards)) != len(cards):
        raise ValueError("no card may be dealt twice")


def _mask(cards) -> int:
    """The mask of some distinct card indices."""
    return sum(1 << c for c in cards)


def _with(held: tuple[int, ...], slot: int, cards: int) -> tuple[int, ...]:
    """``held`` with one slot's cards replaced."""
    return (*held[:slot], cards, *held[slot + 1 :])


def _before_play(deal, contract, previous, last, phase: int, turn: int, held) -> SheepsheadHand:
    """A state before the first card: the deal, a step of picking and calling, or
    the start of play (a :class:`PlayingHand`)."""
    if phase == PLAY_PHASE:
        new = PlayingHand()
    else:
        new = SheepsheadHand()
        new.phase = phase  # a PlayingHand's phase is its class's
    new.deal = deal
    new.contract = contract
    new.previous = previous
    new.last = last
    new.turn = turn
    new.held = held
    new.unplayed = FULL_DECK
    new.trick = ()
    new.follows = _ANY_CARD
    new.tricks = ()
    new._legal = None
    return new
