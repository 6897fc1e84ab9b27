"""``python -m rules_engine replay [--trace] FILE``: replay hand records.

Prints JSON lines with sorted keys (docs/rules.md §5). Exit status: 0 when every
record is legal, 1 when any has an illegal action, 2 for malformed input
(the message on standard error names the line and the field).
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import InvalidRecord
from .records import parse_record, replay_lines

EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


def replay_file(lines, out, err, trace: bool) -> int:
    """Replay every non-blank line; returns the exit status."""
    status = EXIT_OK
    k = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = parse_record(json.loads(line))
        except json.JSONDecodeError as error:
            err.write(f"line {number}: not valid JSON: {error.msg} (column {error.colno})\n")
            status = EXIT_MALFORMED
        except InvalidRecord as error:
            err.write(f"line {number}: field {error.field}: {error.message}\n")
            status = EXIT_MALFORMED
        else:
            for obj in replay_lines(record, k, trace):
                out.write(json.dumps(obj, sort_keys=True) + "\n")
                if "error" in obj and status == EXIT_OK:
                    status = EXIT_ILLEGAL
        k += 1
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_engine")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay hand records, one JSON object a line")
    replay.add_argument(
        "--trace", action="store_true", help="print the legal actions at every step"
    )
    replay.add_argument("file", help="a file of hand records, or - for standard input")
    args = parser.parse_args(argv)
    if args.file == "-":
        return replay_file(sys.stdin, sys.stdout, sys.stderr, args.trace)
    try:
        with open(args.file, encoding="utf-8") as handle:
            return replay_file(handle, sys.stdout, sys.stderr, args.trace)
    except OSError as error:
        sys.stderr.write(f"cannot read {args.file}: {error.strerror}\n")
        return EXIT_MALFORMED
    except UnicodeDecodeError:
        sys.stderr.write(f"{args.file} is not UTF-8 text\n")
        return EXIT_MALFORMED
