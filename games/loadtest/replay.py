"""After the run: every match in the database replays, and is what its player last saw.

Each stored hand record is replayed through the rules engine
(``services.states_of``); a finished hand's stored result must be the one the
replay gives, and the match's scores their sum. Then each match is compared
with its player's memory (``player.MatchSeen``): the same number of hands, the
same version when the player's last page showed one, and the human seat's
actions exactly the moves the player sent and the server accepted, each once
and in order (after a Finish, the rest of that hand was played for the player,
so its sent moves need only begin the hand's). A match no player knows of, or
one a player knows that is not stored, is a mismatch too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.models import Match
from games.services import GameError, states_of

from .player import MatchSeen

Move = tuple[int, str, str, tuple[str, ...]]


@dataclass
class ReplayReport:
    checked: int = 0
    #: Matches whose moves were not compared, because a move of theirs got no answer.
    uncertain: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def record_moves(number: int, record: dict, seat: int) -> list[Move]:
    """The seat's actions in a hand record, in the form the players remember them."""
    return [
        (number, a["action"], a.get("card", ""), tuple(sorted(a.get("cards", ()))))
        for a in record["actions"]
        if a["seat"] == seat
    ]


def hand_problems(match: Match, hands: list) -> list[str]:
    """What is wrong with the stored hands themselves, whoever played them."""
    problems = []
    totals = [0] * len(match.scores)
    for hand in hands:
        where = f"hand {hand.number + 1}"
        try:
            _shown, state = states_of(hand)
        except (GameError, KeyError, TypeError, ValueError) as error:
            problems.append(f"{where}: the record does not replay ({error})")
            continue
        if hand.result is not None:
            if not state.is_over or state.result().to_json() != hand.result:
                problems.append(f"{where}: the stored result is not the replay's")
            else:
                totals = [a + b for a, b in zip(totals, hand.result["scores"], strict=True)]
        elif state.is_over:
            problems.append(f"{where}: over, but no result stored")
        elif state.turn != match.human_seat:
            problems.append(f"{where}: waits for a computer player's move")
    if not problems and totals != list(match.scores):
        problems.append(f"the match scores {match.scores} are not the hands' sum {totals}")
    return problems


def seen_problems(match: Match, hands: list, seen: MatchSeen) -> list[str]:
    """Where the stored match differs from what its player saw and sent."""
    problems = []
    if seen.uncertain:
        return problems
    if len(hands) != seen.hands:
        problems.append(f"{len(hands)} hands stored, the player saw {seen.hands}")
    if seen.version is not None and match.version != seen.version:
        problems.append(f"version {match.version} stored, the player last saw {seen.version}")
    if seen.over and match.finished_at is None:
        problems.append("the player saw the match end, but it is not finished")
    numbers = {hand.number for hand in hands}
    lost = [move for move in seen.moves if move[0] not in numbers]
    if lost:
        problems.append(f"moves in a hand that is not stored: {lost}")
    for hand in hands:
        stored = record_moves(hand.number, hand.record, match.human_seat)
        sent = [move for move in seen.moves if move[0] == hand.number]
        if hand.number in seen.finished_hands:
            same = stored[: len(sent)] == sent and hand.result is not None
        else:
            same = stored == sent
        if not same:
            problems.append(
                f"hand {hand.number + 1}: the record's moves {stored} are not the player's {sent}"
            )
    return problems


def check_matches(seen: list[MatchSeen]) -> ReplayReport:
    """Replay every stored match and compare it with what its player saw."""
    report = ReplayReport()
    known = {m.match_id: m for m in seen}
    stored_ids = set()
    for match in Match.objects.prefetch_related("hands").order_by("created_at"):
        match_id = str(match.pk)
        stored_ids.add(match_id)
        hands = sorted(match.hands.all(), key=lambda h: h.number)
        problems = hand_problems(match, hands)
        player_saw = known.get(match_id)
        if player_saw is None:
            problems.append("no player started this match")
        else:
            problems += seen_problems(match, hands, player_saw)
            report.uncertain += bool(player_saw.uncertain)
        report.checked += 1
        report.problems += [f"match {match_id}: {p}" for p in problems]
    for match_id in sorted(set(known) - stored_ids):
        report.problems.append(f"match {match_id}: a player played it, it is not stored")
    return report
