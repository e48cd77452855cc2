"""The rule families' suites whole, written and checked.

A family's suite is its own cases (:mod:`.funspeed_suite`, :mod:`.asduvolant_suite`:
games and chosen positions of its rules), the case kinds every family has
(:mod:`.family_kinds`: setup, shuffle, score, board files, malformed states, actions at
the wrong moment) and the positions that give every pinned behaviour three cases
(:mod:`.family_triples`). This module stands above all four, which read each other's
helpers, so that no module imports one that imports it back.

    python -m millebornes.conformance.family_suites   # writes both families' folders
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from millebornes.conformance import asduvolant_suite, family_suite, funspeed_suite
from millebornes.conformance.canon import JsonDict, default_suite_dir
from millebornes.conformance.family_kinds import with_kinds
from millebornes.conformance.family_triples import with_triples

SUITES: dict[str, tuple[family_suite.Family, Callable[[], list[JsonDict]]]] = {
    funspeed_suite.EDITION: (funspeed_suite.FAMILY, funspeed_suite.family_cases),
    asduvolant_suite.FAMILY.edition: (asduvolant_suite.FAMILY, asduvolant_suite.family_cases),
}
"""Each family's suite by edition: its folder and generator name, and its own cases."""


def files(edition: str) -> dict[str, str]:
    """``edition``'s suite files, relative to ``conformance/``: one per case and an index."""
    family, own = SUITES[edition]
    return family_suite.files(family, with_triples(edition, with_kinds(edition, own())))


def write(suite_dir: Path, edition: str) -> int:
    """Write ``edition``'s cases under ``suite_dir`` (the repository's ``conformance/``),
    replacing the old ones; the number of files written."""
    return family_suite.write(suite_dir, SUITES[edition][0], files(edition))


if __name__ == "__main__":
    for name, (family, _) in SUITES.items():
        written = write(default_suite_dir(), name)
        print(f"{written} files written under conformance/{family.folder.as_posix()}")
