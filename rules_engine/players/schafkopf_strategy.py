"""Schafkopf strategy as plain functions of card masks.

Like :mod:`.strategy` for Sheepshead, one strategy with two callers: the
``standard`` player feeds it what its view lets it know, the ``expert``'s
playouts a sampled full deal. The rules of thumb are the well-known ones:

- A hand is weighed for each game under that game's own trumps: the Ober and
  Unter, the trump suit's ace and ten, free aces and voids; a game is
  declared when the weight clears the game's bar, a solo before a Rufspiel,
  and a Tout only with a hand that takes every trick whatever the others do.
- The Rufspiel calls the ace of the suit the declarer holds fewest cards of.
- Kontra from a hand that would have played a game itself; Re from a
  declarer well above its bar.
- The declaring side leads trump, from the top when the top stands (in a
  Wenz or Geier it cashes a card that tops its suit rather than give a low
  trump away); a partner short of trumps with a long called suit runs
  away; the defenders look for the called ace, then cash fresh aces, then
  lead short.
- A Ramsch is played to take as few points as possible.

The card play both games share (follow, schmier, keep count of trumps) is
in :mod:`.cardplay`.
"""

from __future__ import annotations

from ..actions import PASS, Action
from ..cards import ACE, CARD_POINTS, JACK, QUEEN, RANK_MASKS, TEN, cards_of
from ..contracts import GAMES_BY_KEY, Game, GameKind
from ..ranking import TRUMP
from ..schafkopf_actions import CALL_ACTIONS, KIND_OF
from ..variant import SCHAFKOPF_LONG, Variant
from .cardplay import (
    Table,
    can_be_beaten,
    defender_lead,
    follow,
    opponents_may_trump,
    still_to_play,
    winning,
)

OBER = RANK_MASKS[QUEEN]
UNTER = RANK_MASKS[JACK]
RUFSPIEL = GAMES_BY_KEY[Game.RUFSPIEL, -1, False]
#: The Eichel-Ober and Eichel-Unter: the top of their ranks, worth a little more.
EICHEL_OBER = OBER & 0xFF
EICHEL_UNTER = UNTER & 0xFF

#: The bar a hand's weight must clear for each game, with the long deck, and the
#: fewest trumps it needs. A short-deck hand has six cards of eight: three quarters.
BID_BAR = {Game.RUFSPIEL: 8.5, Game.SOLO: 14.0, Game.WENZ: 12.5, Game.GEIER: 12.5}
FEWEST_TRUMPS = {Game.RUFSPIEL: 4, Game.SOLO: 6, Game.WENZ: 2, Game.GEIER: 2}
#: A defender's weight under the declared game that says Kontra; Re above the bar.
KONTRA_BAR = 10.0
RE_MARGIN = 3.0
PARTNER_RE_BAR = 10.5
#: The partner runs away with a long called suit when it holds this many trumps or fewer.
RUN_AWAY_TRUMPS = 2

#: The solos with only four trumps, whose declarer keeps them rather than lead a low one.
FOUR_TRUMP_GAMES = (Game.WENZ.value, Game.GEIER.value)
#: A Ramsch as a table names its contract.
RAMSCH = Game.RAMSCH.value
#: The games a hand is weighed for: the Rufspiel, Wenz, Geier and each Farbsolo.
PLAIN_GAMES = tuple(kind for kind in GAMES_BY_KEY.values() if kind.rank and not kind.tout)


def scale(variant: Variant) -> float:
    """How a bar shrinks with the hand: 1 for eight cards, 0.75 for six."""
    return variant.hand_size / SCHAFKOPF_LONG.hand_size


# -- weighing a hand -------------------------------------------------------------


def hand_weight(hand: int, kind: GameKind) -> float:
    """How good ``hand`` is for playing ``kind``: its trumps by height, then each
    plain suit's run from the ace, and voids that let it trump in."""
    ranking = kind.ranking
    weight = 0.0
    only_one_rank = kind.game in (Game.WENZ, Game.GEIER)
    for c in cards_of(hand & ranking.trump_mask):
        if OBER >> c & 1:
            weight += 3.5 if EICHEL_OBER >> c & 1 else 3.0
        elif UNTER >> c & 1:
            if only_one_rank:
                weight += 3.5 if EICHEL_UNTER >> c & 1 else 3.0
            else:
                weight += 2.5 if EICHEL_UNTER >> c & 1 else 2.0
        else:
            weight += 1.5 if c & 7 in (ACE, TEN) else 1.0
    trumps = (hand & ranking.trump_mask).bit_count()
    run_weights = (2.0, 1.5, 1.0) if only_one_rank else (1.5, 1.0, 0.5)
    for suit in range(4):
        suit_cards = ranking.class_masks[suit]
        held = hand & suit_cards
        if not held:
            if suit_cards and trumps >= 3:
                weight += 0.5
            continue
        # The unbroken run from the top of the suit: each takes a trick.
        for at, rank in enumerate(ranking.plain_order[:3]):
            c = suit * 8 + rank
            if not (suit_cards >> c & 1 and held >> c & 1):
                break
            weight += run_weights[at]
        if only_one_rank and held >> (suit * 8 + ACE) & 1:
            weight += 0.5 * max(0, held.bit_count() - 3)  # a long suit runs once trumps are out
    return weight


def clears_bar(hand: int, kind: GameKind, variant: Variant) -> float | None:
    """How far above its bar ``hand`` is for ``kind``; None below it."""
    trumps = (hand & kind.ranking.trump_mask).bit_count()
    factor = scale(variant)
    if trumps < round(FEWEST_TRUMPS[kind.game] * factor):
        return None
    margin = hand_weight(hand, kind) - BID_BAR[kind.game] * factor
    return margin if margin >= 0 else None


def callable_cards(hand: int, variant: Variant) -> list[int]:
    """The cards a Rufspiel from ``hand`` may call (docs/rules.md §3.4)."""
    table = variant.call_table
    if all(hand >> ace & 1 for _suit, ace, _ten in table):
        return [ten for _suit, _ace, ten in table if not hand >> ten & 1]
    return [ace for suit, ace, _ten in table if hand & suit and not hand >> ace & 1]


def choose_call(hand: int, calls: list[int]) -> int:
    """The card to call: of the suit the declarer holds fewest cards of, an ace
    before a ten (the partner's ace then takes the suit's first trick)."""
    masks = RUFSPIEL.ranking.class_masks

    def key(called: int) -> tuple:
        return ((hand & masks[called >> 3]).bit_count(), called & 7 != ACE, called)

    return min(calls, key=key)


def is_sure_tout(hand: int, kind: GameKind, variant: Variant, leads_first: bool) -> bool:
    """Whether ``hand`` takes every trick of ``kind`` whatever the others hold.

    It holds the top trumps, enough to draw every other trump even after
    trumping in once on a first trick it doesn't lead, and in each plain suit
    only the top cards of the suit.
    """
    ranking = kind.ranking
    trumps_in_deck = [t for t in ranking.trumps if variant.deck >> t & 1]
    mine = hand & ranking.trump_mask
    held = mine.bit_count()
    if any(not mine >> t & 1 for t in trumps_in_deck[:held]):
        return False
    spare = 0 if leads_first else 1
    if held - spare < len(trumps_in_deck) - held:
        return False
    for suit in range(4):
        suit_cards = ranking.class_masks[suit] & variant.deck
        in_hand = hand & suit_cards
        if not in_hand:
            continue
        order = [suit * 8 + r for r in ranking.plain_order if suit_cards >> (suit * 8 + r) & 1]
        if any(not in_hand >> c & 1 for c in order[: in_hand.bit_count()]):
            return False
    return True


def tout_of(kind: GameKind) -> GameKind:
    return GAMES_BY_KEY[kind.game, kind.trump, True]


#: The margin of a sure Tout: above any other declaration's.
SURE_TOUT = 1e9


def declaration_margins(
    hand: int, declarations, variant: Variant, leads_first: bool
) -> list[tuple[float, Action]]:
    """Each declaration with how far ``hand`` is above its bar (below: negative),
    in the order given; a Tout only when sure, with :data:`SURE_TOUT`."""
    factor = scale(variant)
    margins = []
    for action in declarations:
        if action is PASS:
            continue
        kind = KIND_OF[action]
        if kind.tout:
            if is_sure_tout(hand, kind, variant, leads_first):
                margins.append((SURE_TOUT, action))
            continue
        margins.append((hand_weight(hand, kind) - BID_BAR[kind.game] * factor, action))
    return margins


def rated_declarations(
    hand: int, legal: tuple[Action, ...], variant: Variant, leads_first: bool
) -> list[tuple[float, Action]]:
    """The legal declarations ``hand`` is strong enough for, best first.

    A sure Tout comes first, then solos by their margin, then the Rufspiel."""
    rated = []
    for margin, action in declaration_margins(hand, legal, variant, leads_first):
        kind = KIND_OF[action]
        if kind.tout:
            rated.append((100.0 + kind.rank, action))
        elif clears_bar(hand, kind, variant) is not None:
            rated.append(((10.0 if kind.is_solo else 0.0) + margin, action))
    rated.sort(key=lambda pair: -pair[0])
    return rated


def wants_to_bid(hand: int, variant: Variant) -> bool:
    """Whether some game clears its bar (a Rufspiel only with a card to call)."""
    for kind in PLAIN_GAMES:
        if kind.game is Game.RUFSPIEL and not callable_cards(hand, variant):
            continue
        if clears_bar(hand, kind, variant) is not None:
            return True
    return False


def choose_declaration(
    hand: int, legal: tuple[Action, ...], variant: Variant, leads_first: bool
) -> Action:
    """The game to declare among ``legal``, or PASS where a pass is allowed and
    nothing clears its bar. The first bidder, who must declare, takes the
    game its hand comes nearest to."""
    rated = rated_declarations(hand, legal, variant, leads_first)
    if rated:
        calls = [a for _m, a in rated if KIND_OF[a] is RUFSPIEL]
        best = rated[0][1]
        if KIND_OF[best] is RUFSPIEL:
            by_card = {a.index: a for a in calls}
            return by_card[choose_call(hand, list(by_card))]
        return best
    if PASS in legal:
        return PASS
    return _nearest_game(hand, legal, variant)


def _nearest_game(hand: int, legal: tuple[Action, ...], variant: Variant) -> Action:
    calls = [a.index for a in legal if a.contract == Game.RUFSPIEL.value]
    if calls:
        return CALL_ACTIONS[choose_call(hand, calls)]
    factor = scale(variant)

    def shortfall(action: Action) -> float:
        kind = KIND_OF[action]
        if kind.tout:
            return 1e9
        return BID_BAR[kind.game] * factor - hand_weight(hand, kind)

    return min(legal, key=shortfall)


def wants_kontra(hand: int, kind: GameKind, variant: Variant) -> bool:
    """A defender whose hand would have played a game of its own doubles."""
    if kind.tout:
        return False
    factor = scale(variant)
    trumps = (hand & kind.ranking.trump_mask).bit_count()
    fewest = 2 if kind.game in (Game.WENZ, Game.GEIER) else 4
    return trumps >= round(fewest * factor) and hand_weight(hand, kind) >= KONTRA_BAR * factor


def wants_re(hand: int, kind: GameKind, variant: Variant, declarer: bool) -> bool:
    """Re from the declarer well above its bar, or from a strong partner."""
    factor = scale(variant)
    if declarer:
        if kind.tout:
            return True  # a Tout is declared only when sure
        margin = clears_bar(hand, kind, variant)
        return margin is not None and margin >= RE_MARGIN * factor
    return hand_weight(hand, kind) >= PARTNER_RE_BAR * factor


# -- playing cards ---------------------------------------------------------------


def choose_play(table: Table) -> int:
    """The card to play (an index) among ``table.legal``."""
    legal = cards_of(table.legal)
    if len(legal) == 1:
        return legal[0]
    if table.contract == RAMSCH:
        return _ramsch_play(table, legal)
    if not table.trick_cards:
        return _lead(table, legal)
    return follow(table, legal)


def _top_trump_stands(table: Table, card: int) -> bool:
    """No seat outside my side may still hold a higher trump."""
    row = table.tables.strength[TRUMP]
    for seat in range(table.seats):
        if seat == table.me or table.teammate[seat] is True:
            continue
        for c in cards_of(table.may_hold[seat] & table.tables.trump_mask):
            if row[c] > row[card]:
                return False
    return True


def _run_away_cards(table: Table, plain: list[int]) -> list[int]:
    """The partner's cards of the called suit other than the called one, which the
    rules let it lead only with a long suit (running away)."""
    if table.called < 0 or table.called_led or not table.hand >> table.called & 1:
        return []
    return [c for c in plain if c >> 3 == table.called >> 3 and c != table.called]


def _tops_its_suit(table: Table, card: int) -> bool:
    """No other seat may hold a higher card of ``card``'s plain suit."""
    row = table.tables.strength[card >> 3]
    suit = table.tables.class_masks[card >> 3]
    for seat in range(table.seats):
        if seat != table.me:
            for c in cards_of(table.may_hold[seat] & suit):
                if row[c] > row[card]:
                    return False
    return True


def _lead(table: Table, legal: list[int]) -> int:
    trump_mask = table.tables.trump_mask
    power = table.tables.power
    trumps = [c for c in legal if trump_mask >> c & 1]
    plain = [c for c in legal if not trump_mask >> c & 1]
    declaring_side = table.me == table.picker or table.teammate[table.picker] is True
    if declaring_side:
        run_away = _run_away_cards(table, plain)
        if run_away and len(trumps) <= RUN_AWAY_TRUMPS:
            # Davonlaufen: a low card of the long called suit frees the ace for later.
            return min(run_away, key=lambda c: (power[c], c))
        if trumps and (opponents_may_trump(table) or not plain):
            top = max(trumps, key=lambda c: power[c])
            if _top_trump_stands(table, top) or table.me != table.picker:
                return top  # draw trumps; the partner leads its best to help
            if table.contract in FOUR_TRUMP_GAMES:
                standing = [c for c in plain if _tops_its_suit(table, c)]
                if standing:  # four trumps are too few to give one away: cash a sure card
                    return max(standing, key=lambda c: (CARD_POINTS[c], power[c]))
            return min(trumps, key=lambda c: (CARD_POINTS[c], power[c]))
        # Counting trumps: once the other side has none, cash the aces first.
        return max(plain, key=lambda c: (power[c], -CARD_POINTS[c]))
    return defender_lead(table, trumps, plain)


def _ramsch_play(table: Table, legal: list[int]) -> int:
    """Take as few points as possible: lead low, stay under the trick, and shed
    the high cards that would take a trick later while someone else takes this one."""
    power = table.tables.power
    if not table.trick_cards:
        blank = [c for c in legal if not CARD_POINTS[c]]
        return min(blank or legal, key=lambda c: (power[c], CARD_POINTS[c]))
    row = table.tables.strength[table.led]
    _, best = winning(table)
    losers = [c for c in legal if row[c] <= best]
    if losers:
        return max(losers, key=lambda c: (CARD_POINTS[c], row[c]))
    after = still_to_play(table)
    if after and any(can_be_beaten(table, row[c], after) for c in legal):
        return min(legal, key=lambda c: (row[c], CARD_POINTS[c]))  # someone may overtake
    return min(legal, key=lambda c: (CARD_POINTS[c], -power[c]))  # mine anyway: shed the strongest
