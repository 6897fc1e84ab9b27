#!/bin/sh
# Print the path of a Python >= 3.12 for this project, preferring 3.13.
#
# Looks at $PYTHON (if set, it must qualify: no silent fallback), then
# python3.13, python3.12 and python3 on PATH, then pyenv's versions under
# ${PYENV_ROOT:-~/.pyenv}. The first candidate that is 3.13 or newer wins;
# failing that, the first that is 3.12. Exits 1 with a message when none is.
set -eu

MESSAGE="This project needs Python 3.12 or newer (3.13 preferred); install it or set PYTHON=/path/to/python3.13"

# Prints "major.minor" for a working interpreter, nothing otherwise.
version_of() {
    "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true
}

# at_least VERSION MINOR: is VERSION (3.x) at least 3.MINOR?
at_least() {
    case "$1" in
        3.*) [ "${1#3.}" -ge "$2" ] 2>/dev/null ;;
        *) return 1 ;;
    esac
}

if [ -n "${PYTHON:-}" ]; then
    version=$(version_of "$PYTHON")
    if [ -n "$version" ] && at_least "$version" 12; then
        command -v "$PYTHON"
        exit 0
    fi
    echo "PYTHON=$PYTHON is ${version:+Python $version, }not usable here." >&2
    echo "$MESSAGE" >&2
    exit 1
fi

candidates=""
for name in python3.13 python3.12 python3; do
    if path=$(command -v "$name" 2>/dev/null); then
        candidates="$candidates
$path"
    fi
done
pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
# Candidates are newline-separated, so paths may contain spaces.
IFS='
'
for series in 3.13 3.12; do
    for path in $(ls -d "$pyenv_root"/versions/"$series"*/bin/python3 2>/dev/null | sort -rV); do
        candidates="$candidates
$path"
    done
done

for wanted in 13 12; do
    for path in $candidates; do
        version=$(version_of "$path")
        if [ -n "$version" ] && at_least "$version" "$wanted"; then
            echo "$path"
            exit 0
        fi
    done
done

echo "$MESSAGE" >&2
exit 1
