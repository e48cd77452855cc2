"""Shared by the tools that write generated files into spec/: write, or check freshness."""

from __future__ import annotations

import argparse
from pathlib import Path


def write_or_check(target: Path, text: str, description: str) -> int:
    """Write ``text`` to ``target``; with ``--check`` on the command line, compare instead
    and return 1 when the file on disk differs (the file is stale)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    if args.check:
        same = target.is_file() and target.read_text(encoding="utf-8") == text
        print(f"{target.name} up to date" if same else f"{target} is stale: regenerate it")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0
