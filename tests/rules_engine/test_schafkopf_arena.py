"""The duplicate-match arena at Schafkopf: every hand tallied once, figures that a replay
of the same deals gives again, the same scores with any number of workers, both decks,
and the command line (random players only: the other levels learn Schafkopf elsewhere)."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from rules_engine.actions import PASS
from rules_engine.players import arena, player_for
from rules_engine.players.base import RandomPlayer
from rules_engine.schafkopf import SchafkopfHand
from rules_engine.variant import SCHAFKOPF_LONG, SCHAFKOPF_SHORT

ROOT = Path(__file__).resolve().parents[2]
DEALS = 6
SEED = 3
VARIANTS = {False: SCHAFKOPF_LONG, True: SCHAFKOPF_SHORT}


def _without_times(summary: dict) -> dict:
    latency = {level: figures["decisions"] for level, figures in summary["latency_ms"].items()}
    return {**summary, "latency_ms": latency}


@pytest.mark.parametrize("short", [False, True])
def test_roles_and_contracts_each_count_every_hand_once(short):
    summary = arena.run("random", "random", DEALS, SEED, game="schafkopf", short_deck=short)
    every_hand = VARIANTS[short].seats * DEALS
    assert summary["hands"] == every_hand
    assert list(summary["roles"])[:4] == ["declarer", "partner", "defender", "ramsch"]
    assert sum(r["hands"] for r in summary["roles"].values()) == every_hand
    assert sum(c["hands"] for c in summary["contracts"].values()) == every_hand
    # one declarer per declared hand, and the candidate declared exactly its declarer hands
    declared = sum(c["declared"] for c in summary["contracts"].values())
    assert declared == summary["roles"]["declarer"]["hands"]
    assert summary["contracts"]["ramsch"]["declared"] == 0
    assert summary["roles"]["ramsch"]["hands"] == summary["contracts"]["ramsch"]["hands"]


def test_the_figures_are_those_of_the_same_deals_played_again_by_the_engine():
    """Each deal dealt from deal_seed, the dealer d % seats, every seat in turn: the
    candidate's scores, roles, contracts and Kontra/Re worked out from the hands."""
    seats = SCHAFKOPF_LONG.seats
    player = player_for("random")
    scores, roles, contracts, declared, said = [], Counter(), Counter(), Counter(), Counter()
    for deal in range(DEALS):
        cards = arena.deal_seed(SEED, deal)
        for seat in range(seats):
            state = SchafkopfHand.from_seed(cards, dealer=deal % seats)
            while not state.is_over:
                state = state.apply(
                    player.decide(state.view(state.turn), cards + bytes([state.turn]))
                )
            result = state.result()
            scores.append(result.scores[seat])
            if result.contract == "ramsch":
                roles["ramsch"] += 1
            else:
                role = {result.declarer: "declarer", result.partner: "partner"}.get(seat)
                roles[role or "defender"] += 1
            contract = result.contract + (" tout" if result.tout else "")
            contracts[contract] += 1
            declared[contract] += seat == result.declarer
            said.update(
                a.kind for s, a in state.actions if s == seat and a.kind in ("kontra", "re")
            )
    summary = arena.run("random", "random", DEALS, SEED, game="schafkopf")
    assert summary["mean"] == pytest.approx(sum(scores) / len(scores))
    assert {r: f["hands"] for r, f in summary["roles"].items() if f["hands"]} == roles
    assert {c: f["hands"] for c, f in summary["contracts"].items() if f["hands"]} == contracts
    assert {c: f["declared"] for c, f in summary["contracts"].items() if f["hands"]} == declared
    assert summary["said"] == {"kontra": said["kontra"], "re": said["re"]}
    assert len(contracts) > 1  # the seed gives more than one kind of game to check


class Passer(RandomPlayer):
    """Passes whenever it may (never bids, never says Kontra), else any legal action."""

    def decide(self, view, seed=b""):
        return PASS if PASS in view.legal else super().decide(view, seed)


def test_the_candidates_mean_is_the_mean_of_its_scores_in_its_own_seat(monkeypatch):
    """A candidate unlike the field, so the mean is no zero sum of identical plays."""
    monkeypatch.setattr(
        arena, "player_for", lambda level: Passer() if level == "passer" else player_for(level)
    )
    game = arena.GAMES["schafkopf", False]
    outcomes = [arena.play_deal("passer", "random", SEED, d, game) for d in range(DEALS)]
    scores = [hand["score"] for outcome in outcomes for hand in outcome["hands"]]
    summary = arena.run("passer", "random", DEALS, SEED, game="schafkopf")
    assert summary["hands"] == len(scores) == game.seats * DEALS
    assert summary["mean"] == pytest.approx(sum(scores) / len(scores))
    assert summary["mean"] != 0
    # the candidate's own decisions are the ones tallied: it never declares nor says Kontra
    assert summary["roles"]["declarer"]["hands"] == 0
    assert all(figures["declared"] == 0 for figures in summary["contracts"].values())
    assert summary["said"]["kontra"] == 0
    assert summary["latency_ms"]["passer"]["decisions"] > 0


@pytest.mark.parametrize("short", [False, True])
def test_one_and_two_workers_give_the_same_figures(short):
    one = arena.run("random", "random", DEALS, SEED, workers=1, game="schafkopf", short_deck=short)
    two = arena.run("random", "random", DEALS, SEED, workers=2, game="schafkopf", short_deck=short)
    assert _without_times(one) == _without_times(two)
    other_seed = arena.run("random", "random", DEALS, SEED + 1, game="schafkopf", short_deck=short)
    assert _without_times(other_seed) != _without_times(one)


def test_the_short_deck_deals_six_cards_each_from_its_24(capsys):
    assert (
        arena.main(
            ["--game", "schafkopf", "--short-deck", "--candidate", "random", "--field", "random"]
            + ["--deals", "4", "--json"]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert (summary["game"], summary["deck"], summary["hands"]) == ("schafkopf", "short", 16)
    for short, variant in VARIANTS.items():
        state = arena.GAMES["schafkopf", short].start(arena.deal_seed(SEED, 1), 1)
        assert state.variant is variant and state.dealer == 1
        assert [hand.bit_count() for hand in state.deal.hands] == [
            variant.hand_size
        ] * variant.seats
        union = 0
        for hand in state.deal.hands:
            union |= hand
        assert union == variant.deck
    assert SCHAFKOPF_SHORT.hand_size == 6 and SCHAFKOPF_SHORT.deck.bit_count() == 24


def test_the_text_report_counts_in_cents_by_role_and_by_contract(capsys):
    arena.main(
        ["--game", "schafkopf", "--candidate", "random", "--field", "random"] + ["--deals", "2"]
    )
    out = capsys.readouterr().out
    assert out.startswith(
        "random against random at schafkopf, long deck: 2 deals, 8 hands (seed 1)"
    )
    assert "  mean score per hand in cents " in out
    for line in (
        "  as declarer ",
        "  as ramsch ",
        "  in rufspiel ",
        "  in solo tout ",
        "  said Kontra in ",
    ):
        assert line in out


def test_sheepshead_keeps_its_report(capsys):
    arena.main(["--candidate", "random", "--field", "random", "--deals", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "random against random: 2 deals, 10 hands (seed 1)"
    assert lines[1].startswith("  mean score per hand +0.000  95% CI [")
    assert [line.split()[1] for line in lines[2:6]] == ["picker", "partner", "defender", "leaster"]
    assert len(lines) == 7 and "decision time" in lines[6]
    assert "cents" not in "".join(lines)


def test_the_short_deck_with_sheepshead_is_refused_by_name(capsys):
    with pytest.raises(SystemExit) as refused:
        arena.main(["--short-deck", "--candidate", "random", "--field", "random"])
    assert refused.value.code == 2
    assert "--short-deck" in capsys.readouterr().err.splitlines()[-1]


def test_the_command_prints_one_json_object():
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine.arena", "--game", "schafkopf"]
        + ["--candidate", "random", "--field", "random", "--deals", "4", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout.count("\n") == 1
    summary = json.loads(done.stdout)
    assert list(summary) == sorted(summary)
    assert (summary["game"], summary["deck"], summary["hands"]) == ("schafkopf", "long", 16)
    assert {"mean", "ci_low", "ci_high", "roles", "contracts", "said", "latency_ms"} <= set(summary)
