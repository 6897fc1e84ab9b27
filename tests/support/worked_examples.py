"""The worked examples in tests/data/examples/, read from inside the checkout."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "data" / "examples"


def example_path(game: str) -> Path:
    """The examples file of ``game`` ("sheepshead" or "schafkopf")."""
    return EXAMPLES_DIR / f"{game}.jsonl"


def load_examples(game: str) -> list[dict]:
    """Every worked example of ``game``, in file order: dicts with name, record, expect."""
    with example_path(game).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]
