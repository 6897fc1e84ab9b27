"""The expert at a Schafkopf table: Monte Carlo search, as in Sheepshead.

Deals of the unseen cards are sampled consistently with everything the seat
knows, bids and passes included (:mod:`.schafkopf_sampling`); every candidate
is played out on each with the standard strategy for all seats
(:mod:`.schafkopf_playout`), but for the expert's own last three cards in a
card decision, which are searched within the sampled deal (:mod:`.endgame`),
and the best total score in cents wins. The candidates are pruned first: a
hand far from any game only passes; a declaration is searched among the few
games the hand comes nearest to (a Tout only when sure); of cards that are
worth the same (the Ober or Unter next to each other, low cards of one suit
with nothing left between them) one is played out. A bid and a declaration
also count what the expert's own play is worth over the strategy's in the
role and game the hand ends in (:data:`ROLE_EDGE`), which the playouts leave out.
"""

from __future__ import annotations

from ..actions import PASS, Action
from ..cards import CARD_POINTS, cards_of
from ..contracts import Game
from ..schafkopf_actions import BID, CALL_ACTIONS, KONTRA, SOLO_DECLARATIONS
from ..schafkopf_phases import DECLARING, PLAY
from ..schafkopf_result import SchafkopfRole, base_tariff
from ..schafkopf_view import SchafkopfView
from .endgame import best_line
from .evaluation import Evaluation, search
from .montecarlo import Budget, best_of, sample_and_play
from .rng import Rng
from .schafkopf_knowledge import SchafkopfKnowledge, schafkopf_knowledge
from .schafkopf_playout import play_out_after, play_out_declaring, policy_action
from .schafkopf_sampling import SchafkopfSampler, best_margin
from .schafkopf_strategy import (
    RAMSCH,
    callable_cards,
    choose_declaration,
    declaration_margins,
    scale,
)

#: Deals sampled per decision in the play: 32, and up to 128 while the best two
#: candidates are within two standard errors of each other.
SAMPLES = Budget(first=32, most=128, step=16, z=2.0)
#: Deals sampled for bidding, declaring and Kontra: few decisions, much at stake.
BID_SAMPLES = 64
BID_PHASES = ("bidding", "declaring", "kontra")
#: Declarations searched: the games the hand comes nearest to.
DECLARATION_CANDIDATES = 4
#: A hand this far below every bar passes without a search (in the long deck's units).
OUT_OF_REACH = 4.0
#: Games against which the search's Kontra is not trusted: with four trumps only,
#: the sampled hands and the playouts misjudge them (in the arena the searched
#: Kontra lost against a Wenz or a Geier); the standard strategy's Kontra stands.
ONLY_STANDARD_KONTRA = (Game.WENZ, Game.GEIER)
#: Weight of the side's card points next to the score in cents, to break ties.
POINTS_WEIGHT = 0.04
#: The prior credited to the standard strategy's choice per sample, in units of the
#: Rufspiel's tariff (Sheepshead's expert credits 0.15 of a point).
STRATEGY_PRIOR = 0.15
#: What the expert's own card play is worth over the standard strategy's, by the role
#: a hand ends in and whether its game is a solo, in units of that game's tariff: the
#: playouts give every seat the standard strategy, so without it a game would be
#: judged as if the expert then played it no better than the rules of thumb, and a
#: solo, where its play gains most, would be declared too seldom. The figures are
#: those the arena measured (seed 1, deals 0-299: the full expert against one that
#: searches only bidding, declaring and Kontra, hand by hand in the same role and
#: game); counting them gained 2.6 cents a hand (1,000 deals, paired), counting half of
#: them gained less.
ROLE_EDGE = {
    (SchafkopfRole.DECLARER, False): 1.1,
    (SchafkopfRole.DECLARER, True): 2.0,
    (SchafkopfRole.PARTNER, False): 1.8,
    (SchafkopfRole.DEFENDER, False): 0.4,
    (SchafkopfRole.DEFENDER, True): 0.4,
    (SchafkopfRole.RAMSCH, False): 0.2,
}


def decide(view: SchafkopfView, rng: Rng, samples: Budget | int, preferred: Action) -> Action:
    """The expert's action; ``preferred`` is the standard strategy's."""
    return evaluate(view, rng, samples, preferred).choice


def evaluate(view: SchafkopfView, rng: Rng, samples: Budget | int, preferred: Action, also=()):
    """The search behind :func:`decide`, with ``also`` weighed beside its candidates;
    ``samples`` is the play's budget (:data:`BID_SAMPLES` serve the bidding)."""
    k = schafkopf_knowledge(view)
    if view.phase == "bidding":
        return _bid(view, k, rng, BID_SAMPLES, preferred, also)
    if view.phase in BID_PHASES:
        samples = BID_SAMPLES
    candidates = candidates_of(view, k)
    if preferred not in candidates:
        candidates.append(preferred)
    if len(candidates) == 1 and all(a in candidates for a in also):
        return Evaluation(candidates[0])
    finish = play_out_searching if view.phase == PLAY else play_out_after
    value = outcome_with_edge if view.phase == DECLARING else outcome
    found = search(
        SchafkopfSampler(k), candidates, also, rng, samples, finish, value,
        preferred, _prior(view, 1),
    )  # fmt: skip
    return found or Evaluation(preferred)


def play_out_searching(state, action):
    """The finished hand after ``action``: the strategy plays it out, but the acting
    seat searches its own last cards in the sampled deal (:mod:`.endgame`)."""
    return best_line(state.apply(action), state.turn, policy_action, outcome, PLAY)


def _prior(view: SchafkopfView, sampled: int) -> float:
    return STRATEGY_PRIOR * view.options["tariff_rufspiel"] * sampled


def _bid(view: SchafkopfView, k: SchafkopfKnowledge, rng: Rng, samples: int, preferred, also):
    """Bid if one of the games the hand comes nearest to, declared when its turn
    comes, does better than passing: a bid is searched with what it would declare.
    A bid's value is that of the best of those games."""
    out_of_reach = best_margin(k.hand, k.variant) < -OUT_OF_REACH * scale(k.variant)
    if out_of_reach and BID not in also:
        return Evaluation(PASS)
    calls = [CALL_ACTIONS[c] for c in callable_cards(k.hand, k.variant)]
    first_bidder = (*calls, *SOLO_DECLARATIONS)
    candidates: list = [PASS, *_nearest(view, k, first_bidder)]

    def finish(state, candidate):
        if candidate is PASS:
            return play_out_after(state, PASS)
        return play_out_declaring(state.apply(BID), view.seat, candidate)

    totals, sampled = sample_and_play(
        SchafkopfSampler(k), candidates, rng, samples, finish, outcome_with_edge
    )
    if not sampled:
        return Evaluation(preferred)
    leads = view.seat == (view.dealer + 1) % view.seats
    standard = (
        PASS if preferred is PASS else choose_declaration(k.hand, first_bidder, k.variant, leads)
    )
    means = [t / sampled for t in totals]
    best = PASS if out_of_reach else best_of(candidates, totals, standard, _prior(view, sampled))
    choice = PASS if best is PASS else BID
    values = (means[0], max(means[1:])) if len(means) > 1 else (means[0],)
    return Evaluation(choice, (PASS, BID)[: len(values)], values, sampled)


def candidates_of(view: SchafkopfView, k: SchafkopfKnowledge) -> list[Action]:
    """The actions worth a search (see the module docstring)."""
    phase = view.phase
    if phase == "declaring":
        return _declarations(view, k)
    searched_kontra = k.kind is None or k.kind.game not in ONLY_STANDARD_KONTRA
    if phase == "play":
        plays = distinct_plays(k, [a for a in view.legal if a.play_bit])
        return [KONTRA, *plays] if KONTRA in view.legal and searched_kontra else plays
    if phase == "kontra" and not searched_kontra:
        return [PASS]  # the standard strategy's own Kontra is added back by decide()
    return list(view.legal)


def _declarations(view: SchafkopfView, k: SchafkopfKnowledge) -> list[Action]:
    chosen = _nearest(view, k, view.legal)
    return [*chosen, PASS] if PASS in view.legal else chosen


def _nearest(view: SchafkopfView, k: SchafkopfKnowledge, declarations) -> list[Action]:
    """The declarations the hand comes nearest to clearing the bar of, a sure Tout first."""
    leads = view.seat == (view.dealer + 1) % view.seats
    rated = declaration_margins(k.hand, declarations, k.variant, leads)
    rated.sort(key=lambda pair: -pair[0])
    return [action for _margin, action in rated[:DECLARATION_CANDIDATES]]


def distinct_plays(k: SchafkopfKnowledge, plays: list[Action]) -> list[Action]:
    """One play of each set of equal cards: of one class, worth the same points,
    with no card between them that another seat may still hold."""
    tables = k.tables
    power = tables.power
    still_out = k.unseen
    kept = []
    by_class: dict[int, list[Action]] = {}
    for action in plays:
        c = action.index
        cls = 4 if tables.trump_mask >> c & 1 else c >> 3
        by_class.setdefault(cls, []).append(action)
    for cls, actions in by_class.items():
        actions.sort(key=lambda a: -power[a.index])
        outside = [c for c in cards_of(still_out & tables.class_masks[cls])]
        previous = None
        for action in actions:
            c = action.index
            if previous is not None and CARD_POINTS[previous] == CARD_POINTS[c]:
                between = [o for o in outside if power[c] < power[o] < power[previous]]
                if not between:
                    previous = c
                    continue  # the same as the card above it
            kept.append(action)
            previous = c
    kept.sort(key=lambda a: a.index)
    return kept


def outcome(final, seat: int) -> float:
    """What a finished hand is worth to ``seat``: its score in cents, then its side's points."""
    return _worth(final, final.result(), seat)


def outcome_with_edge(final, seat: int) -> float:
    """:func:`outcome` and the expert's edge in the role and game the hand gave it:
    bidding and declaring are the decisions whose candidates end in different ones."""
    result = final.result()  # scored once for both figures: this runs in every playout
    kind = final.contract.kind
    solo = result.declarer is not None and kind.is_solo
    edge = ROLE_EDGE.get((result.role(seat), solo), 0.0) * base_tariff(kind, final.deal.options)
    return _worth(final, result, seat) + edge


def _worth(final, result, seat: int) -> float:
    points = result.points
    if result.contract == RAMSCH:
        mine = -points[seat]
    else:
        contract = final.contract
        side = {contract.declarer, contract.partner} - {-1}
        mine = sum(points[s] for s in range(len(points)) if (s in side) == (seat in side))
    return result.scores[seat] + POINTS_WEIGHT * mine
