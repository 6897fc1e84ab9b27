"""Run a script in a fresh Python with its own hash seed: what must not depend on one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def json_from_new_process(script: str, hash_seed: int | str):
    """What ``script`` printed as JSON, run by this Python from the project root
    with ``PYTHONHASHSEED=hash_seed`` (so set and dict order may differ)."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONHASHSEED=str(hash_seed)),
    )
    return json.loads(done.stdout)
