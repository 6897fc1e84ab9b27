"""A standard player's moves in the human's seat, to play a match on to a moment."""

from __future__ import annotations

from games.models import Match
from games.services import load_table, next_hand, submit_action
from rules_engine.players import player_for


def standard_move(match, level: str = "standard") -> dict:
    """What a standard player (or one of ``level``) would do in the human's seat, as the
    page's form fields."""
    table = load_table(match)
    action = player_for(level).decide(table.state.view(match.human_seat), b"test")
    data = {"action": action.kind}
    if action.card:
        data["card"] = action.card
    if action.cards:
        data["cards"] = list(action.cards)
    if action.contract:  # a Schafkopf declaration
        data["contract"] = action.contract
        if action.trump:
            data["trump"] = action.trump
        if action.tout:
            data["tout"] = "1"
    return data


def play_until(match, player, stop, level: str = "standard"):
    """Play standard moves (or ``level``'s; next hand when one ends) until ``stop(table)``
    is true."""
    while True:
        table = load_table(match)
        if stop(table):
            return match
        if match.is_finished:
            raise AssertionError("the match ended before the moment looked for")
        if table.state.is_over:
            match = next_hand(match.pk, player, match.version)
        else:
            match = submit_action(match.pk, player, standard_move(match, level), match.version)


def hand_over(table) -> bool:
    """``play_until``'s stop for the end of the hand being played."""
    return table.state.is_over


def finish_in_one_hand(player, match, level: str = "standard"):
    """Make the match one hand long, then play that hand: the match finishes."""
    Match.objects.filter(pk=match.pk).update(hand_count=1)
    match.refresh_from_db()
    return play_until(match, player, hand_over, level)
