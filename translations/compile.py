"""``python -m translations.compile``: every language's catalogs into its django.mo.

Run by ``make`` before the site starts or the tests run; needs polib, not GNU gettext.
"""

from __future__ import annotations

import sys

from translations.catalogs import LOCALE_DIR, compile_all


def main() -> int:
    counts = compile_all(LOCALE_DIR)
    if not counts:
        print(f"No catalogs under {LOCALE_DIR}", file=sys.stderr)
        return 1
    print("Compiled catalogs: " + ", ".join(f"{lang} {n}" for lang, n in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
