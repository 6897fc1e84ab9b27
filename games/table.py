"""What the table page shows: the human's view of a hand at one display step.

Everything here is built from ``state.view(seat)`` (docs/rules.md §4), never from
the full engine state, so a page can't show more than the seat may see. The
one exception is ``explain``, asked about the human's own cards only, to say
why a dimmed card can't be played now.

A *display step* is the number of actions shown. The computer players' moves
are stored at once; the page shows them one step at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine.actions import play as play_action
from rules_engine.result import DEFENDERS_SCHNEIDER, PICKER_SCHNEIDER, WINNING_POINTS
from rules_engine.settled import may_finish
from rules_engine.variant import SHEEPSHEAD_FIVE

from .cards import RANK_LABELS, SUIT_NAMES, card_name, card_points, hand_order, is_trump
from .charts import line_chart
from .game_kinds import seats_of
from .german_cards import GERMAN_RANK_LABELS, german_card_name
from .models import SCHAFKOPF
from .rule_text import rule_text
from .score_text import signed
from .sentences import (
    DECIDING,
    Who,
    contract_sentence,
    deciding_status,
    defender_points_sentence,
    event_sentence,
    hand_label,
    leaster_tie,
    leaster_winner,
    side_loses,
    side_points_sentence,
    side_wins,
    to_play_status,
    your_payment,
)

#: Seats at a Sheepshead table (older callers ask for it).
SEATS = SHEEPSHEAD_FIVE.seats

#: Names of the computer players, by seat offset from the human (1 = the human's left).
COMPUTER_NAMES = ("", "Anna", "Ben", "Clara", "Dale")
#: Where each seat sits, by offset from the human: play goes clockwise, to the left.
POSITIONS = {
    5: ("bottom", "left", "top-left", "top-right", "right"),
    4: ("bottom", "left", "top", "right"),
}

#: Milliseconds between two revealed moves, by the player's speed.
STEP_DELAYS_MS = {"slow": 1200, "normal": 700, "fast": 250}
#: A completed trick stays this many times longer, so you see who took it.
TRICK_PAUSE = 2.5

#: Text glyphs (with the text-style selector, so no emoji) for short labels.
SUIT_GLYPHS = {"C": "\u2663\ufe0e", "S": "\u2660\ufe0e", "H": "\u2665\ufe0e", "D": "\u2666\ufe0e"}
LEVEL_NAMES = {
    "beginner": gettext_lazy("beginner"),
    "standard": gettext_lazy("standard"),
    "expert": gettext_lazy("expert"),
}


def card_class(code: str) -> str:
    """'trump', or the fail suit's letter: what following suit means for this card."""
    return "trump" if is_trump(code) else code[1]


def sort_key(code: str) -> tuple[int, int]:
    """Trump high to low, then clubs, spades, hearts, each ace to seven."""
    return hand_order(code)


def class_name(card_class_: str) -> str:
    return _("trump") if card_class_ == "trump" else str(SUIT_NAMES[card_class_])


@dataclass(frozen=True)
class Face:
    """A card as drawn: face up (``code``) or face down (``code`` None).

    ``is_trump`` says what is trump where the game fixes it (a Schafkopf
    contract); None means Sheepshead's trumps. ``german`` draws and names it
    with the German suits (Eichel, Gras, Herz, Schellen)."""

    code: str | None
    is_trump: bool | None = None
    german: bool = False

    @property
    def up(self) -> bool:
        return self.code is not None

    @property
    def name(self) -> str:
        if not self.code:
            return _("a face-down card")
        return german_card_name(self.code) if self.german else card_name(self.code)

    @property
    def rank(self) -> str:
        if not self.code:
            return ""
        return str(GERMAN_RANK_LABELS[self.code[0]]) if self.german else RANK_LABELS[self.code[0]]

    @property
    def suit(self) -> str:
        return self.code[1] if self.code else ""

    @property
    def short(self) -> str:
        """'Q♣' (or 'Gras-Sau' with German suits, which have no glyphs): for compact
        labels (the accessible name is ``name``)."""
        if not self.code:
            return "?"
        return self.name if self.german else self.rank + SUIT_GLYPHS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in ("H", "D")

    @property
    def trump(self) -> bool:
        if not self.code:
            return False
        return is_trump(self.code) if self.is_trump is None else self.is_trump


# -- the parts of the table ---------------------------------------------------------


@dataclass
class Seat:
    seat: int
    offset: int  # 0 = the human, 1 = the human's left, ...
    name: str
    label: str  # "Anna (standard)"
    level: str
    position: str
    cards_left: int
    score: int
    is_human: bool = False
    score_text: str = ""
    is_dealer: bool = False
    is_picker: bool = False
    is_partner: bool = False
    is_turn: bool = False
    alone: bool = False
    called: Face | None = None
    decision: str = ""  # "passed" during picking; "bid" or "passed" in Schafkopf's bidding
    tricks: int = 0
    kontra: bool = False  # Schafkopf: this seat said Kontra, or Re
    re: bool = False


@dataclass
class TrickCard:
    seat: Seat
    face: Face
    is_new: bool = False
    is_winner: bool = False


@dataclass
class ShownTrick:
    cards: list[TrickCard]
    winner: Seat | None
    points: int | None  # None when a face-down card hides some


@dataclass
class HandCard:
    face: Face
    #: 'play' (a legal card: a submit button), 'dimmed' (illegal now, with a reason),
    #: 'choose' (bury / unknown selection), 'idle' (nothing to do with it now).
    mode: str
    reason: str = ""
    chosen: bool = False
    from_blind: bool = False
    set_aside: bool = False  # the picker's unknown, out of the hand


@dataclass
class Button:
    action: str
    label: str
    card: str = ""
    accessible: str = ""
    primary: bool = False
    #: More form fields the move needs (a Schafkopf declaration's contract, trump, tout).
    fields: dict = field(default_factory=dict)


@dataclass
class SheetRow:
    number: int
    scores: list[int]
    summary: str
    url: str


@dataclass
class Board:
    """Everything the table template needs, nothing it may not show."""

    game: str
    phase: str
    step: int
    steps: int
    seats: list[Seat]  # by seat number
    others: list[Seat]  # the four computer seats, left to right
    me: Seat
    trick: ShownTrick | None
    last_trick: ShownTrick | None
    status: str
    event: str
    contract_line: str
    hand: list[HandCard]
    hand_mode: str  # 'play', 'bury', 'unknown' or ''
    buttons: list[Button]
    chosen: list[str]
    chosen_points: int
    buried: list[Face]
    can_finish: bool
    my_turn: bool
    live: bool  # the newest step: the human may act now
    poll_url: str = ""
    poll_delay: int = 0
    skip_url: str = ""
    result: dict | None = None
    sheet: list[SheetRow] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    chart: object = None
    standings: list[dict] = field(default_factory=list)
    match_over: bool = False
    #: What gets keyboard focus after a swap: "action" (the first button) or a card code.
    focus: str = ""
    hand_number: int = 0
    hand_count: int = 10
    house_rules: str = ""


# -- building the board ---------------------------------------------------------------


def seat_names(match) -> list[str]:
    human = match.human_seat
    seats = seats_of(match.game, match.rules)
    return [_("You") if s == human else COMPUTER_NAMES[(s - human) % seats] for s in range(seats)]


def step_delay(speed: str) -> int:
    delays = getattr(settings, "GAME_STEP_DELAYS_MS", STEP_DELAYS_MS)
    return int(delays.get(speed, delays["normal"]))


def seat_badges(match, view, names: list[str], totals: list[int], write=signed) -> list[Seat]:
    """Every seat's badge, placed around ``view.seat`` (the human's, or a replay's
    seat), with what both games show: the name and level, the cards and tricks, the
    match score (``write`` writes it), the dealer and whose turn it is."""
    human = match.human_seat
    level = LEVEL_NAMES.get(match.level, match.level)
    seats = []
    for s in range(view.seats):
        offset = (s - view.seat) % view.seats
        named = {"name": names[s], "level": level}
        seats.append(
            Seat(
                seat=s,
                offset=offset,
                name=names[s],
                label=names[s] if s == human else _("%(name)s (%(level)s)") % named,
                level="" if s == human else str(level),
                position=POSITIONS[view.seats][offset],
                cards_left=view.cards_left[s],
                score=totals[s] if totals else 0,
                is_human=s == human,
                score_text=write(totals[s]) if totals else "0",
                is_dealer=s == view.dealer,
                is_turn=view.turn == s,
                tricks=view.tricks_won[s],
            )
        )
    return seats


def _seats(match, view, names: list[str], totals: list[int]) -> list[Seat]:
    """The badges with Sheepshead's roles: the picker, alone or with the called card,
    the partner once known, and who passed while picking."""
    seats = seat_badges(match, view, names, totals)
    for seat in seats:
        s = seat.seat
        seat.is_picker = s == view.picker
        seat.is_partner = view.partner is not None and s == view.partner and s != view.picker
        seat.alone = view.contract == "alone" and s == view.picker
        seat.called = Face(view.called) if view.called and s == view.picker else None
    for actor, action in view.actions:
        if action.kind == "pass" and view.phase == "picking":
            seats[actor].decision = "passed"
    return seats


def _shown_trick(trick, seats: list[Seat], newest: bool = False, face=Face) -> ShownTrick:
    """A trick as drawn; ``face`` makes each card's Face (the game's trumps and deck)."""
    cards = []
    hidden = False
    points = 0
    for position, code in enumerate(trick.cards):
        seat = seats[trick.seat_of(position, len(seats))]
        hidden = hidden or code is None
        points += card_points(code) if code else 0
        cards.append(
            TrickCard(
                seat=seat,
                face=face(code),
                is_new=newest and position == len(trick.cards) - 1,
                is_winner=trick.winner is not None and seat.seat == trick.winner,
            )
        )
    winner = seats[trick.winner] if trick.winner is not None else None
    return ShownTrick(cards, winner, None if hidden else points)


def _led_class(view) -> str | None:
    """The class led in the current trick ('trump' or a suit letter), if any."""
    if view.trick is None or not view.trick.cards:
        return None
    first = view.trick.cards[0]
    if first is None:  # the unknown, led face down: the called suit counts as led
        return view.called[1] if view.called else None
    return card_class(first)


def _who(seat: Seat) -> Who:
    return Who(seat.name, seat.is_human)


def play_event(view, seats: list[Seat], who: Who, card: str | None, name) -> str:
    """A card played, or the trick it completed taken, in a sentence (both games);
    ``name`` names a card as the table draws it."""
    if view.phase == "over" and view.tricks:
        return event_sentence("take_last", _who(seats[view.tricks[-1].winner]))
    if view.tricks and view.trick is not None and not view.trick.cards:
        return event_sentence("take", _who(seats[view.tricks[-1].winner]))
    if not card:
        return event_sentence("play_face_down", who)
    return event_sentence("play", who, name(card))


def _event(view, seats: list[Seat]) -> str:
    """What the newest shown action was, in a sentence."""
    if not view.actions:
        return event_sentence("deal", _who(seats[view.dealer]))
    actor, action = view.actions[-1]
    who = _who(seats[actor])
    kind = action.kind
    if kind == "call":
        return event_sentence("call", who, card_name(action.card))
    if kind in ("pass", "pick", "bury", "alone", "unknown"):
        return event_sentence(kind, who)
    if kind == "play":
        return play_event(view, seats, who, action.card, card_name)
    return ""


def turn_status(view, seats, live: bool, *, deciding, decide, classes, name) -> str:
    """Whose turn it is and, when it is the human's now, what to do: both games' words.

    ``deciding`` are the game's deciding phases, said by ``decide``; ``classes()``
    gives the class led now (None when leading) and the classes the human holds,
    asked only when the human is to play; ``name`` names a class."""
    if view.phase == "over":
        return _("The hand is over.")
    who = _who(seats[view.turn])
    if view.phase in deciding:
        return decide(view.phase, who, live=live)
    if not (who.is_you and live):
        return to_play_status(who)
    led, in_hand = classes()
    if led is None:
        return _("Your turn: lead a card")
    if led in in_hand:
        return _("Your turn: follow %(suit)s") % {"suit": name(led)}
    return _("Your turn: %(suit)s led, and you have none: play any card") % {"suit": name(led)}


def _status(view, seats: list[Seat], live: bool) -> str:
    return turn_status(
        view, seats, live, deciding=DECIDING, decide=deciding_status, name=class_name,
        classes=lambda: (_led_class(view), {card_class(c) for c in view.hand}),
    )  # fmt: skip


def _contract_line(view, seats: list[Seat]) -> str:
    """The contract once chosen. While the picker still buries and calls, the event and
    the status already say who picked, so this says nothing yet."""
    if view.contract == "leaster":
        return _("Leaster: everyone for themselves; fewest points (with a trick) wins")
    if view.picker is None or view.contract is None:
        return ""
    picker = _who(seats[view.picker])
    if view.contract == "alone":
        return contract_sentence(picker, alone=True)
    partner = None
    if view.partner is not None and view.partner != view.picker:
        partner = _who(seats[view.partner])
    card = card_name(view.called) if view.called else ""
    return contract_sentence(picker, alone=False, card=card, partner=partner)


def _hand_cards(view, state, live: bool, chosen: list[str]) -> tuple[list[HandCard], str]:
    """The human's cards, sorted, each with what a tap on it does now."""
    mine = live and view.turn == view.seat
    codes = sorted(view.hand, key=sort_key)
    played = {c for t in view.tricks for c in t.cards if c} | {
        c for c in (view.trick.cards if view.trick else ()) if c
    }
    # The picker's unknown, set aside out of the hand until it is played.
    pending_unknown = view.unknown if view.unknown and view.unknown not in played else None
    blind = set(view.blind or ()) if view.phase == "bury" else set()
    mode = ""
    if mine and view.phase in ("bury", "unknown"):
        mode = view.phase
    elif mine and view.phase == "play":
        mode = "play"
    legal_plays = {a.card for a in view.legal if a.kind == "play"} if mode == "play" else set()
    cards = []
    for code in codes + ([pending_unknown] if pending_unknown else []):
        is_unknown = code == pending_unknown
        if mode in ("bury", "unknown") and not is_unknown:
            card = HandCard(Face(code), "choose", chosen=code in chosen)
        elif mode == "play" and code in legal_plays:
            card = HandCard(Face(code), "play")
        elif mode == "play":
            reason = rule_text(state.explain_rule(play_action(code)))
            card = HandCard(Face(code), "dimmed", reason=reason)
        else:
            card = HandCard(Face(code), "idle")
        card.from_blind = code in blind
        card.set_aside = is_unknown
        cards.append(card)
    return cards, mode


def _buttons(view, live: bool, chosen: list[str], can_finish: bool) -> list[Button]:
    if not live or view.turn != view.seat:
        return []
    buttons = []
    kinds = {a.kind for a in view.legal}
    if "pick" in kinds:
        buttons.append(Button("pick", _("Pick up the blind"), primary=True))
    if "pass" in kinds:
        buttons.append(Button("pass", _("Pass")))
    if view.phase == "bury":
        buttons.append(Button("bury", _("Bury these two"), primary=True))
    for action in view.legal:
        if action.kind == "call":
            face = Face(action.card)
            buttons.append(
                Button(
                    "call",
                    _("Call %(card)s") % {"card": face.short},
                    card=action.card,
                    accessible=_("Call the %(card)s") % {"card": face.name},
                )
            )
    if "alone" in kinds:
        buttons.append(Button("alone", _("Play alone")))
    if view.phase == "unknown":
        buttons.append(Button("unknown", _("Set this card aside"), primary=True))
    if can_finish:
        buttons.append(Button("finish", _("Finish the hand")))
    return buttons


def _result(view, seats: list[Seat]) -> dict:
    """The end-of-hand summary: each side's card points, schneider, payments."""
    result = view.result
    names = [s.name for s in seats]
    payments = [
        {"name": names[s], "score": result.scores[s], "signed": signed(result.scores[s]),
         "points": result.points[s], "tricks": result.tricks[s], "is_me": s == view.seat}
        for s in range(len(seats))
    ]  # fmt: skip
    human = next(s for s in seats if s.is_human)
    you = your_payment(result.scores[human.seat])
    if result.contract == "leaster":
        winners = [s for s in range(len(seats)) if result.scores[s] > 0]
        if winners:
            headline = leaster_winner(_who(seats[winners[0]]), result.points[winners[0]])
        else:
            headline = leaster_tie()
        return {"leaster": True, "headline": headline, "you": you, "payments": payments,
                "notes": []}  # fmt: skip
    side = [result.picker] + ([result.partner] if result.partner is not None else [])
    defenders = [s for s in range(len(seats)) if s not in side]
    side_points = sum(result.points[s] for s in side)
    defender_points = sum(result.points[s] for s in defenders)
    side_tricks = sum(result.tricks[s] for s in side)
    defender_tricks = sum(result.tricks[s] for s in defenders)
    bury = sum(card_points(c) for c in view.buried or ())
    picker = _who(seats[result.picker])
    partner = _who(seats[result.partner]) if result.partner is not None else None
    notes = []
    if side_points >= WINNING_POINTS:
        headline = side_wins(picker, partner, side_points)
        if defender_tricks == 0:
            notes.append(_("Schwarz: the defenders took no trick."))
        elif defender_points <= DEFENDERS_SCHNEIDER:
            notes.append(_("Schneider: the defenders took 29 points or fewer."))
    else:
        headline = side_loses(picker, partner, side_points)
        if side_tricks == 0:
            notes.append(_("Schwarz: the picker's side took no trick."))
        elif side_points <= PICKER_SCHNEIDER:
            notes.append(_("Schneider: the picker's side took 30 points or fewer."))
    return {
        "leaster": False,
        "headline": headline,
        "you": you,
        "side_line": side_points_sentence(side_points, bury),
        "defender_line": defender_points_sentence(defender_points),
        "side_points": side_points,
        "defender_points": defender_points,
        "bury_points": bury,
        "notes": notes,
        "payments": payments,
    }


def hand_summary(result: dict, names: list[str], human: int) -> str:
    """One label for a finished hand on the score sheet (``human`` is the human's seat)."""
    if result.get("contract") == "leaster":
        return _("Leaster")
    picker = Who(names[result["picker"]], result["picker"] == human)
    partner_seat = result.get("partner")
    partner = Who(names[partner_seat], partner_seat == human) if partner_seat is not None else None
    return hand_label(picker, partner, alone=result.get("contract") == "alone")


def score_sheet(
    match, hands, names: list[str], include_current: bool, *, write=signed, summary=None
):
    """Rows of finished hands, totals, and the running-score chart (``write`` writes
    a score, ``summary`` labels a finished hand: the game's own)."""
    summary = summary or hand_summary
    seats = len(names)
    rows = []
    finished = [h for h in hands if h.result is not None]
    if finished and not include_current and finished[-1] is hands[-1]:
        finished = finished[:-1]
    running = [[] for _ in range(seats)]
    totals = [0] * seats
    for hand in finished:
        scores = list(hand.result["scores"])
        for s in range(seats):
            totals[s] += scores[s]
            running[s].append(totals[s])
        rows.append(
            SheetRow(
                number=hand.number + 1,
                scores=[write(x) for x in scores],
                summary=summary(hand.result, names, match.human_seat),
                url=reverse("games:replay", args=[match.pk, hand.number + 1]),
            )
        )
    # The sheet has a line for every hand of the match; the ones to come stay empty.
    rows += [
        SheetRow(number=n + 1, scores=[""] * seats, summary="", url="")
        for n in range(len(finished), match.hand_count)
    ]
    chart = line_chart({names[s]: running[s] for s in range(seats)})
    return rows, totals, chart


def table_url(match, hand_number: int, step: int) -> str:
    return reverse("games:table", args=[match.pk]) + f"?hand={hand_number + 1}&step={step}"


def _table_trick(view, seats, *, mark_taken: bool, face=Face) -> ShownTrick | None:
    """The trick on the table: the one being played, else the last one taken (marked
    as the newest move when ``mark_taken`` and its last card was the last action)."""
    if view.trick is not None and view.trick.cards:
        return _shown_trick(view.trick, seats, newest=True, face=face)
    if view.tricks:
        newest = mark_taken and bool(view.actions) and view.actions[-1][1].kind == "play"
        return _shown_trick(view.tricks[-1], seats, newest=newest, face=face)
    return None


@dataclass(frozen=True)
class TableGame:
    """What a game's table does its own way; build_board does the rest for both.

    Each is a function of the view (and the seats built from it): ``faces``
    gives the function that draws a card (the contract's trumps, the deck),
    ``sort_key`` the order the hand is held in."""

    seats: object  # (match, view, names, totals, face) -> list[Seat]
    faces: object  # (view, deck) -> (code -> Face)
    sort_key: object  # (view) -> (code -> key)
    status: object  # (view, seats, live) -> str
    event: object  # (view, seats, face) -> str
    contract_line: object  # (view, seats, face) -> str
    hand_cards: object  # (view, state, live, chosen, face, key) -> (cards, mode)
    buttons: object  # (view, live, chosen, can_finish, face) -> list[Button]
    result: object  # (view, seats) -> dict
    summary: object  # (result json, names, human seat) -> str
    write: object  # (score) -> str
    buried: object  # (view, face, key) -> list[Face]
    house_rules: object = lambda match: ""  # (match) -> the rules chosen, in a sentence


def _sheepshead_hand_cards(view, state, live, chosen, face, key):
    return _hand_cards(view, state, live, chosen)


SHEEPSHEAD_TABLE = TableGame(
    seats=lambda match, view, names, totals, face: _seats(match, view, names, totals),
    faces=lambda view, deck: Face,
    sort_key=lambda view: sort_key,
    status=_status,
    event=lambda view, seats, face: _event(view, seats),
    contract_line=lambda view, seats, face: _contract_line(view, seats),
    hand_cards=_sheepshead_hand_cards,
    buttons=lambda view, live, chosen, can_finish, face: _buttons(view, live, chosen, can_finish),
    result=_result,
    summary=hand_summary,
    write=signed,
    buried=lambda view, face, key: [face(c) for c in sorted(view.buried or (), key=key)],
)


def table_game(match) -> TableGame:
    """The table's own ways for the match's game."""
    if match.game == SCHAFKOPF:
        from .schafkopf_table import SCHAFKOPF_TABLE

        return SCHAFKOPF_TABLE
    return SHEEPSHEAD_TABLE


def _board(
    match,
    stored,
    view,
    seats,
    game: TableGame,
    *,
    step: int,
    steps: int,
    live: bool,
    face,
    **fields,
) -> Board:
    """A board with what every table shows, seen from ``view``'s seat, and ``fields``
    (``stored`` is the hand's database row; ``face`` draws a card as the table does)."""
    return Board(
        game=match.game,
        phase=view.phase,
        step=step,
        steps=steps,
        seats=seats,
        others=[seats[(view.seat + k) % view.seats] for k in range(1, view.seats)],
        me=seats[view.seat],
        status=game.status(view, seats, live),
        event=game.event(view, seats, face),
        contract_line=game.contract_line(view, seats, face),
        buried=game.buried(view, face, game.sort_key(view)),
        live=live,
        hand_number=stored.number + 1,
        hand_count=match.hand_count,
        house_rules=game.house_rules(match),
        **fields,
    )


def build_board(
    match,
    hands,
    view,
    state,
    *,
    step: int,
    steps: int,
    speed: str = "normal",
    chosen: list[str] | None = None,
    toggled: str = "",
    deck: str = "",
) -> Board:
    """The board at display step ``step`` of the newest hand (``view`` is at that step).

    ``state`` is the engine state at the newest step: only its ``explain`` is
    used, for the human's own cards, when the human is to play. ``deck`` is the
    player's choice of cards for this game's table.
    """
    game = table_game(match)
    face = game.faces(view, deck)
    hand = hands[-1]
    names = seat_names(match)
    over = view.phase == "over"
    rows, totals, chart = score_sheet(
        match, hands, names, include_current=over, write=game.write, summary=game.summary
    )
    seats = game.seats(match, view, names, totals, face)
    live = step == steps
    chosen = [c for c in (chosen or []) if c in view.hand]
    limit = 2 if view.phase == "bury" else 1
    chosen = chosen[-limit:]

    trick = _table_trick(view, seats, mark_taken=True, face=face)
    can_finish = live and may_finish(view)
    cards, hand_mode = game.hand_cards(
        view, state if live else None, live, chosen, face, game.sort_key(view)
    )
    board = _board(
        match,
        hand,
        view,
        seats,
        game,
        step=step,
        steps=steps,
        live=live,
        face=face,
        trick=trick,
        last_trick=_shown_trick(view.tricks[-1], seats, face=face) if view.tricks else None,
        hand=cards,
        hand_mode=hand_mode,
        buttons=game.buttons(view, live, chosen, can_finish, face),
        chosen=chosen,
        chosen_points=sum(card_points(c) for c in chosen),
        can_finish=can_finish,
        my_turn=live and view.turn == view.seat,
        sheet=rows,
        totals=[game.write(t) for t in totals],
        chart=chart,
    )
    if board.my_turn:
        if hand_mode == "play":
            board.focus = next((c.face.code for c in cards if c.mode == "play"), "")
            if not board.focus and board.buttons:
                board.focus = "action"
        elif hand_mode in ("bury", "unknown"):
            board.focus = toggled if toggled in view.hand else cards[0].face.code
        else:
            board.focus = "action"
    if not live:
        delay = step_delay(speed)
        if trick is not None and trick.winner is not None:
            delay = int(delay * TRICK_PAUSE)
        board.poll_url = table_url(match, hand.number, step + 1)
        board.poll_delay = delay
        # The table as it stands, without saying here how many moves are still to come.
        board.skip_url = reverse("games:table", args=[match.pk])
    if over and live:
        board.result = game.result(view, seats)
        board.match_over = match.is_finished
        if board.match_over:
            _standings(board, match, names, totals, game.write)
    return board


def _standings(board: Board, match, names: list[str], totals: list[int], write) -> None:
    """The places at the end of the match; equal scores share a place: 1, 2, 2, 4."""
    seats = len(names)
    order = sorted(range(seats), key=lambda s: (-totals[s], s))
    places = {s: 1 + sum(totals[o] > totals[s] for o in range(seats)) for s in order}
    board.standings = [
        {"place": places[s], "name": names[s], "score": write(totals[s]),
         "is_me": s == match.human_seat}
        for s in order
    ]  # fmt: skip
    board.status = _(
        "Match over: you finished in place %(place)s of the %(seats)s players "
        "at this table, with %(score)s."
    ) % {
        "place": places[match.human_seat],
        "seats": seats,
        "score": write(totals[match.human_seat]),
    }


def match_scores_at(earlier_hands, hand, over: bool) -> list[int]:
    """Each seat's match score as it stood during ``hand``: the sum of the earlier
    hands' results, and this hand's too once it is ``over``."""
    counted = [h for h in earlier_hands if h.number < hand.number and h.result is not None]
    if over and hand.result is not None:
        counted.append(hand)
    totals = [0] * len(hand.record["deal"]["hands"])
    for counted_hand in counted:
        for s, score in enumerate(counted_hand.result["scores"]):
            totals[s] += score
    return totals


def replay_board(
    match, hand, earlier_hands, view, *, step: int, steps: int, deck: str = ""
) -> Board:
    """A finished hand seen from any seat at any step (nothing hidden is left to hide,
    but each seat's view still shows only what that seat saw then), with the match
    scores as they stood then (``earlier_hands``: the match's hands before this one)."""
    game = table_game(match)
    face = game.faces(view, deck)
    key = game.sort_key(view)
    totals = match_scores_at(earlier_hands, hand, over=view.phase == "over")
    seats = game.seats(match, view, seat_names(match), totals, face)
    board = _board(
        match,
        hand,
        view,
        seats,
        game,
        step=step,
        steps=steps,
        live=False,
        face=face,
        trick=_table_trick(view, seats, mark_taken=False, face=face),
        last_trick=None,
        hand=[HandCard(face(c), "idle") for c in sorted(view.hand, key=key)],
        hand_mode="",
        buttons=[],
        chosen=[],
        chosen_points=0,
        can_finish=False,
        my_turn=False,
    )
    if view.phase == "over":
        board.result = game.result(view, seats)
    return board
