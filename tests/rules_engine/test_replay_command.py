"""The replay command: its output lines, and exit codes 0, 1 and 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from worked_examples import load_examples


def example_records(name_part):
    return [row for row in load_examples("sheepshead") if name_part in row["name"]]


def run_replay(tmp_path, lines, *flags):
    path = tmp_path / "records.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "replay", *flags, str(path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


@pytest.fixture
def finished():
    return example_records("test_called_ace_win_pays_one")[0]


@pytest.fixture
def illegal():
    return example_records("test_must_follow_suit")[0]


def test_it_prints_the_result_of_a_finished_hand_and_exits_0(tmp_path, finished):
    status, lines, _ = run_replay(tmp_path, [json.dumps(finished["record"])])
    assert status == 0
    assert lines == [{"record": 0, "result": finished["expect"]["result"]}]


def test_every_line_is_json_with_sorted_keys(tmp_path, finished):
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(finished["record"]) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "replay", "--trace", str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    for line in done.stdout.splitlines():
        assert line == json.dumps(json.loads(line), sort_keys=True)


def test_trace_prints_a_decision_line_before_every_action(tmp_path, finished):
    status, lines, _ = run_replay(tmp_path, [json.dumps(finished["record"])], "--trace")
    actions = finished["record"]["actions"]
    assert status == 0
    assert [line["step"] for line in lines[:-1]] == list(range(len(actions)))
    assert [line["seat"] for line in lines[:-1]] == [a["seat"] for a in actions]
    for line, action in zip(lines, actions, strict=False):
        wanted = {k: v for k, v in action.items() if k != "seat"}
        if "cards" in wanted:
            wanted["cards"] = sorted(wanted["cards"])
        assert wanted in line["legal"]
        texts = [json.dumps(a, sort_keys=True) for a in line["legal"]]
        assert texts == sorted(texts)
    assert "result" in lines[-1]


def test_an_unfinished_hand_ends_with_the_next_decision_and_an_incomplete_result(
    tmp_path, finished
):
    record = dict(finished["record"], actions=finished["record"]["actions"][:7])
    status, lines, _ = run_replay(tmp_path, [json.dumps(record)], "--trace")
    assert status == 0
    assert lines[-2]["step"] == 7
    assert lines[-1] == {"record": 0, "result": {"complete": False}}


def test_an_illegal_action_prints_an_error_and_exits_1(tmp_path, illegal, finished):
    lines_in = [json.dumps(illegal["record"]), json.dumps(finished["record"])]
    status, lines, _ = run_replay(tmp_path, lines_in, "--trace")
    step = illegal["expect"]["error_step"]
    assert status == 1
    error_at = next(i for i, line in enumerate(lines) if "error" in line)
    assert [line["step"] for line in lines[:error_at]] == list(range(step + 1))
    assert lines[error_at] == {
        "record": 0,
        "error": {"step": step, "message": "you must follow trump"},
    }
    assert lines[-1]["record"] == 1 and lines[-1]["result"]["complete"] is True


def test_blank_lines_are_skipped_and_do_not_count_as_records(tmp_path, finished):
    status, lines, _ = run_replay(tmp_path, ["", json.dumps(finished["record"]), "   "])
    assert status == 0
    assert [line["record"] for line in lines] == [0]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["deal"]["hands"][2].__setitem__(1, "XX"), "deal.hands[2][1]"),
        (lambda r: r["deal"]["hands"][0].__setitem__(0, r["deal"]["blind"][0]), "deal.blind[0]"),
        (lambda r: r.__setitem__("dealer", 7), "dealer"),
        (lambda r: r["deal"].__setitem__("blind", ["7H"]), "deal.blind"),
        (lambda r: r["actions"][3].__setitem__("action", "jump"), "actions[3].action"),
        (lambda r: r["actions"][5].pop("card"), "actions[5].card"),
        (lambda r: r["actions"][2].__setitem__("cards", "8S KH"), "actions[2].cards"),
        (lambda r: r["options"].__setitem__("doubler", True), "options.doubler"),
        (lambda r: r.__setitem__("game", "skat"), "game"),
    ],
)
def test_malformed_input_exits_2_naming_the_line_and_the_field(tmp_path, finished, change, field):
    record = json.loads(json.dumps(finished["record"]))
    change(record)
    status, _, stderr = run_replay(tmp_path, [json.dumps(finished["record"]), json.dumps(record)])
    assert status == 2
    assert f"line 2: field {field}:" in stderr


def test_a_line_that_is_not_json_exits_2(tmp_path):
    status, _, stderr = run_replay(tmp_path, ["{not json"])
    assert status == 2
    assert "line 1: not valid JSON" in stderr


def test_a_missing_file_exits_2_with_a_message(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "replay", str(tmp_path / "nope.jsonl")],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 2
    assert "cannot read" in done.stderr


def schafkopf_example(name):
    return next(row for row in load_examples("schafkopf") if row["name"] == name)


def test_a_schafkopf_record_replays_to_every_field_of_its_result(tmp_path):
    example = schafkopf_example("rufspiel_kontra_and_re_double_twice")
    status, lines, _ = run_replay(tmp_path, [json.dumps(example["record"])])
    assert status == 0
    assert lines == [{"record": 0, "result": example["expect"]["result"]}]


def test_an_illegal_schafkopf_action_exits_1(tmp_path):
    example = schafkopf_example("declarer_may_not_say_kontra")
    status, lines, _ = run_replay(tmp_path, [json.dumps(example["record"])], "--trace")
    assert status == 1
    assert lines[-1]["error"]["step"] == example["expect"]["error_step"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["options"].__setitem__("doubler", True), "options.doubler"),
        (lambda r: r["options"].__setitem__("all_pass", "skip"), "options.all_pass"),
        (lambda r: r["options"].__setitem__("tariff_solo", "fifty"), "options.tariff_solo"),
        (lambda r: r["options"].__setitem__("jungfrau", "yes"), "options.jungfrau"),
        (lambda r: r["options"].__setitem__("short_deck", True), "deal.hands[0]"),
        (lambda r: r["actions"][4].__setitem__("contract", "bettel"), "actions[4].contract"),
        (lambda r: r["actions"][4].__setitem__("tout", "yes"), "actions[4].tout"),
        (lambda r: r["actions"][1].__setitem__("action", "pick"), "actions[1].action"),
    ],
)
def test_a_malformed_schafkopf_record_exits_2_naming_the_field(tmp_path, change, field):
    record = schafkopf_example("rufspiel_kontra_doubles")["record"]
    bad = json.loads(json.dumps(record))
    change(bad)
    status, _, stderr = run_replay(tmp_path, [json.dumps(record), json.dumps(bad)])
    assert status == 2
    assert f"line 2: field {field}" in stderr
