"""Properties of every hand (docs/rules.md §4, §5), on random deals played at random.

Each example deals from a random seed (or stacks a random deck so that the
rare contracts, ten and unknown calls, come up often), then plays the hand to
the end choosing among the legal actions with a seeded ``random.Random``.
Along the way a small reference model, written from docs/rules.md §2 alone,
checks the legal actions, the trick winners and the result.
"""

from __future__ import annotations

import json
import random
from itertools import combinations

from hand_scripts import codes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import IllegalAction, SheepsheadHand
from rules_engine.actions import ALONE, PASS, PICK, bury, call, play, unknown
from rules_engine.cards import CARD_POINTS, cards_of, parse_card
from rules_engine.records import parse_record

SEATS = 5
DECK = tuple(rank + suit for suit in "CSHD" for rank in "789TJQKA")
TRUMPS = tuple("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D".split())
FAIL_RANKS = "ATK987"  # high to low: A 10 K 9 8 7
FAIL_SUITS = "CSH"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
FAIL_ACES = tuple("A" + s for s in FAIL_SUITS)

SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# -- a reference model of docs/rules.md §2 ------------------------------------------


def suit_class(code: str) -> str:
    """``"T"`` for trump, else the fail suit letter (a Q or J is always trump)."""
    return "T" if code in TRUMPS else code[1]


def power(code: str, led: str) -> int:
    """How strongly a card bids for a trick led in ``led``; 0 can't win it."""
    if code in TRUMPS:
        return 100 - TRUMPS.index(code)
    if code[1] == led:
        return 50 - FAIL_RANKS.index(code[0])
    return 0


class Reference:
    """The rules as plain sets of codes, fed the same actions as the engine."""

    def __init__(self, hands: list[set[str]], blind: set[str], dealer: int) -> None:
        self.dealt = [set(h) for h in hands]
        self.hands = [set(h) for h in hands]
        self.blind = set(blind)
        self.dealer = dealer
        self.turn = (dealer + 1) % SEATS
        self.phase = "picking"
        self.contract = None
        self.picker = None
        self.buried: set[str] = set()
        self.called = None
        self.partner = None
        self.unknown = None
        self.unknown_pending = False
        self.called_led = False
        self.leader = None
        self.trick: list[tuple[int, str]] = []
        self.led = None
        self.tricks: list[tuple[int, list[str], int]] = []

    # legal actions, as (kind, card, cards) triples
    def legal(self) -> set[tuple]:
        if self.phase == "picking":
            return {("pass", None, None), ("pick", None, None)}
        if self.phase == "bury":
            cards = sorted(self.hands[self.turn])
            return {("bury", None, pair) for pair in combinations(cards, 2)}
        if self.phase == "call":
            return {("alone", None, None)} | {("call", c, None) for c in self.callable()}
        if self.phase == "unknown":
            return {("unknown", c, None) for c in self.hands[self.turn]}
        if self.phase == "play":
            return {("play", c, None) for c in self.playable(self.turn)}
        return set()

    def callable(self) -> list[str]:
        hand = self.hands[self.picker]
        owned = hand | self.buried
        holds = {s for s in FAIL_SUITS if any(suit_class(c) == s for c in hand)}
        normal = ["A" + s for s in FAIL_SUITS if s in holds and "A" + s not in owned]
        if normal:
            return normal
        tens = []
        if all(a in owned for a in FAIL_ACES):
            tens = ["T" + s for s in FAIL_SUITS if s in holds and "T" + s not in owned]
        if tens:
            return tens
        return ["A" + s for s in FAIL_SUITS if s not in holds and "A" + s not in owned]

    def playable(self, seat: int) -> set[str]:
        hand = self.hands[seat]
        pending = self.called is not None and not self.called_led
        called_suit = self.called[1] if self.called else None
        if seat == self.picker and self.unknown_pending:
            if not hand or (self.trick and self.led == called_suit):
                return {self.unknown}
        if not self.trick:
            if pending and seat == self.partner:
                return {c for c in hand if suit_class(c) != called_suit or c == self.called}
            return set(hand)
        follow = {c for c in hand if suit_class(c) == self.led}
        if follow:
            if pending and seat == self.partner and self.led == called_suit:
                return {self.called}
            return follow
        allowed = set(hand)
        if pending and seat == self.partner:
            allowed.discard(self.called)
        if pending and seat == self.picker:
            holds = {c for c in hand if suit_class(c) == called_suit}
            if len(holds) == 1:
                allowed -= holds
        return allowed or set(hand)

    def apply(self, kind: str, card: str | None, cards: tuple | None) -> None:
        seat = self.turn
        if self.phase == "picking":
            if kind == "pick":
                self.picker = seat
                self.hands[seat] |= self.blind
                self.phase = "bury"
            elif seat == self.dealer:
                self.contract = "leaster"
                self.start_play()
            else:
                self.turn = (seat + 1) % SEATS
        elif self.phase == "bury":
            self.buried = set(cards)
            self.hands[seat] -= self.buried
            self.phase = "call"
        elif self.phase == "call":
            if kind == "alone":
                self.contract = "alone"
                self.start_play()
            else:
                self.contract = "called_ace"
                self.called = card
                self.partner = next(s for s in range(SEATS) if card in self.hands[s])
                if any(suit_class(c) == card[1] for c in self.hands[seat]):
                    self.start_play()
                else:
                    self.phase = "unknown"
        elif self.phase == "unknown":
            self.unknown = card
            self.unknown_pending = True
            self.hands[seat].discard(card)
            self.start_play()
        else:
            self.play(seat, card)

    def start_play(self) -> None:
        self.phase = "play"
        self.turn = self.leader = (self.dealer + 1) % SEATS

    def play(self, seat: int, card: str) -> None:
        if card == self.unknown and seat == self.picker and self.unknown_pending:
            self.unknown_pending = False
        else:
            self.hands[seat].remove(card)
        if not self.trick:
            self.led = self.called[1] if card == self.unknown else suit_class(card)
        self.trick.append((seat, card))
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        bids = [(power(c, self.led), s) for s, c in self.trick if c != self.unknown]
        winner = max(bids)[1]
        if self.called and self.led == self.called[1]:
            self.called_led = True
        self.tricks.append((self.leader, [c for _s, c in self.trick], winner))
        self.trick = []
        self.turn = self.leader = winner
        if len(self.tricks) == 6:
            self.phase = "over"

    def result(self) -> tuple[list[int], list[int], list[int]]:
        points = [0] * SEATS
        taken = [0] * SEATS
        for _leader, cards, winner in self.tricks:
            points[winner] += sum(POINTS[c[0]] for c in cards)
            taken[winner] += 1
        if self.contract == "leaster":
            takers = [s for s in range(SEATS) if taken[s]]
            fewest = min(points[s] for s in takers)
            low = [s for s in takers if points[s] == fewest]
            if len(low) > 1:
                return points, taken, [0] * SEATS
            return points, taken, [4 if s == low[0] else -1 for s in range(SEATS)]
        points[self.picker] += sum(POINTS[c[0]] for c in self.buried)
        side = {self.picker} | ({self.partner} if self.partner is not None else set())
        side_points = sum(points[s] for s in side)
        defenders_tricks = sum(taken[s] for s in range(SEATS) if s not in side)
        if side_points >= 61:
            unit = 3 if defenders_tricks == 0 else 2 if 120 - side_points <= 29 else 1
        elif defenders_tricks == 6:
            unit = -6
        elif side_points <= 30:
            unit = -4
        else:
            unit = -2
        scores = [-unit] * SEATS
        if self.partner is None:
            scores[self.picker] = 4 * unit
        else:
            scores[self.picker] = 2 * unit
            scores[self.partner] = unit
        return points, taken, scores


def triple(action) -> tuple:
    return (action.kind, action.card, tuple(action.cards) if action.cards is not None else None)


# -- random hands --------------------------------------------------------------


@st.composite
def deals(draw):
    """``(state, rng)``: a fresh hand and the chooser that will play it."""
    dealer = draw(st.integers(0, SEATS - 1))
    mode = draw(st.sampled_from(["seeded", "seeded", "strong", "three_aces"]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    if mode == "seeded":
        seed = draw(st.binary(min_size=0, max_size=12))
        return SheepsheadHand.from_seed(seed, dealer), rng, mode
    # A stacked deck: the first seat to pick gets, with the blind, eight
    # strong cards, so that unknown calls (mode strong) and ten calls
    # (mode three_aces) are common.
    deck = list(DECK)
    rng.shuffle(deck)
    if mode == "strong":
        strong = [c for c in deck if c in TRUMPS or c in FAIL_ACES][:8]
    else:
        strong = list(FAIL_ACES) + [c for c in deck if c not in FAIL_ACES][:5]
        rng.shuffle(strong)
    rest = [c for c in deck if c not in strong]
    first = (dealer + 1) % SEATS
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    hands[first] = strong[:6]
    blind = strong[6:]
    for seat in range(SEATS):
        if seat != first:
            hands[seat], rest = rest[:6], rest[6:]
    state = SheepsheadHand.new(
        [[parse_card(c) for c in h] for h in hands], [parse_card(c) for c in blind], dealer
    )
    return state, rng, mode


def choose(state, rng: random.Random, mode: str):
    """A random legal action; stacked deals make their first seat pick."""
    legal = state.legal_actions()
    if state.phase_name == "picking":
        if mode != "seeded" and state.turn == (state.dealer + 1) % SEATS:
            return PICK if rng.random() < 0.9 else PASS
        return PICK if rng.random() < 0.3 else PASS
    if state.phase_name == "call" and len(legal) > 1 and rng.random() < 0.8:
        return rng.choice(legal[1:] if legal[0] == ALONE else legal)
    return rng.choice(legal)


def play_out(state, rng, mode):
    """Every state of the hand from ``state`` to the end, first to last."""
    states = [state]
    while not state.is_over:
        state = state.apply(choose(state, rng, mode))
        states.append(state)
    return states


def reference_of(state) -> Reference:
    return Reference(
        [codes(state.deal.hands[s]) for s in range(SEATS)], codes(state.deal.blind), state.dealer
    )


# -- the properties ------------------------------------------------------------


class TestDealing:
    @given(st.binary(max_size=16), st.integers(0, SEATS - 1))
    @settings(max_examples=60, deadline=None)
    def test_the_same_seed_deals_the_same_cards(self, seed, dealer):
        one = SheepsheadHand.from_seed(seed, dealer)
        two = SheepsheadHand.from_seed(seed, dealer)
        assert one.hands == two.hands
        assert one.deal.blind == two.deal.blind

    @given(st.binary(max_size=16), st.integers(0, SEATS - 1))
    @settings(max_examples=60, deadline=None)
    def test_every_card_is_dealt_once_six_to_a_seat_and_two_to_the_blind(self, seed, dealer):
        state = SheepsheadHand.from_seed(seed, dealer)
        hands = [codes(state.hand(s)) for s in range(SEATS)]
        blind = codes(state.deal.blind)
        assert [len(h) for h in hands] == [6] * SEATS
        assert len(blind) == 2
        assert sorted(c for h in [*hands, blind] for c in h) == sorted(DECK)

    def test_different_seeds_deal_different_cards(self):
        deals_seen = {SheepsheadHand.from_seed(bytes([n]), 0).hands for n in range(20)}
        assert len(deals_seen) == 20


class TestPlayingAHandOut:
    @given(deals())
    @SETTINGS
    def test_legal_actions_are_never_empty_until_the_hand_is_over(self, dealt):
        for state in play_out(*dealt):
            assert bool(state.legal_actions()) != state.is_over

    @given(deals())
    @SETTINGS
    def test_every_listed_action_applies(self, dealt):
        for state in play_out(*dealt)[:-1]:
            for action in state.legal_actions():
                state.apply(action)  # never raises

    @given(deals())
    @settings(SETTINGS, max_examples=600)
    def test_the_legal_actions_and_the_result_follow_the_rules(self, dealt):
        state, rng, mode = dealt
        ref = reference_of(state)
        while not state.is_over:
            assert state.turn == ref.turn
            assert state.phase_name == ref.phase
            assert {triple(a) for a in state.legal_actions()} == ref.legal()
            action = choose(state, rng, mode)
            state = state.apply(action)
            ref.apply(*triple(action))
        assert ref.phase == "over"
        result = state.result()
        points, taken, scores = ref.result()
        assert result.complete
        assert result.contract == ref.contract
        assert list(result.points) == points
        assert list(result.tricks) == taken
        assert list(result.scores) == scores

    @given(deals())
    @SETTINGS
    def test_every_card_is_played_or_buried_exactly_once(self, dealt):
        final = play_out(*dealt)[-1]
        played = [a.card for _s, a in final.actions if a.kind == "play"]
        buried = [c for _s, a in final.actions if a.kind == "bury" for c in a.cards]
        assert len(played) == 30
        assert all(final.hand(s) == 0 for s in range(SEATS))
        assert not final.unknown_pending
        if final.result().contract == "leaster":
            assert sorted(played) == sorted(codes(sum(final.deal.hands)))
            assert not buried
        else:
            assert sorted(played + buried) == sorted(DECK)

    @given(deals())
    @SETTINGS
    def test_the_unknown_card_is_played_once(self, dealt):
        final = play_out(*dealt)[-1]
        set_aside = [a.card for _s, a in final.actions if a.kind == "unknown"]
        for card in set_aside:
            plays = [s for s, a in final.actions if a.kind == "play" and a.card == card]
            assert plays == [final.result().picker]

    @given(deals())
    @SETTINGS
    def test_the_card_points_of_a_finished_hand_sum_to_120(self, dealt):
        final = play_out(*dealt)[-1]
        result = final.result()
        blind = sum(CARD_POINTS[c] for c in cards_of(final.deal.blind))
        if result.contract == "leaster":
            assert sum(result.points) + blind == 120
        else:
            assert sum(result.points) == 120

    @given(deals())
    @SETTINGS
    def test_the_scores_sum_to_zero(self, dealt):
        result = play_out(*dealt)[-1].result()
        assert sum(result.scores) == 0
        assert len(result.scores) == SEATS


#: Every well-formed action: the simple ones, each card action, each bury of two cards.
EVERY_ACTION = [PASS, PICK, ALONE]
EVERY_ACTION += [make(code) for code in DECK for make in (play, call, unknown)]
EVERY_ACTION += [bury(list(pair)) for pair in combinations(DECK, 2)]


def snapshot(state) -> tuple:
    """Everything a caller can read of a state, as plain values."""
    return (
        state.actions,
        state.hands,
        state.turn,
        state.phase_name,
        state.is_over,
        state.legal_actions(),
        state.result(),
        json.dumps([state.view(s).to_json() for s in range(SEATS)], sort_keys=True),
    )


class TestImmutability:
    @given(deals())
    @SETTINGS
    def test_apply_never_changes_the_state_it_is_called_on(self, dealt):
        state, rng, mode = dealt
        while not state.is_over:
            before = snapshot(state)
            for action in state.legal_actions()[:3]:
                state.apply(action)
            following = state.apply(choose(state, rng, mode))
            assert snapshot(state) == before
            state = following

    @given(deals())
    @SETTINGS
    def test_an_action_not_in_the_legal_list_raises_and_changes_nothing(self, dealt):
        rng = random.Random(repr(dealt[0].hands))
        for state in play_out(*dealt):
            legal = set(state.legal_actions())
            before = snapshot(state)
            for action in rng.sample(EVERY_ACTION, 8):
                if action in legal:
                    state.apply(action)
                    continue
                try:
                    state.apply(action)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{action} was applied but is not in the legal list")
            assert snapshot(state) == before


# -- what each seat may see (docs/rules.md §4) ----------------------------------------


def visible_codes(state, seat: int) -> set[str]:
    """The cards ``seat`` may see now, worked out from the history, not the engine."""
    actions = state.actions
    picker = next((s for s, a in actions if a.kind == "pick"), None)
    set_aside = next((a.card for _s, a in actions if a.kind == "unknown"), None)
    if state.is_over:
        return set(DECK)
    seen = codes(state.hand(seat))
    for actor, action in actions:
        if action.kind == "play" and (action.card != set_aside or seat == picker):
            seen.add(action.card)
        if action.kind == "call":
            seen.add(action.card)
        if actor == seat and action.kind in ("bury", "unknown"):
            seen |= set(action.cards or (action.card,))
    if seat == picker:
        seen |= codes(state.deal.blind)
        if state.phase_name == "call":  # the cards it may call, which nobody's hand shows
            seen |= {rank + suit for rank in "AT" for suit in FAIL_SUITS}
    return seen


def card_strings(value) -> list[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return [value] if value in DECK else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in card_strings(v)]
    if isinstance(value, (list, tuple)):
        return [c for v in value for c in card_strings(v)]
    return []


def partner_known(state, seat: int) -> bool:
    called = next((a.card for _s, a in state.actions if a.kind == "call"), None)
    if called is None:
        return False
    partner = next(s for s in range(SEATS) if codes(state.deal.hands[s]) >= {called})
    played = any(a.kind == "play" and a.card == called for _s, a in state.actions)
    return state.is_over or played or seat == partner


class TestSeatViews:
    @given(deals())
    @SETTINGS
    def test_a_view_shows_no_card_its_seat_may_not_see(self, dealt):
        for state in play_out(*dealt):
            for seat in range(SEATS):
                view = state.view(seat).to_json()
                leaked = set(card_strings(view)) - visible_codes(state, seat)
                assert not leaked, f"seat {seat} sees {sorted(leaked)} in {view}"

    @given(deals())
    @SETTINGS
    def test_a_view_names_the_partner_only_once_the_seat_may_know_it(self, dealt):
        for state in play_out(*dealt):
            for seat in range(SEATS):
                view = state.view(seat)
                if partner_known(state, seat):
                    assert view.partner == state.partner
                else:
                    assert view.partner is None

    @given(deals())
    @SETTINGS
    def test_a_view_shows_the_seats_own_hand_and_every_face_up_card_played(self, dealt):
        for state in play_out(*dealt):
            for seat in range(SEATS):
                view = state.view(seat).to_json()
                assert set(view["hand"]) == codes(state.hand(seat))
                shown = set(card_strings([view["tricks"], view["trick"]]))
                assert shown >= visible_codes(state, seat) & {
                    a.card for _s, a in state.actions if a.kind == "play"
                }

    @given(deals())
    @SETTINGS
    def test_once_over_a_view_shows_every_hand_the_blind_and_the_bury(self, dealt):
        final = play_out(*dealt)[-1]
        for seat in range(SEATS):
            view = final.view(seat).to_json()
            assert [set(h) for h in view["hands"]] == [codes(h) for h in final.deal.hands]
            assert set(view["blind"]) == codes(final.deal.blind)
            if final.buried:
                assert set(view["buried"]) == codes(final.buried)
            assert view["result"] == final.result().to_json()


# -- records (docs/rules.md §5) --------------------------------------------------------


def round_trip(state):
    text = json.dumps(state.to_record().to_json())
    return parse_record(json.loads(text)).replay()


class TestRecords:
    @given(deals(), st.data())
    @SETTINGS
    def test_a_record_round_trip_through_json_gives_the_same_state(self, dealt, data):
        states = play_out(*dealt)
        for state in [states[-1], data.draw(st.sampled_from(states))]:
            again = round_trip(state)
            assert again.actions == state.actions
            assert again.hands == state.hands
            assert again.deal.hands == state.deal.hands
            assert again.deal.blind == state.deal.blind
            assert again.dealer == state.dealer
            assert again.turn == state.turn
            assert again.phase_name == state.phase_name
            assert again.legal_actions() == state.legal_actions()
            assert again.result() == state.result()
            assert again.result().to_json() == state.result().to_json()
            for seat in range(SEATS):
                assert again.view(seat).to_json() == state.view(seat).to_json()
