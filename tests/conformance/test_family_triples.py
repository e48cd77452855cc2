"""Issue 23: every behaviour a family suite pins is pinned by three cases at least, so that
no other reading of a rule passes on one lucky position.

The measure is conformance/strength.json (tools/conformance_strength.py): each family
mutant — one rule read another way — must fail three cases or more. The cases that
make it so come from millebornes.conformance.family_triples; here they must be in the
suites on disk as generated, and pass the reference.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conformance_support import SUITE

from millebornes.conformance import asduvolant_suite, family_triples, funspeed_suite
from millebornes_dev.judging import PASSED, judge
from millebornes_dev.strength import FAMILIES

MINIMUM = 3
ADDED = {
    funspeed_suite.EDITION: (funspeed_suite, family_triples.funspeed_cases),
    asduvolant_suite.FAMILY.edition: (asduvolant_suite, family_triples.asduvolant_cases),
}


def _families() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SUITE / "strength.json").read_text(encoding="utf-8"))
    return data["families"]  # type: ignore[no-any-return]


def test_every_family_mutant_fails_three_cases() -> None:
    recorded = _families()
    assert sorted(recorded) == sorted(FAMILIES), "rerun tools/conformance_strength.py"
    few = [
        f"{row['name']}: {row['failing_cases']}"
        for edition in sorted(recorded)
        for row in recorded[edition]["mutants"]
        if row["failing_cases"] < MINIMUM
    ]
    assert few == [], f"family mutants failing fewer than {MINIMUM} cases: {few}"


@pytest.mark.parametrize("edition", sorted(ADDED))
def test_added_cases_are_on_disk_and_pass_the_reference(edition: str) -> None:
    suite, added = ADDED[edition]
    cases = added()
    assert len(cases) >= 40, edition
    folder = SUITE / suite.FOLDER / "cases"
    for case in cases:
        on_disk = json.loads((folder / case["kind"] / f"{case['id']}.json").read_text("utf-8"))
        assert on_disk == case, f"{case['id']}: regenerate the family suite"
        assert suite.check_case(case) == [], case["id"]


def test_a_mutant_of_a_pinned_rule_fails_three_added_cases() -> None:
    """The added cases alone are enough for a rule the suites' own cases pinned once."""
    family = FAMILIES[funspeed_suite.EDITION]
    mutant = next(m for m in family.mutants if m.name == "fs-attack-self")
    verdicts = judge(mutant.of(family.suite.reference), family_triples.funspeed_cases())
    assert sum(v != PASSED for v in verdicts.values()) >= MINIMUM
