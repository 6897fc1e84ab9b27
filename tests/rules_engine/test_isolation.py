"""The rules engine stands alone: importing it never imports Django."""

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
import rules_engine, rules_engine.cli, rules_engine.bench, rules_engine.match
import rules_engine.records, rules_engine.view, rules_engine.dealing
print("django" in sys.modules, any(m.startswith("django") for m in sys.modules))
"""


def test_importing_the_engine_leaves_django_out_of_sys_modules():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.split() == ["False", "False"]


def test_no_engine_module_mentions_django_in_an_import():
    engine = Path(__file__).resolve().parents[2] / "rules_engine"
    for path in engine.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")):
                assert "django" not in stripped, f"{path.name}: {stripped}"


def test_the_engine_never_imports_the_players():
    """The arena and whatever else needs the players lives with them (rules_engine/players)."""
    engine = Path(__file__).resolve().parents[2] / "rules_engine"
    for path in engine.glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")):
                assert "players" not in stripped, f"{path.name}: {stripped}"


def test_the_arena_command_keeps_its_name_without_the_engine_importing_the_players():
    """``python -m rules_engine.arena`` runs the players' arena; importing the engine's
    module of that name loads no player."""
    root = Path(__file__).resolve().parents[2]
    script = "import sys, rules_engine.arena; print(any('players' in m for m in sys.modules))"
    imported = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=root
    )
    assert imported.stdout.split() == ["False"]
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine.arena", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    assert "--candidate" in done.stdout
