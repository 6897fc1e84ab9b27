"""Replay every worked example of tests/data/examples through the replay command's logic."""

import pytest
from worked_examples import load_examples

from rules_engine.records import parse_record, replay_lines


def examples_of(game):
    rows = load_examples(game)
    return [pytest.param(row, id=f"{game}-{n}-{row['name']}") for n, row in enumerate(rows)]


def sheepshead_examples():
    return examples_of("sheepshead")


@pytest.mark.parametrize("example", examples_of("sheepshead") + examples_of("schafkopf"))
def test_the_engine_agrees_with_the_worked_example(example):
    lines = list(replay_lines(parse_record(example["record"]), 0, trace=True))
    expect = example["expect"]
    last = lines[-1]
    if "result" in expect:
        assert last == {"record": 0, "result": expect["result"]}
    elif "error_step" in expect:
        assert last["error"]["step"] == expect["error_step"]
        assert last["error"]["message"]
    else:
        decision = lines[-2]
        assert "result" in last and last["result"] == {"complete": False}
        assert decision["step"] == len(example["record"]["actions"])
        assert {"seat": decision["seat"], "legal": decision["legal"]} == expect["next"]


def test_there_are_examples_to_replay():
    assert len(examples_of("sheepshead")) >= 40
    assert len(examples_of("schafkopf")) == 80


EXPECTATIONS = {"result", "error_step", "next"}


@pytest.mark.parametrize("game", ["sheepshead", "schafkopf"])
def test_each_examples_file_is_well_formed(game):
    """Both files are kept in the project, each record of its own game."""
    rows = load_examples(game)
    assert rows
    for row in rows:
        assert set(row) == {"name", "record", "expect"} and row["name"], row
        assert isinstance(row["record"]["actions"], list), row["name"]
        assert row["record"]["game"] == game, row["name"]
        assert len(row["expect"]) == 1 and set(row["expect"]) <= EXPECTATIONS, row["name"]
