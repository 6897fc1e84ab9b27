"""Each rule of docs/rules.md §2 (five-handed Sheepshead, called ace) on hand-built deals.

Every rule is checked from both sides: the legal list offers what the rule
allows, and ``apply`` refuses what it forbids with an IllegalAction whose
message names the rule, leaving the state as it was.

Deals are written seat 0 first, one string of six cards per seat; the dealer
is seat 0 unless a test says otherwise, so seat 1 is asked first and leads
the first trick. A script step is either one decision ("pick", "bury 8S KD",
"call AH") or a run of plays in turn order ("7C AC 9C TH 7S").
"""

from __future__ import annotations

import pytest
from hand_scripts import (
    DECK,
    HOLD_BLIND,
    HOLD_DEAL,
    PICK_AND_CALL,
    UNKNOWN_BLIND,
    UNKNOWN_DEAL,
    act,
    codes,
    deal,
    run,
    unknown_game,
)

from rules_engine import Action, IllegalAction, SheepsheadHand
from rules_engine.actions import ALONE, PASS, PICK, bury, call, play
from rules_engine.cards import parse_card
from rules_engine.errors import InvalidRecord
from rules_engine.records import apply_as, parse_record

TRUMPS = "QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D".split()
FAIL = {suit: [rank + suit for rank in "ATK987"] for suit in "CSH"}
FIVE_PASSES = "pass, pass, pass, pass, pass"


# -- helpers -----------------------------------------------------------------------


def legal(state: SheepsheadHand) -> set[str]:
    """The legal actions as text: a play as its card, any other action as ``str``."""
    return {a.card if a.kind == "play" else str(a) for a in state.legal_actions()}


def snapshot(state: SheepsheadHand) -> tuple:
    return (
        state.actions, state.hands, state.turn, state.phase_name,
        state.legal_actions(), state.result(), state.view(state.turn % 5).to_json(),
    )  # fmt: skip


def refused(state: SheepsheadHand, text: str, rule: str) -> str:
    """Assert ``text`` is not offered and is refused with a message matching ``rule``."""
    action = act(text)
    assert action not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=rule) as error:
        state.apply(action)
    assert snapshot(state) == before
    return str(error.value)


def last_winner(state: SheepsheadHand) -> int:
    return state.view(0).tricks[-1].winner


def finish_trick(state: SheepsheadHand, throw=lambda legal: legal[0]) -> SheepsheadHand:
    while state.view(0).trick.cards:
        state = state.apply(throw(state.legal_actions()))
    return state


# -- the deals most tests start from --------------------------------------------------


def called_game_deal(two_hearts: bool = False) -> SheepsheadHand:
    hands = list(HOLD_DEAL)
    if two_hearts:  # the picker gets 7H for 7S, seat 1 the other way round
        hands[0] = hands[0].replace("7S", "7H")
        hands[1] = hands[1].replace("7H", "7S")
    return deal(*hands, blind=HOLD_BLIND)


def called_game(two_hearts: bool = False) -> SheepsheadHand:
    """The dealer picks, buries 8S KD and calls AH; seat 3 holds AH and KH."""
    return run(called_game_deal(two_hearts), PICK_AND_CALL)


def record_json(hands, blind, dealer=0, actions=()) -> dict:
    return {
        "game": "sheepshead",
        "options": {},
        "dealer": dealer,
        "deal": {"hands": [h.split() for h in hands], "blind": blind.split()},
        "actions": [dict(a) for a in actions],
    }


# -- the deal ----------------------------------------------------------------------


class TestTheDeal:
    @pytest.mark.parametrize("seed", [b"", b"a", b"deal", bytes(range(16))])
    @pytest.mark.parametrize("dealer", [0, 3])
    def test_each_seat_gets_six_cards_and_the_blind_two(self, seed, dealer):
        state = SheepsheadHand.from_seed(seed, dealer)
        hands = [codes(state.hand(seat)) for seat in range(5)]
        assert [len(h) for h in hands] == [6] * 5
        assert len(codes(state.deal.blind)) == 2
        assert sorted(set().union(*hands, codes(state.deal.blind))) == DECK

    def test_a_record_with_seven_cards_in_a_hand_is_refused(self):
        record = record_json(HOLD_DEAL, HOLD_BLIND)
        record["deal"]["hands"][0].append(record["deal"]["blind"].pop())
        with pytest.raises(InvalidRecord, match="6 cards"):
            parse_record(record)

    def test_a_record_with_a_card_dealt_twice_is_refused(self):
        record = record_json(HOLD_DEAL, HOLD_BLIND)
        record["deal"]["blind"][0] = record["deal"]["hands"][1][0]
        with pytest.raises(InvalidRecord, match="twice"):
            parse_record(record)

    @pytest.mark.parametrize("sizes", [(7, 5, 6, 6, 6, 2), (6, 6, 6, 6, 5, 3)])
    def test_a_hand_with_other_than_six_cards_a_seat_and_two_in_the_blind_is_refused(self, sizes):
        cards = list(range(32))
        hands, at = [], 0
        for size in sizes[:5]:
            hands.append(cards[at : at + size])
            at += size
        with pytest.raises(ValueError):
            SheepsheadHand.new(hands, cards[at:], 0)

    @pytest.mark.parametrize("dealer", [-1, 5])
    def test_a_dealer_that_is_not_a_seat_is_refused(self, dealer):
        cards = list(range(32))
        with pytest.raises(ValueError):
            SheepsheadHand.new([cards[s * 6 : s * 6 + 6] for s in range(5)], cards[30:], dealer)


# -- trump and fail order -----------------------------------------------------------


def trump_trick(first: str, second: str) -> SheepsheadHand:
    """A leaster whose first trick seat 1 leads with ``first`` and seat 2 answers with
    ``second``; seats 3, 4 and 0 hold only fail cards, so they can't take it."""
    others = [t for t in TRUMPS if t not in (first, second)]
    fails = [c for suit in "CSH" for c in FAIL[suit]]
    state = deal(
        fails[12:18], [first, *others[:5]], [second, *others[5:10]], fails[:6], fails[6:12],
        blind=others[10:12],
    )  # fmt: skip
    state = run(state, FIVE_PASSES, first)
    assert legal(state) == {second, *others[5:10]}  # seat 2 follows trump with any trump
    return finish_trick(run(state, second))


def fail_trick(first: str, second: str) -> SheepsheadHand:
    """A leaster whose first trick seat 1 leads with ``first`` and seat 2 follows with
    ``second``; seats 3, 4 and 0 have none of that suit and throw off other fail cards."""
    suit = first[1]
    rest = [c for c in FAIL[suit] if c not in (first, second)]
    other = [rank + s for rank in "ATK987" for s in "CSH" if s != suit]  # aces first
    state = deal(
        other[8:12] + TRUMPS[10:12],
        [first, *rest[:2], *TRUMPS[:3]],
        [second, *rest[2:], *TRUMPS[3:6]],
        other[:4] + TRUMPS[6:8],
        other[4:8] + TRUMPS[8:10],
        blind=TRUMPS[12:14],
    )
    state = run(state, FIVE_PASSES, first, second)

    def throw_off(actions):  # the highest fail card: an ace when there is one
        fails = [a for a in actions if a.card not in TRUMPS]
        return min(fails, key=lambda a: "ATK987".index(a.card[0]))

    return finish_trick(state, throw_off)


TRUMP_PAIRS = [(TRUMPS[i], TRUMPS[i + 1]) for i in range(13)]
FAIL_PAIRS = [(s[i], s[i + 1]) for s in FAIL.values() for i in range(5)]


class TestTrumpOrder:
    @pytest.mark.parametrize(("higher", "lower"), TRUMP_PAIRS, ids="-over-".join)
    def test_the_higher_trump_wins_when_led(self, higher, lower):
        assert last_winner(trump_trick(higher, lower)) == 1

    @pytest.mark.parametrize(("higher", "lower"), TRUMP_PAIRS, ids="-over-".join)
    def test_the_higher_trump_wins_when_played_second(self, higher, lower):
        assert last_winner(trump_trick(lower, higher)) == 2

    def test_the_winner_of_a_trick_leads_the_next(self):
        state = trump_trick("9D", "QC")
        assert state.turn == 2
        assert state.view(0).trick.leader == 2


class TestFailOrder:
    @pytest.mark.parametrize(("higher", "lower"), FAIL_PAIRS, ids="-over-".join)
    def test_the_higher_card_of_the_suit_led_wins(self, higher, lower):
        assert last_winner(fail_trick(higher, lower)) == 1

    @pytest.mark.parametrize(("higher", "lower"), FAIL_PAIRS, ids="-over-".join)
    def test_the_higher_card_played_second_wins(self, higher, lower):
        assert last_winner(fail_trick(lower, higher)) == 2

    def test_aces_of_other_suits_thrown_off_do_not_win(self):
        state = fail_trick("7C", "8C")
        trick = state.view(0).tricks[0]
        assert {"AS", "AH"} & set(trick.cards)
        assert trick.winner == 2


# -- queens and jacks ---------------------------------------------------------------

# A leaster deal where each seat's duty depends on Q and J being trump.
QJ_DEAL = (
    "KC JS 9H TD JD QD",  # 0
    "7C 7D 7H 8S TS KS",  # 1 leads 7C, 7D or 7H
    "QC 9C AS 9S 7S AH",  # 2
    "JC JH 8H KH TH 8C",  # 3
    "QH QS 9D 8D AC TC",  # 4
)
QJ_FOLLOW = [
    ("7C", 2, {"9C"}),
    ("7C", 3, {"8C"}),
    ("7C", 4, {"AC", "TC"}),
    ("7C", 0, {"KC"}),
    ("7D", 2, {"QC"}),
    ("7D", 3, {"JC", "JH"}),
    ("7D", 4, {"QH", "QS", "9D", "8D"}),
    ("7D", 0, {"JS", "TD", "JD", "QD"}),
    ("7H", 2, {"AH"}),
    ("7H", 3, {"8H", "KH", "TH"}),
    ("7H", 4, {"QH", "QS", "9D", "8D", "AC", "TC"}),  # QH is no heart: seat 4 is void
    ("7H", 0, {"9H"}),
]


def qj_lead(card: str, upto: int) -> SheepsheadHand:
    """Seat 1 leads ``card``; the seats before ``upto`` follow with their first legal card."""
    state = run(deal(*QJ_DEAL, blind="KD AD"), FIVE_PASSES, card)
    while state.turn != upto:
        state = state.apply(state.legal_actions()[0])
    return state


class TestQueensAndJacksAreTrump:
    @pytest.mark.parametrize(("lead", "seat", "allowed"), QJ_FOLLOW)
    def test_a_seat_follows_by_trump_and_fail_suits_not_printed_suits(self, lead, seat, allowed):
        assert legal(qj_lead(lead, seat)) == allowed

    def test_a_queen_does_not_follow_its_printed_suit(self):
        refused(qj_lead("7C", 2), "QC", "must follow clubs")

    def test_a_jack_follows_trump_rather_than_its_printed_suit(self):
        refused(qj_lead("7D", 3), "8H", "must follow trump")

    def test_a_queen_played_on_its_printed_suit_takes_the_trick_as_trump(self):
        state = run(qj_lead("7H", 4), "QH")
        assert last_winner(finish_trick(state)) == 4

    def test_a_queen_is_no_hold_card_for_its_printed_suit(self):
        # The picker's only "clubs" are QC and JC, which are trump: no hold card for AC.
        state = run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD")
        assert "call AC" not in legal(state)
        refused(state, "call AC", "hold card")


# -- picking -----------------------------------------------------------------------


class TestPicking:
    @pytest.mark.parametrize("dealer", range(5))
    def test_picking_starts_at_the_dealers_left(self, dealer):
        state = deal(*HOLD_DEAL, blind=HOLD_BLIND, dealer=dealer)
        assert state.phase_name == "picking"
        assert state.turn == (dealer + 1) % 5
        assert legal(state) == {"pass", "pick"}

    def test_each_pass_moves_the_choice_clockwise(self):
        state = deal(*HOLD_DEAL, blind=HOLD_BLIND, dealer=3)
        turns = []
        for _ in range(4):
            turns.append(state.turn)
            state = state.apply(PASS)
        assert turns == [4, 0, 1, 2]
        assert state.turn == 3 and legal(state) == {"pass", "pick"}

    def test_the_first_to_pick_takes_the_blind(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pick")
        assert state.picker == 2
        assert codes(state.hand(2)) == set(HOLD_DEAL[2].split()) | {"8S", "KD"}

    def test_a_pick_ends_the_picking(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pick")
        assert state.phase_name == "bury" and state.turn == 2
        refused(state, "pick", "bury two cards")
        refused(state, "pass", "bury two cards")

    def test_a_card_can_not_be_played_while_picking(self):
        refused(deal(*HOLD_DEAL, blind=HOLD_BLIND), "7C", "pick or pass")


# -- the bury ----------------------------------------------------------------------


class TestBury:
    def picked(self) -> SheepsheadHand:
        return run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass, pick")

    def test_any_two_of_the_pickers_eight_cards_may_be_buried(self):
        state = self.picked()
        eight = sorted(HOLD_DEAL[0].split() + ["8S", "KD"])
        assert legal(state) == {
            f"bury {a} {b}" for i, a in enumerate(eight) for b in eight[i + 1 :]
        }
        assert len(legal(state)) == 28

    def test_the_buried_cards_leave_the_hand(self):
        state = run(self.picked(), "bury 9H KD")
        assert codes(state.hand(0)) == {"QC", "QS", "JC", "AD", "7S", "8S"}
        assert codes(state.buried) == {"9H", "KD"}
        assert state.phase_name == "call"

    @pytest.mark.parametrize("cards", [["9H"], ["9H", "7S", "KD"], ["9H", "9H"]])
    def test_the_picker_must_bury_exactly_two_cards(self, cards):
        state = self.picked()
        with pytest.raises(IllegalAction, match="exactly two"):
            state.apply(bury(cards))
        assert state.phase_name == "bury"

    def test_the_picker_may_only_bury_its_own_cards(self):
        refused(self.picked(), "bury 9H AH", "only bury your own cards")

    def test_a_card_must_be_buried_not_played(self):
        refused(self.picked(), "QC", "bury two cards")

    def test_the_buried_points_count_for_the_picker(self):
        # The picker's side took 59 points in tricks; the 4 buried make it 63, a win.
        result = held_to_the_last_trick().result()
        assert result.points == (63, 0, 21, 0, 36)
        assert result.scores == (2, -1, -1, 1, -1)


# -- calling -----------------------------------------------------------------------

# Seat 1 picks first: AC 7C 8S QC JD 9H with the blind AS TH.
CALL_DEAL = (
    "8C 9C TC JC KC 7S",
    "AC 7C 8S QC JD 9H",
    "9S TS JS QS KS 7H",
    "8H JH QH KH AH 7D",
    "8D 9D TD QD KD AD",
)
# Seat 1 picks first holding all three fail aces.
TEN_DEAL = (
    "8C 9C TC JC KC 7S",
    "AC AS AH 7C 9S QC",
    "8S TS JS QS KS 7H",
    "8H 9H TH JH QH KH",
    "7D 8D 9D TD QD AD",
)
# Seat 1 picks first: AH TH QC QS JC JD with the blind AC AS.
ALONE_DEAL = (
    "7C 8C 9C TC KC 7S",
    "AH TH QC QS JC JD",
    "8S 9S TS JS KS 7H",
    "8H 9H JH QH KH 7D",
    "8D 9D TD QD KD AD",
)


def swap(hands, one: str, other: str) -> list[str]:
    return [h.replace(one, "__").replace(other, one).replace("__", other) for h in hands]


class TestNormalCall:
    def test_the_ace_of_each_suit_with_a_hold_card_may_be_called(self):
        state = run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD")
        assert legal(state) == {"alone", "call AS", "call AH"}

    def test_an_ace_without_a_hold_card_in_hand_may_not_be_called(self):
        state = run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD")
        refused(state, "call AC", "hold card")

    def test_an_ace_in_the_pickers_hand_may_not_be_called(self):
        state = run(deal(*CALL_DEAL, blind="AS TH"), "pick, bury AS JD")
        assert legal(state) == {"alone", "call AH"}
        refused(state, "call AC", "AC: it is in your hand")

    def test_a_buried_ace_may_not_be_called(self):
        state = run(deal(*CALL_DEAL, blind="AS TH"), "pick, bury AS JD")
        refused(state, "call AS", "AS: it is buried")

    def test_a_buried_card_is_no_hold_card(self):
        # Burying both hearts leaves no hold card: AH can only be an unknown call.
        state = run(deal(*CALL_DEAL, blind="AS TH"), "pick, bury 9H TH")
        assert legal(state) == {"alone", "call AH"}
        assert run(state, "call AH").phase_name == "unknown"

    @pytest.mark.parametrize("card", ["KC", "9C", "TD", "QD"])
    def test_only_a_fail_ace_or_ten_may_be_called(self, card):
        state = run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD")
        refused(state, f"call {card}", "only the ace .or ten. of clubs, spades or hearts")

    def test_the_holder_of_the_called_ace_is_the_partner(self):
        state = called_game()
        assert state.partner == 3 and state.picker == 0
        assert state.phase_name == "play" and state.turn == 1


class TestTenCall:
    def test_with_all_three_fail_aces_the_picker_calls_a_ten(self):
        state = run(deal(*TEN_DEAL, blind="JD KD"), "pick, bury JD KD")
        assert legal(state) == {"alone", "call TC", "call TS", "call TH"}

    def test_an_ace_is_not_called_when_all_three_are_the_pickers(self):
        state = run(deal(*TEN_DEAL, blind="JD KD"), "pick, bury JD KD")
        refused(state, "call AH", "in your hand")

    def test_a_buried_ace_counts_among_the_three(self):
        state = run(deal(*TEN_DEAL, blind="JD KD"), "pick, bury AH KD")
        assert legal(state) == {"alone", "call TC", "call TS"}

    def test_a_ten_needs_a_hold_card_in_hand(self):
        state = run(deal(*TEN_DEAL, blind="JD KD"), "pick, bury AH KD")
        refused(state, "call TH", "hold")

    def test_a_ten_among_the_pickers_cards_may_not_be_called(self):
        state = run(deal(*swap(TEN_DEAL, "9S", "TS"), blind="JD KD"), "pick, bury JD KD")
        assert legal(state) == {"alone", "call TC", "call TH"}
        refused(state, "call TS", "TS: it is in your hand")

    def test_a_ten_may_not_be_called_without_all_three_aces(self):
        state = run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD")
        refused(state, "call TH", "only when all three fail aces")

    def test_the_holder_of_the_ten_is_the_partner_and_must_play_it(self):
        state = run(deal(*TEN_DEAL, blind="JD KD"), "pick, bury JD KD, call TH")
        assert state.partner == 3
        state = run(state, "AH 7H")
        assert legal(state) == {"TH"}
        refused(state, "KH", "must play the called ten")


class TestUnknownCall:
    def called(self) -> SheepsheadHand:
        return run(
            deal(*UNKNOWN_DEAL, blind=UNKNOWN_BLIND), "pass, pass, pass, pass, pick, bury AC TD"
        )

    def test_without_a_normal_or_ten_call_an_ace_of_a_void_suit_may_be_called(self):
        assert legal(self.called()) == {"alone", "call AS", "call AH"}

    def test_an_owned_ace_is_no_unknown_call(self):
        refused(self.called(), "call AC", "AC: it is buried")

    def test_an_ace_of_a_void_suit_is_no_call_while_a_normal_call_exists(self):
        # The HOLD deal's picker has no clubs and AC is not its own, but AS and AH are normal calls.
        state = run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD")
        refused(state, "call AC", "hold card")

    def test_after_an_unknown_call_any_card_of_the_hand_may_be_set_aside(self):
        state = run(self.called(), "call AH")
        assert state.phase_name == "unknown" and state.turn == 0
        assert legal(state) == {f"unknown {c}" for c in UNKNOWN_DEAL[0].split()}

    def test_only_a_card_of_the_hand_may_be_set_aside(self):
        state = run(self.called(), "call AH")
        refused(state, "unknown AC", "don't hold the AC")
        refused(state, "QC", "set one card of the hand aside")

    def test_the_unknown_leaves_the_hand(self):
        state = unknown_game()
        assert codes(state.hand(0)) == {"QC", "QS", "QH", "JC", "AD"}
        assert state.phase_name == "play" and state.turn == 1
        assert state.partner == 2


class TestAlone:
    def test_alone_is_offered_beside_every_call(self):
        for state in [
            run(called_game_deal(), "pass, pass, pass, pass, pick, bury 8S KD"),
            run(deal(*TEN_DEAL, blind="JD KD"), "pick, bury JD KD"),
            run(
                deal(*UNKNOWN_DEAL, blind=UNKNOWN_BLIND),
                "pass, pass, pass, pass, pick, bury AC TD",
            ),
        ]:
            assert "alone" in legal(state)

    def test_alone_is_forced_when_no_call_exists(self):
        # All three aces are the picker's, and the only fail card in hand, AH, goes with TH.
        state = run(deal(*ALONE_DEAL, blind="AC AS"), "pick, bury AC AS")
        assert legal(state) == {"alone"}
        refused(state, "call TH", "TH: it is in your hand")
        refused(state, "call TC", "alone")

    def test_playing_alone_leaves_the_picker_without_a_partner(self):
        state = run(deal(*ALONE_DEAL, blind="AC AS"), "pick, bury AC AS, alone")
        assert state.phase_name == "play" and state.turn == 1
        assert state.partner == -1 and state.called == -1


# -- the called suit -----------------------------------------------------------------


class TestPickerHoldCard:
    def test_the_picker_may_not_throw_off_the_last_hold_card(self):
        state = run(called_game(), "7C TC 9C TH")
        assert legal(state) == {"QC", "QS", "JC", "AD", "7S"}
        refused(state, "9H", "picker keeps a card of hearts")

    def test_the_picker_may_throw_off_a_card_of_the_called_suit_while_keeping_another(self):
        state = run(called_game(two_hearts=True), "7C TC 9C TH")
        assert legal(state) == {"QC", "QS", "JC", "AD", "9H", "7H"}
        assert codes(run(state, "9H").hand(0)) == {"QC", "QS", "JC", "AD", "7H"}

    def test_the_picker_may_lead_the_last_hold_card(self):
        state = run(called_game(), "7C TC 9C TH QC")
        assert state.turn == 0
        assert legal(state) == {"QS", "JC", "AD", "9H", "7S"}

    def test_leading_the_hold_card_leads_the_called_suit(self):
        state = run(called_game(), "7C TC 9C TH QC", "9H 7H 8H")
        assert legal(state) == {"AH"}


class TestPartnerCalledCard:
    def test_the_partner_may_not_throw_off_the_called_ace(self):
        state = run(called_game(), "TS 9S")
        assert legal(state) == {"KH", "9C", "KC", "QH", "7D"}
        refused(state, "AH", "partner keeps the called ace until hearts is led")

    def test_the_partner_may_lead_the_called_suit_only_with_the_called_ace(self):
        state = run(called_game(), "8D 9D QH TD AD")
        assert last_winner(state) == 3
        assert legal(state) == {"AH", "9C", "KC", "7D"}
        refused(state, "KH", "partner may lead hearts only with the called ace")

    def test_the_partner_leading_the_called_ace_leads_the_called_suit(self):
        state = run(called_game(), "8D 9D QH TD AD", "AH")
        assert legal(state) == {"TH"}  # seat 4 follows hearts

    def test_when_the_called_suit_is_first_led_the_partner_must_play_the_ace(self):
        state = run(called_game(), "7C TC 9C TH QC", "9H 7H 8H")
        assert state.turn == 3
        refused(
            state, "KH", "hearts is led for the first time: the partner must play the called ace"
        )


class TestCalledSuitObligationsEnd:
    def first_lead_of_hearts(self) -> SheepsheadHand:
        # Trick 1 to the partner's QH; trick 2 the partner leads AH and takes it.
        state = run(called_game(two_hearts=True), "8D 9D QH TD AD", "AH TH 9H 7S 8H")
        assert last_winner(state) == 3
        return state

    def test_afterwards_the_partner_may_lead_any_card_of_the_called_suit(self):
        assert legal(self.first_lead_of_hearts()) == {"KH", "9C", "KC", "7D"}

    def test_afterwards_the_picker_may_throw_off_its_last_card_of_the_called_suit(self):
        state = run(self.first_lead_of_hearts(), "9C QD")
        assert state.turn == 0
        assert legal(state) == {"QC", "QS", "JC", "7H"}


class TestUnknownCard:
    def test_it_must_be_played_when_the_called_suit_is_first_led_by_another(self):
        state = run(unknown_game(), "7H AH TH KS")
        assert legal(state) == {"JS"}
        refused(state, "QC", "hearts is led for the first time: you must play the unknown card")

    def test_it_can_not_win_the_trick_and_its_points_go_to_the_winner(self):
        # JS would be the only trump in the trick; set aside, it means nothing.
        state = run(unknown_game(), "7H AH TH KS JS")
        assert last_winner(state) == 2
        assert state.points[2] == 0 + 11 + 10 + 4 + 2

    def test_otherwise_it_may_not_be_played_before_the_last_card(self):
        state = run(unknown_game(), "7C 9C TC AS")
        assert legal(state) == {"QC", "QS", "QH", "JC", "AD"}
        refused(
            state, "JS", "the unknown card is played when hearts is first led, or as your last card"
        )

    def test_it_does_not_count_for_following_suit(self):
        # AC is set aside: the picker has no club in hand and may trump a club lead.
        state = run(unknown_game(buried="TD AD", aside="AC"), "7C 9C TC AS")
        assert legal(state) == {"QC", "QS", "QH", "JC", "JS"}

    def test_led_as_the_last_card_it_leads_the_called_suit_and_can_not_win(self):
        state = unknown_game(buried="TD AD", aside="AC")
        state = run(
            state,
            "7D 8D 9D KD JS",  # the picker takes every trick without hearts being led
            "JC 7S 8S TS JD",
            "QH 7C 9S TC QD",
            "QS 8C 9C 9H JH",
            "QC 7H KH TH KS",
        )
        assert state.turn == 0 and codes(state.hand(0)) == set()
        assert legal(state) == {"AC"}
        state = run(state, "AC 8H AH KC AS")
        # Had clubs been led, KC would take it; hearts were led, so AH does,
        # and with it the 11 points of the unknown AC.
        assert last_winner(state) == 2
        assert state.result().points == (83, 0, 37, 0, 0)


def held_to_the_last_trick() -> SheepsheadHand:
    """The HOLD game played without a hearts lead: picker and partner keep 9H and AH."""
    state = run(
        called_game(),
        "7C AC 9C TH 7S",
        "TC KC AS AD 8C",
        "QC 8D 9D QH TD",
        "QS 7H JS 7D JD",
        "JC TS 8H KH QD",
        "JH",
    )
    return run(state, "9H KS 9S AH")


class TestLastTrick:
    def fifth_trick(self) -> SheepsheadHand:
        return run(
            called_game(),
            "7C AC 9C TH 7S",
            "TC KC AS AD 8C",
            "QC 8D 9D QH TD",
            "QS 7H JS 7D JD",
            "JC TS 8H",
        )

    def last_trick(self) -> SheepsheadHand:
        return run(self.fifth_trick(), "KH QD", "JH")

    def test_before_the_last_trick_the_partner_still_keeps_the_called_ace(self):
        state = self.fifth_trick()
        assert legal(state) == {"KH"}
        refused(state, "AH", "partner keeps the called ace")

    def test_the_picker_plays_its_last_hold_card_there(self):
        assert legal(self.last_trick()) == {"9H"}

    def test_the_partner_plays_the_called_ace_there(self):
        state = run(self.last_trick(), "9H KS 9S")
        assert legal(state) == {"AH"}

    def test_the_hand_is_over_after_six_tricks(self):
        state = held_to_the_last_trick()
        assert state.is_over and state.phase_name == "over"
        assert state.legal_actions() == ()
        assert state.result().tricks == (3, 0, 1, 0, 2)


# -- play ----------------------------------------------------------------------------


class TestPlay:
    def test_the_dealers_left_leads_the_first_trick(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND, dealer=2), "pass, pass, pick")
        state = run(state, "bury 8S KD, call AH")
        assert state.picker == 0 and state.turn == 3

    def test_the_leader_may_lead_any_card(self):
        assert legal(called_game()) == set(HOLD_DEAL[1].split())

    def test_a_seat_follows_the_suit_led(self):
        state = run(called_game(), "7C")
        assert legal(state) == {"AC", "TC"}
        refused(state, "9S", "you must follow clubs")

    def test_trump_counts_as_one_suit(self):
        state = run(called_game(), "8D")
        assert legal(state) == {"JS", "9D"}
        refused(state, "9S", "you must follow trump")

    def test_a_seat_without_the_suit_led_may_play_anything(self):
        state = run(called_game(), "7C TC 9C")
        assert legal(state) == set(HOLD_DEAL[4].split())

    def test_a_card_not_in_hand_may_not_be_played(self):
        refused(called_game(), "AH", "don't hold the AH")

    def test_the_winner_of_a_trick_leads_the_next(self):
        state = run(called_game(), "7C AC 9C TH 7S")
        assert last_winner(state) == 2 and state.turn == 2
        assert legal(state) == {"TC", "9S", "8H", "JS", "9D"}


# -- scoring -------------------------------------------------------------------------


def finished(hands, blind, script) -> SheepsheadHand:
    state = run(deal(*hands, blind=blind), *script)
    assert state.is_over
    return state


class TestCalledGameScores:
    def test_a_win_pays_one_from_each_defender_and_the_picker_gets_twice_the_partner(self):
        result = held_to_the_last_trick().result()
        assert result.contract == "called_ace" and result.called == "AH"
        assert (result.picker, result.partner) == (0, 3)
        assert result.scores == (2, -1, -1, 1, -1)

    def test_defenders_on_29_pay_two(self):
        state = finished(
            ("9C TC 8S TS 7D KD", "JC 7S QS AS 7H KH", "AC JS KS 8H 9H JD",
             "7C 8C KC JH 9D QD", "QC 9S QH AH TD AD"),
            "TH 8D",
            ("pick, bury 7H KH, call AH", "JC JS QD AD 7D", "7C 9S 9C 7S AC",
             "KS KC TD 8S AS", "QH KD QS JD JH", "TH 9H 8C AH TC", "QC TS 8D 8H 9D"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (0, 18, 11, 18, 73)  # picker 1 and partner 4: 91
        assert result.scores == (-2, 4, -2, -2, 2)

    def test_defenders_on_30_pay_one(self):
        state = finished(
            ("8C 7S 9S TH QH KD", "7C KC AC QS KS 9D", "TC JC 7H 8H JH AH",
             "9C TS 9H KH 7D AD", "QC 8S AS 8D TD JD"),
            "JS QD",
            ("pick, bury 7C QS, call AS", "KC TC 9C 8S 8C", "AH KH JD TH JS",
             "9D JH AD 8D QH", "7S KS 8H TS AS", "TD KD QD JC 7D", "AC 7H 9H QC 9S"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (16, 51, 14, 0, 39)  # picker 1 and partner 4: 90
        assert result.scores == (-1, 2, -1, -1, 1)

    def test_defenders_without_a_trick_pay_three(self):
        state = run(
            unknown_game(buried="TD AD", aside="AC"),
            "7D 8D 9D KD JS", "JC 7S 8S TS JD", "QH 7C 9S TC QD",
            "QS 8C 9C 9H JH", "QC 7H KH TH KS", "AC 8H AH KC AS",
        )  # fmt: skip
        result = state.result()
        assert result.tricks == (5, 0, 1, 0, 0)  # the defenders 1, 3 and 4 took none
        assert result.scores == (6, -3, 3, -3, -3)

    def test_a_defenders_trick_of_no_points_still_saves_them_from_paying_three(self):
        state = finished(
            ("7C KC 9S 7H JH QD", "9C AC JS KS KH 8D", "8C QC 8S QS 7D 9D",
             "JC AS 8H AH KD AD", "TC 7S 9H TH QH JD"),
            "TS TD",
            ("pass, pick, bury 7D 9D, call AS", "KS TS AS 7S 9S", "KD QH QD JS QS",
             "8S JC JD KC 8D", "AH TH 7H KH TD", "QC AD TC JH AC", "8C 8H 9H 7C 9C"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (0, 0, 87, 33, 0)
        assert result.tricks == (0, 1, 3, 2, 0)
        assert result.scores == (-2, -2, 4, 2, -2)

    def test_sixty_sixty_loses(self):
        state = finished(
            ("TC AC QS 7H 8D JD", "AS 8H QH TD KD AD", "9C JC KC 8S 9H JH",
             "7C QC 7S 9S KS AH", "8C TS TH 7D 9D QD"),
            "JS KH",
            ("pass, pick, bury 9C KH, call AC", "8H 9H AH TH 7H", "KS TS JD AS 8S",
             "QS TD JS QC QD", "7S 7D 8D AD JC", "KC 7C 8C AC QH", "KD JH 9S 9D TC"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (27, 18, 33, 42, 0)  # picker 2 and partner 0: 60
        assert result.scores == (-2, 2, -4, 2, 2)

    def test_sixty_one_wins(self):
        state = finished(
            ("TS JS AS KH JD AD", "9C QC 9S QS 7D QD", "7S 8S JH QH AH KD",
             "8C TC KS 8H 9H TH", "7C JC KC 7H 8D 9D"),
            "AC TD",
            ("pass, pass, pick, bury KS TC, call AH", "QC KD TD JC JD", "9C 7S 8C 7C TS",
             "QD QH AC 9D JS", "AH 9H 7H KH 9S", "JH 8H 8D AD 7D", "8S TH KC AS QS"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (0, 59, 47, 14, 0)  # picker 3 and partner 2: 61
        assert result.scores == (-1, -1, 1, 2, -1)

    def test_a_side_with_30_or_fewer_pays_four_the_bury_included(self):
        state = finished(
            ("9C KC 9S 7H JH 7D", "TC 7S JS 9H KH JD", "AC TS KS TH 8D 9D",
             "7C JC 8S AH TD QD", "8C QC QS AS QH AD"),
            "8H KD",
            ("pick, bury KD TC, call AH", "JS 8D JC QH JH", "8C KC 7S AC 7C",
             "TS 8S AS 9S 8H", "AD 7D JD 9D QD", "TD QS 7H KH KS", "QC 9C 9H TH AH"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (0, 14, 15, 16, 75)  # picker 1 (the 14 buried) and partner 3
        assert result.scores == (4, -8, 4, -4, 4)

    def test_the_bury_can_lift_a_losing_side_over_30(self):
        state = finished(
            ("QC KC AS 8H 7D 8D", "7S 8S KS 9D QD AD", "TC JC JS 9H JH QH",
             "AC 9S TS 7H JD KD", "8C 9C TH KH AH TD"),
            "7C QS",
            ("pick, bury AD KS, call AS", "QD QH JD TD 7D", "JH KD 9C QC 9D",
             "KC 7C TC AC 8C", "9S AH AS 7S JC", "9H 7H KH 8H QS", "8S JS TS TH 8D"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (9, 22, 64, 25, 0)  # 16 in tricks and 15 buried: 31
        assert result.scores == (-2, -4, 2, 2, 2)

    def test_a_side_without_a_trick_pays_six_though_the_bury_has_points(self):
        state = finished(
            ("8S 7H KH JD QD AD", "TC 7S TS AS 9H TH", "8C QC QS 7D 8D KD",
             "9C AC 9S KS AH 9D", "7C JC KC JS 8H JH"),
            "QH TD",
            ("pass, pass, pick, bury AH QH, call AS", "AS QS KS 8H 8S", "QC TD JH JD TC",
             "8D 9D JS AD TS", "JC QD 9H KD 9C", "7H TH 7D AC KC", "8C 9S 7C KH 7S"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (9, 0, 74, 14, 23)  # picker 3: the 14 buried, no trick
        assert result.tricks[1] == result.tricks[3] == 0
        assert result.scores == (6, -6, 6, -12, 6)


class TestAloneScores:
    def test_a_win_takes_one_from_each_defender(self):
        state = finished(
            ("9C 8S 9S TS 8H 9H", "AS QH 8D TD KD AD", "7C 7S 7H TH KH 7D",
             "8C KC JS AH JD QD", "TC QC AC QS KS JH"),
            "JC 9D",
            ("pick, bury AD KD, alone", "9D 7D QD QS TS", "QC 8S JC 7C JD",
             "JH 9C TD 7S JS", "KC AC 8H 8D KH", "AS TH AH KS 9S", "QH 7H 8C TC 9H"),
        )  # fmt: skip
        result = state.result()
        assert result.contract == "alone" and result.partner is None
        assert result.points == (0, 83, 0, 14, 23)
        assert result.scores == (-1, 4, -1, -1, -1)

    def test_a_schneider_win_takes_two_from_each(self):
        state = finished(
            ("7C TC KC 7S 8S TH", "JC QC AC AH TD QD", "JS QS AS 9H QH KH",
             "8C TS KS 8H JH 9D", "9C 9S 7H 8D JD KD"),
            "7D AD",
            ("pick, bury AD TD, alone", "7D QS JH 8D TC", "JS 9D JD TH QD",
             "AC 9H 8C 9C KC", "QC QH 8H KD 7S", "AH KH KS 7H 7C", "JC AS TS 9S 8S"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (0, 105, 15, 0, 0)
        assert result.scores == (-2, 8, -2, -2, -2)

    def test_taking_every_trick_takes_three_from_each(self):
        state = finished(
            ("7C 8C 9C JS 8H KD", "QC AC JH 9D TD QD", "TC 7S AS 9H KH AD",
             "JC 9S 7H TH AH 7D", "KC 8S TS KS 8D JD"),
            "QS QH",
            ("pick, bury AC QH, alone", "QS AD 7D 8D KD", "QD KH JC JD JS",
             "9D 7S 9S KS 8C", "JH AS TH TS 9C", "QC TC 7H KC 8H", "TD 9H AH 8S 7C"),
        )  # fmt: skip
        result = state.result()
        assert result.tricks == (0, 6, 0, 0, 0)
        assert result.scores == (-3, 12, -3, -3, -3)

    def test_a_loss_pays_two_to_each_defender(self):
        state = finished(
            ("7C TC 7S 8S TS 7D", "AC JS AS JH 9D AD", "QC KC KS AH 8D QD",
             "8C 9C 9H QH KH TD", "JC 9S 7H 8H TH JD"),
            "QS KD",
            ("pass, pass, pass, pass, pick, bury TC TS, alone", "AD QC QH JC KD",
             "AH 9H TH 7C JS", "JH 8D TD JD QS", "7D 9D QD KH 8H", "KS 9C 9S 8S AS",
             "AC KC 8C 7H 7S"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (37, 53, 30, 0, 0)
        assert result.scores == (-8, 2, 2, 2, 2)

    def test_a_loss_with_30_or_fewer_pays_four_to_each(self):
        state = finished(
            ("8C JC 9S 7H JH 8D", "7C TC QC KC 8H 9D", "9C AC JS QS 7D AD",
             "7S 9H KH TD QD KD", "TS KS AS TH AH JD"),
            "8S QH",
            ("pass, pick, bury 7D QS, alone", "7C AC TD TS 8C", "9H TH 7H 8H AD",
             "9C KD AS JC KC", "9S TC 8S 7S KS", "AH 8D QC QH KH", "9D JS QD JD JH"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (21, 21, 24, 40, 14)
        assert result.scores == (4, 4, -16, 4, 4)

    def test_a_loss_without_a_trick_pays_six_to_each(self):
        state = finished(
            ("AC 8H 7D 8D 9D TD", "JC 9S JS 7H TH KH", "7C 8C TC 8S KS JD",
             "KC 7S QS AH QD KD", "QC TS AS 9H QH AD"),
            "9C JH",
            ("pass, pick, bury 8C 9C, alone", "JC JH QD QC TD", "QH 7D JS JD KD",
             "9H 8H 7H TC AH", "7S AS AC 9S KS", "TS 9D TH 8S QS", "KC AD 8D KH 7C"),
        )  # fmt: skip
        result = state.result()
        assert result.tricks[2] == 0
        assert result.scores == (6, 6, -24, 6, 6)


class TestLeaster:
    def test_when_all_five_pass_a_leaster_is_led_from_the_dealers_left(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND, dealer=2), FIVE_PASSES)
        assert state.phase_name == "play"
        assert state.turn == 3 and state.picker == -1
        assert codes(state.hand(3)) == set(HOLD_DEAL[3].split())

    def test_the_dealer_may_still_pick_after_four_passes(self):
        state = run(deal(*HOLD_DEAL, blind=HOLD_BLIND), "pass, pass, pass, pass")
        assert state.turn == 0 and legal(state) == {"pass", "pick"}

    def test_the_fewest_points_among_trick_takers_wins_one_from_each(self):
        state = finished(
            ("7C QS 7H KH AH AD", "AC 7S KS 9H TH JD", "QC KC 8S 9S QH 9D",
             "9C TC JC AS 8H 7D", "8C JS 8D TD QD KD"),
            "TS JH",
            (FIVE_PASSES, "7S 9S AS JS QS", "7H 9H QH 8H QD", "9D 7D KD AD JD",
             "AC KC 9C 8C 7C", "KS 8S JC 8D KH", "TC TD AH TH QC"),
        )  # fmt: skip
        result = state.result()
        assert result.contract == "leaster"
        assert result.points == (16, 32, 50, 10, 0)  # seat 4 took no trick
        assert result.scores == (-1, -1, -1, 4, -1)

    def test_the_blind_counts_for_nobody(self):
        state = finished(
            ("7C QS 7H KH AH AD", "AC 7S KS 9H TH JD", "QC KC 8S 9S QH 9D",
             "9C TC JC AS 8H 7D", "8C JS 8D TD QD KD"),
            "TS JH",
            (FIVE_PASSES, "7S 9S AS JS QS", "7H 9H QH 8H QD", "9D 7D KD AD JD",
             "AC KC 9C 8C 7C", "KS 8S JC 8D KH", "TC TD AH TH QC"),
        )  # fmt: skip
        assert sum(state.result().points) == 120 - 12

    def test_a_tie_for_fewest_gives_nothing(self):
        state = finished(
            ("9C JC JS TH KH AH", "TS 7H 8H QH TD JD", "KC AC QS AS JH 8D",
             "7S KS 9H 9D KD AD", "7C 8C TC QC 9S 7D"),
            "8S QD",
            (FIVE_PASSES, "8H AS 9H 7D TH", "7C 9C 7H AC KD", "KS 9S JS TS JH",
             "KH JD KC 7S QC", "TC JC QH QS 9D", "8D AD 8C AH TD"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (18, 0, 18, 47, 34)
        assert result.scores == (0, 0, 0, 0, 0)

    def test_a_trick_taker_with_no_points_wins(self):
        state = finished(
            ("8C KC AS 7D 8D JD", "TC QS KS 8H 9H KD", "9C AC JH AH QD AD",
             "JC QC TS 7H QH KH", "7C 7S 9S JS 9D TD"),
            "8S TH",
            (FIVE_PASSES, "KS AD TS 9S AS", "AH KH 7C 8C 9H", "JH QC JS 8D QS",
             "7H 7S 7D 8H 9C", "KC TC AC QH TD", "JC 9D JD KD QD"),
        )  # fmt: skip
        result = state.result()
        assert result.points == (0, 0, 62, 48, 0)
        assert result.tricks == (1, 0, 3, 2, 0)
        assert result.scores == (4, -1, -1, -1, -1)


# -- turns and illegal actions -------------------------------------------------------


class TestIllegalActions:
    def test_an_action_from_the_wrong_seat_is_refused(self):
        state = deal(*HOLD_DEAL, blind=HOLD_BLIND)
        with pytest.raises(IllegalAction, match="seat 1's turn"):
            apply_as(state, 2, PASS)
        playing = called_game()
        with pytest.raises(IllegalAction, match="seat 1's turn, not seat 3's"):
            apply_as(playing, 3, play("9C"))

    def test_a_record_with_an_action_from_the_wrong_seat_does_not_replay(self):
        record = record_json(HOLD_DEAL, HOLD_BLIND, actions=[{"seat": 2, "action": "pass"}])
        with pytest.raises(IllegalAction, match="seat 1's turn"):
            parse_record(record).replay()

    def test_no_action_is_legal_after_the_hand_is_over(self):
        state = held_to_the_last_trick()
        assert state.legal_actions() == ()
        for action in [play("9H"), PASS, PICK, ALONE, call("AH")]:
            with pytest.raises(IllegalAction, match="the hand is over"):
                state.apply(action)
        with pytest.raises(IllegalAction, match="the hand is over"):
            apply_as(state, 1, play("7C"))

    def test_an_action_built_anew_counts_as_the_one_offered(self):
        # Actions compare by content: a fresh Action("pick") is a pick, not a pass.
        state = run(called_game_deal(), "pass, pass, pass, pass")
        picked = state.apply(Action("pick"))
        assert (picked.phase_name, picked.picker) == ("bury", 0)
        buried = picked.apply(Action("bury", cards=("8S", "KD")))
        assert codes(buried.buried) == {"8S", "KD"}
        playing = buried.apply(Action("call", "AH"))
        assert playing.apply(Action("play", "7C")).trick == (parse_card("7C"),)

    def test_an_illegal_action_leaves_the_state_unchanged(self):
        state = run(called_game(), "7C TC 9C TH")
        before = snapshot(state)
        hands = state.hands
        for text in ["9H", "AH", "pass", "call AS", "bury QC QS"]:
            with pytest.raises(IllegalAction):
                state.apply(act(text))
        assert snapshot(state) == before and state.hands == hands
        assert last_winner(run(state, "7S")) == 2  # and it plays on as before

    @pytest.mark.parametrize(
        "action",
        [
            Action("play"),
            Action("play", "QD", cards=("7C",)),  # seat 4's QD, with a card seat 1 holds
            Action("play", cards=("7C",)),
        ],
        ids=["no-card", "other-seats-card-plus-own", "card-in-cards-field"],
    )
    def test_a_play_is_refused_unless_it_is_one_of_the_legal_actions(self, action):
        state = called_game()
        assert action not in state.legal_actions()
        with pytest.raises(IllegalAction):
            state.apply(action)

    def test_an_unknown_naming_extra_cards_is_refused(self):
        state = run(
            deal(*UNKNOWN_DEAL, blind=UNKNOWN_BLIND),
            "pass, pass, pass, pass, pick, bury AC TD, call AH",
        )
        action = Action("unknown", "AH", cards=("JS",))  # AH is seat 2's
        with pytest.raises(IllegalAction):
            state.apply(action)
