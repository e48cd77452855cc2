"""Serve a classic mutant over the conformance protocol: ``millebornes serve`` with the
mutant's family object playing in the classic family's place.

    python tools/serve_mutant.py NAME [--no-load-state]
    python tools/serve_mutant.py --list

NAME is one of the classic mutants of :mod:`millebornes_dev.classic`; the conformance
runner drives it as an engine: ``--engine "python tools/serve_mutant.py third-200"``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes_dev.classic import BY_NAME, MUTANTS, family_of
from millebornes_dev.judging import serve_family

ALL_MUTANTS = MUTANTS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", nargs="?", choices=sorted(BY_NAME), metavar="NAME")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--no-load-state", action="store_true")
    args = parser.parse_args(argv)
    if args.list or args.name is None:
        for m in MUTANTS:
            print(f"{m.name:<28} {', '.join(m.breaks):<28} {m.description}")
        return 0
    return serve_family(family_of(args.name), load_state=not args.no_load_state)


if __name__ == "__main__":
    sys.exit(main())
