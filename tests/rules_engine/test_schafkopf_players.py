"""Computer players at a Schafkopf table: the clear decisions of the strategy,
views only, what the expert's samples agree with, and determinism."""

from __future__ import annotations

import pytest
from new_process import json_from_new_processes
from schafkopf_scripts import RUF_DEAL, RUN_DEAL, deal, run

from rules_engine import SchafkopfHand
from rules_engine.actions import PASS, play
from rules_engine.cards import CARD_POINTS, CODES, FULL_DECK, cards_of, codes_to_mask, parse_card
from rules_engine.contracts import GAMES_BY_KEY, Game
from rules_engine.players import LEVELS, player_for, schafkopf_sampling, voids
from rules_engine.players.rng import Rng
from rules_engine.players.schafkopf_expert import candidates_of, distinct_plays
from rules_engine.players.schafkopf_knowledge import schafkopf_knowledge
from rules_engine.players.schafkopf_playout import seat_table
from rules_engine.players.schafkopf_sampling import SchafkopfSampler
from rules_engine.players.schafkopf_strategy import FEWEST_TRUMPS, wants_to_bid
from rules_engine.schafkopf_actions import BID, CALL_ACTIONS, KONTRA
from rules_engine.variant import SCHAFKOPF_LONG

RUFSPIEL_TRUMPS = GAMES_BY_KEY[Game.RUFSPIEL, -1, False].ranking.trump_mask


def with_rest(*hands: str) -> tuple[str, ...]:
    """The given hands, then the cards nobody was given, eight to a hand."""
    given = codes_to_mask(" ".join(hands).split())
    rest = [CODES[c] for c in cards_of(FULL_DECK & ~given)]
    return (*hands, *(" ".join(rest[at : at + 8]) for at in range(0, len(rest), 8)))


def decide(level: str, state: SchafkopfHand, seed: bytes = b"seed"):
    return player_for(level).decide(state.view(state.turn), seed)


# -- the expert's playouts ----------------------------------------------------------

#: Seat 0 plays a Rufspiel on AS (seat 2 holds it); three trump tricks, seat 3 out of
#: trumps on the third: it played 8S to the Eichel-Unter.
THREE_TRUMP_TRICKS = (
    "0:bid 1:pass 2:pass 3:pass 0:ruf:AS 0:QC 2:pass 3:pass 1:QD 2:QH 3:JD"
    " 0:QS 1:JH 2:JS 3:7H 0:JC 1:8H 2:KH 3:8S"
)


def test_a_playout_seat_knows_only_what_it_would_know_at_the_table():
    state = run(deal(*RUF_DEAL), THREE_TRUMP_TRICKS)
    defender = seat_table(state, 1)
    # Until the Gras-Sau is played, a defender knows only the declarer's side.
    assert defender.teammate == [False, True, None, None]
    unseen = state.unplayed & ~state.held[1]
    assert defender.may_hold[1] == state.held[1] & state.unplayed
    assert defender.may_hold[2] == unseen  # not just seat 2's real cards
    assert defender.may_hold[3] == unseen & ~RUFSPIEL_TRUMPS  # it showed it has no trump
    assert seat_table(state, 2).teammate == [True, False, True, False]  # the partner knows
    assert seat_table(state, 0).teammate == [True, None, None, None]
    revealed = run(state, "0:7S 1:KS 2:AS")
    assert seat_table(revealed, 3).teammate == [False, True, False, True]


# -- bidding and declaring ----------------------------------------------------------

SOLO_HAND = "QC QS JC JH AH TH KH AC"  # seven trumps of a Herz solo and a free ace
RUF_HAND = "QC JD AH 9H 7H TC 9C KS"  # five trumps; clubs and spades to call in
WEAK_HAND = "7C 8C 9S 8S 7D 8D 9D KS"


def first_to_bid(hand: str) -> SchafkopfHand:
    """Seat 0, the dealer's left, holds ``hand`` and speaks first."""
    return deal(*with_rest(hand))


@pytest.mark.parametrize(("hand", "wanted"), [(SOLO_HAND, BID), (RUF_HAND, BID), (WEAK_HAND, PASS)])
def test_the_standard_player_bids_with_a_game_in_hand_and_passes_without(hand, wanted):
    assert decide("standard", first_to_bid(hand)) == wanted


def test_a_hand_for_a_solo_declares_the_solo_in_its_long_suit():
    state = run(first_to_bid(SOLO_HAND), "0:bid 1:pass 2:pass 3:pass")
    action = decide("standard", state)
    assert (action.contract, action.trump, action.tout) == ("solo", "H", False)


def test_a_rufspiel_calls_the_ace_of_the_suit_the_declarer_is_shortest_in():
    state = run(first_to_bid(RUF_HAND), "0:bid 1:pass 2:pass 3:pass")
    assert decide("standard", state) == CALL_ACTIONS[parse_card("AS")]


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_a_tout_is_declared_with_a_hand_that_takes_every_trick(level):
    state = run(first_to_bid("QC QS QH QD JC JS JH JD"), "0:bid 1:pass 2:pass 3:pass")
    action = decide(level, state)
    assert action.contract == "solo" and action.tout


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_no_tout_from_a_hand_that_may_lose_a_trick(level):
    # The Schellen-Unter is out: it may take a trick.
    state = run(first_to_bid("QC QS QH QD JC JS JH 7D"), "0:bid 1:pass 2:pass 3:pass")
    assert not decide(level, state).tout
    knowledge = schafkopf_knowledge(state.view(0))
    assert not [a for a in candidates_of(state.view(0), knowledge) if a.tout]


def test_a_later_bidder_with_only_a_rufspiel_passes_once_one_stands():
    hands = with_rest(RUF_HAND, "QS QH JC TH KH AS 8S 7D")
    state = run(deal(*hands), "0:bid 1:bid 2:pass 3:pass 0:ruf:AS")
    assert state.turn == 1 and state.phase_name == "declaring"
    assert decide("standard", state) == PASS


# -- Kontra and Re ------------------------------------------------------------------

#: Seat 0 calls AS; seat 2 holds it; seat 1 has a hand that would have played a solo.
KONTRA_DEAL = with_rest(
    "QD JD AH 9H 7H TS 9S 8C",
    "QC QS JC JS KH AC AD 7S",
    "QH JH AS TH 8H KS 8S 9D",
)
#: The same game, but the partner holds the strong hand.
PARTNER_DEAL = with_rest(
    "QD JD AH 9H 7H TS 9S 8C",
    "QH JH TH 8H KS 8S 7S 9D",
    "QC QS JC JS AS KH AC AD",
)
CALLED_AS = "0:bid 1:pass 2:pass 3:pass 0:ruf:AS 0:QD"


def test_a_defender_with_a_hand_of_its_own_says_kontra():
    state = run(deal(*KONTRA_DEAL), CALLED_AS, "2:pass 3:pass")
    assert state.turn == 1 and KONTRA in state.legal_actions()
    assert decide("standard", state) == KONTRA


def test_the_partner_never_says_kontra_against_its_own_side():
    state = run(deal(*PARTNER_DEAL), CALLED_AS)
    assert state.turn == 2 and state.phase_name == "kontra"
    assert decide("standard", state) == PASS


def test_the_beginner_never_doubles():
    state = run(deal(*KONTRA_DEAL), CALLED_AS, "2:pass 3:pass")
    assert decide("beginner", state).kind == "play"


# -- card play ----------------------------------------------------------------------


def test_the_declarer_leads_trump():
    state = run(deal(*KONTRA_DEAL), "0:bid 1:pass 2:pass 3:pass 0:ruf:AS")
    action = decide("standard", state)
    assert RUFSPIEL_TRUMPS >> action.index & 1


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_the_partner_schmiers_onto_a_trick_the_declarer_has_surely_won(level):
    hands = with_rest(
        "QC QS JD AH 9H 7H TS 8C",  # seat 0 declares, calls AS, leads the top trump
        "QH JH TH 8H KS 8S 7S 9D",
        "AS TC KC 9S 8D 7D AD KD",  # the partner, without a trump
    )
    state = run(deal(*hands), "0:bid 1:pass 2:pass 3:pass 0:ruf:AS 0:QC 2:pass 3:pass 1:8H")
    assert state.turn == 2
    action = decide(level, state)
    assert CARD_POINTS[action.index] >= 10  # an ace or a ten; never the called ace
    if level == "standard":
        assert action == play("AD")  # the most points


def test_a_defender_on_lead_looks_for_the_called_ace():
    hands = with_rest(
        "TC 9C 7S 8D 9D KD 7D TD",  # seat 0, a defender, leads the first trick
        "QC QS JC AH 9H 7H KC 8S",  # seat 1 declares and calls AC
        "QD JD AC 8C TH 9S KS AS",
    )
    state = run(deal(*hands), "0:pass 1:bid 2:pass 3:pass 1:ruf:AC")
    assert state.turn == 0
    assert decide("standard", state) == play("9C")


def test_a_wenz_declarer_without_the_top_unter_cashes_an_ace_rather_than_lead_a_low_unter():
    state = run(first_to_bid("JS JH AC TC KC AS 9S 7H"), "0:bid 1:pass 2:pass 3:pass 0:wenz")
    assert state.turn == 0
    assert decide("standard", state).card in ("AC", "AS")


def test_a_partner_short_of_trumps_runs_away_with_a_long_called_suit():
    state = run(deal(*RUN_DEAL), "0:pass 1:bid 2:pass 3:pass 1:ruf:AS")
    assert state.turn == 0 and state.partner == 0
    assert decide("standard", state) == play("8S")


def test_in_a_ramsch_a_void_seat_sheds_its_ace_under_another_seats_trick():
    hands = with_rest(
        "KC 9C 8C 7C QD 9D 8D 7D",
        "AS 7S QC QS JC JS KH 9H",  # no club: the ace of spades goes while seat 0 takes it
        "AC TC QH JH TS KS 9S 8S",
    )
    state = run(deal(*hands), "0:pass 1:pass 2:pass 3:pass 0:KC")
    assert state.contract.kind.game is Game.RAMSCH
    # Seat 1 must not trump in (it would take the trick): it sheds the ace of spades.
    assert decide("standard", state) == play("AS")


# -- what the players may know ------------------------------------------------------


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_player_decides_the_same_when_only_hidden_cards_differ(level):
    hands = list(deal(*KONTRA_DEAL).hands)
    swap = 1 << parse_card("QC") | 1 << parse_card("QH")  # seats 1 and 2 trade these
    other = [hands[0], hands[1] ^ swap, hands[2] ^ swap, hands[3]]
    first = SchafkopfHand.new([cards_of(h) for h in hands], 3)
    second = SchafkopfHand.new([cards_of(h) for h in other], 3)
    assert first.view(0) == second.view(0) and first.hands != second.hands
    player = player_for(level)
    assert player.decide(first.view(0), b"s") == player.decide(second.view(0), b"s")


@pytest.mark.parametrize("short", [False, True])
def test_every_level_plays_whole_hands_from_its_view_alone(short):
    for n, level in enumerate(LEVELS):
        state = SchafkopfHand.from_seed(
            bytes([n, short]), dealer=n % 4, options={"short_deck": short}
        )
        player = player_for(level)
        while not state.is_over:
            view = state.view(state.turn)
            action = player.decide(view, b"whole")
            assert action in view.legal
            state = state.apply(action)
        assert sum(state.result().scores) == 0


def test_sampled_deals_agree_with_everything_the_seat_has_seen():
    for n in range(3):
        state = SchafkopfHand.from_seed(b"sampling%d" % n, dealer=n)
        standard = player_for("standard")
        while not state.is_over:
            view = state.view(state.turn)
            sampler = SchafkopfSampler(schafkopf_knowledge(view))
            sample = sampler.sample(Rng(b"t", len(view.actions)))
            assert sample is not None
            assert sample.hand(state.turn) == state.hand(state.turn)
            assert sample.actions == state.actions
            assert sample.legal_actions() == state.legal_actions()
            state = state.apply(standard.decide(view, b"x"))


def test_a_solo_declarers_sampled_hand_holds_the_trumps_a_solo_needs():
    state = run(first_to_bid(SOLO_HAND), "0:bid 1:pass 2:pass 3:pass 0:solo:H")
    kind = state.contract.kind
    view = state.view(1)  # a defender: it can't see seat 0's cards
    sampler = SchafkopfSampler(schafkopf_knowledge(view))
    rng = Rng(b"solo")
    for _ in range(20):
        sample = sampler.sample(rng)
        dealt = sample.deal.hands[0]
        assert (dealt & kind.ranking.trump_mask).bit_count() >= FEWEST_TRUMPS[Game.SOLO]
        assert sample.deal.hands[1] == state.deal.hands[1]


def test_the_called_card_is_never_sampled_to_the_declarer():
    state = run(deal(*KONTRA_DEAL), "0:bid 1:pass 2:pass 3:pass 0:ruf:AS")
    sampler = SchafkopfSampler(schafkopf_knowledge(state.view(3)))
    rng = Rng(b"called")
    holders = set()
    for _ in range(30):
        sample = sampler.sample(rng)
        assert not sample.deal.hands[0] >> parse_card("AS") & 1
        holders.add(sample.partner)
    assert holders == {1, 2}  # seat 3 itself doesn't hold it, and may not know who does


def test_against_a_wenz_the_expert_doubles_only_as_the_standard_strategy_would():
    hands = with_rest("JC JS JH AC TC KC AS TS", "QC QS QH 7C 8C 9C 7S 8S")
    state = run(deal(*hands), "0:bid 1:pass 2:pass 3:pass 0:wenz 0:AC")
    assert state.phase_name == "kontra" and state.turn == 2
    assert candidates_of(state.view(2), schafkopf_knowledge(state.view(2))) == [PASS]


def test_cards_worth_the_same_are_searched_once():
    state = run(first_to_bid(SOLO_HAND), "0:bid 1:pass 2:pass 3:pass 0:solo:H")
    view = state.view(0)
    plays = [a for a in view.legal if a.play_bit]
    kept = distinct_plays(schafkopf_knowledge(view), plays)
    # QC and QS are next to each other; the Gras-Unter lies between JC and JH; AH, TH
    # and KH differ in points.
    assert {a.card for a in kept} == {"QC", "JC", "JH", "AH", "TH", "KH", "AC"}


# -- determinism --------------------------------------------------------------------

DECIDE_SCRIPT = """
import json
from rules_engine import SchafkopfHand
from rules_engine.players import player_for
out = []
for n in range(2):
    state = SchafkopfHand.from_seed(bytes([n, 9]), dealer=n, options={"short_deck": n == 1})
    while not state.is_over:
        seat = state.turn
        level = ("expert", "standard", "beginner", "random")[seat]
        action = player_for(level).decide(state.view(seat), b"same-seed")
        out.append(action.to_json(seat))
        state = state.apply(action)
print(json.dumps(out))
"""


def test_the_same_view_and_seed_give_the_same_action_in_two_processes():
    runs = json_from_new_processes(DECIDE_SCRIPT, (1, 2))
    assert runs[0] == runs[1]
    assert len(runs[0]) > 2 * 4 * 6


def test_a_seat_that_passed_is_rarely_sampled_a_hand_the_strategy_would_have_bid_with(
    monkeypatch,
):
    """The sampler reads a pass by the standard strategy's own bars: a passer's hand
    that clears one is mostly dropped (18 % of passers' hands against 33 % with the
    drop off, on these deals)."""
    kept = _passers_who_would_have_bid(schafkopf_sampling.DROP_PASSER, monkeypatch)
    unweighed = _passers_who_would_have_bid(0.0, monkeypatch)
    assert kept < 0.7 * unweighed


def _passers_who_would_have_bid(drop: float, monkeypatch) -> float:
    """The share of sampled hands of seats that passed which the standard strategy
    would have bid with: the last seat's samples after the others passed, a few deals."""
    monkeypatch.setattr(schafkopf_sampling, "DROP_PASSER", drop)
    seats = SCHAFKOPF_LONG.seats
    would = total = 0
    for n in range(6):
        state = SchafkopfHand.from_seed(b"passers%d" % n, dealer=n % seats)
        passers = []
        for _ in range(seats - 1):
            passers.append(state.turn)
            state = state.apply(PASS)
        view = state.view(state.turn)
        sampler = SchafkopfSampler(schafkopf_knowledge(view))
        rng = Rng(b"passers", n)
        for _ in range(40):
            dealt = sampler.sample(rng).deal
            for seat in passers:
                total += 1
                would += wants_to_bid(dealt.hands[seat], dealt.variant)
    return would / total


def test_a_seat_s_table_is_the_same_whether_the_taken_tricks_were_kept_or_not(monkeypatch):
    """The playout keeps the voids and tricks won after each set of taken tricks; a
    table built right after the store was emptied is the same as one built from it."""
    standard = player_for("standard")
    state = SchafkopfHand.from_seed(b"kept tricks", dealer=2)
    states = []
    while not state.is_over:
        if state.phase_name == "play" and state.contract is not None:
            states.append(state)
        state = state.apply(standard.decide(state.view(state.turn), b"s"))
    kept = [seat_table(s, seat) for s in states for seat in range(SCHAFKOPF_LONG.seats)]
    monkeypatch.setattr(voids, "AFTER_TRICKS_LIMIT", 0)  # emptied every time
    afresh = [seat_table(s, seat) for s in states for seat in range(SCHAFKOPF_LONG.seats)]
    assert afresh == kept and len(states) > 20
    assert any(t.my_tricks for t in kept)
    others = [{t.may_hold[s] for s in range(t.seats) if s != t.me} for t in kept]
    assert any(len(guesses) > 1 for guesses in others)  # a void shown narrows a guess
