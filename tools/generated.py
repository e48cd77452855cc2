"""Shared by the tools that write generated files into spec/: write, or check freshness."""

from __future__ import annotations

import argparse
from pathlib import Path


def write_or_check(target: Path, text: str, description: str) -> int:
    """Write ``text`` to ``target``; with ``--check`` on the command line, compare instead
    and return 1 when the file on disk differs (the file is stale)."""
    return write_all_or_check({target: text}, description)


def write_all_or_check(pages: dict[Path, str], description: str) -> int:
    """:func:`write_or_check` for several files at once: with ``--check``, 1 when any of
    them is stale (each stale one is named)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    stale = 0
    for target, text in pages.items():
        if args.check:
            same = target.is_file() and target.read_text(encoding="utf-8") == text
            print(f"{target.name} up to date" if same else f"{target} is stale: regenerate it")
            stale += not same
            continue
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
    return 1 if stale else 0
