"""Replay every worked example of shared/examples through the replay command's logic."""

import json
from pathlib import Path

import pytest

from rules_engine.records import parse_record, replay_lines

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples" / "sheepshead.jsonl"


def load_examples():
    with EXAMPLES.open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [pytest.param(row, id=f"{n}-{row['name']}") for n, row in enumerate(rows)]


@pytest.mark.parametrize("example", load_examples())
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
    assert len(load_examples()) >= 40
