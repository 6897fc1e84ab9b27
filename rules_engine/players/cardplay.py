"""The card-play rules of thumb every trick-taking game here shares.

Sheepshead and Schafkopf differ in who plays with whom and in what is trump,
not in how a good player follows: win a trick cheaply when it can't be taken
back, schmier points onto a trick the own side surely wins, throw the least
useful card otherwise but keep the guard of a ten, keep count of who may
still hold a trump. These functions read a :class:`Table`, which carries the
hand's ranking as lookup tables (:class:`PlayTables`), so they never ask
which game is played. Each game's strategy adds only its leads and its
special contracts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, CARD_POINTS, DECK_SIZE, FULL_DECK, TEN, cards_of
from ..ranking import TRUMP, Ranking


@dataclass(frozen=True, slots=True)
class PlayTables:
    """A ranking's tables as the strategies read them, made once per ranking."""

    strength: tuple[tuple[int, ...], ...]  # strength[led class][card], 0 if it can't win
    class_masks: tuple[int, ...]  # the cards that follow each class
    trump_mask: int
    #: Power of a card as trump or within its suit (a lead's point of view).
    power: tuple[int, ...]
    #: ``kept[voids]``: the cards a seat may hold whose voids (bit k: no card of class
    #: k) are ``voids``, as a mask to ``&`` with the unseen cards.
    kept: tuple[int, ...]


_TABLES: dict[str, PlayTables] = {}


def tables_of(ranking: Ranking) -> PlayTables:
    """The :class:`PlayTables` of a ranking (rankings are few: made once each)."""
    tables = _TABLES.get(ranking.name)
    if tables is None:
        strength = ranking.strength
        power = tuple(strength[TRUMP][c] or strength[c >> 3][c] for c in range(DECK_SIZE))
        classes = ranking.class_masks
        kept = tuple(without_voids(FULL_DECK, voids, classes) for voids in range(1 << len(classes)))
        tables = PlayTables(strength, classes, ranking.trump_mask, power, kept)
        _TABLES[ranking.name] = tables
    return tables


def without_voids(cards: int, voids: int, class_masks: tuple[int, ...]) -> int:
    """``cards`` less every class a seat has shown a void in (bit k of ``voids``)."""
    for cls in range(len(class_masks)):
        if voids >> cls & 1:
            cards &= ~class_masks[cls]
    return cards


def may_hold_from(k, class_masks: tuple[int, ...]) -> list[int]:
    """Per seat, the cards it may hold as far as ``k`` (a seat's knowledge) can tell."""
    return [
        k.hand if seat == k.me else without_voids(k.unseen, k.voids[seat], class_masks)
        for seat in range(k.seats)
    ]


@dataclass(slots=True)
class Table:
    """What a player uses to choose a card; built from a view or a sampled deal."""

    me: int
    seats: int
    hand: int
    legal: int
    trick_seats: list[int]
    trick_cards: list[int]  # -1 for the face-down unknown
    led: int  # class of the current trick, -1 when leading
    contract: str
    picker: int  # the declarer in Schafkopf
    called: int
    called_led: bool
    teammate: list  # per seat: True, False, or None when not known
    may_hold: list[int]  # per seat: cards it may still hold
    my_tricks: int
    tables: PlayTables
    exact: bool = False  # may_hold is each seat's real hand (a sampled deal)


def table_from(k, legal: int, contract: str, picker: int, tables: PlayTables) -> Table:
    """The card-choice inputs from a seat's knowledge (either game's): what it may
    guess each seat holds, not the real hands."""
    return Table(
        me=k.me,
        seats=k.seats,
        hand=k.hand,
        legal=legal,
        trick_seats=k.trick_seats,
        trick_cards=k.trick_cards,
        led=k.led_class,
        contract=contract,
        picker=picker,
        called=k.called,
        called_led=k.called_led,
        teammate=[k.on_my_side(s) for s in range(k.seats)],
        may_hold=may_hold_from(k, tables.class_masks),
        my_tricks=k.view.tricks_won[k.me],
        tables=tables,
        exact=False,
    )


def winning(table: Table) -> tuple[int, int]:
    """The position and strength of the card now winning the trick."""
    row = table.tables.strength[table.led]
    best, best_at = -1, 0
    for at, c in enumerate(table.trick_cards):
        if c >= 0 and row[c] > best:
            best, best_at = row[c], at
    return best_at, best


def still_to_play(table: Table) -> list[int]:
    """The seats that play to this trick after me."""
    played = len(table.trick_cards) + 1  # me included
    first = table.trick_seats[0]
    return [(first + k) % table.seats for k in range(played, table.seats)]


def can_be_beaten(table: Table, strength: int, after: list[int]) -> bool:
    """Could an opponent (or a seat not known to be with me) still to play beat it?"""
    row = table.tables.strength[table.led]
    follow = table.tables.class_masks[table.led]
    for seat in after:
        if table.teammate[seat] is True:
            continue
        cards = table.may_hold[seat]
        if table.exact and cards & follow:
            cards &= follow  # it must follow suit
        for c in cards_of(cards):
            if row[c] > strength:
                return True
    return False


def follow(table: Table, legal: list[int]) -> int:
    """A card for a trick already led: win it safely, schmier, or throw low."""
    row = table.tables.strength[table.led]
    at, best = winning(table)
    winner = table.trick_seats[at]
    after = still_to_play(table)
    points = sum(CARD_POINTS[c] for c in table.trick_cards if c >= 0)
    winners = [c for c in legal if row[c] > best]
    safe = [c for c in winners if not can_be_beaten(table, row[c], after)]
    if table.teammate[winner] is True:
        if not can_be_beaten(table, best, after):
            return schmier(table, legal)
        if safe and points >= 10:
            return min(safe, key=lambda c: row[c] - 3 * CARD_POINTS[c])
        return dump(table, legal)
    if safe:
        # Win for sure as cheaply as possible, taking points with it when free.
        return min(safe, key=lambda c: row[c] - 3 * CARD_POINTS[c])
    if winners and (points >= 10 or table.led == TRUMP):
        return max(winners, key=lambda c: row[c])
    return dump(table, legal)


def schmier(table: Table, legal: list[int]) -> int:
    """The most points onto a trick my side wins; a low trump rather than a high one."""
    power = table.tables.power
    return max(legal, key=lambda c: (CARD_POINTS[c], -power[c]))


def dump(table: Table, legal: list[int]) -> int:
    """The fewest points, keeping a ten's guard, and the least useful card."""
    power = table.tables.power
    return min(legal, key=lambda c: (CARD_POINTS[c], guards_a_ten(table, c), power[c]))


def guards_a_ten(table: Table, c: int) -> bool:
    """Whether ``c`` is the one card beside a ten of its plain suit whose ace is still
    out: thrown, it would leave the ten bare for the ace to catch."""
    tables = table.tables
    suit = c >> 3
    ten, ace = suit * 8 + TEN, suit * 8 + ACE
    held = table.hand & tables.class_masks[suit]
    if c == ten or held.bit_count() != 2 or not held >> ten & 1 or held >> ace & 1:
        return False
    if tables.trump_mask >> c & 1 or tables.trump_mask >> ten & 1:
        return False
    return any(table.may_hold[s] >> ace & 1 for s in range(table.seats) if s != table.me)


def opponents_may_trump(table: Table) -> bool:
    """Counting trumps: may a seat not known to be with me still hold one?"""
    trumps = table.tables.trump_mask
    for seat in range(table.seats):
        if table.teammate[seat] is not True and table.may_hold[seat] & trumps:
            return True
    return False


def suit_fresh(table: Table, suit: int) -> bool:
    """Nobody is known to be out of this suit's cards yet (the ace likely stands)."""
    outstanding = 0
    suit_cards = table.tables.class_masks[suit]
    for seat in range(table.seats):
        if seat != table.me:
            outstanding |= table.may_hold[seat] & suit_cards
    return outstanding.bit_count() >= 3


def defender_lead(table: Table, trumps: list[int], plain: list[int]) -> int:
    """A defender's lead: the called suit first (its ace must come out), then a
    fresh ace, then the shortest suit's lowest card (a void comes sooner);
    trump last."""
    power = table.tables.power
    if table.called >= 0 and not table.called_led:
        called_suit = [c for c in plain if c >> 3 == table.called >> 3]
        if called_suit:
            return min(called_suit, key=lambda c: (power[c], c))
    if plain:
        aces = [c for c in plain if c & 7 == ACE and suit_fresh(table, c >> 3)]
        if aces:
            return aces[0]
        masks = table.tables.class_masks

        def shortness(c: int) -> tuple:
            return ((table.hand & masks[c >> 3]).bit_count(), CARD_POINTS[c], power[c])

        return min(plain, key=shortness)
    return min(trumps, key=lambda c: (CARD_POINTS[c], power[c]))
