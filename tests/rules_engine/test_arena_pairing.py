"""The arena's deal-by-deal comparison: ``--per-deal`` writes each deal's figure,
``--paired-with`` compares a later run with it over the deals both played, and a
file that does not fit the run is refused by name before anything is played."""

import json

import pytest

from rules_engine.players import arena

RANDOM = ["--candidate", "random", "--field", "random"]


def _run(capsys, *args: str) -> dict:
    arena.main([*RANDOM, "--json", *args])
    return json.loads(capsys.readouterr().out)


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _refusal(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as refused:
        arena.main([*RANDOM, *args])
    assert refused.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


def test_each_deals_figure_is_the_candidates_mean_over_its_seats(tmp_path, capsys):
    path = tmp_path / "deals.jsonl"
    summary = _run(capsys, "--deals", "3", "--first", "5", "--per-deal", str(path))
    rows = _lines(path)
    assert [row["deal"] for row in rows] == [5, 6, 7]
    for row in rows:
        hands = arena.play_deal("random", "random", 1, row["deal"])["hands"]
        assert row["score"] == pytest.approx(sum(h["score"] for h in hands) / len(hands))
        assert (row["game"], row["deck"], row["seed"], row["field"]) == (
            "sheepshead", None, 1, "random",
        )  # fmt: skip
    assert summary["mean"] == pytest.approx(sum(row["score"] for row in rows) / 3)


def test_a_run_paired_with_itself_differs_by_nothing(tmp_path, capsys):
    path = tmp_path / "deals.jsonl"
    _run(capsys, "--deals", "4", "--per-deal", str(path))
    pair = _run(capsys, "--deals", "4", "--paired-with", str(path))["paired"]
    assert pair["deals"] == 4
    assert pair["before"] == pair["after"]
    assert pair["mean"] == pair["ci_low"] == pair["ci_high"] == 0


def test_two_levels_are_compared_over_the_deals_both_played(tmp_path, capsys):
    before, after = tmp_path / "random.jsonl", tmp_path / "beginner.jsonl"
    _run(capsys, "--deals", "5", "--per-deal", str(before))
    arena.main(
        ["--candidate", "beginner", "--field", "random", "--deals", "4", "--first", "2"]
        + ["--per-deal", str(after), "--paired-with", str(before)]
    )
    text = capsys.readouterr().out
    was = {row["deal"]: row["score"] for row in _lines(before)}
    now = {row["deal"]: row["score"] for row in _lines(after)}
    common = sorted(set(was) & set(now))
    assert common == [2, 3, 4]
    difference = sum(now[d] - was[d] for d in common) / len(common)
    assert "paired with the earlier run on 3 deals: " in text
    assert f"difference {difference:+.3f}" in text


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ("not json\n", "line 1 is not a deal's figure"),
        ('{"deal": 0}\n', "line 1 is not a deal's figure"),
        ('{"deal": true, "score": 1}\n', "line 1 is not a deal's figure"),
        ('{"deal": 0, "score": NaN}\n', "line 1 is not a deal's figure"),
        ("[1, 2]\n", "line 1 is not a deal's figure"),
        (
            '{"deal": 0, "score": 1, "game": "sheepshead", "deck": null, "seed": 2,'
            ' "field": "random"}\n',
            "line 1 has seed 2, this run 1",
        ),
        (
            '{"deal": 0, "score": 1, "game": "schafkopf", "deck": "long", "seed": 1,'
            ' "field": "random"}\n',
            "line 1 has game 'schafkopf', this run 'sheepshead'",
        ),
        (
            '{"deal": 9, "score": 1, "game": "sheepshead", "deck": null, "seed": 1,'
            ' "field": "random"}\n',
            "the file has none of this run's deals",
        ),
    ],
)
def test_a_file_that_does_not_fit_is_refused_by_name(tmp_path, capsys, content, named):
    given, written = tmp_path / "given.jsonl", tmp_path / "written.jsonl"
    given.write_text(content)
    said = _refusal(capsys, "--deals", "2", "--paired-with", str(given), "--per-deal", str(written))
    assert f"--paired-with {given}: {named}" in said
    assert not written.exists()


def test_a_missing_file_a_bad_path_and_a_negative_first_deal_are_refused(tmp_path, capsys):
    missing = tmp_path / "none.jsonl"
    assert f"--paired-with {missing}" in _refusal(capsys, "--paired-with", str(missing))
    assert "--first at least 0" in _refusal(capsys, "--first", "-1")
    unwritable = tmp_path / "no such folder" / "deals.jsonl"
    assert f"--per-deal {unwritable}" in _refusal(capsys, "--per-deal", str(unwritable))
