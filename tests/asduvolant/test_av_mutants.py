"""The As du Volant mutants (tools/av_mutants.py): each is killed by the family's cases, and
the cases that kill it pass on the unmutated engine."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from millebornes.conformance.canon import default_suite_dir

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tool(name: str) -> ModuleType:
    sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.rules("AV-ACTOR")
def test_every_as_du_volant_mutant_is_killed_by_cases_that_pass_unmutated() -> None:
    tool, kit = _tool("av_mutants"), _tool("family_mutants")
    family = tool.FAMILY
    cases = kit.load_cases(family, default_suite_dir())
    assert {kit.outcome(family, case) for case in cases} == {"pass"}
    survivors = []
    for mutant in family.mutants:
        verdicts = kit.judge(family, mutant, cases)
        if all(verdict == "pass" for verdict in verdicts.values()):
            survivors.append(mutant.name)
    assert survivors == []
    assert {kit.outcome(family, case) for case in cases} == {"pass"}  # every patch undone
