"""Run a script in a fresh Python with its own hash seed: what must not depend on one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def json_from_new_processes(script: str, hash_seeds) -> list:
    """What ``script`` printed as JSON, once per hash seed: each run by this Python
    from the project root with ``PYTHONHASHSEED`` set to it (so set and dict order may
    differ), the processes side by side so that the suite waits for the slowest only."""
    started = [
        subprocess.Popen(
            [sys.executable, "-c", script],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=dict(os.environ, PYTHONHASHSEED=str(hash_seed)),
        )
        for hash_seed in hash_seeds
    ]
    outputs = []
    for process in started:
        out, err = process.communicate()
        if process.returncode:
            raise subprocess.CalledProcessError(process.returncode, process.args, out, err)
        outputs.append(json.loads(out))
    return outputs
