#!/bin/sh
# Make sure .venv exists and runs a Python at least as new as the one
# scripts/find-python.sh picks; (re)create it otherwise. Does not install
# packages: the Makefile does that when pyproject.toml changes.
set -eu
cd "$(dirname "$0")/.."

python=$(scripts/find-python.sh)
wanted=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

if [ -x .venv/bin/python ] && [ "$(head -n1 .venv/bin/pip 2>/dev/null)" != "#!$PWD/.venv/bin/python" ]; then
    # Its scripts point at another folder: the checkout was moved or copied.
    echo "Recreating .venv: it was made for another folder."
    rm -rf .venv
fi

if [ -x .venv/bin/python ]; then
    have=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo broken)
    if [ "$have" != broken ] && [ "$(printf '%s\n%s\n' "$have" "$wanted" | sort -V | head -n1)" = "$wanted" ]; then
        exit 0  # .venv's Python is at least as new as the one we would pick.
    fi
    echo "Recreating .venv: it runs Python $have, and $python is Python $wanted."
    rm -rf .venv
fi

echo "Creating .venv with $python (Python $wanted)"
"$python" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
