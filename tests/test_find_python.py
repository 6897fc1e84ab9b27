"""scripts/find-python.sh: what `make` uses to pick a Python for .venv."""

import os
import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "find-python.sh"
NEEDS = "This project needs Python 3.12 or newer (3.13 preferred)"


def find_python(**env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "PYTHON"}
    environ.update(env)
    return subprocess.run(
        ["/bin/sh", str(SCRIPT)], env=environ, capture_output=True, text=True, timeout=60
    )


def python_version(path: str) -> tuple[int, int]:
    out = subprocess.run(
        [path, "-c", "import sys; print(*sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    major, minor = out.split()
    return int(major), int(minor)


def test_it_finds_a_python_that_is_3_12_or_newer():
    result = find_python()
    assert result.returncode == 0, result.stderr
    path = result.stdout.strip()
    assert Path(path).is_absolute()
    assert python_version(path) >= (3, 12)


def test_it_honours_a_good_python_variable():
    found = find_python().stdout.strip()
    result = find_python(PYTHON=found)
    assert result.returncode == 0
    assert result.stdout.strip() == found


def test_it_rejects_a_python_variable_that_does_not_work_instead_of_guessing():
    result = find_python(PYTHON="/nonexistent/python3.13")
    assert result.returncode == 1
    assert NEEDS in result.stderr


def test_it_explains_what_to_do_when_no_python_is_new_enough(tmp_path):
    # A PATH with the tools the script uses but no Python at all, and an empty pyenv.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("ls", "sort"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    result = find_python(PATH=str(bin_dir), PYENV_ROOT=str(tmp_path), HOME=str(tmp_path))
    assert result.returncode == 1
    assert NEEDS in result.stderr
    assert "set PYTHON=/path/to/python3.13" in result.stderr
