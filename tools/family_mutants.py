"""Judge a rule family's conformance cases against its mutants, in this process.

A rule family (Fun & Speed today) keeps its cases in its own folder of the suite,
``conformance/families/<edition>/`` with an ``index.json``, and checks them with
its own ``check_case`` (a function that returns what the engine gets wrong on a
case, ``[]`` when it passes). Its mutants patch the family's modules in this
process (``with mutant.patch():``), so its cases are judged here, one mutant after
the other, not through ``serve``. tools/conformance_strength.py measures every
family it lists in ``FAMILIES``; a new family plugs in with a :class:`Family`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from millebornes_invariants.mutants import Mutant

Case = dict[str, Any]
PASSED, FAILED, ERRORED = "pass", "fail", "errored"


@dataclass(frozen=True, slots=True)
class Family:
    edition: str
    folder: Path
    """The family's folder, relative to the suite's root (``conformance/``)."""
    check_case: Callable[[Case], list[str]]
    mutants: tuple[Mutant, ...]


def load_cases(family: Family, suite_dir: Path) -> list[Case]:
    """The family's cases, in the order of its index."""
    index = json.loads((suite_dir / family.folder / "index.json").read_text(encoding="utf-8"))
    return [
        json.loads((suite_dir / entry["path"]).read_text(encoding="utf-8"))
        for entry in index["cases"]
    ]


def outcome(family: Family, case: Case) -> str:
    """How the engine as it is now (mutated or not) does on ``case``. An exception is an
    engine that broke on a valid case: the case does not pass."""
    try:
        problems = family.check_case(case)
    except Exception:  # any crash of a mutated engine fails the case
        return ERRORED
    return FAILED if problems else PASSED


def judge(family: Family, mutant: Mutant, cases: list[Case]) -> dict[str, str]:
    """Each case's outcome (by case ID) with ``mutant`` applied; undone afterwards."""
    with mutant.patch():
        return {case["id"]: outcome(family, case) for case in cases}
