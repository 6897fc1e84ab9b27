"""Playing a match through the real services, for tests that need finished hands."""

from __future__ import annotations

from games.models import Match, Player
from games.services import load_table, submit_action
from rules_engine.players import player_for


def play_current_hand(player: Player, match: Match) -> Match:
    """The human's moves by the standard player until the current hand is over."""
    while not load_table(match).state.is_over:
        table = load_table(match)
        action = player_for("standard").decide(table.state.view(match.human_seat), b"t")
        match = submit_action(match.pk, player, action.to_json(), match.version)
    return match


def finish_in_one_hand(player: Player, match: Match) -> Match:
    """Make the match one hand long, then play that hand: the match finishes."""
    Match.objects.filter(pk=match.pk).update(hand_count=1)
    match.refresh_from_db()
    return play_current_hand(player, match)
