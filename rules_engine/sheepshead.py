"""Five-handed Sheepshead, called ace (RULES.md §2), as an immutable hand state.

A :class:`SheepsheadHand` is one point in a hand; ``apply`` returns the next
one and leaves the old one untouched, so a search can branch from any state.
The history is the list of actions (``actions``), and replaying it from the
deal rebuilds the state exactly.

>>> hand = SheepsheadHand.from_seed(b"doc", dealer=0)
>>> hand.turn, [str(a) for a in hand.legal_actions()]
(1, ['pass', 'pick'])
"""

from __future__ import annotations

from .actions import ALONE, CALL, PASS, PICK, PLAY, UNKNOWN, Action, bury_mask
from .cards import (
    ACE,
    CARD_POINTS,
    CODES,
    SUIT_NAMES,
    TEN,
    card,
    card_code,
    cards_of,
    mask_points,
    mask_to_codes,
)
from .dealing import deal_cards
from .errors import IllegalAction
from .ranking import TRUMP
from .result import HandResult
from .variant import SHEEPSHEAD_FIVE, Variant

PICKING, BURY, CALL_PHASE, UNKNOWN_PHASE, PLAY_PHASE, OVER = range(6)
PHASE_NAMES = ("picking", "bury", "call", "unknown", "play", "over")

CALLED_ACE, ALONE_CONTRACT, LEASTER = "called_ace", "alone", "leaster"


class Deal:
    """The cards as dealt: one mask per seat, and the blind. Never changes."""

    __slots__ = ("variant", "dealer", "hands", "blind")

    def __init__(self, variant: Variant, dealer: int, hands: tuple[int, ...], blind: int) -> None:
        self.variant = variant
        self.dealer = dealer
        self.hands = hands
        self.blind = blind

    def holder(self, card_index: int) -> int:
        """The seat dealt a card, or -1 for the blind."""
        for seat, hand in enumerate(self.hands):
            if hand >> card_index & 1:
                return seat
        return -1

    def to_json(self) -> dict:
        return {
            "hands": [[CODES[c] for c in cards_of(h)] for h in self.hands],
            "blind": [CODES[c] for c in cards_of(self.blind)],
        }


def _suit_word(suit: int) -> str:
    return "trump" if suit == TRUMP else SUIT_NAMES[suit]


class SheepsheadHand:
    """One state of a hand of five-handed Sheepshead."""

    __slots__ = (
        "deal",
        "actions",
        "phase",
        "turn",
        "hands",
        "picker",
        "buried",
        "contract",
        "called",
        "partner",
        "unknown",
        "unknown_played",
        "called_pending",
        "leader",
        "trick",
        "led",
        "tricks",
        "points",
        "tricks_won",
    )

    # -- construction -------------------------------------------------------

    @classmethod
    def new(cls, hands, blind, dealer: int = 0, variant: Variant = SHEEPSHEAD_FIVE):
        """A hand about to be picked, from card indices (lists) per seat and the blind."""
        hand_masks = tuple(_mask(h) for h in hands)
        state = cls.__new__(cls)
        state.deal = Deal(variant, dealer, hand_masks, _mask(blind))
        state.actions = ()
        state.phase = PICKING
        state.turn = (dealer + 1) % variant.seats
        state.hands = hand_masks
        state.picker = -1
        state.buried = 0
        state.contract = None
        state.called = -1
        state.partner = -1
        state.unknown = -1
        state.unknown_played = False
        state.called_pending = False
        state.leader = state.turn
        state.trick = ()
        state.led = -1
        state.tricks = ()
        state.points = (0,) * variant.seats
        state.tricks_won = (0,) * variant.seats
        return state

    @classmethod
    def from_seed(cls, seed: bytes, dealer: int = 0, variant: Variant = SHEEPSHEAD_FIVE):
        """A hand dealt from a byte seed (see :mod:`rules_engine.dealing`)."""
        hands, blind = deal_cards(seed, variant.seats, variant.hand_size, variant.blind_size)
        return cls.new(hands, blind, dealer, variant)

    def _copy(self) -> SheepsheadHand:
        new = SheepsheadHand.__new__(SheepsheadHand)
        new.deal = self.deal
        new.actions = self.actions
        new.phase = self.phase
        new.turn = self.turn
        new.hands = self.hands
        new.picker = self.picker
        new.buried = self.buried
        new.contract = self.contract
        new.called = self.called
        new.partner = self.partner
        new.unknown = self.unknown
        new.unknown_played = self.unknown_played
        new.called_pending = self.called_pending
        new.leader = self.leader
        new.trick = self.trick
        new.led = self.led
        new.tricks = self.tricks
        new.points = self.points
        new.tricks_won = self.tricks_won
        return new

    # -- queries --------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.deal.variant

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def called_suit(self) -> int:
        return self.called >> 3 if self.called >= 0 else -1

    def seat_in_trick(self, position: int) -> int:
        return (self.leader + position) % self.deal.variant.seats

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take, in a fixed order; [] once over."""
        phase = self.phase
        if phase == PLAY_PHASE:
            return [PLAY[c] for c in cards_of(self._playable(self.turn))]
        if phase == PICKING:
            return [PASS, PICK]
        if phase == BURY:
            cards = cards_of(self.hands[self.picker])
            return [
                bury_mask(1 << a | 1 << b)
                for i, a in enumerate(cards)
                for b in cards[i + 1 :]
            ]
        if phase == CALL_PHASE:
            return [ALONE] + [CALL[c] for c in self._callable()]
        if phase == UNKNOWN_PHASE:
            return [UNKNOWN[c] for c in cards_of(self.hands[self.picker])]
        return []

    def _callable(self) -> list[int]:
        """Called cards the picker may name: normal aces, else tens, else unknown aces."""
        hand = self.hands[self.picker]
        owned = hand | self.buried
        masks = self.deal.variant.ranking.class_masks
        suits = self.deal.variant.callable_suits
        aces = [card(ACE, s) for s in suits]
        normal = [a for s, a in zip(suits, aces) if hand & masks[s] and not owned >> a & 1]
        if normal:
            return normal
        if all(owned >> a & 1 for a in aces):
            tens = [card(TEN, s) for s in suits]
            return [t for s, t in zip(suits, tens) if hand & masks[s] and not owned >> t & 1]
        return [a for s, a in zip(suits, aces) if not hand & masks[s] and not owned >> a & 1]

    def _playable(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play now (the hot path of every search)."""
        hand = self.hands[seat]
        if seat == self.picker and self.unknown >= 0 and not self.unknown_played:
            if not hand or (self.trick and self.called_pending and self.led == self.called >> 3):
                return 1 << self.unknown
        if not self.called_pending:
            if not self.trick:
                return hand
            follow = hand & self.deal.variant.ranking.class_masks[self.led]
            return follow or hand
        called_suit_mask = self.deal.variant.ranking.class_masks[self.called >> 3]
        called_bit = 1 << self.called
        if not self.trick:
            if seat == self.partner:
                return hand & ~(called_suit_mask & ~called_bit)
            return hand
        follow = hand & self.deal.variant.ranking.class_masks[self.led]
        if follow:
            if seat == self.partner and self.led == self.called >> 3:
                return called_bit
            return follow
        allowed = hand
        if seat == self.partner:
            allowed &= ~called_bit
        elif seat == self.picker:
            hold = hand & called_suit_mask
            if hold.bit_count() == 1:
                allowed &= ~hold
        return allowed or hand

    # -- applying actions -----------------------------------------------------

    def apply(self, action: Action) -> SheepsheadHand:
        """The state after the seat to act takes ``action``; IllegalAction if it may not."""
        phase = self.phase
        seat = self.turn
        if phase == PLAY_PHASE and action.kind == "play":
            c = action.index
            if not self._playable(seat) >> c & 1:
                raise IllegalAction(self.explain(action), action, seat)
            return self._play(seat, c, action)
        if action not in self.legal_actions():
            raise IllegalAction(self.explain(action), action, seat)
        new = self._copy()
        new.actions = self.actions + ((seat, action),)
        variant = self.deal.variant
        seats = variant.seats
        if phase == PICKING:
            if action is PICK:
                new.picker = seat
                hands = list(self.hands)
                hands[seat] |= self.deal.blind
                new.hands = tuple(hands)
                new.phase = BURY
            elif (seat - self.deal.dealer) % seats == 0:  # the dealer passed last: leaster
                new.contract = LEASTER
                new._start_play()
            else:
                new.turn = (seat + 1) % seats
        elif phase == BURY:
            hands = list(self.hands)
            hands[seat] &= ~action.mask
            new.hands = tuple(hands)
            new.buried = action.mask
            new.phase = CALL_PHASE
        elif phase == CALL_PHASE:
            if action is ALONE:
                new.contract = ALONE_CONTRACT
                new._start_play()
            else:
                new.contract = CALLED_ACE
                new.called = action.index
                new.partner = self.deal.holder(action.index)
                new.called_pending = True
                if self.hands[seat] & variant.ranking.class_masks[action.index >> 3]:
                    new._start_play()
                else:
                    new.phase = UNKNOWN_PHASE
        elif phase == UNKNOWN_PHASE:
            hands = list(self.hands)
            hands[seat] &= ~action.mask
            new.hands = tuple(hands)
            new.unknown = action.index
            new._start_play()
        return new

    def _start_play(self) -> None:
        self.phase = PLAY_PHASE
        self.leader = self.turn = (self.deal.dealer + 1) % self.deal.variant.seats

    def _play(self, seat: int, c: int, action: Action) -> SheepsheadHand:
        variant = self.deal.variant
        new = self._copy()
        new.actions = self.actions + ((seat, action),)
        is_unknown = c == self.unknown
        if is_unknown:
            new.unknown_played = True
        else:
            hands = list(self.hands)
            hands[seat] &= ~(1 << c)
            new.hands = tuple(hands)
        trick = self.trick + (c,)
        if len(trick) == 1:
            new.led = self.called >> 3 if is_unknown else variant.ranking.follow_class[c]
        if len(trick) < variant.seats:
            new.trick = trick
            new.turn = (seat + 1) % variant.seats
            return new
        # The trick is complete: find its winner. The unknown can't win; its
        # index is unique in the deck, so it is recognised by its card alone.
        strength = variant.ranking.strength[new.led]
        unknown = self.unknown
        best, best_at = -1, 0
        for at, played in enumerate(trick):
            if played != unknown and strength[played] > best:
                best, best_at = strength[played], at
        winner = (self.leader + best_at) % variant.seats
        won = sum(CARD_POINTS[x] for x in trick)
        points = list(self.points)
        points[winner] += won
        new.points = tuple(points)
        tricks_won = list(self.tricks_won)
        tricks_won[winner] += 1
        new.tricks_won = tuple(tricks_won)
        new.tricks = self.tricks + ((self.leader, trick, winner),)
        if new.called_pending and new.led == self.called >> 3:
            new.called_pending = False
        new.trick = ()
        new.led = -1
        new.leader = new.turn = winner
        if len(new.tricks) == variant.hand_size:
            new.phase = OVER
            new.turn = -1
        return new

    # -- explanations ---------------------------------------------------------

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in the words of the rule; None if it is legal."""
        if self.phase == OVER:
            return "the hand is over"
        if action in self.legal_actions():
            return None
        phase = self.phase
        wanted = {
            PICKING: "pick or pass",
            BURY: "bury two cards",
            CALL_PHASE: "call a card or play alone",
            UNKNOWN_PHASE: "set one card of your hand aside as the unknown",
            PLAY_PHASE: "play a card",
        }[phase]
        expected_kinds = {
            PICKING: ("pick", "pass"),
            BURY: ("bury",),
            CALL_PHASE: ("call", "alone"),
            UNKNOWN_PHASE: ("unknown",),
            PLAY_PHASE: ("play",),
        }[phase]
        if action.kind not in expected_kinds:
            return f"now seat {self.turn} must {wanted}, not {action.kind}"
        if phase == BURY:
            return self._explain_bury(action)
        if phase == CALL_PHASE:
            return self._explain_call(action)
        if phase == UNKNOWN_PHASE:
            return f"you don't hold the {card_code(action.index)} to set aside"
        return self._explain_play(self.turn, action.index)

    def _explain_bury(self, action: Action) -> str:
        codes = action.cards or ()
        if len(codes) != 2 or action.mask.bit_count() != 2:
            return "you must bury exactly two different cards"
        missing = mask_to_codes(action.mask & ~self.hands[self.picker])
        return f"you can only bury your own cards, and you don't hold {' or '.join(missing)}"

    def _explain_call(self, action: Action) -> str:
        c = action.index
        code = card_code(c)
        owned = self.hands[self.picker] | self.buried
        if owned >> c & 1:
            where = "buried" if self.buried >> c & 1 else "in your hand"
            return f"you can't call the {code}: it is {where}, and a called game needs a partner"
        if c >> 3 not in self.deal.variant.callable_suits or c & 7 not in (ACE, TEN):
            return f"only the ace (or ten) of clubs, spades or hearts can be called, not the {code}"
        options = " or ".join(card_code(x) for x in self._callable()) or "nothing: play alone"
        if c & 7 == TEN:
            return (
                f"a ten may be called only when all three fail aces are yours; "
                f"you may call {options}"
            )
        return (
            f"you may call the ace of a fail suit you hold a card of (the hold card); "
            f"you may call {options}"
        )

    def _explain_play(self, seat: int, c: int) -> str:
        code = card_code(c)
        hand = self.hands[seat]
        is_unknown = seat == self.picker and c == self.unknown and not self.unknown_played
        if not hand >> c & 1 and not is_unknown:
            return f"you don't hold the {code}"
        called_word = SUIT_NAMES[self.called >> 3] if self.called >= 0 else ""
        called_name = f"called {'ten' if self.called & 7 == TEN else 'ace'}"
        if self.unknown >= 0 and self._playable(seat) == 1 << self.unknown and not is_unknown:
            return f"{called_word} is led for the first time: you must play the unknown card"
        if is_unknown:
            return (
                f"the unknown card is played when {called_word} is first led, "
                "or as your last card"
            )
        if not self.trick:
            return (
                f"the partner may lead {called_word} only with the {called_name} "
                f"until {called_word} is led"
            )
        ranking = self.deal.variant.ranking
        follow = hand & ranking.class_masks[self.led]
        if follow and not follow >> c & 1:
            return f"you must follow {_suit_word(self.led)}"
        if seat == self.partner and self.called_pending:
            if self.led == self.called >> 3:
                return (
                    f"{called_word} is led for the first time: "
                    f"the partner must play the {called_name}"
                )
            return f"the partner keeps the {called_name} until {called_word} is led"
        return (
            f"the picker keeps a card of {called_word} (the hold card) "
            f"until {called_word} is led"
        )

    # -- results --------------------------------------------------------------

    def result(self) -> HandResult:
        """Card points, tricks and scores per seat; ``complete`` False until over."""
        if self.phase != OVER:
            return HandResult.incomplete()
        return HandResult.score(self)


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
