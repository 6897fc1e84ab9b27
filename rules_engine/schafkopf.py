"""Four-handed Bavarian Schafkopf (docs/rules.md §3), as an immutable hand state.

The same shape as :class:`~rules_engine.sheepshead.SheepsheadHand`: ``apply``
returns the next state, each state links to the one before, ``actions`` is
the history, and a record replays to the same state. Bidding and declaring
choose the contract, and the contract carries the ranking, so trick play
reads its tables from the contract and never asks which game it is.

Each phase is a class with its own ``legal_actions`` and ``apply``, so no step
asks which phase it is in: :class:`BiddingSchafkopf`, :class:`DeclaringSchafkopf`,
:class:`OpeningSchafkopf` (trick 1 before its second card, when Kontra may be
said beside the plays), :class:`AskingSchafkopf` (the Kontra turns and the Re
round of §3's step protocol), then :class:`PlayingSchafkopf`, whose trick play
is the one every game shares (:mod:`rules_engine.trickplay`). Why an action is
refused is worked out in :mod:`rules_engine.schafkopf_explain`.

>>> hand = SchafkopfHand.from_seed(b"doc", dealer=0)
>>> hand.turn, [str(a) for a in hand.legal_actions()]
(1, ['bid', 'pass'])
"""

from __future__ import annotations

from .actions import PASS, Action
from .actions import PLAY as PLAY_ACTIONS
from .cards import CARD_POINTS, FULL_DECK
from .contracts import GAMES_BY_KEY, Game
from .dealing import deal_order
from .errors import IllegalAction
from .messages import Rule
from .options import schafkopf_options
from .schafkopf_actions import (
    BID,
    CALL_ACTIONS,
    KIND_OF,
    KONTRA,
    RE,
    SOLO_DECLARATIONS,
)
from .schafkopf_deal import Auction, Contract, SchafkopfDeal, variant_for
from .schafkopf_explain import explain_rule
from .schafkopf_phases import BIDDING, DECLARING, KONTRA_TURN, OVER, PLAY, RE_ROUND
from .trickplay import TrickPlay
from .tricks import KEPT_CARDS, ONE_CARD, PLAYS_BY_MASK, new_plays, plays_of
from .variant import Variant

_BIDDING_ACTIONS = (BID, PASS)
_KONTRA_ACTIONS = (KONTRA, PASS)
_RE_ACTIONS = (PASS, RE)
_PASS_ONLY = (PASS,)
_NO_ACTIONS: tuple[Action, ...] = ()
#: The contracts of all passing: never changed, so one each serves every hand.
_RAMSCH_CONTRACT = Contract(GAMES_BY_KEY[Game.RAMSCH, -1, False])
_REDEAL_CONTRACT = Contract(GAMES_BY_KEY[Game.REDEAL, -1, False])
#: Before the first declaration: no game stands.
_NO_GAME_YET = Auction(None, -1)
#: Made once for each declaration and seat (a few dozen), each with its contracts.
_AUCTIONS: dict[tuple[int, int], Auction] = {}
#: Trick 1's plays with Kontra first, by the mask of playable cards: the list of the
#: leader and the second hand while Kontra may be said.
_WITH_KONTRA: dict[int, tuple[Action, ...]] = {}


#: The callable aces and tens, and the first bidder's declarations by what of them
#: it holds and which callable suits it holds (a few hundred keys at most).
_ACES_AND_TENS = sum(1 << c for c in CALL_ACTIONS)
_FIRST_DECLARATIONS: dict[int, tuple[Action, ...]] = {}
#: What a later bidder may declare, by the standing game's rank: a higher game, or pass.
_OUTRANKING = {
    rank: (*[a for a in SOLO_DECLARATIONS if KIND_OF[a].rank > rank], PASS) for rank in range(6)
}


class SchafkopfHand:
    """One state of a hand of four-handed Schafkopf.

    Each phase is a subclass with its own ``legal_actions`` and ``apply``. What
    a phase never changes (no card played before trick 1, no contract before
    the declarations) is a class attribute of that phase, so a step before
    trick play sets only what it changes.
    """

    __slots__ = (
        "deal", "contract", "previous", "last", "turn", "held", "unplayed", "trick", "follows",
        "tricks", "_legal",
    )  # fmt: skip
    # Only the phases before trick play have slots for what they add (``auction``,
    # ``asking``, ``resume``, the asking ``phase``): a state of the hot path stays small.

    is_over = False
    #: The standing declaration while bidders declare (None before and after).
    auction = None
    #: The seats still to be asked: to declare, in a Kontra turn or in the Re round.
    asking = ()
    #: The seat whose play comes back once the asked seats answered.
    resume = -1

    # -- construction -------------------------------------------------------

    @classmethod
    def new(cls, hands, dealer: int = 0, options: dict | None = None) -> SchafkopfHand:
        """A hand about to be bid, from card indices (lists) per seat.

        ValueError names what is wrong with a deal that doesn't fit the game;
        InvalidRecord names a bad option.
        """
        options = schafkopf_options(options or {})
        variant = variant_for(options)
        _check_deal(hands, dealer, variant)
        masks = tuple(sum(1 << c for c in hand) for hand in hands)
        return _start(SchafkopfDeal(variant, options, dealer, masks))

    @classmethod
    def from_seed(cls, seed: bytes, dealer: int = 0, options: dict | None = None):
        """A hand dealt from a byte seed (see :mod:`rules_engine.dealing`)."""
        options = schafkopf_options(options or {})
        variant = variant_for(options)
        if not 0 <= dealer < variant.seats:
            raise ValueError(f"the dealer must be a seat from 0 to {variant.seats - 1}")
        bits = deal_order(seed, variant.deck_bits, variant.deal_label)
        size = variant.hand_size
        masks = tuple([sum(bits[at : at + size]) for at in range(0, len(bits), size)])
        return _start(SchafkopfDeal(variant, options, dealer, masks))

    # -- queries --------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.deal.variant

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def options(self) -> dict:
        return dict(self.deal.options)

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
    def phase_name(self) -> str:
        return self.phase.value

    @property
    def leader(self) -> int:
        """The seat that leads the trick in play: the last trick's winner, or the
        first leader in trick 1 (and before play)."""
        return self.tricks[-1][2] if self.tricks else self.deal.first_leader

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self.held[seat] & self.unplayed

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(self.hand(s) for s in range(self.deal.seats))

    @property
    def declarer(self) -> int:
        return self.contract.declarer if self.contract is not None else -1

    @property
    def partner(self) -> int:
        return self.contract.partner if self.contract is not None else -1

    @property
    def called(self) -> int:
        return self.contract.called if self.contract is not None else -1

    @property
    def points(self) -> tuple[int, ...]:
        """Card points each seat has taken in tricks."""
        points = [0] * self.deal.seats
        for _leader, cards, winner in self.tricks:
            points[winner] += sum([CARD_POINTS[c] for c in cards])
        return tuple(points)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.deal.seats
        for _leader, _cards, winner in self.tricks:
            won[winner] += 1
        return tuple(won)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take, in a fixed order; () once over."""
        raise NotImplementedError  # each phase's class answers

    def apply(self, action: Action) -> SchafkopfHand:
        """The state after the seat to act takes ``action``; IllegalAction if it may not."""
        raise NotImplementedError  # each phase's class answers

    def _playable(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play now.

        Everyone follows the lead if they can; until the called suit is first
        led, the partner of a Rufspiel also keeps the called card for it, leads
        that suit only with it (unless running away), and plays it when the
        suit is led.
        """
        hand = self.held[seat] & self.unplayed
        contract = self.contract
        if seat != contract.partner or not contract.called_pending:
            return hand & self.follows or hand
        suit = contract.called_suit_mask
        if not self.trick:
            if (hand & suit).bit_count() >= self.deal.variant.run_away_length:
                return hand  # davonlaufen: any card of the suit may lead it
            return hand & ~(suit & ~contract.called_bit)
        follow = hand & self.follows
        if follow:
            return contract.called_bit if self.follows == suit else follow
        return hand & ~contract.called_bit or hand

    # -- explanations ---------------------------------------------------------

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in the words of the rule; None if it is legal."""
        rule = self.explain_rule(action)
        return None if rule is None else str(rule)

    def explain_rule(self, action: Action) -> Rule | None:
        """The rule ``action`` breaks now, as a message id and values; None if legal."""
        return explain_rule(self, action)

    def _refuse(self, action: Action) -> IllegalAction:
        return IllegalAction.breaking(self.explain_rule(action), action, self.turn)

    # -- results and views -----------------------------------------------------

    def result(self):
        """Every field of docs/rules.md §3's result; ``complete`` False until over."""
        from .schafkopf_result import SchafkopfResult

        if not self.is_over:
            return SchafkopfResult.incomplete()
        return SchafkopfResult.score(self)

    def view(self, seat: int):
        """Exactly what ``seat`` may see now (docs/rules.md §4)."""
        from .schafkopf_view import schafkopf_view

        return schafkopf_view(self, seat)

    def to_record(self):
        """The hand record (docs/rules.md §5) of this state: deal plus actions so far."""
        from .records import record_of

        return record_of(self)


class _BeforeTrickPlay(SchafkopfHand):
    """What every state before trick play shares: no trick taken yet, and each seat
    holds the cards it was dealt (so ``held`` is the deal's, not a slot to set)."""

    __slots__ = ()
    tricks = ()

    @property
    def held(self) -> tuple[int, ...]:
        return self.deal.hands


class _BeforeContract(_BeforeTrickPlay):
    """Bidding and declaring: no contract yet and no card played."""

    __slots__ = ("auction", "asking")
    contract = None
    unplayed = FULL_DECK
    trick = ()
    follows = FULL_DECK


class BiddingSchafkopf(_BeforeContract):
    """A hand being bid: every seat in turn says bid or pass. ``auction`` holds
    the seats that bid so far, in order."""

    __slots__ = ()
    phase = BIDDING
    asking = ()
    _legal = None

    def legal_actions(self) -> tuple[Action, ...]:
        return _BIDDING_ACTIONS

    def apply(self, action: Action) -> SchafkopfHand:
        seat = self.turn
        if action is BID:
            bidders = self.auction + (seat,)
        elif action is PASS:
            bidders = self.auction
        elif action == BID or action == PASS:  # equal to one offered, built elsewhere
            return self.apply(BID if action == BID else PASS)
        else:
            raise self._refuse(action)
        deal = self.deal
        if seat == deal.dealer:  # the dealer answers last
            new = self._after_bidding(bidders)
        else:
            new = BiddingSchafkopf()
            new.deal = deal
            new.auction = bidders
            new.previous = self
            new.turn = deal.next_seat[seat]
        new.last = action
        return new

    def _after_bidding(self, bidders: tuple[int, ...]) -> SchafkopfHand:
        """The state once the dealer answered: bidders declare, or all passed."""
        if bidders:
            return _declaring(self, _NO_GAME_YET, bidders)
        if self.deal.options["all_pass"] == "redeal":
            return _finished_before_play(self, _REDEAL_CONTRACT)
        return _opening(self, _RAMSCH_CONTRACT, self.deal.first_leader)


class DeclaringSchafkopf(_BeforeContract):
    """A bidder's turn to declare a game, or pass once a game stands: ``auction``
    holds the standing game, ``asking`` the bidders who declare after this one."""

    __slots__ = ()
    phase = DECLARING

    def legal_actions(self) -> tuple[Action, ...]:
        choices = self._legal
        if choices is None:
            auction = self.auction
            if auction.standing is None:  # the first bidder: a Rufspiel if it can call, or any solo
                choices = _first_declarations(self.deal, self.turn)
            else:
                choices = _OUTRANKING[auction.standing_rank]
            self._legal = choices
        return choices

    def apply(self, action: Action) -> SchafkopfHand:
        legal = self._legal or self.legal_actions()
        for offered in legal:
            if offered is action:
                break
        else:
            offered = _same(action, legal)  # one built elsewhere: the equal one offered
            if offered is action:  # nothing equal was offered either
                raise self._refuse(action)
        action = offered
        auction = self.auction
        if action is not PASS:
            auction = _standing(action, self.turn)
        asking = self.asking
        if asking:
            new = _declaring(self, auction, asking)
        else:
            new = _opening(self, auction.contract(self.deal), self.deal.first_leader)
        new.last = action
        return new


class OpeningSchafkopf(_BeforeTrickPlay):
    """Trick 1 before its second card is played: the plays around which Kontra is
    said (the leader and the second hand find it in their legal list)."""

    __slots__ = ()
    phase = PLAY

    def legal_actions(self) -> tuple[Action, ...]:
        mask = self._legal  # the playable cards, remembered as in trick play
        turn = self.turn
        contract = self.contract
        if mask is None:
            if turn == contract.partner and contract.called_pending:
                mask = self._playable(turn)
            else:
                hand = self.deal.hands[turn] & self.unplayed
                mask = hand & self.follows or hand
            self._legal = mask
        if contract.kontra_open and turn != contract.declarer:
            return _WITH_KONTRA.get(mask) or _with_kontra(mask)
        return PLAYS_BY_MASK.get(mask) or new_plays(mask)

    def apply(self, action: Action) -> SchafkopfHand:
        mask = self._legal
        if mask is None:
            self.legal_actions()  # works out the mask and remembers it
            mask = self._legal
        if mask & action.play_bit:  # one of the cards offered, checked with one ``&``
            return self._opening_play(PLAY_ACTIONS[action.index])
        if (action is KONTRA or action == KONTRA) and self.legal_actions()[0] is KONTRA:
            new = _re_round(self, self.contract, self.turn)
            new.last = KONTRA
            return new
        raise self._refuse(action)

    def _opening_play(self, action: Action) -> SchafkopfHand:
        """The first or second card of trick 1 (the only plays around which Kontra is said)."""
        c = action.index
        contract = self.contract
        deal = self.deal
        nxt = deal.next_seat
        if self.trick:  # the second card: trick play proper from here on
            new = PlayingSchafkopf()
            new.deal = deal
            new.contract = contract
            new.previous = self
            new.last = action
            new.turn = nxt[self.turn]
            new.held = deal.hands
            new.unplayed = self.unplayed ^ action.play_bit
            new.trick = self.trick + ONE_CARD[c]
            new.follows = self.follows
            new.tricks = ()
            new._legal = None
            return new
        second = nxt[self.turn]
        if contract.kontra_open:  # the third and fourth hands, but not the declarer
            new = _asking(self, contract, KONTRA_TURN, contract.kontra_turns[self.turn], second)
        else:
            new = _opening(self, contract, second)
        new.unplayed = self.unplayed ^ action.play_bit
        new.trick = ONE_CARD[c]
        new.follows = contract.follow_masks[c]
        new.last = action
        return new


class AskingSchafkopf(_BeforeTrickPlay):
    """A Kontra turn of trick 1's third or fourth hand, or a seat of the Re round:
    ``asking`` holds the seats still to be asked, ``resume`` whose play comes next."""

    __slots__ = ("asking", "resume", "phase")
    _legal = None

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is KONTRA_TURN:
            return _KONTRA_ACTIONS
        contract = self.contract
        side = self.turn == contract.declarer or self.turn == contract.partner
        return _RE_ACTIONS if side else _PASS_ONLY

    def apply(self, action: Action) -> SchafkopfHand:
        if action is not PASS:  # pass is always offered here
            legal = self.legal_actions()
            if action is not KONTRA and action is not RE:
                action = _same(action, legal)  # one built elsewhere: the equal one offered
            for offered in legal:
                if offered is action:  # identity: no field of an action compared
                    break
            else:
                raise self._refuse(action)
        if action is KONTRA:
            new = _re_round(self, self.contract, self.resume)
        else:
            contract = self.contract
            asking = self.asking[1:]
            if action is RE:
                contract = contract.with_re(self.turn)
                asking = ()
            if asking:
                new = _asking(self, contract, self.phase, asking, self.resume)
            else:  # back to trick 1's plays
                new = _opening(self, contract, self.resume)
            new.unplayed = self.unplayed
            new.trick = self.trick
            new.follows = self.follows
        new.last = action
        return new


class PlayingSchafkopf(TrickPlay, SchafkopfHand):
    """A hand in trick play from trick 1's third card on: the hot path of every
    search, played by the trick play every game shares (:mod:`rules_engine.trickplay`)."""

    __slots__ = ()
    phase = PLAY


class FinishedSchafkopf(SchafkopfHand):
    """A hand that is over: the last trick taken, or a redeal after all passed."""

    __slots__ = ()
    phase = OVER
    is_over = True

    def legal_actions(self) -> tuple[Action, ...]:
        return _NO_ACTIONS

    def apply(self, action: Action) -> SchafkopfHand:
        raise self._refuse(action)


PlayingSchafkopf._playing_class = PlayingSchafkopf
PlayingSchafkopf._finished_class = FinishedSchafkopf


def _same(action: Action, legal: tuple[Action, ...]) -> Action:
    """The offered action equal to ``action`` (built elsewhere), or ``action`` itself."""
    for offered in legal:
        if offered == action:
            return offered
    return action


def _start(deal: SchafkopfDeal) -> SchafkopfHand:
    new = BiddingSchafkopf()
    new.deal = deal
    new.auction = ()
    new.previous = None
    new.last = None
    new.turn = deal.first_leader
    return new


def _first_declarations(deal: SchafkopfDeal, seat: int) -> tuple[Action, ...]:
    """The first bidder's declarations: a Rufspiel for each card it may call, then every solo."""
    hand = deal.hands[seat]
    first, second, third = deal.variant.call_table
    # What decides the calls: the callable aces and tens held, and which suits are.
    key = hand & _ACES_AND_TENS
    if hand & first[0]:
        key |= 1 << 32
    if hand & second[0]:
        key |= 1 << 33
    if hand & third[0]:
        key |= 1 << 34
    choices = _FIRST_DECLARATIONS.get(key)
    if choices is None:
        calls = tuple([CALL_ACTIONS[c] for c in _callable(deal, seat)])
        choices = _FIRST_DECLARATIONS[key] = calls + SOLO_DECLARATIONS
    return choices


def _callable(deal: SchafkopfDeal, seat: int) -> list[int]:
    """The cards a Rufspiel declarer may call: an ace of a suit held without it,
    or, holding all three callable aces, a ten not held."""
    hand = deal.hands[seat]
    suits = deal.variant.call_table
    if all(hand >> ace & 1 for _suit, ace, _ten in suits):
        return [ten for _suit, _ace, ten in suits if not hand >> ten & 1]
    return [ace for suit, ace, _ten in suits if hand & suit and not hand >> ace & 1]


def _standing(declaration: Action, seat: int) -> Auction:
    """The auction once ``seat`` declared ``declaration`` (made once for each pair)."""
    key = (id(declaration), seat)
    auction = _AUCTIONS.get(key)
    if auction is None:
        auction = _AUCTIONS[key] = Auction(declaration, seat)
    return auction


def _with_kontra(mask: int) -> tuple[Action, ...]:
    """Kontra, then the plays of ``mask``, remembered for a mask the plays table keeps."""
    choices = (KONTRA, *plays_of(mask))
    if mask.bit_count() <= KEPT_CARDS:
        _WITH_KONTRA[mask] = choices
    return choices


def _declaring(previous: SchafkopfHand, auction: Auction, bidders: tuple[int, ...]):
    """The first of ``bidders`` (the rest still to declare after it) to declare or pass."""
    new = DeclaringSchafkopf()
    new.deal = previous.deal
    new.auction = auction
    new.asking = bidders[1:]
    new.previous = previous
    new.turn = bidders[0]
    new._legal = None
    return new


def _opening(previous: SchafkopfHand, contract: Contract, turn: int) -> OpeningSchafkopf:
    """A state of trick 1 before its second card, with no card played yet (a caller
    that played one sets ``unplayed``, ``trick`` and ``follows``)."""
    new = OpeningSchafkopf()
    new.deal = previous.deal
    new.contract = contract
    new.previous = previous
    new.last = None
    new.turn = turn
    new.unplayed = FULL_DECK
    new.trick = ()
    new.follows = FULL_DECK
    new._legal = None
    return new


def _asking(previous, contract: Contract, phase, asking: tuple[int, ...], resume: int):
    """A Kontra turn or a seat of the Re round; the caller sets the cards played."""
    new = AskingSchafkopf()
    new.deal = previous.deal
    new.contract = contract
    new.phase = phase
    new.asking = asking
    new.resume = resume
    new.previous = previous
    new.last = None
    new.turn = asking[0]
    return new


def _re_round(previous: SchafkopfHand, contract: Contract, resume: int) -> AskingSchafkopf:
    """Right after a Kontra: the declarer alone in a solo game; in a Rufspiel the
    three other seats from the Kontra's left, so the partner stays secret."""
    contract = contract.with_kontra(previous.turn)
    if contract.kind.is_solo:
        asking = (contract.declarer,)
    else:
        nxt = previous.deal.next_seat
        first = nxt[contract.kontra]
        asking = (first, nxt[first], nxt[nxt[first]])
    new = _asking(previous, contract, RE_ROUND, asking, resume)
    new.unplayed = previous.unplayed
    new.trick = previous.trick
    new.follows = previous.follows
    return new


def _finished_before_play(previous: SchafkopfHand, contract: Contract) -> FinishedSchafkopf:
    """A hand over before any card: all passed and the rules say redeal."""
    new = FinishedSchafkopf()
    new.deal = previous.deal
    new.contract = contract
    new.previous = previous
    new.last = None
    new.turn = -1
    new.held = previous.deal.hands
    new.unplayed = FULL_DECK
    new.trick = ()
    new.follows = FULL_DECK
    new.tricks = ()
    new._legal = None
    return new


def _check_deal(hands, dealer: int, variant: Variant) -> None:
    if not isinstance(dealer, int) or not 0 <= dealer < variant.seats:
        raise ValueError(f"the dealer must be a seat from 0 to {variant.seats - 1}, not {dealer!r}")
    if len(hands) != variant.seats:
        raise ValueError(f"a deal has {variant.seats} hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != variant.hand_size:
            size = variant.hand_size
            raise ValueError(f"seat {seat} must be dealt {size} cards, not {len(hand)}")
    cards = [c for hand in hands for c in hand]
    if any(not isinstance(c, int) or c < 0 or not variant.deck >> c & 1 for c in cards):
        raise ValueError("a deal holds only cards of the deck")
    if len(set(cards)) != len(cards):
        raise ValueError("no card may be dealt twice")
