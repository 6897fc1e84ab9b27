"""Playing a match: every change goes through here, checked by the rules engine.

The rules: the server decides everything. An action is applied only if the
engine says it is legal now, only by the seat whose turn it is, and only
against the version of the match the page was showing, under a row lock, so
two tabs or a double click never apply one move twice. Computer players
think with no lock held; their moves are written afterwards if nothing
changed meanwhile (they are deterministic, so whoever writes them writes the
same moves).
"""

from __future__ import annotations

import hmac
import os
from dataclasses import dataclass
from hashlib import sha256

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules_engine import IllegalAction, SchafkopfHand, SheepsheadHand
from rules_engine.actions import MalformedAction
from rules_engine.players import player_for
from rules_engine.players.hints import hint_for
from rules_engine.records import ACTION_READERS, apply_as, parse_record, record_of
from rules_engine.session import DEFAULT_ROUNDS
from rules_engine.settled import may_finish

from .daily import DAILY_RULES
from .game_kinds import (
    RulesError,
    declarer_of,
    engine_match,
    schafkopf_hand_count,
    schafkopf_rules,
    seats_of,
)
from .hint_text import hint_sentence
from .models import SCHAFKOPF, SHEEPSHEAD, DailyDeal, Hand, HandOutcome, Match, Player
from .rule_text import rule_text
from .signals import hand_finished, match_finished

#: The daily deal's computer players.
DAILY_LEVEL = "expert"


class GameError(Exception):
    """A request that can't be carried out; the message is for the player."""


class StaleMatch(GameError):
    """The page showed an older version of the match than the one stored."""


@dataclass(frozen=True)
class Table:
    """A match and its current hand as the engine sees it."""

    match: Match
    hand: Hand
    state: SheepsheadHand | SchafkopfHand


# -- reading ---------------------------------------------------------------------


def state_of(hand: Hand, step: int | None = None) -> SheepsheadHand | SchafkopfHand:
    """The engine state of a stored hand, after ``step`` actions (default: all)."""
    return states_of(hand, step)[0]


def states_of(hand: Hand, step: int | None = None) -> tuple:
    """The hand after ``step`` actions and after all of them, from one replay."""
    record = parse_record(hand.record)
    state = shown = record.start()
    for done, (seat, action) in enumerate(record.actions, start=1):
        try:
            state = apply_as(state, seat, action)
        except IllegalAction as error:
            raise GameError(_("This hand's record is damaged.")) from error
        if done == step:
            shown = state
    return (state if step is None or step >= len(record.actions) else shown), state


def load_table(match: Match) -> Table:
    hand = match.hands.order_by("-number").first()
    return Table(match, hand, state_of(hand))


def get_match(match_id, player: Player) -> Match:
    """The match, only if it belongs to this player."""
    try:
        return Match.objects.get(pk=match_id, player=player)
    except (Match.DoesNotExist, ValueError) as error:
        raise GameError(_("There is no such game.")) from error


# -- starting ------------------------------------------------------------------


def start_match(
    player: Player,
    level: str = "standard",
    seed: bytes | None = None,
    hints: bool = False,
    game: str = SHEEPSHEAD,
    rules: dict | None = None,
    rounds: int | None = None,
) -> Match:
    """A new match with its first hand dealt (from a fresh random seed by default):
    ten hands of Sheepshead, or a Schafkopf session of ``rounds`` rounds under the
    house ``rules`` (the engine's options; unknown or bad ones are refused)."""
    player_for(level)  # ValueError for a level that doesn't exist
    seed = os.urandom(32) if seed is None else seed
    fields = {}
    if game == SCHAFKOPF:
        try:
            rules = schafkopf_rules(rules or {})
            fields["hand_count"] = schafkopf_hand_count(
                rules, DEFAULT_ROUNDS if rounds is None else rounds
            )
        except RulesError as error:
            raise GameError(str(error)) from error
        fields["rules"] = rules
    elif game != SHEEPSHEAD or rules or rounds is not None:
        raise GameError(_("Choose one of the games offered."))
    seats = seats_of(game, fields.get("rules", {}))
    return _start(
        player, level=level, seed=seed, first_dealer=seed[0] % seats, hints=hints, game=game,
        **fields,
    )  # fmt: skip


def start_daily_match(player: Player, daily: DailyDeal, ranked: bool) -> Match:
    """A match on a day's deals against expert players: the same for everyone.

    Everyone gets the same seed, so the same deals and, the computer players
    being deterministic, the same answers to the same play. Only an account
    plays ranked (anyone can be as many guests as they like), and a second
    ranked attempt the same day is refused by a unique constraint.
    """
    if ranked and player.user_id is None:
        raise GameError(_("Only a signed-in player's attempt is ranked."))
    rules = DAILY_RULES[daily.game]
    return _start(
        player,
        level=DAILY_LEVEL,
        seed=bytes(daily.seed),
        first_dealer=daily.first_dealer,
        daily=daily,
        ranked=ranked,
        game=daily.game,
        rules=dict(rules.rules),
        hand_count=rules.hand_count,
    )


def _start(player: Player, **fields) -> Match:
    """A match of ``fields`` (its hand count the model's default, a Sheepshead match's,
    unless given) with its first hand dealt and the computers moved."""
    seats = seats_of(fields.get("game", SHEEPSHEAD), fields.get("rules", {}))
    with transaction.atomic():
        match = Match.objects.create(player=player, scores=[0] * seats, **fields)
        _deal_hand(match, 0)
    run_computers(match.pk)
    match.refresh_from_db()
    return match


def _deal_hand(match: Match, number: int) -> Hand:
    state = engine_match(match).deal(number)
    return Hand.objects.create(match=match, number=number, record=record_of(state).to_json())


# -- the human's actions ----------------------------------------------------------


def german_cards(match: Match) -> bool:
    """Whether the match's player sees German cards (a Schafkopf table, by default)."""
    return match.game == SCHAFKOPF and match.player.schafkopf_deck == "german"


def parse_action(data: dict, seat: int, game: str = SHEEPSHEAD):
    """An engine action from form fields (``action``, ``card``, ``cards``; for a
    Schafkopf declaration ``contract``, ``trump`` and ``tout``)."""
    raw = {"seat": seat, "action": data.get("action")}
    if data.get("card"):
        raw["card"] = data["card"]
    if data.get("cards"):
        raw["cards"] = list(data["cards"])
    if game == SCHAFKOPF:
        for name in ("contract", "trump"):
            if data.get(name):
                raw[name] = data[name]
        if data.get("tout"):
            raw["tout"] = data["tout"] in ("1", "true", True)
    try:
        return ACTION_READERS[game](raw)[1]
    except MalformedAction as error:
        raise GameError(_("That is not a move: %(reason)s") % {"reason": error}) from error


def submit_action(match_id, player: Player, data: dict, version: int) -> Match:
    """Apply the human's action if it is legal now, then let the computers move."""
    with transaction.atomic():
        match = _locked(match_id, player, version)
        table = load_table(match)
        state = table.state
        if state.is_over:
            raise GameError(_("This hand is over."))
        if state.turn != match.human_seat:
            raise GameError(_("It is not your turn."))
        action = parse_action(data, match.human_seat, match.game)
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise GameError(rule_text(error.rule, german=german_cards(match))) from error
        _save(match, table.hand, state)
    run_computers(match.pk)
    match.refresh_from_db()
    return match


def next_hand(match_id, player: Player, version: int) -> Match:
    """Deal the next hand once the current one is over."""
    with transaction.atomic():
        match = _locked(match_id, player, version)
        table = load_table(match)
        if not table.state.is_over:
            raise GameError(_("Finish this hand first."))
        if table.hand.number + 1 >= match.hand_count:
            raise GameError(_("The match is over."))
        _deal_hand(match, table.hand.number + 1)
        match.version += 1
        match.save(update_fields=["version", "updated_at"])
    run_computers(match.pk)
    match.refresh_from_db()
    return match


def finish_hand(match_id, player: Player, version: int) -> Match:
    """Play out a hand whose outcome is decided: the human's cards by the standard player.

    Judged from the human's view, like the Finish button (``may_finish``), so a
    posted finish is accepted or refused on what the player can see, never on
    the bury or a partner still hidden from them; a refusal changes nothing.
    """
    with transaction.atomic():
        match = _locked(match_id, player, version)
        table = load_table(match)
        if not may_finish(table.state.view(match.human_seat)):
            raise GameError(_("This hand isn't decided yet: play on."))
        state = table.state
        while not state.is_over:
            state = state.apply(_computer_action(match, table.hand, state, autoplay=True))
        _save(match, table.hand, state)
    return match


# -- computer players ---------------------------------------------------------


def run_computers(match_id) -> None:
    """Let the computer players move until it is the human's turn or the hand is over.

    They think without any lock; the moves are written only if the match is
    still at the version they started from.
    """
    for _attempt in range(5):
        match = Match.objects.get(pk=match_id)
        table = load_table(match)
        state = table.state
        if state.is_over or state.turn == match.human_seat:
            return
        version = match.version
        while not state.is_over and state.turn != match.human_seat:
            state = state.apply(_computer_action(match, table.hand, state))
        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match_id)
            if locked.version != version:
                continue  # someone else moved first; look again
            hand = Hand.objects.get(pk=table.hand.pk)
            _save(locked, hand, state)
            return


def _computer_action(match: Match, hand: Hand, state, autoplay: bool = False):
    seat = state.turn
    level = "standard" if autoplay and seat == match.human_seat else match.level
    moment = f"decide:{hand.number}:{len(state.actions)}".encode()
    seed = hmac.digest(bytes(match.seed), moment, sha256)
    return player_for(level).decide(state.view(seat), seed)


# -- writing ---------------------------------------------------------------------


def _locked(match_id, player: Player, version: int) -> Match:
    try:
        match = Match.objects.select_for_update().get(pk=match_id, player=player)
    except (Match.DoesNotExist, ValueError) as error:
        raise GameError(_("There is no such game.")) from error
    if match.version != version:
        raise StaleMatch(_("This table had changed; here it is as it stands now."))
    return match


def _save(match: Match, hand: Hand, state) -> None:
    hand.record = record_of(state).to_json()
    fields = ["record"]
    if state.is_over and hand.result is None:
        result = state.result()
        hand.result = result.to_json()
        fields.append("result")
        match.scores = [a + b for a, b in zip(match.scores, result.scores, strict=True)]
        now = timezone.now()
        HandOutcome.objects.create(
            player_id=match.player_id,
            match=match,
            game=match.game,
            number=hand.number,
            score=result.scores[match.human_seat],
            picked=declarer_of(result) == match.human_seat,
            daily_id=match.daily_id,
            ranked=match.ranked,
            finished_at=now,
        )
        if hand.number + 1 >= match.hand_count:
            match.finished_at = now
            match_finished.send(sender=Match, match=match)
    hand.save(update_fields=fields)
    if "result" in fields:
        hand_finished.send(sender=Hand, hand=hand, match=match)
    match.version += 1
    match.save(update_fields=["version", "scores", "finished_at", "updated_at"])


def hint(match_id, player: Player):
    """The expert's move for the human now, with its reason: only in a practice match."""
    match = get_match(match_id, player)
    if not match.hints:
        raise GameError(_("Hints are for practice games from the course."))
    table = load_table(match)
    if table.state.is_over or table.state.turn != match.human_seat:
        raise GameError(_("A hint comes when it is your turn."))
    moment = f"hint:{table.hand.number}:{len(table.state.actions)}".encode()
    deck = player.deck_for(match.game)

    def explain(view, action):
        return hint_sentence(view, action, match.game, deck)

    return hint_for(
        table.state.view(match.human_seat),
        hmac.digest(bytes(match.seed), moment, sha256),
        explain,
    )
