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
    return json_from_new_processes(script, (hash_seed,))[0]


def json_from_new_processes(script: str, hash_seeds) -> list:
    """:func:`json_from_new_process` for each hash seed, the processes run side by side
    (each is a separate Python, so the suite need not wait for one after another)."""
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
