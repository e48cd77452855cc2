"""The As du Volant mutants (devtools/millebornes_dev/asduvolant.py): each is killed by the
family's cases, and the cases that kill it pass on the family's own object."""

from __future__ import annotations

import pytest

from millebornes.conformance.canon import default_suite_dir
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes_dev.asduvolant import MUTANTS
from millebornes_dev.judging import judge, load_cases
from millebornes_dev.strength import FAMILIES


@pytest.mark.slow
@pytest.mark.rules("AV-ACTOR")
def test_every_as_du_volant_mutant_is_killed_by_cases_that_pass_unmutated() -> None:
    cases = load_cases(FAMILIES[AS_DU_VOLANT.name].suite, default_suite_dir())
    assert set(judge(AS_DU_VOLANT, cases).values()) == {"pass"}
    survivors = [
        mutant.name
        for mutant in MUTANTS
        if set(judge(mutant.of(AS_DU_VOLANT), cases).values()) == {"pass"}
    ]
    assert survivors == []
